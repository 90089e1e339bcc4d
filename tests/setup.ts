import { RuleTester } from '@typescript-eslint/rule-tester';
import { afterAll, describe, expect, inject, it } from 'vitest';
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
// compiler run, and may have no diagnostic their input does not have. The run's type-check server
// (tests/global-setup.ts) does the compiling: it keeps what every check reads the same.
afterAll(async () => {
  const fixOutputs = recordedFixOutputs();
  if (fixOutputs.length === 0) return;
  const response = await fetch(inject('typecheckServer'), { method: 'POST', body: JSON.stringify(fixOutputs) });
  const answer = await response.text();
  if (!response.ok) throw new Error(`the type-check server failed:\n${answer}`);
  expect(JSON.parse(answer) as string[], `fixed TypeScript outputs keep compiling (${fixOutputs.length} outputs)`).toEqual([]);
}, 180_000);
