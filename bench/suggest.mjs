#!/usr/bin/env node
// `npm run bench:suggest` (also a step of `npm run bench`): the search suggestions' round trip, as the header's
// search field makes it once typing pauses (spec catalogue §5).
//   (a) http: one viewer's requests one after another (one connection, no concurrency: this is latency, not
//       throughput) to the site's suggestion resource, exactly as the browser's fetcher asks it
//       (/resources/search-suggest?q=…), over prefixes of several names, against the same answer served
//       as a static file (bench/static-server.mjs): the ratio is what the site, the API and the database add.
//   (b) browser: Debian's chromium types each query into the header field; the clock runs from the moment the
//       debounce sends the request (its Resource Timing start) to the moment the list shows that query's
//       suggestions. Target: within 150 ms on the development machine.
// Standalone it starts its own site (fresh embedded database, seeded) unless BENCH_BASE_URL names a running one;
// BENCH_SUGGEST_FILMS (default 0) adds that many films first (bench/lib/bulk-titles.mjs), as the paging
// comparison of bench/run.mjs does, so the database has a large catalogue to search.
/* global document, MutationObserver, requestAnimationFrame -- inside page.evaluate, in the browser */
import { chromium } from 'playwright-core';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawn } from 'node:child_process';
import readline from 'node:readline';
import { fileURLToPath } from 'node:url';

const ROOT_DIR = fileURLToPath(new URL('..', import.meta.url));
const BROWSER_UA = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36';
const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
/** What viewers type: prefixes of titles and people of the demo catalogue, short ones (many matches) first. */
export const SUGGEST_QUERIES = ['ма', 'ст', 'во', 'вол', 'волк', 'дик', 'дикий', 'чер', 'черный в', 'лед и', 'север', 'море', 'федоров', 'пётр', 'ночь'];
const ROUNDS = Number(process.env.BENCH_SUGGEST_ROUNDS || 5);
/** The page the browser types on: a catalogue page of 144 cards, under the header's search field. */
const SUGGEST_PAGE = process.env.BENCH_SUGGEST_PAGE || '/movies';

const pct = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((sorted.length - 1) * p))];
function summary(ms) {
  if (ms.length === 0) return { n: 0, median_ms: null, p90_ms: null, max_ms: null };
  const sorted = [...ms].sort((a, b) => a - b);
  const r = (x) => Number(x.toFixed(1));
  return { n: sorted.length, median_ms: r(pct(sorted, 0.5)), p90_ms: r(pct(sorted, 0.9)), max_ms: r(sorted.at(-1)) };
}

const suggestPath = (q) => `/resources/search-suggest?${new URLSearchParams({ q })}`;

async function timed(url, headers) {
  const start = performance.now();
  const res = await fetch(url, { headers });
  const body = await res.arrayBuffer();
  if (!res.ok) throw new Error(`GET ${url} answered ${res.status}`);
  return { ms: performance.now() - start, body };
}

/** Starts bench/static-server.mjs serving `file`; resolves with { port, stop }. */
function startStatic(file) {
  const child = spawn(process.execPath, [path.join(ROOT_DIR, 'bench/static-server.mjs'), file, '0'], { stdio: ['ignore', 'pipe', 'inherit'] });
  return new Promise((resolve, reject) => {
    readline.createInterface({ input: child.stdout }).on('line', (line) => {
      if (line.startsWith('ready ')) resolve({ port: Number(line.slice(6)), stop: () => child.kill('SIGTERM') });
    });
    child.on('exit', (code) => reject(new Error(`the static file server exited (code ${code})`)));
  });
}

