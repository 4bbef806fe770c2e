import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// Browser journeys, run by scripts/e2e.mjs (`npm run test:e2e`), which starts the site and sets E2E_BASE_URL.
// One file at a time: they share the one site and a 2-core machine.
export default defineConfig({
  test: {
    root: fileURLToPath(new URL('..', import.meta.url)),
    include: ['e2e/**/*.e2e.ts'],
    environment: 'node',
    setupFiles: ['e2e/setup.ts'],
    fileParallelism: false,
    testTimeout: 120_000,
    hookTimeout: 60_000,
    // In CI (a loaded 2-core machine, about twice as slow as a workstation) a journey that fails is tried once more,
    // and the report names it as retried; locally a failure is final, so a flaky journey shows where it is written.
    retry: process.env.CI ? 1 : 0,
  },
});
