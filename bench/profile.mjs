#!/usr/bin/env node
// `npm run bench:profile`: where a page's time goes. Starts the API and the site from the build (as the bench does),
// loads PAGE (default /) as a returning visitor under BENCH_CONNECTIONS for BENCH_DURATION seconds, with both
// processes under V8's sampling profiler, then prints each process's heaviest functions by self time and by
// the files they belong to (ours, react-dom, react-router, fastify, the database driver, …). The .cpuprofile
// files stay in bench/results/profile/ for chromium's DevTools. A measurement, never part of `npm test`.
import autocannon from 'autocannon';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ROOT } from '../scripts/lib/common.mjs';
import { freePort, isolatedStackEnv, startStack } from '../scripts/lib/servers.mjs';

const PAGE = process.env.BENCH_PAGE || '/';
const DURATION = Number(process.env.BENCH_DURATION || 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS || 20);
const API_KEY = 'ekran-bench-key-0001';
const UA = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Safari/537.36';
const outDir = path.join(ROOT, 'bench/results/profile');

/**
 * Self time per function and per package of one .cpuprofile, over the samples of the measured load only (the last
 * `windowUs` before the process was asked to stop, so start-up, migrations and seeding are left out).
 */
function summarise(file, windowUs) {
  const profile = JSON.parse(readFileSync(file, 'utf8'));
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const self = new Map();
  const dt = profile.timeDeltas;
  const at = [];
  dt.reduce((t, d, i) => (at[i] = t + d), profile.startTime);
  const from = profile.endTime - windowUs;
  profile.samples.forEach((id, i) => at[i] >= from && self.set(id, (self.get(id) ?? 0) + (dt[i] ?? 0)));
  const total = [...self.values()].reduce((a, b) => a + b, 0);
  const fns = new Map();
  const groups = new Map();
  for (const [id, us] of self) {
    const { callFrame } = byId.get(id);
    const url = callFrame.url || '(native)';
    const group = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url)?.[1] ?? (url.includes('/build/server/') ? 'web build (ours)' : url.includes('/apps/api/') || url.includes('/packages/') ? 'ours' : url.startsWith('node:') ? 'node' : callFrame.functionName === '(garbage collector)' ? 'gc' : callFrame.functionName === '(idle)' ? 'idle' : callFrame.functionName === '(program)' ? 'program' : url);
    const key = `${callFrame.functionName || '(anonymous)'} ${path.basename(url)}:${callFrame.lineNumber + 1}`;
    fns.set(key, (fns.get(key) ?? 0) + us);
    groups.set(group, (groups.get(group) ?? 0) + us);
  }
  const pct = (us) => `${((100 * us) / total).toFixed(1).padStart(5)} %`;
  const top = (m, n) => [...m].sort((a, b) => b[1] - a[1]).slice(0, n).map(([k, us]) => `  ${pct(us)}  ${k}`).join('\n');
  return `by package:\n${top(groups, 14)}\nby function (self):\n${top(fns, 25)}`;
}

let stopUs = 0;

async function main() {
  rmSync(outDir, { recursive: true, force: true });
  mkdirSync(outDir, { recursive: true });
  const dir = mkdtempSync(path.join(os.tmpdir(), 'ekran-profile-'));
  const apiPort = await freePort(4630);
  const webPort = await freePort(3630);
  const env = isolatedStackEnv(dir, { LOG_LEVEL: 'warn', WEB_API_KEY: API_KEY });
  const stack = await startStack({ apiPort, webPort, logDir: dir, env, nodeArgs: ['--cpu-prof', `--cpu-prof-dir=${outDir}`] });
  try {
    const first = await fetch(`${stack.webUrl}/`, { headers: { 'user-agent': UA }, redirect: 'manual' });
    const cookie = first.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
    const headers = { 'user-agent': UA, cookie };
    const one = await fetch(`${stack.webUrl}${PAGE}`, { headers });
    const html = await one.text();
    console.log(`profile: ${PAGE} answers ${one.status}, ${html.length} bytes of HTML`);
    await autocannon({ url: `${stack.webUrl}${PAGE}`, headers, connections: CONNECTIONS, duration: 2 });
    const r = await autocannon({ url: `${stack.webUrl}${PAGE}`, headers, connections: CONNECTIONS, duration: DURATION });
    console.log(`profile: ${Math.round(r.requests.average)} req/s, p50 ${r.latency.p50} ms, p99 ${r.latency.p99} ms, non-2xx ${r.non2xx}`);
  } finally {
    const stopping = performance.now();
    await stack.stop();
    stopUs = (performance.now() - stopping) * 1000;
    rmSync(dir, { recursive: true, force: true });
  }
  for (const f of readdirSync(outDir).filter((f) => f.endsWith('.cpuprofile'))) {
    console.log(`\n== ${f}\n${summarise(path.join(outDir, f), (DURATION + 1) * 1e6 + stopUs)}`);
  }
}

await main();
