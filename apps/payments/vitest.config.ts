import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    environment: 'node',
    include: ['src/**/*.test.ts'],
    setupFiles: ['../../scripts/vitest-no-console-error.ts'],
    testTimeout: 20_000,
  },
});
