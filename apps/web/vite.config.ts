import { reactRouter } from '@react-router/dev/vite';
import { defineConfig, type Plugin } from 'vite';

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
          if (shell.has(next) || next.includes('?') || !APP.test(next)) continue;
          shell.add(next);
          queue.push(next);
        }
      }
    },
  };
}

export default defineConfig({
  plugins: [reactRouter(), shellModules()],
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
