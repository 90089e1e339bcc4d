import { RuleTester } from '@typescript-eslint/rule-tester';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { recordedFixOutputs, type FixOutput } from './fix-outputs.js';

// Wire typescript-eslint's RuleTester to vitest.
RuleTester.afterAll = afterAll;
RuleTester.describe = describe;
RuleTester.describeSkip = describe.skip;
RuleTester.it = it;
RuleTester.itOnly = it.only;
RuleTester.itSkip = it.skip;

// Fixes never break a TypeScript build: the fixed TypeScript outputs this file's rule tests assert
// (recorded by the shared testers, tests/fix-outputs.ts) are type-checked against the SDK, in one
// compiler run, and may have no diagnostic their input does not have. The run's type-check server
// (tests/global-setup.ts) does the compiling: it keeps what every check reads the same.
afterAll(async () => {
  const fixOutputs = recordedFixOutputs();
  if (fixOutputs.length === 0) return;
  expect(await problemsOf(fixOutputs), `fixed TypeScript outputs keep compiling (${fixOutputs.length} outputs)`).toEqual([]);
}, 180_000);

/** The server's answer; in this process when the run has no server (it could not start one). */
async function problemsOf(fixOutputs: readonly FixOutput[]): Promise<string[]> {
  const server = inject('typecheckServer');
  if (!server) return (await import('./typecheck.js')).fixOutputProblems(fixOutputs);
  const response = await fetch(server, { method: 'POST', body: JSON.stringify(fixOutputs) });
  const answer = await response.text();
  if (!response.ok) throw new Error(`the type-check server failed:\n${answer}`);
  return JSON.parse(answer) as string[];
}
