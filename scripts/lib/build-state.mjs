// Is the production build current? A cheap mtime walk over each app's sources against its outputs.
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { NPM, ROOT, run } from './common.mjs';

const SKIP_DIRS = new Set(['node_modules', 'build', 'dist', '.react-router', 'coverage']);
const isTest = (name) => /\.(test|spec)\.[cm]?[jt]sx?$/.test(name);

/** The newest mtime (ms) of the files under the given paths (files or folders); 0 when none exist. */
export function newestMtime(paths) {
  let newest = 0;
  const visit = (p) => {
    let st;
    try {
      st = statSync(p);
    } catch {
      return;
    }
    if (st.isDirectory()) {
      for (const entry of readdirSync(p, { withFileTypes: true })) {
        if (entry.isDirectory() && (SKIP_DIRS.has(entry.name) || entry.name.startsWith('.'))) continue;
        if (entry.isFile() && isTest(entry.name)) continue;
        visit(path.join(p, entry.name));
      }
      // A deleted file makes the folder newer.
      newest = Math.max(newest, st.mtimeMs);
    } else if (st.isFile()) {
      newest = Math.max(newest, st.mtimeMs);
    }
  };
  for (const p of paths) visit(p);
  return newest;
}

const packageSources = (names) => names.flatMap((n) => [`packages/${n}/src`, `packages/${n}/package.json`]);

/** The builds (API, site, sandbox payment host): what they read and what they write (paths relative to the root). */
export const BUILDS = [
  {
    name: 'api',
    workspace: '@ekran/api',
    outputs: ['apps/api/dist/server.js', 'apps/api/dist/worker.js', 'apps/api/dist/seed.js'],
    sources: ['apps/api/src', 'apps/api/build.mjs', 'apps/api/package.json', ...packageSources(['core', 'contracts', 'db'])],
  },
  {
    name: 'web',
    workspace: '@ekran/web',
    outputs: ['apps/web/build/server/index.js', 'apps/web/build/client'],
    sources: [
      'apps/web/app',
      'apps/web/public',
      'apps/web/server.js',
      'apps/web/vite.config.ts',
      'apps/web/react-router.config.ts',
      'apps/web/package.json',
      ...packageSources(['core', 'contracts']),
    ],
  },
  {
    name: 'payments',
    workspace: '@ekran/payments',
    outputs: ['apps/payments/dist/server.js'],
    sources: ['apps/payments/src', 'apps/payments/build.mjs', 'apps/payments/package.json', ...packageSources(['core'])],
  },
];

/** Why a build has to run, or null when its outputs exist and are newer than every source. */
export function staleReason(build, root = ROOT) {
  const outputs = build.outputs.map((o) => path.join(root, o));
  const missing = build.outputs.filter((_, i) => !existsSync(outputs[i]));
  if (missing.length) return `${missing.join(', ')} missing`;
  const builtAt = Math.min(...outputs.map((o) => statSync(o).mtimeMs));
  const changedAt = newestMtime(build.sources.map((s) => path.join(root, s)));
  return changedAt > builtAt ? 'sources changed since the last build' : null;
}

/**
 * Builds each app whose outputs are missing or older than its sources; resolves to an exit code.
 * SKIP_BUILD=1 uses the outputs as they are (still building what is missing).
 */
export async function ensureBuilt({ root = ROOT, log = console.log } = {}) {
  const skipStale = ['1', 'true'].includes(process.env.SKIP_BUILD ?? '');
  for (const build of BUILDS) {
    const reason = staleReason(build, root);
    if (!reason) continue;
    if (skipStale && !reason.endsWith('missing')) {
      log(`SKIP_BUILD is set: using the ${build.name} build as it is (${reason}).`);
      continue;
    }
    log(`Building ${build.name} (${reason}): npm run build -w ${build.workspace}`);
    const code = await run(NPM, ['run', 'build', '-w', build.workspace], { cwd: root });
    if (code !== 0) {
      console.error(`The ${build.name} build failed (exit code ${code}).`);
      return code;
    }
  }
  return 0;
}
