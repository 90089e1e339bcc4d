import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The end-to-end suites run the built plugin (dist/), as users do. Each builds it first when it is
 * missing or older than the sources; a lock directory keeps suites that run at once in separate
 * workers from building over each other.
 */

export const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const LOCK = join(ROOT, '.tmp', 'build.lock');
/** A lock older than this was left by a run that died. */
const STALE_LOCK_MS = 5 * 60_000;

const newest = (dir: string): number =>
  readdirSync(dir, { withFileTypes: true }).reduce((latest, entry) => {
    const path = join(dir, entry.name);
    return Math.max(latest, entry.isDirectory() ? newest(path) : statSync(path).mtimeMs);
  }, 0);

function isBuilt(): boolean {
  const built = join(ROOT, 'dist', 'bundle', 'index.js');
  const command = join(ROOT, 'dist', 'bundle', 'cli.js');
  const sources = Math.max(
    newest(join(ROOT, 'src')),
    newest(join(ROOT, 'rules')),
    ...['tsconfig.build.json', 'rolldown.config.ts', 'tools/bundle.js'].map((file) => statSync(join(ROOT, file)).mtimeMs),
  );
  return existsSync(built) && existsSync(command) && statSync(built).mtimeMs >= sources;
}

/** Runs one step of `npm run build`: a script, relative to the repository. */
function buildStep(script: string, args: string[] = []): void {
  const step = spawnSync(process.execPath, [join(ROOT, ...script.split('/')), ...args], { cwd: ROOT, encoding: 'utf8' });
  if (step.status !== 0) throw new Error(`npm run build failed:\n${step.stdout}\n${step.stderr}`);
}

function lock(): void {
  mkdirSync(join(ROOT, '.tmp'), { recursive: true });
  for (;;) {
    try {
      mkdirSync(LOCK);
      return;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const taken = statSync(LOCK, { throwIfNoEntry: false })?.mtimeMs;
      if (taken !== undefined && Date.now() - taken > STALE_LOCK_MS) rmSync(LOCK, { recursive: true, force: true });
      else Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 200);
    }
  }
}

/** Builds dist/ (`npm run build`: the compiler, then the bundler) when it is missing or older than the sources. */
export function ensureBuilt(): void {
  lock();
  try {
    if (isBuilt()) return;
    buildStep('node_modules/typescript/bin/tsc', ['-p', 'tsconfig.build.json']);
    buildStep('tools/bundle.js');
  } finally {
    rmSync(LOCK, { recursive: true, force: true });
  }
}
