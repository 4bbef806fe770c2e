import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { configDefaults, defineConfig, type ViteUserConfig } from 'vitest/config';
import { filesNeedingIsolation } from '../../scripts/vitest-isolation.ts';

const ROOT = path.dirname(fileURLToPath(import.meta.url));
const INCLUDE = ['app/**/*.test.{ts,tsx}', 'server/**/*.test.ts'];

const shared = {
  // Component tests declare `// @vitest-environment jsdom`; the rest run in node.
  environment: 'node',
  setupFiles: ['../../scripts/vitest-no-console-error.ts', './app/test/russian-texts.ts'],
} as const;

/**
 * The site's tests as two projects of the root config: most files share their workers (isolate: false, which
 * spares a worker start and a fresh module graph per file, about two thirds of the project's time), and the files
 * that change shared state run each in a fresh one.
 */
export function webProjects(dir: string): ViteUserConfig[] {
  const isolated = filesNeedingIsolation(ROOT, /^(app|server)\/.*\.test\.tsx?$/);
  return [
    { root: dir, esbuild: { jsx: 'automatic' }, test: { ...shared, name: '@ekran/web', include: INCLUDE, exclude: [...configDefaults.exclude, ...isolated], isolate: false } },
    { root: dir, esbuild: { jsx: 'automatic' }, test: { ...shared, name: '@ekran/web:isolated', include: isolated } },
  ];
}

// `vitest --config apps/web/vitest.config.ts`: the whole site in fresh workers.
export default defineConfig({ esbuild: { jsx: 'automatic' }, test: { ...shared, include: INCLUDE } });
