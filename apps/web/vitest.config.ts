import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { configDefaults, defineConfig, type ViteUserConfig } from 'vitest/config';

const ROOT = path.dirname(fileURLToPath(import.meta.url));
const INCLUDE = ['app/**/*.test.{ts,tsx}', 'server/**/*.test.ts'];

/**
 * Test files that change what the next file in the same worker would see: module mocks, reloaded modules, stubbed
 * settings or globals, fake timers. Read from the files themselves, so a new test that does so is isolated too.
 */
const CHANGES_SHARED_STATE = /\bvi\.(mock|doMock|resetModules|stubEnv|stubGlobal|useFakeTimers)\(/;

export const filesNeedingIsolation = (): string[] =>
  readdirSync(ROOT, { recursive: true, encoding: 'utf8' })
    .filter((file) => /^(app|server)\/.*\.test\.tsx?$/.test(file.split(path.sep).join('/')))
    .filter((file) => CHANGES_SHARED_STATE.test(readFileSync(path.join(ROOT, file), 'utf8')))
    .map((file) => file.split(path.sep).join('/'));

const shared = {
  // Component tests declare `// @vitest-environment jsdom`; the rest run in node.
  environment: 'node',
  setupFiles: ['../../scripts/vitest-no-console-error.ts'],
} as const;

/**
 * The site's tests as two projects of the root config: most files share their workers (isolate: false, which
 * spares a worker start and a fresh module graph per file, about two thirds of the project's time), and the files
 * that change shared state run each in a fresh one.
 */
export function webProjects(dir: string): ViteUserConfig[] {
  const isolated = filesNeedingIsolation();
  return [
    { root: dir, esbuild: { jsx: 'automatic' }, test: { ...shared, name: '@ekran/web', include: INCLUDE, exclude: [...configDefaults.exclude, ...isolated], isolate: false } },
    { root: dir, esbuild: { jsx: 'automatic' }, test: { ...shared, name: '@ekran/web:isolated', include: isolated } },
  ];
}

// `vitest --config apps/web/vitest.config.ts`: the whole site in fresh workers.
export default defineConfig({ esbuild: { jsx: 'automatic' }, test: { ...shared, include: INCLUDE } });
