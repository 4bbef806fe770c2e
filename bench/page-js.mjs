#!/usr/bin/env node
// `npm run bench:js`: the JavaScript a first-time visitor's browser downloads on the home page, /movies and a title
// page (before play), against the speed goals' budget (120 kB compressed a page, hls.js 0 bytes until play). It starts the
// site from the build as bench/lighthouse.mjs does (a fresh embedded database, seeded), opens each page in a fresh
// chromium profile with a browser's user agent (the site gives crawlers no session, and isbot counts
// "HeadlessChrome" as one), waits until the network has been idle and counts every script response of chromium's
// network log: the entry, the modulepreloads and route-manifest imports React Router writes into the HTML, and what
// the page then imports lazily before anyone touches it. Sizes are the encoded body bytes on the wire (the server's
// `compression` answers with the encoding chromium asks for first: br), with the decoded size and a gzip -9 figure of
// the same bytes beside them. bench/results/page-js-latest.json keeps every file. A measurement, never part of
// `npm test`.
//
// Settings: BENCH_BASE_URL (measure a running site instead of starting one), CHROMIUM_PATH (/usr/bin/chromium),
// BENCH_JS_VERBOSE=1 (print every file).
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { ROOT } from '../scripts/lib/common.mjs';
import { freePort, isolatedStackEnv, startStack } from '../scripts/lib/servers.mjs';
import { currentCommit } from './lib/commit.mjs';

const CHROMIUM_PATH = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
const API_KEY = 'ekran-bench-key-0001';
// The same desktop browser as bench/run.mjs's first-visit target.
const BROWSER_UA = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36';
/** The speed goals' budget: JavaScript on a page's first load, compressed. */
export const PAGE_JS_BUDGET_BYTES = 120 * 1000;
const IDLE_MS = 1_500;

/**
 * One first visit of `url` in a fresh browser context: every script the page fetched until the network went quiet,
 * each with its bytes on the wire, its decoded size and its gzip -9 size.
 * @param {import('playwright-core').Browser} browser
 * @param {string} url
 */
export async function pageScripts(browser, url) {
  const context = await browser.newContext({ userAgent: BROWSER_UA, locale: 'ru-RU', serviceWorkers: 'block' });
  const page = await context.newPage();
  const pending = [];
  page.on('response', (response) => {
    if (response.request().resourceType() !== 'script') return;
    pending.push(
      (async () => {
        // A missing chunk (a site started before the last build) would count as a few bytes of error page.
        if (response.status() !== 200) throw new Error(`${response.url()} answered ${response.status()}`);
        const [sizes, body] = await Promise.all([response.request().sizes(), response.body()]);
        const { pathname } = new URL(response.url());
        return {
          file: pathname,
          encoding: response.headers()['content-encoding'] ?? 'identity',
          wire_bytes: sizes.responseBodySize,
          decoded_bytes: body.length,
          gzip_bytes: gzipSync(body, { level: 9 }).length,
        };
      })(),
    );
  });
  const answer = await page.goto(url, { waitUntil: 'networkidle' });
  if (!answer?.ok()) throw new Error(`${url} answered ${answer?.status()}`);
  const html = await answer.text();
  // Lazy imports that start once the page has hydrated (idle callbacks, intersection observers) still count.
  await page.waitForTimeout(IDLE_MS);
  await page.waitForLoadState('networkidle');
  const files = (await Promise.all(pending)).map((f) => ({ ...f, in_html: html.includes(f.file) }));
  await context.close();
  const sum = (key, list = files) => list.reduce((total, f) => total + f[key], 0);
  const hls = files.filter((f) => /\/hls-[\w-]{8}\.js$/.test(f.file));
  return {
    files: files.sort((a, b) => b.wire_bytes - a.wire_bytes),
    encodings: [...new Set(files.map((f) => f.encoding))],
    wire_bytes: sum('wire_bytes'),
    gzip_bytes: sum('gzip_bytes'),
    decoded_bytes: sum('decoded_bytes'),
    hls_wire_bytes: sum('wire_bytes', hls),
  };
}

const kb = (bytes) => Number((bytes / 1000).toFixed(1));

/** Measures the three pages of the goal on the site at siteUrl (a title page of apiUrl's first film). */
export async function measurePageJs({ siteUrl, titleAlias }) {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: ['--no-sandbox'] });
  try {
    const pages = { home: '/', movies: '/movies', title: `/watch/${titleAlias}` };
    const report = {};
    for (const [name, pathname] of Object.entries(pages)) report[name] = { path: pathname, ...(await pageScripts(browser, `${siteUrl}${pathname}`)) };
    return report;
  } finally {
    await browser.close();
  }
}

/** The printout: one row a page, then (BENCH_JS_VERBOSE=1) every file. */
export function printPageJs(report) {
  console.table(
    Object.fromEntries(
      Object.entries(report).map(([name, r]) => [
        `${name} ${r.path}`,
        {
          files: r.files.length,
          'kB on the wire': kb(r.wire_bytes),
          encoding: r.encodings.join('+'),
          'kB gzip -9': kb(r.gzip_bytes),
          'kB decoded': kb(r.decoded_bytes),
          'hls.js kB': kb(r.hls_wire_bytes),
          budget: r.wire_bytes <= PAGE_JS_BUDGET_BYTES && r.hls_wire_bytes === 0 ? 'within' : 'OVER',
        },
      ]),
    ),
  );
  if (process.env.BENCH_JS_VERBOSE === '1') {
    for (const [name, r] of Object.entries(report)) {
      console.log(`\n${name} ${r.path}:`);
      for (const f of r.files) console.log(`  ${String(kb(f.wire_bytes)).padStart(6)} kB ${f.encoding.padEnd(4)} ${f.in_html ? 'html' : 'lazy'} ${f.file}`);
    }
  }
}

async function main() {
  if (!existsSync(CHROMIUM_PATH)) throw new Error(`${CHROMIUM_PATH} not found (apt-get install -y chromium, or set CHROMIUM_PATH)`);
  const dir = mkdtempSync(path.join(os.tmpdir(), 'ekran-page-js-'));
  const stack = process.env.BENCH_BASE_URL
    ? null
    : await startStack({
        apiPort: await freePort(4670),
        webPort: await freePort(3670),
        logDir: dir,
        env: isolatedStackEnv(dir, { LOG_LEVEL: 'warn', WEB_API_KEY: API_KEY }),
      });
  try {
    const siteUrl = stack?.webUrl ?? process.env.BENCH_BASE_URL.replace(/\/$/, '');
    const listing = await (await fetch(`${stack ? stack.apiUrl : siteUrl}/api/v1/titles?category=movies&limit=1`, { headers: { 'x-api-key': API_KEY } })).json();
    const titleAlias = listing.items?.[0]?.alias;
    if (!titleAlias) throw new Error('the catalogue has no film for the title page');
    console.log(`bench:js: first visits in chromium at ${CHROMIUM_PATH}, site ${siteUrl}`);
    const report = await measurePageJs({ siteUrl, titleAlias });
    printPageJs(report);
    const out = path.join(ROOT, 'bench/results');
    mkdirSync(out, { recursive: true });
    writeFileSync(
      path.join(out, 'page-js-latest.json'),
      `${JSON.stringify({ date: new Date().toISOString(), commit: currentCommit(), budget_bytes: PAGE_JS_BUDGET_BYTES, pages: report }, null, 2)}\n`,
    );
    console.log('bench:js: results written to bench/results/page-js-latest.json');
  } finally {
    await stack?.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