/** (a) the round trip over HTTP, sequentially, against the same bytes as a static file. */
export async function measureSuggestHttp({ siteUrl, cookie = '', dir }) {
  const headers = { 'user-agent': BROWSER_UA, ...(cookie ? { cookie } : {}) };
  for (const q of SUGGEST_QUERIES) await timed(`${siteUrl}${suggestPath(q)}`, headers); // warm-up
  const site = [];
  let sample = null;
  for (let round = 0; round < ROUNDS; round++) {
    for (const q of SUGGEST_QUERIES) {
      const { ms, body } = await timed(`${siteUrl}${suggestPath(q)}`, headers);
      site.push(ms);
      sample ??= body;
    }
  }
  const file = path.join(dir, 'suggest.data');
  writeFileSync(file, Buffer.from(sample));
  const stat = await startStatic(file);
  const staticMs = [];
  try {
    const url = `http://127.0.0.1:${stat.port}/suggest.data`;
    for (let i = 0; i < SUGGEST_QUERIES.length; i++) await timed(url, {});
    for (let i = 0; i < site.length; i++) staticMs.push((await timed(url, {})).ms);
  } finally {
    stat.stop();
  }
  const s = summary(site);
  const b = summary(staticMs);
  return { site: s, static: b, median_vs_static: Number((s.median_ms / b.median_ms).toFixed(2)) };
}

/**
 * (b) in the browser: from the debounced request's start to that query's suggestions on screen, in two arms
 * taking turns query by query, so both see the same load on the machine: `site` asks the site; `static` gets
 * the site's own answer for the query from the browser's request interception at once (no server work), which
 * leaves what the page itself costs (fetcher, decoding, rendering). site − static is the server's share.
 */
export async function measureSuggestBrowser({ siteUrl }) {
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox'] });
  try {
    const open = async () => {
      const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, userAgent: BROWSER_UA, locale: 'ru-RU', baseURL: siteUrl });
      const page = await context.newPage();
      await page.goto(SUGGEST_PAGE, { waitUntil: 'load', timeout: 60_000 });
      // The grid's posters would fill the default buffer of 250 entries and hide the suggestions' requests.
      await page.evaluate(() => performance.setResourceTimingBufferSize(100_000));
      const input = page.getByRole('combobox', { name: 'Поиск по каталогу' });
      await input.waitFor({ state: 'visible', timeout: 30_000 });
      return { context, page, input };
    };
    const site = await open();
    const stat = await open();
    // The static arm's answers: the site's own, asked once beforehand.
    const answers = new Map();
    for (const q of SUGGEST_QUERIES) {
      const res = await site.page.request.get(suggestPath(q));
      answers.set(q, { body: await res.body(), contentType: res.headers()['content-type'] ?? 'application/json' });
    }
    await stat.page.route(/\/resources\/search-suggest/, (route) => {
      const answer = answers.get(new URL(route.request().url()).searchParams.get('q') ?? '');
      return answer ? route.fulfill({ status: 200, body: answer.body, contentType: answer.contentType }) : route.continue();
    });
    const arms = { site: { ...site, shown: [], response: [], misses: [] }, static: { ...stat, shown: [], response: [], misses: [] } };
    for (let round = 0; round < Math.max(1, Math.floor(ROUNDS / 2)); round++) {
      for (const q of SUGGEST_QUERIES) {
        for (const arm of Object.values(arms)) {
          const ms = await timeOneQuery(arm.page, arm.input, q);
          if (ms === null) arm.misses.push(q);
          else {
            arm.shown.push(ms.shown);
            arm.response.push(ms.response);
          }
        }
      }
      // The next round asks again, not the browser's cache (the answers are private, max-age=60).
      for (const arm of Object.values(arms)) {
        const cdp = await arm.context.newCDPSession(arm.page);
        await cdp.send('Network.clearBrowserCache');
      }
    }
    const result = (arm) => ({ ...summary(arm.shown), response: summary(arm.response), misses: arm.misses });
    const out = { site: result(arms.site), static: result(arms.static) };
    out.site_minus_static_median_ms = Number((out.site.median_ms - out.static.median_ms).toFixed(1));
    return out;
  } finally {
    await browser.close();
  }
}

