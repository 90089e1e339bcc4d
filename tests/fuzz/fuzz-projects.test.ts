import { describe } from 'vitest';
import { fuzzProjectTest, projectSanityTests } from './project-check.js';

/**
 * Property-based fuzzing of generated multi-module projects (`project-generators.ts`): clients, base
 * URLs, HTTP instances, wrappers, response helpers and payload mappers in one module, the requests
 * and reads in another; every module linted with its real path in a project written under .tmp/.
 * The properties are in `project-check.ts`.
 */
describe('fuzz: generated multi-module projects', () => {
  fuzzProjectTest('js');
  fuzzProjectTest('ts');
  projectSanityTests();
});
