import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Where tests/typecheck-server.ts listens; empty when it did not start. */
    typecheckServer: string;
  }
}

/**
 * Starts the run's type-check server (tests/typecheck-server.ts) and stops it when the run ends. A
 * server that cannot start is said once; each test file then compiles its outputs itself (slower).
 */
export default async function setup(project: TestProject): Promise<() => void> {
  const child = fork(fileURLToPath(new URL('./typecheck-server.ts', import.meta.url)), [], {
    execArgv: ['--import', 'jiti/register'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const url = await new Promise<string>((resolve, reject) => {
    child.once('message', (message: { url: string }) => resolve(message.url));
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`it exited (${code}) before it listened`)));
  }).catch((error: unknown) => {
    console.warn(`The type-check server did not start (${(error as Error).message}); each test file type-checks its fixed outputs itself.`);
    return '';
  });
  project.provide('typecheckServer', url);
  return () => {
    child.kill();
  };
}
