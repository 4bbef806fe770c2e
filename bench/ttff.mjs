#!/usr/bin/env node
// `npm run bench:ttff` (and the last part of `npm run bench`): time to first frame of the same HLS stream
// with (a) our start-up tuning — tunedHlsConfig plus what the title page prefetches (the master playlist as
// the server-rendered <link rel="prefetch">, then on idle the start variant, its init segment and hls.js) —
// against (b) hls.js defaults with nothing prefetched (hls.js loaded when play is pressed, as before).
//
// One static server (bench/lib/ttff-server.mjs) serves both arms: the demo media from media/demo with the
// API's cache headers, hls.js's minified ESM build gzipped like the site's assets, and our two start-up
// modules (apps/web/app/components/player/hls-config.ts and playback-prefetch.ts) transpiled as they are.
// Debian's chromium (playwright-core) opens the bench page in a fresh browser context for every run (cold
// HTTP cache, empty localStorage), with the network throttled through CDP (Network.emulateNetworkConditions,
// which also sets navigator.connection). The viewer "reads the page" for BENCH_TTFF_READ_MS, then the page
// calls play; the time to first frame is from that moment to the first requestVideoFrameCallback (frames
// presented), with 'playing' and currentTime > 0 as a fallback. Arms alternate (ABBA) so drift on the
// machine hits both alike. Reports medians and the ratio tuned/defaults per network profile, and writes
// bench/results/ttff-latest.json. A benchmark, never part of `npm test`.
//
// Settings: BENCH_TTFF_RUNS (7 per arm and profile), BENCH_TTFF_SLUG (metropolis), BENCH_TTFF_READ_MS (3000),
// BENCH_TTFF_PROFILES (4g,3g), CHROMIUM_PATH (/usr/bin/chromium).
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { ROOT } from '../scripts/lib/common.mjs';
import { currentCommit } from './lib/commit.mjs';
import { startTtffServer } from './lib/ttff-server.mjs';

const RUNS = Number(process.env.BENCH_TTFF_RUNS || 7);
const SLUG = process.env.BENCH_TTFF_SLUG || 'metropolis';
const READ_MS = Number(process.env.BENCH_TTFF_READ_MS ?? 3000);
const CHROMIUM_PATH = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
const RUN_TIMEOUT_MS = 60_000;
const WATCHDOG_MS = 15 * 60_000;

// Throughputs in bytes per second, latency in ms added to every request (DevTools' throttling model).
const PROFILES = {
  '4g': { label: '4G: 9 Mbit/s down, 3 Mbit/s up, 60 ms', latency: 60, downloadThroughput: (9e6 / 8) | 0, uploadThroughput: (3e6 / 8) | 0, connectionType: 'cellular4g' },
  '3g': { label: '3G: 1.6 Mbit/s down, 750 kbit/s up, 300 ms', latency: 300, downloadThroughput: (1.6e6 / 8) | 0, uploadThroughput: (750e3 / 8) | 0, connectionType: 'cellular3g' },
};
const profileNames = (process.env.BENCH_TTFF_PROFILES || '4g,3g').split(',').map((p) => p.trim()).filter(Boolean);
for (const name of profileNames) if (!PROFILES[name]) throw new Error(`BENCH_TTFF_PROFILES: unknown profile ${name} (known: ${Object.keys(PROFILES).join(', ')})`);
if (!Number.isInteger(RUNS) || RUNS < 1) throw new Error(`BENCH_TTFF_RUNS must be a positive integer, got ${process.env.BENCH_TTFF_RUNS}`);
if (!existsSync(path.join(ROOT, 'media/demo', SLUG, 'master.m3u8'))) throw new Error(`BENCH_TTFF_SLUG: media/demo/${SLUG}/master.m3u8 does not exist`);
if (!existsSync(CHROMIUM_PATH)) throw new Error(`${CHROMIUM_PATH} not found (apt-get install -y chromium, or set CHROMIUM_PATH)`);

const cleanups = [];
async function cleanup() {
  while (cleanups.length) await cleanups.pop()().catch(() => undefined);
}
const watchdog = setTimeout(async () => {
  console.error(`bench:ttff: still running after ${WATCHDOG_MS / 60_000} minutes; giving up.`);
  await cleanup();
  process.exit(1);
}, WATCHDOG_MS);
watchdog.unref();
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, async () => {
    await cleanup();
    process.exit(130);
  });
}

const median = (values) => {
  const s = [...values].sort((a, b) => a - b);
  const mid = s.length >> 1;
  return s.length % 2 ? s[mid] : (s[mid - 1] + s[mid]) / 2;
};

