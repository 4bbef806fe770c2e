import { defineConfig } from 'vitest/config';

export default defineConfig({
  // Component tests declare `// @vitest-environment jsdom`; the rest run in node.
  test: { environment: 'node', include: ['app/**/*.test.{ts,tsx}', 'server/**/*.test.ts'], setupFiles: ['../../scripts/vitest-no-console-error.ts'] },
  esbuild: { jsx: 'automatic' },
});
