import { reactRouter } from '@react-router/dev/vite';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import { DYNAMIC_TEXT_SECTIONS, textSectionsOf } from './app/lib/text-sections.ts';

const apiUrl = process.env.API_URL ?? 'http://127.0.0.1:4000';

// Every page's first load makes a request per chunk it names, and on HTTP/1.1 (six connections a host) the page's
// render-blocking styles queue behind them: the code every page runs is grouped into two chunks instead of forty
// (decision 046).
const FRAMEWORK = /node_modules[\\/](react|react-dom|scheduler|react-router|i18next|react-i18next)[\\/]/;
const APP = /[\\/]apps[\\/]web[\\/]app[\\/]/;
const shell = new Set<string>();

/** Collects the site's modules that the shell and the client entry import statically (not what they import lazily). */
function shellModules(): Plugin {
  return {
    name: 'ekran-shell-modules',
    applyToEnvironment: (environment) => environment.name === 'client',
    buildEnd() {
      shell.clear();
      const roots = [...this.getModuleIds()].filter((id) => /[\\/]app[\\/](root|entry\.client)\.tsx$/.test(id.split('?')[0] ?? ''));
      const queue = [...roots];
      while (queue.length > 0) {
        const id = queue.pop()!;
        for (const next of this.getModuleInfo(id)?.importedIds ?? []) {
          // The site's own modules only: a package's index re-exports modules that only lazy chunks use (the
          // contracts' zod schemas), which this group would otherwise pull into every page.
          const ownModule = APP.test(next) && !next.includes('?');
          if (shell.has(next) || !(ownModule || next.startsWith(TEXTS_RESOLVED))) continue;
          shell.add(next);
          queue.push(next);
        }
      }
    },
  };
}

const HERE = path.dirname(fileURLToPath(import.meta.url));
const RU: Record<string, unknown> = JSON.parse(readFileSync(path.join(HERE, 'app/locales/ru.json'), 'utf8'));
const SECTIONS = new Set(Object.keys(RU));
const I18N = path.join(HERE, 'app/lib/i18n.ts');
const TEXTS_ID = 'virtual:ekran-texts/';
const TEXTS_RESOLVED = '\0ekran-texts:';

/**
 * The Russian texts in the browser, section by section (decision 046): each module of the client imports the
 * sections it names (app/lib/text-sections.ts), and each section is a module that registers its texts with i18n.ts
 * when it runs, before any module that uses them renders. The server has every text from the start.
 */
function russianTextSections(): Plugin {
  return {
    name: 'ekran-russian-text-sections',
    applyToEnvironment: (environment) => environment.name === 'client',
    resolveId: (id) => (id.startsWith(TEXTS_ID) ? TEXTS_RESOLVED + id.slice(TEXTS_ID.length) : null),
    load(id) {
      if (!id.startsWith(TEXTS_RESOLVED)) return null;
      const section = id.slice(TEXTS_RESOLVED.length);
      return `import { registerTexts } from ${JSON.stringify(I18N)};\nregisterTexts('ru', ${JSON.stringify({ [section]: RU[section] })});\n`;
    },
    transform(code, id) {
      const [file = '', query = ''] = id.split('?');
      // A route module comes with React Router's query; other queries (?url, ?raw) are not code.
      if ((query && !query.includes('react-router')) || !/\.tsx?$/.test(file) || file.includes('node_modules') || file === I18N) return null;
      if (!file.startsWith(path.join(HERE, 'app')) && !/[\\/]packages[\\/][^\\/]+[\\/]src[\\/]/.test(file)) return null;
      const own = path.relative(HERE, file).split(path.sep).join('/');
      const sections = new Set([...textSectionsOf(code, SECTIONS), ...(DYNAMIC_TEXT_SECTIONS[own] ?? [])]);
      if (sections.size === 0) return null;
      // On the first line, so the module's own lines keep their numbers.
      return { code: [...sections].map((section) => `import '${TEXTS_ID}${section}';`).join('') + code, map: null };
    },
  };
}

export default defineConfig({
  plugins: [reactRouter(), shellModules(), russianTextSections()],
  // Our workspace packages are TypeScript source: bundle them into the server build.
  ssr: { noExternal: [/^@ekran\//] },
  server: {
    port: Number(process.env.PORT ?? 3000),
    // Development: one origin, as in production.
    proxy: { '/api': { target: apiUrl, changeOrigin: false } },
  },
  build: { target: 'es2022' },
  environments: {
    client: {
      build: {
        rollupOptions: {
          output: {
            codeSplitting: {
              groups: [
                // React, React Router and i18next: every page runs them, so one file rather than five.
                { name: 'framework', test: FRAMEWORK, priority: 2 },
                // What the shell (root.tsx) and the client entry import statically: every page runs it too.
                { name: 'shell', test: (id: string) => shell.has(id), priority: 1 },
              ],
            },
          },
        },
      },
    },
  },
});
