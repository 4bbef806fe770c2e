#!/usr/bin/env node
// `npm run bench`: one run measures, with autocannon,
//   (a) the API's catalogue listing   GET /api/v1/titles?category=movies&limit=40
//   (b) the same JSON as a static file (bench/static-server.mjs: stat + stream per request)
//   (c) the server-rendered home page GET / as a returning visitor (with a session cookie)
//   (d) the home page as a crawler (Googlebot, gzip): no session, so the shared page cache answers it
//   (e) the category page GET /movies and (f) a title page GET /watch/<alias> (the listing's first film), both as
//       that returning visitor
//   (g) the API's auth refresh   POST /api/v1/auth/refresh   and (h) its playback check   GET /api/v1/playback/<uid>
//       of that film, both as that visitor (its session token in the ekran_token cookie, with the web's API key)
//   (i) GET / as a brand-new browser visitor, no cookie: every request is a device login (a new virtual user)
//   (j) the site alone: that visitor's home page from a second site process whose API is a recording of the
//       real one's answers (no API or database work), against the same page of the same answers written with
//       string templates (bench/template-home-server.mjs): React's and React Router's own cost
// and prints requests per second, p99 latency and the ratios to the static baseline. Then it
// compares the listing's page 1 with a deep page, both through the API: it stops the site, adds
// BENCH_FILMS films to its database (bench/lib/bulk-titles.mjs), restarts the API without its answer cache
// (CATALOG_CACHE_SECONDS=0, so every request reaches the database) and measures page 1, page N at 80% of
// the list by skip (/page{N}), and the same portion by keyset cursor (the infinite scroll). Results also go
// to bench/results/latest.json. A benchmark, not a test: no thresholds, but it fails when a target
// answered with errors or non-2xx statuses (the numbers would mean nothing). Last, bench/ttff.mjs
// measures the player's time to first frame with our start-up tuning against hls.js defaults, and bench/page-js.mjs
// the JavaScript a first visit's pages download. Search suggestions'
// round trip (bench/suggest.mjs) is measured on the seeded catalogue and again on the large one. Then a live
// channel's media playlist (computed per request from the wall clock) against the same text as a static file.
//
// Settings: BENCH_BASE_URL (measure a running site instead of starting one; the API listing then goes
// through its /api proxy unless BENCH_API_URL names the API; the paging comparison then uses that site's
// data and cache as they are), BENCH_DURATION (10 s), BENCH_CONNECTIONS (20), BENCH_WARMUP (2 s),
// BENCH_FILMS (20000 films added for the paging comparison), WEB_API_KEY (ekran-web-public-key).
import autocannon from 'autocannon';
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { ensureBuilt } from '../scripts/lib/build-state.mjs';
import { addBenchFilms } from './lib/bulk-titles.mjs';
import { measureSuggestBrowser, measureSuggestHttp, printSuggest } from './suggest.mjs';
import { ROOT } from '../scripts/lib/common.mjs';
import { currentCommit } from './lib/commit.mjs';
import { freePort, isolatedStackEnv, startProcess, startStack, stopAllProcesses, stopProcess, waitReady, WEB_ENTRY } from '../scripts/lib/servers.mjs';
import { startReplayApi } from './lib/replay-api.mjs';

const DURATION = Number(process.env.BENCH_DURATION || 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS || 20);
const WARMUP = Number(process.env.BENCH_WARMUP || 2);
const API_KEY = process.env.WEB_API_KEY || 'ekran-web-public-key';
const LISTING = '/api/v1/titles?category=movies&limit=40';
const BENCH_FILMS = Number(process.env.BENCH_FILMS || 20_000);
// The paging comparison: one sort, 40 a page (catalogue §9), a deep page at 80% of the list.
const PAGE_SIZE = 40;
const PAGED = '/api/v1/titles?category=movies&sort=-popularity&limit=40';
const DEEP_SHARE = 0.8;
const WATCHDOG_MS = 10 * 60_000;
// The bench's API only: every first-visit request is a device login from the loopback, and the API allows an address
// 30 an hour (DEVICE_LOGINS_PER_ADDRESS_HOUR, decision 033), so the bench raises it to the setting's largest value, as
// scripts/e2e.mjs does for its journeys. Without it the site would answer the rest of that target without a session
// (the device login refused with 429), not as a first visit.
const BENCH_API_ENV = { DEVICE_LOGINS_PER_ADDRESS_HOUR: '100000' };
// A browser's user agent: the site gives crawlers (and unknown clients such as Node's fetch) no session.
const BROWSER_UA = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36';
// Googlebot's desktop user agent (developers.google.com/search/docs/crawling-indexing/google-common-crawlers).
const CRAWLER_UA = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';

