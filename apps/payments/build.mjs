// Bundles the sandbox payment host into dist/ with esbuild: our workspace packages are bundled (they are
// TypeScript source), third-party packages stay external and load from node_modules.
import { build } from 'esbuild';
import { readFileSync } from 'node:fs';

const deps = (file) => Object.keys(JSON.parse(readFileSync(new URL(file, import.meta.url), 'utf8')).dependencies ?? {});
const external = deps('./package.json')
  .filter((d) => !d.startsWith('@ekran/'))
  .flatMap((d) => [d, `${d}/*`]);

await build({
  entryPoints: ['src/server.ts'],
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  sourcemap: true,
  external,
  logLevel: 'warning',
});
console.log('payments: built dist/server.js');
