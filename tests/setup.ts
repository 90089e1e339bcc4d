import { RuleTester } from '@typescript-eslint/rule-tester';
import { afterAll, describe, expect, it } from 'vitest';
import { recordedFixOutputs } from './fix-outputs.js';

// Wire typescript-eslint's RuleTester to vitest.
RuleTester.afterAll = afterAll;
RuleTester.describe = describe;
RuleTester.describeSkip = describe.skip;
RuleTester.it = it;
RuleTester.itOnly = it.only;
RuleTester.itSkip = it.skip;

// Fixes never break a TypeScript build: the fixed TypeScript outputs this file's rule tests assert
// (recorded by the shared testers, tests/fix-outputs.ts) are type-checked against the SDK, in one
// compiler run, and may have no diagnostic their input does not have.
afterAll(async () => {
  const fixOutputs = recordedFixOutputs();
  if (fixOutputs.length === 0) return;
  const { fixOutputProblems } = await import('./typecheck.js');
  expect(fixOutputProblems(fixOutputs), `fixed TypeScript outputs keep compiling (${fixOutputs.length} outputs)`).toEqual([]);
}, 180_000);
