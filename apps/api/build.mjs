// Bundles the API into dist/ with esbuild: our workspace packages are bundled (they are TypeScript
// source), third-party packages stay external and load from node_modules.
import { build } from 'esbuild';
import { readFileSync } from 'node:fs';

const deps = (file) => Object.keys(JSON.parse(readFileSync(new URL(file, import.meta.url), 'utf8')).dependencies ?? {});
const external = [...new Set([...deps('./package.json'), ...deps('../../packages/db/package.json'), ...deps('../../packages/contracts/package.json')])]
  .filter((d) => !d.startsWith('@ekran/'))
  .flatMap((d) => [d, `${d}/*`]);

await build({
  entryPoints: ['src/server.ts', 'src/worker.ts', 'src/seed.ts'],
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  sourcemap: true,
  external: [...external, 'pino-pretty'],
  logLevel: 'warning',
  // Bundled code still finds the migrations and the repository root from its own location.
  define: {},
});
console.log('api: built dist/server.js and dist/worker.js');