/** One run: a fresh context, throttled; load the page, read it, press play, wait for the first frame. */
async function runOnce(browser, baseUrl, arm, profile) {
  const context = await browser.newContext({ viewport: { width: 1366, height: 900 }, deviceScaleFactor: 1 });
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', { offline: false, ...profile, packetLoss: 0 });
    // Requests after play: which were answered by the HTTP cache (what the prefetch is for).
    const requests = new Map();
    let playing = false;
    cdp.on('Network.requestWillBeSent', (e) => {
      if (playing) requests.set(e.requestId, { url: e.request.url, cached: false });
    });
    cdp.on('Network.requestServedFromCache', (e) => {
      const r = requests.get(e.requestId);
      if (r) r.cached = true;
    });
    cdp.on('Network.responseReceived', (e) => {
      const r = requests.get(e.requestId);
      if (r && (e.response.fromDiskCache || e.response.fromPrefetchCache)) r.cached = true;
    });
    const problems = [];
    page.on('pageerror', (err) => problems.push(err.message));

    await page.goto(`${baseUrl}/?arm=${arm}&slug=${encodeURIComponent(SLUG)}`, { waitUntil: 'load', timeout: RUN_TIMEOUT_MS });
    // The viewer reads the page; the tuned arm's idle-time prefetch runs meanwhile (or is still running).
    await page.waitForTimeout(READ_MS);
    const prefetch = await page.evaluate(() => globalThis.__bench.prefetch);
    playing = true;
    const result = await page.evaluate(() => globalThis.__bench.play());
    if (problems.length) throw new Error(`page errors: ${problems.join('; ')}`);
    const afterPlay = [...requests.values()].filter((r) => !r.url.startsWith('data:') && !r.url.startsWith('blob:'));
    return {
      ...result,
      prefetch,
      requests_after_play: afterPlay.length,
      from_cache_after_play: afterPlay.filter((r) => r.cached).length,
      cached_urls: afterPlay.filter((r) => r.cached).map((r) => new URL(r.url).pathname),
    };
  } finally {
    await context.close();
  }
}

async function main() {
  const server = await startTtffServer({ root: ROOT });
  cleanups.push(() => server.close());
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--autoplay-policy=no-user-gesture-required', '--mute-audio'],
  });
  cleanups.push(() => browser.close());
  console.log(`bench:ttff: ${SLUG} from ${server.url}, ${RUNS} runs per arm and profile, play pressed ${READ_MS} ms after load, chromium ${browser.version()}`);

  const report = [];
  for (const name of profileNames) {
    const profile = PROFILES[name];
    const { label, ...conditions } = profile;
    const runs = { tuned: [], defaults: [] };
    // A discarded warm-up of each arm: the OS file cache and chromium's own first-start costs.
    for (const arm of ['tuned', 'defaults']) await runOnce(browser, server.url, arm, conditions);
    for (let i = 0; i < RUNS; i++) {
      const order = i % 2 === 0 ? ['tuned', 'defaults'] : ['defaults', 'tuned'];
      for (const arm of order) {
        const r = await runOnce(browser, server.url, arm, conditions);
        runs[arm].push(r);
        process.stdout.write(`bench:ttff: ${name} ${arm.padEnd(8)} run ${i + 1}: ${Math.round(r.ttff_ms)} ms (${r.method}, level ${r.start_level}, ${r.from_cache_after_play}/${r.requests_after_play} requests from cache)\n`);
      }
    }
    const tuned = median(runs.tuned.map((r) => r.ttff_ms));
    const defaults = median(runs.defaults.map((r) => r.ttff_ms));
    report.push({
      profile: name,
      label,
      runs_per_arm: RUNS,
      median_ttff_ms: { tuned: Math.round(tuned), defaults: Math.round(defaults) },
      ratio_tuned_vs_defaults: Number((tuned / defaults).toFixed(3)),
      median_first_playing_ms: { tuned: Math.round(median(runs.tuned.map((r) => r.playing_ms))), defaults: Math.round(median(runs.defaults.map((r) => r.playing_ms))) },
      start_levels: { tuned: runs.tuned.map((r) => r.start_height), defaults: runs.defaults.map((r) => r.start_height) },
      tuned_from_cache: runs.tuned.map((r) => `${r.from_cache_after_play}/${r.requests_after_play}`),
      tuned_prefetch_settled: runs.tuned.map((r) => r.prefetch?.settled_ms ?? null),
      runs,
    });
  }

  console.log('');
  console.table(
    Object.fromEntries(
      report.map((r) => [
        r.label,
        {
          'tuned ms': r.median_ttff_ms.tuned,
          'defaults ms': r.median_ttff_ms.defaults,
          'tuned/defaults': r.ratio_tuned_vs_defaults,
          'start height (tuned / defaults)': `${median(r.start_levels.tuned)}p / ${median(r.start_levels.defaults)}p`,
        },
      ]),
    ),
  );

  const commit = currentCommit();
  const results = {
    date: new Date().toISOString(),
    commit,
    node: process.version,
    chromium: browser.version(),
    cpus: os.cpus().length,
    cpu_model: os.cpus()[0]?.model ?? null,
    settings: { slug: SLUG, runs: RUNS, read_ms: READ_MS },
    profiles: report,
  };
  mkdirSync(path.join(ROOT, 'bench/results'), { recursive: true });
  writeFileSync(path.join(ROOT, 'bench/results/ttff-latest.json'), `${JSON.stringify(results, null, 2)}\n`);
  console.log('bench:ttff: results written to bench/results/ttff-latest.json');
  return 0;
}

let code = 1;
try {
  code = await main();
} catch (err) {
  console.error(`bench:ttff: ${err.stack ?? err.message}`);
} finally {
  await cleanup();
}
process.exit(code);
