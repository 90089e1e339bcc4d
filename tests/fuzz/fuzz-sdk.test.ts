import { describe } from 'vitest';
import { MIGRATE, SDK_RUNS, fuzzTest, sanityTests, type FuzzSuite } from './check.js';
import { SDK_FEATURES, sdkItems, sdkProgramArbitrary } from './sdk-generators.js';

/**
 * Property-based fuzzing of programs written against the official SDK's types (`sdk-generators.ts`),
 * with the properties of `check.ts`: a fixed TypeScript program must type-check against the real
 * SDK as well as its input did. `FUZZ_RUNS / 2` programs per language (at most 400; `FUZZ_SDK_RUNS`
 * sets it), so a default run covers every SDK-reachable item and shape. This file: the newest
 * supported version, installed at the repository's root; fuzz-sdk-oldest.test.ts: the oldest.
 */
const SDK_SUITE: FuzzSuite = {
  kind: 'SDK-calling',
  arbitrary: sdkProgramArbitrary,
  runs: SDK_RUNS,
  items: sdkItems(),
  features: SDK_FEATURES,
  // `migrate`'s fixes: the meaning-keeping ones, and the method swaps, which in TypeScript are autofixes
  // only where the new request and response types fit the code.
  typeChecked: MIGRATE,
};

describe('fuzz: generated SDK-calling programs', () => {
  fuzzTest('js', SDK_SUITE);
  fuzzTest('ts', SDK_SUITE);
  sanityTests(SDK_SUITE);
});
