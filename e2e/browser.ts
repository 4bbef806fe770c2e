// Debian's chromium (never a downloaded browser) driven by playwright-core: one chromium per test file, and a
// fresh browser context (its own cookies, storage and cache, as a new profile has) for every journey.
import { fileURLToPath } from 'node:url';
import { OFFER_REDIRECT_FLAG_COOKIE } from '@ekran/core';
import { chromium, type Browser as Chromium, type BrowserContext, type Page } from 'playwright-core';
import { expect } from 'vitest';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** The site under test (scripts/e2e.mjs starts it and sets this). */
export const BASE_URL = (process.env.E2E_BASE_URL ?? 'http://127.0.0.1:3610').replace(/\/$/, '');

/** Where screenshots go (gitignored). */
export const SCREENSHOT_DIR = fileURLToPath(new URL('./screenshots/', import.meta.url));

const FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  // The player starts muted video without a click; sound would go nowhere anyway.
  '--autoplay-policy=no-user-gesture-required',
  '--mute-audio',
];

export interface PageProblem {
  kind: 'console.error' | 'pageerror' | 'csp';
  text: string;
  url?: string | undefined;
}

export interface Browser {
  context: BrowserContext;
  page: Page;
  /** Console errors and uncaught exceptions of every page, in order. */
  problems: PageProblem[];
  /** Ignore problems matching this from now on (for requests a test makes fail on purpose). */
  allowProblem(match: RegExp): void;
  /** The problems as readable lines, or '' when there were none. */
  describeProblems(): string;
  close(): Promise<void>;
}

let chromiumOfThisFile: Promise<Chromium> | null = null;

/** The chromium of this test file, started on first use (starting one per journey cost a second each). */
function sharedChromium(): Promise<Chromium> {
  chromiumOfThisFile ??= chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: FLAGS }).catch((err: unknown) => {
    chromiumOfThisFile = null;
    throw new Error(`Could not launch ${CHROMIUM_PATH} (install it with: apt-get install -y chromium): ${(err as Error).message}`);
  });
  return chromiumOfThisFile;
}

/** Stops this file's chromium (e2e/setup.ts, after the file's journeys). */
export async function closeSharedChromium(): Promise<void> {
  const running = chromiumOfThisFile;
  chromiumOfThisFile = null;
  if (running) await (await running.catch(() => null))?.close();
}

/** A fresh browser context of this file's chromium (no cookies, no storage): a new visitor; close() ends it. */
export async function launchBrowser(options: { viewport?: { width: number; height: number }; marketingPopups?: boolean } = {}): Promise<Browser> {
  const context: BrowserContext = await (await sharedChromium()).newContext({
    baseURL: BASE_URL,
    viewport: options.viewport ?? { width: 1366, height: 900 },
    locale: 'ru-RU',
    timezoneId: 'Europe/Moscow',
    // Headless chromium says "HeadlessChrome", which the site rightly treats as a crawler (no session,
    // no device login); the journeys are a viewer's, so they send a viewer's browser name.
    userAgent: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36',
  });
  // The shell's marketing popups (the offer, play-grand, the upsell) open on / and title pages,
  // a moment after the page, for any new visitor; one opening just as a journey clicks would take the click. A
  // journey about something else starts with the offer's redirect flag (core OFFER_REDIRECT_FLAG_COOKIE: the
  // shell opens no marketing popup while it is set, as right after an accepted offer); e2e/offers.e2e.ts asks for
  // them (marketingPopups: true).
  if (!options.marketingPopups) await context.addCookies([{ name: OFFER_REDIRECT_FLAG_COOKIE, value: '1', url: BASE_URL }]);
  // Every Content-Security-Policy violation of a page is a problem, whatever the console says about it (a blocked
  // worker or a report-only breach may log nothing): the page reports it through a binding.
  const problems: PageProblem[] = [];
  await context.exposeBinding('__ekranCspViolation', ({ page }, text: string) => {
    if (!isAllowed(text)) problems.push({ kind: 'csp', text, url: page.url() });
  });
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      const report = (window as unknown as { __ekranCspViolation?: (text: string) => void }).__ekranCspViolation;
      report?.(`CSP violation: ${e.effectiveDirective} blocked ${e.blockedURI || '(inline)'} at ${e.sourceFile || '?'}:${e.lineNumber}`);
    });
  });
  const allowed: RegExp[] = [];
  const isAllowed = (text: string, url?: string) => allowed.some((re) => re.test(text) || (url !== undefined && re.test(url)));
  const watch = (page: Page) => {
    // The subscriptions popup's offer screen (when an offer applies) is passed with «Другие
    // варианты» to the popup's usual screen, as a viewer not after the offer would (see marketingPopups below).
    if (!options.marketingPopups) {
      void page.addLocatorHandler(page.locator('[data-testid="subscription-offer-screen"]'), async (screen) => {
        await screen.locator('[data-testid="offer-later"]').click();
      });
    }
    page.on('console', (msg) => {
      if (msg.type() !== 'error') return;
      const url = msg.location().url || undefined;
      if (!isAllowed(msg.text(), url)) problems.push({ kind: 'console.error', text: msg.text(), url });
    });
    // The last failed responses, named in a page error's text (an error from a failed data request says which).
    const failed: string[] = [];
    page.on('response', (r) => {
      if (r.status() < 400) return;
      failed.push(`${r.status()} ${r.request().method()} ${r.url()}`);
      if (failed.length > 5) failed.shift();
    });
    page.on('pageerror', (err) => {
      // An error thrown without a message (or a non-Error value) still says what it was.
      const what = err.stack || err.message || `${err.name || 'Error'} without a message: ${String(err)}`;
      const text = `${what} (page ${page.url()}${failed.length > 0 ? `; last failed responses: ${failed.join(', ')}` : ''})`;
      if (!isAllowed(text)) problems.push({ kind: 'pageerror', text });
    });
  };
  context.pages().forEach(watch);
  context.on('page', watch);
  const page = context.pages()[0] ?? (await context.newPage());
  return {
    context,
    page,
    problems,
    allowProblem: (match) => void allowed.push(match),
    describeProblems: () => problems.map((p) => `  [${p.kind}] ${p.text}${p.url ? ` (at ${p.url})` : ''}`).join('\n'),
    async close() {
      await context.close().catch(() => undefined);
    },
  };
}

/** The infinite grid of the catalogue and the archive (components/catalog/infinite-grid.tsx). */
export const LISTING = '[data-testid="listing"]';

/**
 * Waits until an infinite grid has settled: not busy, and the same number of `cards` twice, 600 ms apart (a portion
 * still arriving would otherwise split a reading). Resolves with the number of cards.
 */
export async function settleGrid(page: Page, cards: string): Promise<number> {
  await expect
    .poll(
      async () => {
        const before = await page.locator(cards).count();
        await page.waitForTimeout(600);
        return (await page.locator(LISTING).getAttribute('aria-busy')) === 'false' && (await page.locator(cards).count()) === before;
      },
      { timeout: 20_000 },
    )
    .toBe(true);
  return page.locator(cards).count();
}