/** Types q into the field and answers { shown, response } in ms from the request's start, or null. */
async function timeOneQuery(page, input, q) {
  await input.fill('');
  await page.waitForTimeout(350); // past the debounce: nothing is pending
  await page.evaluate(() => performance.clearResourceTimings());
  await input.pressSequentially(q, { delay: 30 });
  return page.evaluate(
    (query) =>
      new Promise((resolve) => {
        const timeout = setTimeout(() => resolve(null), 15_000); // counted as a miss
        // When the list last changed; resource timing entries may be queued after React has rendered, so the
        // condition is checked every frame and the time taken is the list's last change.
        let changedAt = performance.now();
        const observer = new MutationObserver(() => (changedAt = performance.now()));
        observer.observe(document.body, { subtree: true, childList: true, attributes: true, characterData: true });
        const check = () => {
          const entry = performance
            .getEntriesByType('resource')
            .filter((e) => e.name.includes('search-suggest') && new URL(e.name).searchParams.get('q') === query)
            .at(-1);
          const list = document.querySelector('[role="listbox"]');
          const options = list && !list.hasAttribute('hidden') ? list.querySelectorAll('[role="option"]') : [];
          const busy = list?.getAttribute('aria-busy') === 'true';
          const last = options[options.length - 1]?.textContent ?? '';
          // Shown: the list holds more than «all results» for this query and is not waiting: its answer is on screen.
          if (entry && entry.responseEnd > 0 && options.length > 1 && !busy && last.includes(query) && changedAt >= entry.startTime) {
            observer.disconnect();
            clearTimeout(timeout);
            resolve({ shown: changedAt - entry.startTime, response: entry.responseEnd - entry.startTime });
          } else requestAnimationFrame(check);
        };
        requestAnimationFrame(check);
      }),
    q,
  );
}

export function printSuggest(label, http, inBrowser) {
  const arm = (r) => `median ${r.median_ms} ms (p90 ${r.p90_ms}, max ${r.max_ms}; response ${r.response.median_ms} ms${r.misses.length ? `; not seen for ${r.misses.join(', ')}` : ''})`;
  console.log(`suggest (${label}): site round trip median ${http.site.median_ms} ms (p90 ${http.site.p90_ms}, max ${http.site.max_ms}) — ${http.median_vs_static}× the static file's ${http.static.median_ms} ms`);
  console.log(`suggest (${label}): in the browser, request to suggestions on screen: site ${arm(inBrowser.site)}; static answer ${arm(inBrowser.static)}; the server's share ${inBrowser.site_minus_static_median_ms} ms`);
}

async function main() {
  const { ensureBuilt } = await import('../scripts/lib/build-state.mjs');
  const { freePort, isolatedStackEnv, startStack, stopAllProcesses } = await import('../scripts/lib/servers.mjs');
  const { addBenchFilms } = await import('./lib/bulk-titles.mjs');
  const dir = mkdtempSync(path.join(os.tmpdir(), 'ekran-bench-suggest-'));
  let stack = null;
  try {
    let siteUrl = process.env.BENCH_BASE_URL?.replace(/\/$/, '');
    const films = Number(process.env.BENCH_SUGGEST_FILMS || 0);
    if (!siteUrl) {
      if ((await ensureBuilt()) !== 0) return 1;
      const apiPort = await freePort(4630);
      const webPort = await freePort(3630);
      const start = () => startStack({ apiPort, webPort, logDir: dir, env: isolatedStackEnv(dir, { LOG_LEVEL: 'warn' }) });
      stack = await start();
      if (films > 0) {
        await stack.stop();
        console.log(`bench: suggest — adding ${films} films…`);
        await addBenchFilms(path.join(dir, 'pglite'), films);
        stack = await start();
      }
      siteUrl = stack.webUrl;
    }
    const first = await fetch(`${siteUrl}/`, { headers: { 'user-agent': BROWSER_UA } });
    await first.arrayBuffer();
    const cookie = first.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
    const http = await measureSuggestHttp({ siteUrl, cookie, dir });
    const browser = await measureSuggestBrowser({ siteUrl });
    printSuggest(films > 0 ? `+${films} films` : 'catalogue as it is', http, browser);
    console.log(JSON.stringify({ http, browser }));
    return 0;
  } finally {
    await stack?.stop().catch(() => undefined);
    await stopAllProcesses();
    rmSync(dir, { recursive: true, force: true });
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  let code = 1;
  try {
    code = await main();
  } catch (err) {
    console.error(`bench: suggest: ${err.stack ?? err.message}`);
  }
  process.exit(code);
}
