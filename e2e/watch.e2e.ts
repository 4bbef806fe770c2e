// The main journey: an anonymous visitor opens the home page, picks a free title and watches it.
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { launchBrowser, SCREENSHOT_DIR, type Browser } from './browser.ts';

const PLAYBACK_TIMEOUT_MS = 30_000;
const VIDEO = 'video[data-testid="player-video"]';

interface VideoState {
  found: boolean;
  currentTime?: number;
  totalVideoFrames?: number;
  src?: string;
  currentSrc?: string;
  readyState?: number;
  networkState?: number;
  paused?: boolean;
  error?: { code: number; message: string } | null;
}

let browser: Browser;
beforeEach(async () => {
  browser = await launchBrowser();
});
afterEach(async () => {
  await browser.close();
});

describe('an anonymous visitor', () => {
  it('opens the home page, picks a free title and watches it play', async () => {
    const { page } = browser;

    // Home: server-rendered rows of title cards.
    // A cold server renders posters on first request; give the first page time.
    const response = await page.goto('/', { waitUntil: 'load', timeout: 60_000 });
    expect(response?.status(), 'GET / status').toBe(200);
    const rows = page.locator('section[data-testid="row"]');
    const cards = page.locator('a[data-testid="title-card"]');
    await rows.first().waitFor({ state: 'visible', timeout: 15_000 });
    await cards.first().waitFor({ state: 'visible', timeout: 15_000 });
    expect(await rows.count(), 'seeded rows on the home page').toBeGreaterThan(0);
    expect(await cards.count(), 'title cards on the home page').toBeGreaterThan(0);
    expect((await page.title()).trim(), '<title> of the home page').not.toBe('');
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'home.png'), fullPage: true });

    // A free title: playable without an account.
    const free = page.locator('a[data-testid="title-card"][data-free="true"]').first();
    await free.waitFor({ state: 'attached', timeout: 10_000 });
    const href = await free.getAttribute('href');
    await free.scrollIntoViewIfNeeded();
    await free.click();
    await page.waitForURL(/\/watch\//, { timeout: 15_000 });
    expect(new URL(page.url()).pathname, `the free card (href ${href}) leads to /watch/…`).toMatch(/^\/watch\/[^/]+/);
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'watch.png') });

    // Play, then wait until frames are really decoded and time moves on.
    const play = page.locator('button[data-testid="play-button"]');
    await play.waitFor({ state: 'visible', timeout: 15_000 });
    await play.click();
    await page.locator(VIDEO).waitFor({ state: 'attached', timeout: 15_000 });
    // Stops early when the element keeps a media error for 3 s (a player may recover from a short one).
    const outcome = await page
      .waitForFunction(
        (selector) => {
          const w = window as unknown as { __e2eErrorSince?: number | undefined };
          const v = document.querySelector<HTMLVideoElement>(selector);
          if (!v) return false;
          if (v.error) {
            w.__e2eErrorSince ??= Date.now();
            if (Date.now() - w.__e2eErrorSince > 3_000) return 'error';
          } else {
            w.__e2eErrorSince = undefined;
          }
          return v.currentTime > 2 && v.getVideoPlaybackQuality().totalVideoFrames > 0 ? 'playing' : false;
        },
        VIDEO,
        { timeout: PLAYBACK_TIMEOUT_MS, polling: 250 },
      )
      .then((handle) => handle.jsonValue())
      .catch(() => 'timeout');
    if (outcome !== 'playing') {
      const state = await page.evaluate((selector): VideoState => {
        const v = document.querySelector<HTMLVideoElement>(selector);
        if (!v) return { found: false };
        return {
          found: true,
          currentTime: v.currentTime,
          totalVideoFrames: v.getVideoPlaybackQuality().totalVideoFrames,
          src: v.getAttribute('src') ?? '',
          currentSrc: v.currentSrc,
          readyState: v.readyState,
          networkState: v.networkState,
          paused: v.paused,
          error: v.error ? { code: v.error.code, message: v.error.message } : null,
        };
      }, VIDEO);
      await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'watch-failed.png') }).catch(() => undefined);
      throw new Error(
        (outcome === 'error' ? `The video failed with a media error on ${page.url()}` : `The video did not play within ${PLAYBACK_TIMEOUT_MS / 1000} s on ${page.url()}`) +
          ' (wanted currentTime > 2 and decoded frames > 0).\n' +
          `Video state: ${JSON.stringify(state, null, 2)}\n` +
          `Page problems:\n${browser.describeProblems() || '  (none)'}`,
      );
    }
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'playing.png') });

    expect(browser.problems, `console errors or uncaught errors on the pages:\n${browser.describeProblems()}`).toEqual([]);
  });
});
