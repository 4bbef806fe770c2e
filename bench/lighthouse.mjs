#!/usr/bin/env node
// `npm run bench:lighthouse`: Lighthouse 12.2.3 (the last that runs on Node 20), performance only, its default mobile
// profile (a mid-range phone, simulated slow 4G and a 4× slower CPU), over Debian's chromium, on the home page,
// /movies and a title page of the site started from the build as `npm run bench` starts it (a fresh embedded
// database, seeded). Each page is loaded BENCH_LH_RUNS times (3) in a fresh browser profile, so every run is a first
// visit; the printout gives the median score and metrics per page, and the JavaScript the page loaded before any
// interaction (compressed bytes over the wire, the hls.js chunk named apart). bench/results/lighthouse-latest.json
// keeps every run. A measurement, never part of `npm test`.
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ROOT } from '../scripts/lib/common.mjs';
import { freePort, isolatedStackEnv, startStack } from '../scripts/lib/servers.mjs';
import { currentCommit } from './lib/commit.mjs';

const RUNS = Number(process.env.BENCH_LH_RUNS || 3);
const CHROMIUM_PATH = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
const API_KEY = 'ekran-bench-key-0001';
if (!Number.isInteger(RUNS) || RUNS < 1) throw new Error(`BENCH_LH_RUNS must be a positive integer, got ${process.env.BENCH_LH_RUNS}`);
if (!existsSync(CHROMIUM_PATH)) throw new Error(`${CHROMIUM_PATH} not found (apt-get install -y chromium, or set CHROMIUM_PATH)`);

const median = (values) => {
  const s = [...values].sort((a, b) => a - b);
  const mid = s.length >> 1;
  return s.length % 2 ? s[mid] : (s[mid - 1] + s[mid]) / 2;
};

/** One Lighthouse run of a page in a fresh chromium profile: the score, the metrics and the page's JavaScript. */
async function audit(url) {
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM_PATH, chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--no-first-run'] });
  try {
    const { lhr } = await lighthouse(url, { port: chrome.port, onlyCategories: ['performance'], logLevel: 'error', output: 'json' });
    const metric = (id) => lhr.audits[id]?.numericValue ?? null;
    const requests = lhr.audits['network-requests']?.details?.items ?? [];
    const scripts = requests.filter((r) => r.resourceType === 'Script');
    // The hls.js chunk itself (hls-<hash>.js), not the player's config module beside it (hls-config-<hash>.js).
    const hls = scripts.filter((r) => /\/hls-[\w-]{8}\.js$/.test(new URL(r.url).pathname));
    return {
      score: Math.round((lhr.categories.performance.score ?? 0) * 100),
      lcp_ms: metric('largest-contentful-paint'),
      fcp_ms: metric('first-contentful-paint'),
      tbt_ms: metric('total-blocking-time'),
      cls: metric('cumulative-layout-shift'),
      speed_index_ms: metric('speed-index'),
      js_files: scripts.length,
      js_transfer_bytes: scripts.reduce((sum, r) => sum + (r.transferSize ?? 0), 0),
      hls_transfer_bytes: hls.reduce((sum, r) => sum + (r.transferSize ?? 0), 0),
      runtime_error: lhr.runtimeError?.message ?? null,
    };
  } finally {
    await chrome.kill();
  }
}

async function main() {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'ekran-lighthouse-'));
  const stack = await startStack({
    apiPort: await freePort(4660),
    webPort: await freePort(3660),
    logDir: dir,
    env: isolatedStackEnv(dir, { LOG_LEVEL: 'warn', WEB_API_KEY: API_KEY }),
  });
  try {
    const listing = await (await fetch(`${stack.apiUrl}/api/v1/titles?category=movies&limit=1`, { headers: { 'x-api-key': API_KEY } })).json();
    const title = listing.items?.[0]?.alias;
    if (!title) throw new Error('the seeded catalogue has no film for the title page');
    const pages = { home: '/', movies: '/movies', title: `/watch/${title}` };
    console.log(`bench:lighthouse: ${RUNS} runs per page, mobile profile, chromium at ${CHROMIUM_PATH}, site ${stack.webUrl}`);
    const report = {};
    for (const [name, pathname] of Object.entries(pages)) {
      const runs = [];
      for (let i = 0; i < RUNS; i++) {
        // A run whose trace Lighthouse could not record (NO_NAVSTART, on a loaded machine) measured nothing: it is
        // made again, twice at most, as Lighthouse's message asks.
        let r = await audit(`${stack.webUrl}${pathname}`);
        for (let retry = 0; r.runtime_error && retry < 2; retry++) {
          console.log(`bench:lighthouse: ${name} run ${i + 1} again: ${r.runtime_error}`);
          r = await audit(`${stack.webUrl}${pathname}`);
        }
        if (r.runtime_error) throw new Error(`${pathname}: ${r.runtime_error}`);
        runs.push(r);
        console.log(`bench:lighthouse: ${name.padEnd(6)} run ${i + 1}: score ${r.score}, LCP ${Math.round(r.lcp_ms)} ms, TBT ${Math.round(r.tbt_ms)} ms, CLS ${r.cls.toFixed(3)}, JS ${(r.js_transfer_bytes / 1024).toFixed(0)} KB in ${r.js_files} files`);
      }
      report[name] = { path: pathname, runs, median: Object.fromEntries(['score', 'lcp_ms', 'fcp_ms', 'tbt_ms', 'cls', 'speed_index_ms', 'js_transfer_bytes', 'hls_transfer_bytes'].map((k) => [k, median(runs.map((r) => r[k]))])) };
    }
    console.table(
      Object.fromEntries(
        Object.entries(report).map(([name, { path: p, median: m }]) => [
          `${name} ${p}`,
          { score: m.score, 'LCP ms': Math.round(m.lcp_ms), 'TBT ms': Math.round(m.tbt_ms), CLS: Number(m.cls.toFixed(3)), 'FCP ms': Math.round(m.fcp_ms), 'JS KB (compressed)': Math.round(m.js_transfer_bytes / 1024), 'hls.js KB': Math.round(m.hls_transfer_bytes / 1024) },
        ]),
      ),
    );
    const out = path.join(ROOT, 'bench/results');
    mkdirSync(out, { recursive: true });
    writeFileSync(
      path.join(out, 'lighthouse-latest.json'),
      `${JSON.stringify({ date: new Date().toISOString(), commit: currentCommit(), node: process.version, cpus: os.cpus().length, lighthouse: '12.2.3', runs_per_page: RUNS, pages: report }, null, 2)}\n`,
    );
    console.log('bench:lighthouse: results written to bench/results/lighthouse-latest.json');
  } finally {
    await stack.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
