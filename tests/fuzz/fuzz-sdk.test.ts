import { describe } from 'vitest';
import { RUNS, fuzzTest, type FuzzSuite } from './check.js';
import { SDK_FEATURES, SDK_ITEMS, sdkProgramArbitrary } from './sdk-generators.js';

/**
 * Property-based fuzzing of programs written against the official SDK's types (`sdk-generators.ts`),
 * with the properties of `check.ts`: a fixed TypeScript program must type-check against the real
 * SDK as well as its input did. A fifth of `FUZZ_RUNS`, half of it in each language.
 */
const SDK_SUITE: FuzzSuite = {
  kind: 'SDK-calling',
  arbitrary: sdkProgramArbitrary,
  runs: Number(process.env.FUZZ_SDK_RUNS ?? Math.ceil(RUNS / 10)),
  items: SDK_ITEMS,
  features: SDK_FEATURES,
};

describe('fuzz: generated SDK-calling programs', () => {
  fuzzTest('js', SDK_SUITE);
  fuzzTest('ts', SDK_SUITE);
});
