import { describe } from 'vitest';
import { fixLoopTests, fuzzTest, knownBugTests, sanityTests } from './check.js';

/**
 * Property-based fuzzing (fast-check) of generated Glean-calling JavaScript programs; the properties
 * are in `check.ts`, the generators in `generators.ts`. TypeScript programs run in `fuzz-ts.test.ts`
 * (a separate file, so the two run in parallel).
 */
describe('fuzz: generated Glean-calling programs (JavaScript)', () => {
  fuzzTest('js');
  sanityTests();
  fixLoopTests();
  knownBugTests();
});
