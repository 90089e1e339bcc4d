import { describe } from 'vitest';
import { fuzzTest } from './check.js';

/** Property-based fuzzing of generated Glean-calling TypeScript programs (see `check.ts`). */
describe('fuzz: generated Glean-calling programs (TypeScript)', () => {
  fuzzTest('ts');
});