const cleanups = [];
async function cleanup() {
  while (cleanups.length) await cleanups.pop()().catch(() => undefined);
  await stopAllProcesses(); // servers interrupted while starting
}
// Bounded whatever happens: a stuck server or target cannot keep the run alive.
const watchdog = setTimeout(async () => {
  console.error(`bench: still running after ${WATCHDOG_MS / 60_000} minutes; giving up.`);
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

/** Starts a bench server script (it prints "ready <port>") with its arguments; resolves with the process and its port. */
function startBenchServer(name, script, args) {
  const child = spawn(process.execPath, [path.join(ROOT, script), ...args], { stdio: ['ignore', 'pipe', 'inherit'] });
  const proc = { name, child, exitResult: null };
  proc.exited = new Promise((resolve) => child.on('exit', (code, signal) => resolve((proc.exitResult = { code, signal }))));
  return new Promise((resolve, reject) => {
    readline.createInterface({ input: child.stdout }).on('line', (line) => {
      if (!line.startsWith('ready ')) return;
      proc.port = Number(line.slice(6));
      resolve(proc);
    });
    child.on('exit', (code) => reject(new Error(`${name} exited (code ${code})`)));
  });
}

/** Starts bench/static-server.mjs on a port the system picks; resolves with the process and its port. */
const startStatic = (file) => startBenchServer('static', 'bench/static-server.mjs', [file, '0']);

/**
 * The site alone: a second site process whose API is a recording (bench/lib/replay-api.mjs) of the real one, so its
 * answers cost nothing and the page's figure is the site's own work (React Router, React, texts, encoding); against
 * bench/template-home-server.mjs, the same page of the same recorded answers written with string templates. The
 * returning visitor's home page on both.
 */
async function siteAloneRows(stackEnv, apiUrl, cookie, dir) {
  const replay = await startReplayApi(apiUrl);
  cleanups.push(replay.stop);
  const port = await freePort(3660);
  const url = `http://127.0.0.1:${port}`;
  const web = startProcess({
    name: 'web-alone',
    entry: WEB_ENTRY,
    env: { ...process.env, SITE_ORIGIN: url, ...stackEnv, HOST: '127.0.0.1', PORT: String(port), API_URL: replay.url },
    logFile: path.join(dir, 'web-alone.log'),
  });
  cleanups.push(() => stopProcess(web));
  await waitReady(web, `${url}/`, { timeoutMs: 60_000 });
  const headers = { 'user-agent': BROWSER_UA, cookie };
  const menu = replay.calls().filter((c) => c.path.startsWith('/api/v1/catalog?'));
  const mark = replay.mark();
  await askOnce('site alone', `${url}/`, headers);
  // The calls of the visitor's page, and the menu's catalogue, which the site keeps a minute (its first page fetched
  // it), so the template keeps it as long.
  const page = replay.calls(mark);
  const calls = [...menu, ...page.filter((c) => !menu.some((m) => m.path === c.path))];
  replay.replay();
  const template = await startBenchServer('template', 'bench/template-home-server.mjs', [replay.url, JSON.stringify(calls), '0']);
  cleanups.push(() => stopProcess(template));
  const templateUrl = `http://127.0.0.1:${template.port}/`;
  const bytes = async (u) => Buffer.byteLength(await (await fetch(u, { headers })).text());
  const [siteBytes, templateBytes] = [await bytes(`${url}/`), await bytes(templateUrl)];
  console.log(`bench: the site alone: its API a recording of ${calls.length} calls (${calls.map((c) => c.path.split('?')[0]).join(', ')}); page ${siteBytes} bytes, template ${templateBytes} bytes`);
  const rows = [await measure('ssr-alone', `${url}/`, headers), await measure('template', templateUrl, headers)];
  if (replay.state.misses > 0) throw new Error(`the recording missed ${replay.state.misses} calls: the site asked for something it did not ask for before`);
  return { rows, calls: calls.length, site_bytes: siteBytes, template_bytes: templateBytes };
}

/** The visitor's cookies after a first visit, as a Cookie header; the first visit is the device login. */
async function returningVisitorCookie(siteUrl) {
  const first = await fetch(`${siteUrl}/`, { redirect: 'manual', headers: { 'user-agent': BROWSER_UA } });
  await first.arrayBuffer();
  if (first.status !== 200) throw new Error(`GET ${siteUrl}/ answered ${first.status}`);
  const cookie = first.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  if (!cookie) {
    console.warn('bench: the first visit set no cookie; measuring the home page without one.');
    return '';
  }
  console.log(`bench: returning visitor with cookie(s) ${first.headers.getSetCookie().map((c) => c.split('=')[0]).join(', ')}`);
  const again = await fetch(`${siteUrl}/`, { redirect: 'manual', headers: { cookie, 'user-agent': BROWSER_UA } });
  await again.arrayBuffer();
  const reissued = again.headers.getSetCookie().map((c) => c.split('=')[0]);
  const sent = cookie.split('; ').map((c) => c.split('=')[0]);
  if (reissued.some((name) => sent.includes(name))) {
    console.warn(`bench: a returning visitor still gets Set-Cookie for ${reissued.join(', ')} (every request may be a new login).`);
  }
  return cookie;
}

/**
 * GET / as Googlebot asking for gzip, as crawlers do: a page for no visitor, which the site marks public and its
 * page cache keeps. Says so when the page is not answered from the cache (PAGE_CACHE_SECONDS=0, or not marked).
 */
async function measureCrawlerHome(siteUrl) {
  const headers = { 'user-agent': CRAWLER_UA, 'accept-encoding': 'gzip' };
  const probe = async () => {
    const res = await fetch(`${siteUrl}/`, { headers });
    await res.arrayBuffer();
    return res;
  };
  await probe();
  const again = await probe();
  console.log(`bench: crawler home: ${again.headers.get('x-cache') ?? 'no X-Cache'}, Cache-Control ${again.headers.get('cache-control')}, Vary ${again.headers.get('vary')}`);
  if (again.headers.get('x-cache') !== 'HIT') console.warn('bench: the crawler home page is not answered from the page cache; its figure is a render.');
  return measure('crawler-home', `${siteUrl}/`, headers);
}

/**
 * One target: a warm-up run, then the measured one. `method` (GET) and `body` for other requests; `onResponse`
 * (status, body, context, headers) sees every answer of the measured run, for what a status alone does not tell.
 */
async function measure(name, url, headers, { method = 'GET', body, onResponse } = {}) {
  const opts = { url, headers, method, ...(body === undefined ? {} : { body }), connections: CONNECTIONS };
  if (WARMUP > 0) await autocannon({ ...opts, duration: WARMUP });
  process.stdout.write(`bench: ${name.padEnd(12)} ${method === 'GET' ? '' : `${method} `}${url} … `);
  const r = await autocannon({ ...opts, ...(onResponse ? { requests: [{ onResponse }] } : {}), duration: DURATION });
  const row = {
    target: name,
    method,
    url,
    requests_per_sec: r.requests.average,
    latency_p99_ms: r.latency.p99,
    latency_avg_ms: r.latency.average,
    throughput_bytes_per_sec: r.throughput.average,
    requests_total: r.requests.total,
    non_2xx: r.non2xx,
    errors: r.errors,
    timeouts: r.timeouts,
  };
  console.log(`${Math.round(row.requests_per_sec)} req/s, p99 ${row.latency_p99_ms} ms`);
  return row;
}

/** A GET or POST once, as the target will ask it; throws unless it answers 200 (its body parsed when JSON). */
async function askOnce(label, url, headers, init = {}) {
  const res = await fetch(url, { redirect: 'manual', headers, ...init });
  const text = await res.text();
  if (res.status !== 200) throw new Error(`${label}: ${init.method ?? 'GET'} ${url} answered ${res.status}: ${text.slice(0, 300)}`);
  return { res, json: (res.headers.get('content-type') ?? '').includes('json') ? JSON.parse(text) : null };
}

/**
 * GET / as a brand-new browser: no cookie, so each request is a device login (a new virtual user and session). The
 * site answers 200 even when the API refuses the login (429 over DEVICE_LOGINS_PER_ADDRESS_HOUR: the page then has
 * no session), so every answer is checked for the session cookie; and a page that sets cookies is never kept by the
 * shared page cache (decision 044), so an X-Cache: HIT here would mean the figure is not a first visit's.
 */
async function measureFirstVisit(siteUrl) {
  const seen = { answers: 0, withSession: 0, xCache: {} };
  const onResponse = (status, body, context, headers) => {
    seen.answers += 1;
    const lower = Object.fromEntries(Object.entries(headers).map(([k, v]) => [k.toLowerCase(), v]));
    const cookies = [lower['set-cookie'] ?? []].flat();
    if (cookies.some((c) => c.startsWith('ekran_token='))) seen.withSession += 1;
    const cache = lower['x-cache'] ?? 'none';
    seen.xCache[cache] = (seen.xCache[cache] ?? 0) + 1;
  };
  const row = await measure('first-visit', `${siteUrl}/`, { 'user-agent': BROWSER_UA }, { onResponse });
  row.with_session = seen.withSession;
  row.without_session = seen.answers - seen.withSession;
  row.x_cache = seen.xCache;
  // No X-Cache: the page cache passed the request on and streamed the render (a page that sets cookies is not kept).
  console.log(`bench: first visit: ${seen.withSession} of ${seen.answers} answers set a session; X-Cache ${JSON.stringify(seen.xCache)}`);
  if (seen.xCache.HIT) console.warn(`bench: ${seen.xCache.HIT} first visits were answered from the page cache (X-Cache: HIT); the figure is not a device login's.`);
  if (seen.withSession < seen.answers) {
    console.warn(`bench: ${seen.answers - seen.withSession} first visits got no session (the API's device-login limit, DEVICE_LOGINS_PER_ADDRESS_HOUR?); the figure is not a device login's.`);
  }
  return row;
}

/** The first string in a JSON answer that is a master playlist's URL. */
function masterUrlIn(value) {
  if (typeof value === 'string') return value.endsWith('master.m3u8') ? value : null;
  if (value && typeof value === 'object') {
    for (const v of Object.values(value)) {
      const found = masterUrlIn(v);
      if (found) return found;
    }
  }
  return null;
}

/**
 * A free channel's live media playlist as a viewer's player asks for it (the site's playback resource, then the master
 * and its first variant; the API answers it), measured against the same playlist served as a static file. Null (with a warning) when the
 * site plays no live TV to this visitor (outside RU, say).
 */
async function liveTvRows(siteUrl, apiUrl, cookie, dir) {
  const channel = process.env.BENCH_TV_CHANNEL || 'priroda';
  const answer = await (await fetch(`${siteUrl}/resources/tv-playback/live/${channel}`, { headers: { cookie, 'user-agent': BROWSER_UA } })).json().catch(() => null);
  const master = masterUrlIn(answer);
  if (!master) {
    console.warn(`bench: no live playlist for ${channel} (${JSON.stringify(answer)?.slice(0, 200)}); skipping the live TV targets.`);
    return null;
  }
  const masterUrl = new URL(master, siteUrl);
  const masterText = await (await fetch(masterUrl)).text();
  const variant = masterText.split('\n').find((line) => line && !line.startsWith('#'));
  if (!variant) throw new Error(`the live master playlist of ${channel} names no variant`);
  // Asked of the API itself, as the listing is (the site only passes /api through).
  const variantUrl = new URL(variant.trim(), masterUrl);
  const mediaUrl = `${apiUrl}${variantUrl.pathname}${variantUrl.search}`;
  const text = await (await fetch(mediaUrl)).text();
  if (!text.startsWith('#EXTM3U')) throw new Error(`the live media playlist of ${channel} is not a playlist: ${text.slice(0, 120)}`);
  const file = path.join(dir, 'live.m3u8');
  writeFileSync(file, text);
  const staticProc = await startStatic(file);
  cleanups.push(() => stopProcess(staticProc));
  return {
    channel,
    bytes: Buffer.byteLength(text),
    rows: [await measure('live-tv', mediaUrl, {}), await measure('live-static', `http://127.0.0.1:${staticProc.port}/live.m3u8`, {})],
  };
}

async function main() {
  let siteUrl = process.env.BENCH_BASE_URL?.replace(/\/$/, '');
  let apiUrl = process.env.BENCH_API_URL?.replace(/\/$/, '') || siteUrl;
  const dir = mkdtempSync(path.join(os.tmpdir(), 'ekran-bench-'));
  cleanups.push(async () => rmSync(dir, { recursive: true, force: true }));

  let stack = null;
  let stackEnv = null;
  let apiPort = null;
  let webPort = null;
  if (!siteUrl) {
    const buildCode = await ensureBuilt();
    if (buildCode !== 0) return buildCode;
    apiPort = await freePort(4620);
    webPort = await freePort(3620);
    console.log(`bench: starting the API on :${apiPort} and the site on :${webPort} (fresh embedded database)…`);
    stackEnv = isolatedStackEnv(dir, { LOG_LEVEL: 'warn', WEB_API_KEY: API_KEY });
    stack = await startStack({ apiPort, webPort, logDir: dir, env: stackEnv, apiEnv: BENCH_API_ENV });
    cleanups.push(stack.stop);
    siteUrl = stack.webUrl;
    apiUrl = stack.apiUrl;
  }

  // The baseline: exactly the API's answer, as a file.
  const apiHeaders = { 'x-api-key': API_KEY, accept: 'application/json' };
  const listing = await fetch(`${apiUrl}${LISTING}`, { headers: apiHeaders });
  const body = await listing.text();
  if (listing.status !== 200) throw new Error(`GET ${apiUrl}${LISTING} answered ${listing.status}: ${body.slice(0, 300)}`);
  const file = path.join(dir, 'titles.json');
  writeFileSync(file, body);
  const staticProc = await startStatic(file);
  cleanups.push(() => stopProcess(staticProc));
  const staticUrl = `http://127.0.0.1:${staticProc.port}/titles.json`;

  const cookie = await returningVisitorCookie(siteUrl);
  console.log(`bench: ${CONNECTIONS} connections, ${WARMUP} s warm-up + ${DURATION} s per target; listing is ${Buffer.byteLength(body)} bytes`);

  // The returning visitor's pages and API calls: a title is the listing's first film; the API is asked as the site
  // asks it (the web's API key, the visitor's browser and session token as the ekran_token cookie).
  const visitorHeaders = { 'user-agent': BROWSER_UA, ...(cookie ? { cookie } : {}) };
  const film = JSON.parse(body).items?.[0];
  if (!film) throw new Error(`GET ${apiUrl}${LISTING} listed no title`);
  const titlePage = `${siteUrl}/watch/${film.alias}`;
  await askOnce('ssr-title', titlePage, visitorHeaders);
  const token = cookie.split('; ').find((c) => c.startsWith('ekran_token='))?.slice('ekran_token='.length);
  if (!token) throw new Error('the first visit set no ekran_token cookie: the API targets need a session');
  const sessionHeaders = { ...apiHeaders, 'user-agent': BROWSER_UA, cookie: `ekran_token=${token}` };
  const refreshUrl = `${apiUrl}/api/v1/auth/refresh`;
  await askOnce('api-refresh', refreshUrl, sessionHeaders, { method: 'POST' });
  // The check the title page makes for its film (a virtual visitor: 200 with subscription_required and the tariffs,
  // or the signed stream when the film is free).
  const playbackUrl = `${apiUrl}/api/v1/playback/${film.uid}`;
  const check = await askOnce('api-playback', playbackUrl, sessionHeaders);
  console.log(`bench: title ${film.alias} (${film.is_free ? 'free' : 'not free'}); its playback check answers reason ${check.json?.reason}`);

  const rows = [
    await measure('api', `${apiUrl}${LISTING}`, apiHeaders),
    await measure('static', staticUrl, {}),
    await measure('ssr-home', `${siteUrl}/`, visitorHeaders),
    // A crawler's home page: no session, so the site's shared page cache answers it (docs/decisions/044).
    await measureCrawlerHome(siteUrl),
    await measure('ssr-movies', `${siteUrl}/movies`, visitorHeaders),
    await measure('ssr-title', titlePage, visitorHeaders),
    await measure('api-refresh', refreshUrl, sessionHeaders, { method: 'POST' }),
    await measure('api-playback', playbackUrl, sessionHeaders),
    // Last of these: it adds a virtual user per request.
    await measureFirstVisit(siteUrl),
  ];
  const [api, stat, ssr, crawler, movies, title, refresh, playback, firstVisit] = rows;
  const ratio = (a, b) => (b ? Number((a / b).toFixed(3)) : null);
  const vsStatic = (row) => [ratio(row.requests_per_sec, stat.requests_per_sec), ratio(row.latency_p99_ms, stat.latency_p99_ms)];
  const ratios = {};
  const named = { api, ssr, crawler_home: crawler, ssr_movies: movies, ssr_title: title, api_refresh: refresh, api_playback: playback, first_visit: firstVisit };
  for (const [key, row] of Object.entries(named)) [ratios[`${key}_vs_static_rps`], ratios[`${key}_vs_static_p99`]] = vsStatic(row);

  console.log('');
  console.table(
    Object.fromEntries(
      rows.map((r) => [r.target, { 'req/s': Math.round(r.requests_per_sec), 'p99 ms': r.latency_p99_ms, 'avg ms': Number(r.latency_avg_ms.toFixed(2)), 'non-2xx': r.non_2xx, errors: r.errors }]),
    ),
  );
  const labels = {
    api: 'API/static', ssr: 'SSR/static', crawler_home: 'crawler home/static', ssr_movies: '/movies/static', ssr_title: 'title page/static',
    api_refresh: 'auth refresh/static', api_playback: 'playback check/static', first_visit: 'first visit/static',
  };
  for (const [key, label] of Object.entries(labels)) {
    console.log(`${`${label}:`.padEnd(23)}${ratios[`${key}_vs_static_rps`]}× the requests per second, ${ratios[`${key}_vs_static_p99`]}× the p99 latency`);
  }

  // ---- A live channel's media playlist, computed from the wall clock on every request (every viewer asks
  // for it once a segment, 4 s), against the same text as a static file.
  const live = await liveTvRows(siteUrl, apiUrl, cookie, dir);
  if (live) {
    rows.push(...live.rows);
    ratios.live_vs_static_rps = ratio(live.rows[0].requests_per_sec, live.rows[1].requests_per_sec);
    ratios.live_vs_static_p99 = ratio(live.rows[0].latency_p99_ms, live.rows[1].latency_p99_ms);
    console.log(`live/static: ${ratios.live_vs_static_rps}× the requests per second, ${ratios.live_vs_static_p99}× the p99 latency (${live.channel}, ${live.bytes} bytes)`);
  }

  // ---- the site alone (no API or database work) against the same page written with string templates
  let siteAlone = null;
  if (stack) {
    siteAlone = await siteAloneRows(stackEnv, apiUrl, cookie, dir);
    rows.push(...siteAlone.rows);
    const [alone, template] = siteAlone.rows;
    ratios.ssr_alone_vs_template_rps = ratio(alone.requests_per_sec, template.requests_per_sec);
    ratios.ssr_alone_vs_template_p99 = ratio(alone.latency_p99_ms, template.latency_p99_ms);
    [ratios.ssr_alone_vs_static_rps, ratios.ssr_alone_vs_static_p99] = vsStatic(alone);
    console.log(`site alone/template:   ${ratios.ssr_alone_vs_template_rps}× the requests per second, ${ratios.ssr_alone_vs_template_p99}× the p99 latency`);
  }

  // ---- search suggestions' round trip (bench/suggest.mjs): one viewer typing, on the catalogue as it is
  const suggest = {};
  if (process.env.BENCH_SUGGEST !== '0') {
    suggest.catalogue = { http: await measureSuggestHttp({ siteUrl, cookie, dir }), browser: await measureSuggestBrowser({ siteUrl }) };
    printSuggest('catalogue as it is', suggest.catalogue.http, suggest.catalogue.browser);
  }

  // ---- page 1 against a deep page (docs/decisions/009-catalogue-paging.md)
  let films = null;
  if (stack) {
    console.log(`\nbench: paging — stopping the site, adding ${BENCH_FILMS} films, restarting the API without its answer cache…`);
    await stack.stop();
    films = await addBenchFilms(path.join(dir, 'pglite'), BENCH_FILMS);
    stack = await startStack({
      apiPort,
      webPort,
      logDir: dir,
      env: isolatedStackEnv(dir, { LOG_LEVEL: 'warn', WEB_API_KEY: API_KEY }),
      // The address's device logins so far stay counted in the database: the limit stays raised.
      apiEnv: { ...BENCH_API_ENV, CATALOG_CACHE_SECONDS: '0' },
    });
    cleanups.push(stack.stop);
    apiUrl = stack.apiUrl;
  }
  const first = await (await fetch(`${apiUrl}${PAGED}`, { headers: apiHeaders })).json();
  const pages = Math.ceil(first.items_total / PAGE_SIZE);
  const deepPage = Math.max(2, Math.floor(pages * DEEP_SHARE));
  const before = await (await fetch(`${apiUrl}${PAGED}&skip=${(deepPage - 2) * PAGE_SIZE}`, { headers: apiHeaders })).json();
  if (!before.next_cursor) throw new Error(`the listing gave no cursor after page ${deepPage - 1} of ${pages}`);
  console.log(`bench: /movies has ${first.items_total} films, ${pages} pages of ${PAGE_SIZE}; the deep page is ${deepPage}`);
  const pagingRows = [
    await measure('page-1', `${apiUrl}${PAGED}`, apiHeaders),
    await measure(`page-${deepPage}`, `${apiUrl}${PAGED}&skip=${(deepPage - 1) * PAGE_SIZE}`, apiHeaders),
    await measure(`cursor-${deepPage}`, `${apiUrl}${PAGED}&after=${before.next_cursor}`, apiHeaders),
  ];
  const [pageOne, pageDeep, cursorDeep] = pagingRows;
  const paging = {
    films: first.items_total,
    pages,
    deep_page: deepPage,
    answer_cache: Boolean(process.env.BENCH_BASE_URL),
    targets: pagingRows,
    ratios: {
      deep_vs_page1_rps: ratio(pageDeep.requests_per_sec, pageOne.requests_per_sec),
      deep_vs_page1_p99: ratio(pageDeep.latency_p99_ms, pageOne.latency_p99_ms),
      cursor_vs_page1_rps: ratio(cursorDeep.requests_per_sec, pageOne.requests_per_sec),
      cursor_vs_page1_p99: ratio(cursorDeep.latency_p99_ms, pageOne.latency_p99_ms),
    },
  };
  console.log('');
  console.table(
    Object.fromEntries(
      pagingRows.map((r) => [r.target, { 'req/s': Math.round(r.requests_per_sec), 'p99 ms': r.latency_p99_ms, 'avg ms': Number(r.latency_avg_ms.toFixed(2)), 'non-2xx': r.non_2xx, errors: r.errors }]),
    ),
  );
  console.log(`page ${deepPage}/page 1:    ${paging.ratios.deep_vs_page1_rps}× the requests per second, ${paging.ratios.deep_vs_page1_p99}× the p99 latency`);
  console.log(`cursor ${deepPage}/page 1:  ${paging.ratios.cursor_vs_page1_rps}× the requests per second, ${paging.ratios.cursor_vs_page1_p99}× the p99 latency`);
  rows.push(...pagingRows);
  // ---- the suggestions again, now that the database holds the large catalogue
  if (stack && process.env.BENCH_SUGGEST !== '0') {
    const siteNow = stack.webUrl;
    const again = await fetch(`${siteNow}/`, { headers: { 'user-agent': BROWSER_UA } });
    await again.arrayBuffer();
    const freshCookie = again.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
    suggest.large = { films: first.items_total, http: await measureSuggestHttp({ siteUrl: siteNow, cookie: freshCookie, dir }), browser: await measureSuggestBrowser({ siteUrl: siteNow }) };
    printSuggest(`${first.items_total} films`, suggest.large.http, suggest.large.browser);
  }

  const commit = currentCommit();
  const results = {
    date: new Date().toISOString(),
    commit,
    node: process.version,
    cpus: os.cpus().length,
    cpu_model: os.cpus()[0]?.model ?? null,
    settings: { connections: CONNECTIONS, duration_s: DURATION, warmup_s: WARMUP, listing: LISTING, listing_bytes: Buffer.byteLength(body), external: Boolean(process.env.BENCH_BASE_URL) },
    targets: rows,
    ratios,
    paging: { ...paging, films_added: films === null ? 0 : BENCH_FILMS },
    suggest,
    site_alone: siteAlone && { calls: siteAlone.calls, site_bytes: siteAlone.site_bytes, template_bytes: siteAlone.template_bytes },
  };
  mkdirSync(path.join(ROOT, 'bench/results'), { recursive: true });
  writeFileSync(path.join(ROOT, 'bench/results/latest.json'), `${JSON.stringify(results, null, 2)}\n`);
  console.log('\nbench: results written to bench/results/latest.json');

  // A first visit without a session is a 200 that was not one (the device login refused).
  const bad = rows.filter((r) => r.non_2xx > 0 || r.errors > 0 || r.timeouts > 0 || r.without_session > 0);
  if (bad.length) {
    const failures = (r) => `${r.target} had ${r.non_2xx} non-2xx, ${r.errors} errors, ${r.timeouts} timeouts${r.without_session ? `, ${r.without_session} answers without a session` : ''}`;
    console.error(`bench: ${bad.map(failures).join('; ')} — the numbers are not comparable.`);
    return 1;
  }
  return 0;
}

let code = 1;
try {
  code = await main();
} catch (err) {
  console.error(`bench: ${err.message}`);
} finally {
  await cleanup();
}
// ---- Time to first frame, tuned start-up against hls.js defaults (bench/ttff.mjs, its own
// static server and browser; BENCH_TTFF=0 skips it).
if (code === 0 && process.env.BENCH_TTFF !== '0') {
  clearTimeout(watchdog); // the harness has its own
  console.log('\nbench: time to first frame (bench/ttff.mjs)…');
  const ttff = spawn(process.execPath, [path.join(ROOT, 'bench/ttff.mjs')], { stdio: 'inherit' });
  code = await new Promise((resolve) => ttff.on('exit', (exitCode) => resolve(exitCode ?? 1)));
}
// ---- The JavaScript of a first visit's pages against the speed goals' budget (bench/page-js.mjs, its own site and
// browser; BENCH_JS=0 skips it).
if (code === 0 && process.env.BENCH_JS !== '0') {
  console.log('\nbench: page JavaScript (bench/page-js.mjs)…');
  const pageJs = spawn(process.execPath, [path.join(ROOT, 'bench/page-js.mjs')], { stdio: 'inherit' });
  code = await new Promise((resolve) => pageJs.on('exit', (exitCode) => resolve(exitCode ?? 1)));
}
process.exit(code);
