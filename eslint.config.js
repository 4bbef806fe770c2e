// ESLint 9 flat config for the whole monorepo: `npm run lint` (eslint .).
// Recommended rules for JS and TS everywhere, React hooks and jsx-a11y rules for the web app, and the few
// type-aware rules that catch real bugs (a promise nobody awaits, a promise where a void callback is expected,
// a cast that changes nothing). Type information comes from each package's tsconfig through the project
// service.
import js from '@eslint/js';
import { defineConfig, globalIgnores } from 'eslint/config';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default defineConfig(
  globalIgnores([
    '**/node_modules/',
    '**/dist/',
    '**/build/',
    '**/.react-router/',
    '**/coverage/',
    '.data/',
    'media/',
    'e2e/screenshots/',
    'bench/results/',
    'test-results/',
    'tmp/',
  ]),
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    languageOptions: { ecmaVersion: 2023, sourceType: 'module', globals: { ...globals.node } },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      // `_name` marks a deliberately unused argument or binding; rest siblings drop keys on purpose.
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_', ignoreRestSiblings: true }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      eqeqeq: ['error', 'always', { null: 'ignore' }],
      'no-console': 'off',
      'prefer-const': 'error',
    },
  },
  {
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs' },
  },
  {
    // Type-aware rules on the TypeScript the packages' tsconfigs cover; loose scripts and configs (.mjs, .js,
    // vitest configs) get the syntactic rules only, since a default project per loose file costs minutes of lint.
    files: ['apps/*/src/**/*.{ts,tsx}', 'apps/web/app/**/*.{ts,tsx}', 'packages/*/src/**/*.{ts,tsx}', 'e2e/**/*.ts'],
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/no-unnecessary-type-assertion': 'error',
    },
  },
  {
    // The web app runs in the browser and on the server.
    files: ['apps/web/**/*.{ts,tsx,js,jsx}'],
    extends: [reactHooks.configs.flat.recommended],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
  },
  {
    // Accessibility of the site's markup.
    files: ['apps/web/**/*.{tsx,jsx}'],
    extends: [jsxA11y.flatConfigs.recommended],
    rules: {
      // A step of the sign-in flow (the code, the password) opens on the one field the viewer just asked for;
      // focusing it is what the step is for, not a surprise.
      'jsx-a11y/no-autofocus': 'off',
    },
  },
  {
    // Every redirect of the site goes through app/lib/safe-redirect.ts (a path of this site only, ASCII Location).
    files: ['apps/web/app/**/*.{ts,tsx}'],
    ignores: ['apps/web/app/lib/safe-redirect.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'react-router',
              importNames: ['redirect', 'redirectDocument', 'replace'],
              message: 'Redirect with safeRedirect, safeRedirectDocument or offSiteRedirect from app/lib/safe-redirect.ts.',
            },
          ],
        },
      ],
      'no-restricted-properties': [
        'error',
        { object: 'Response', property: 'redirect', message: 'Redirect with safeRedirect or offSiteRedirect from app/lib/safe-redirect.ts.' },
      ],
    },
  },
  {
    // The service worker.
    files: ['apps/web/public/**/*.js'],
    languageOptions: { globals: { ...globals.serviceworker } },
  },
  {
    // Callbacks passed to page.evaluate run in the page.
    files: ['e2e/**/*.ts'],
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
  },
  {
    files: ['**/*.test.{ts,tsx}', '**/test/**/*.ts'],
    rules: { '@typescript-eslint/no-non-null-assertion': 'off' },
  },
);
