import { defineConfig } from 'vitest/config';

// One runner for the whole suite: `npm test` runs every project below.
export default defineConfig({
  test: {
    projects: [
      'packages/core',
      'packages/contracts',
      'packages/db',
      'apps/api',
      'apps/web',
      'apps/payments',
      'scripts',
    ],
  },
});
