import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    environment: 'node',
    include: ['src/**/*.test.ts'],
    setupFiles: ['../../scripts/vitest-no-console-error.ts'],
    // Migrates one database per run; each file's database starts as a copy of it (src/test/harness.ts).
    globalSetup: ['./src/test/global-setup.ts'],
    // PGlite boots per file; give it room on a 2-core machine.
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
