import { availableParallelism } from 'node:os';
import { relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

const ROOT = fileURLToPath(new URL('.', import.meta.url));

/**
 * The files that take longest, longest first (measured in fresh clones on 2 cores). With no timings
 * from an earlier run (a fresh clone, CI), vitest starts the largest files first, which puts the
 * small fuzz files last: under CI's `FUZZ_RUNS=10000` they are the longest, and one of them would
 * run on alone at the end while the other worker waits.
 */
const FUZZ_FIRST = Number(process.env.FUZZ_RUNS ?? 0) > 1000;
const LONGEST_FIRST = [
  ...(FUZZ_FIRST ? ['tests/fuzz/fuzz-ts.test.ts'] : []),
  'tests/e2e/cli.test.ts',
  ...(FUZZ_FIRST ? ['tests/fuzz/fuzz.test.ts', 'tests/fuzz/fuzz-projects.test.ts'] : []),
  'tests/package.test.ts',
  ...(FUZZ_FIRST ? ['tests/fuzz/fuzz-sdk.test.ts', 'tests/fuzz/fuzz-sdk-oldest.test.ts'] : []),
  'tests/e2e/oxlint.test.ts',
  'tests/rules/sdk-versions.test.ts',
  'tests/robustness.test.ts',
  'tests/projects/compile.test.ts',
];

/** Vitest's order, with the files of LONGEST_FIRST moved to the front in that order. */
class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const rank = (spec: TestSpecification) => {
      const index = LONGEST_FIRST.indexOf(relative(ROOT, spec.moduleId).replaceAll('\\', '/'));
      return index < 0 ? LONGEST_FIRST.length : index;
    };
    return sorted
      .map((spec, order) => ({ spec, order, rank: rank(spec) }))
      .sort((a, b) => a.rank - b.rank || a.order - b.order)
      .map(({ spec }) => spec);
  }
}

export default defineConfig({
  test: {
    include: ['tests/**/*.test.ts'],
    setupFiles: ['tests/setup.ts'],
    globalSetup: ['tests/global-setup.ts'],
    testTimeout: 60_000,
    // Vitest's default is one worker fewer than the cores: on CI's 2 cores, one worker, and the other
    // core idle while the main process waits. Two workers take the suite from about 480 to 290 s there.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    sequence: { sequencer: LongestFirst },
  },
});
