import { defineConfig } from 'vitest/config';
import { apiProjects } from './apps/api/vitest.config.ts';
import { webProjects } from './apps/web/vitest.config.ts';

// One runner for the whole suite: `npm test` runs every project below.
export default defineConfig({
  test: {
    projects: [
      'packages/core',
      'packages/contracts',
      'packages/db',
      ...apiProjects('apps/api'),
      ...webProjects('apps/web'),
      'apps/payments',
      'scripts',
    ],
  },
});
