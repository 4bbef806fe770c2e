import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    environment: 'node',
    include: ['**/*.test.{ts,mjs}'],
    exclude: ['**/node_modules/**'],
    setupFiles: ['./vitest-no-console-error.ts'],
  },
});
