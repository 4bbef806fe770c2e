import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { configDefaults, defineConfig, type ViteUserConfig } from 'vitest/config';
import { filesNeedingIsolation } from '../../scripts/vitest-isolation.ts';

const ROOT = path.dirname(fileURLToPath(import.meta.url));
const INCLUDE = ['src/**/*.test.ts'];

const shared = {
  environment: 'node',
  setupFiles: ['../../scripts/vitest-no-console-error.ts'],
  // Migrates one database per run; each file's database starts as a copy of it (src/test/harness.ts).
  globalSetup: ['./src/test/global-setup.ts'],
  // PGlite boots per file; give it room on a 2-core machine.
  testTimeout: 30_000,
  hookTimeout: 60_000,
} as const;

/**
 * The API's tests as projects of the root config. Every file builds its own app over its own database, so files
 * share their workers (isolate: false): the API's module graph is imported once per worker instead of once per
 * file, which was about 40 % of the project's time. Files that change shared state (module mocks, fake timers,
 * stubbed settings) run each in a fresh worker, as the site's do.
 */
export function apiProjects(dir: string): ViteUserConfig[] {
  const isolated = filesNeedingIsolation(ROOT, /^src\/.*\.test\.ts$/);
  const projects: ViteUserConfig[] = [
    { root: dir, test: { ...shared, name: '@ekran/api', include: INCLUDE, exclude: [...configDefaults.exclude, ...isolated], isolate: false } },
  ];
  if (isolated.length > 0) projects.push({ root: dir, test: { ...shared, name: '@ekran/api:isolated', include: isolated } });
  return projects;
}

// `vitest --config apps/api/vitest.config.ts`: the whole API in fresh workers.
export default defineConfig({ test: { ...shared, include: INCLUDE } });
