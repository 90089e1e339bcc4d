import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['tests/**/*.test.ts'],
    setupFiles: ['tests/setup.ts'],
    globalSetup: ['tests/global-setup.ts'],
    testTimeout: 60_000,
    // Vitest's default is one worker fewer than the cores: on CI's 2 cores, one worker, and the other
    // core idle while the main process waits. Two workers take the suite from about 480 to 290 s there.
    maxWorkers: Math.max(2, availableParallelism() - 1),
  },
});
