import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe } from 'vitest';
import { SDK_VERSIONS, tablesOf } from '../../src/sdk/versions.js';
import { MIGRATE, SDK_RUNS, fuzzTest, type FuzzSuite } from './check.js';
import { useSdkVersion } from './model.js';
import { SDK_FEATURES, sdkItems, sdkProgramArbitrary } from './sdk-generators.js';

/**
 * The SDK fuzz suite (fuzz-sdk.test.ts) against the oldest supported SDK version: programs written
 * with its method names, argument shapes and model types, linted as files of its fixture project
 * (fixtures/sdk-versions/<version>/), so the plugin reads that version, and fixed TypeScript
 * type-checked against it.
 */
const OLDEST = SDK_VERSIONS[0]!;
useSdkVersion(tablesOf(OLDEST));
const dir = join(fileURLToPath(new URL('../../fixtures/sdk-versions/', import.meta.url)), OLDEST);

const OLDEST_SUITE: FuzzSuite = {
  kind: `SDK ${OLDEST}-calling`,
  arbitrary: (options) => sdkProgramArbitrary({ ...options, dir }),
  runs: SDK_RUNS,
  items: sdkItems(),
  features: SDK_FEATURES,
  typeChecked: MIGRATE,
  dir,
};

describe(`fuzz: generated programs calling @gleanwork/api-client ${OLDEST}`, () => {
  fuzzTest('js', OLDEST_SUITE);
  fuzzTest('ts', OLDEST_SUITE);
});
