// Live TV and recordings (issue 7 tvstream): a free channel plays live for an anonymous visitor and a paid one for
// a subscriber — each a real live HLS stream whose picture time and programme date advance with the wall clock;
// a virtual visitor on a paid channel is sent to sign in; a recording that is not offered shows its own 404 page.
// (The guide is seeded by issue 7 tvdata; until then no programme exists here to open a real recording with — see
// the report: after the merge, add a journey that opens an expired and an available recording of the seeded guide.)
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterEach, describe, expect, it } from 'vitest';
import { signIn, subscriberViaApi } from './accounts.ts';
import { launchBrowser, SCREENSHOT_DIR, type Browser } from './browser.ts';

const PLAYER = '[data-testid="player"]';
const VIDEO = 'video[data-testid="player-video"]';

let browser: Browser | null = null;
afterEach(async () => {
  await browser?.close();
  browser = null;
});

async function open() {
  browser = await launchBrowser({ viewport: { width: 1440, height: 900 } });
  // The channel logos (/tv-logos/*.svg) come with issue 7 tvdata; a missing one is not this journey's problem.
  browser.allowProblem(/\/tv-logos\//);
  return browser;
}

/** The live picture: its media time and the programme date of its frame (EXT-X-PROGRAM-DATE-TIME). */
const liveState = (page: Page) =>
  page.evaluate(([player, video]) => {
    const v = document.querySelector<HTMLVideoElement>(video as string)!;
    const p = document.querySelector<HTMLElement>(player as string)!;
    return { time: v.currentTime, paused: v.paused, frames: v.getVideoPlaybackQuality().totalVideoFrames, date: p.dataset.playingDate ?? '', live: p.dataset.live ?? '' };
  }, [PLAYER, VIDEO] as const);

/** Waits for the live picture to play, then checks that its time and programme date move on with the clock. */
async function expectLivePlayback(page: Page, screenshot: string) {
  await page.locator(PLAYER).waitFor({ state: 'visible', timeout: 30_000 });
  await page.waitForFunction(
    ([player, video]) => {
      const v = document.querySelector<HTMLVideoElement>(video as string);
      const p = document.querySelector<HTMLElement>(player as string);
      return !!v && !v.paused && v.currentTime > 0.5 && v.getVideoPlaybackQuality().totalVideoFrames > 0 && !!p?.dataset.playingDate;
    },
    [PLAYER, VIDEO] as const,
    { timeout: 45_000, polling: 250 },
  );
  const first = await liveState(page);
  expect(first.live).toBe('true');
  // Every viewer sees the same moment: the picture is the wall clock less the live delay (three 4 s segments and a bit).
  const behind = (Date.now() - Date.parse(first.date)) / 1000;
  expect(behind).toBeGreaterThan(4);
  expect(behind).toBeLessThan(60);
  expect(await page.locator('[data-testid="player-live"]').textContent()).toBe('В эфире');
  // No seek bar on live TV.
  expect(await page.locator('[data-testid="player-seek"]').count()).toBe(0);
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, screenshot) });
  await page.waitForTimeout(6_000);
  const later = await liveState(page);
  expect(later.time - first.time).toBeGreaterThan(3);
  expect(Date.parse(later.date) - Date.parse(first.date)).toBeGreaterThan(3_000);
  expect(later.frames).toBeGreaterThan(first.frames);
}

describe('live TV', () => {
  it('plays a free channel live for an anonymous visitor; its time and programme date advance', async () => {
    const { page, describeProblems } = await open();
    await page.goto('/channel/ekran-novosti', { waitUntil: 'load', timeout: 60_000 });
    expect(await page.locator('.tv-channel__title').textContent()).toBe('Экран Новости');
    await expectLivePlayback(page, 'tv-live-free-1440.png');
    expect(describeProblems()).toBe('');
  });

  it('sends a virtual visitor on a paid channel to sign in, and plays it live for a subscriber', async () => {
    const { page, describeProblems } = await open();
    await page.goto('/channel/ekran-kino', { waitUntil: 'load', timeout: 60_000 });
    // Not entitled: no player starts; play follows platform §4 (from TV no subscription popup, §5): /auth.
    expect(await page.locator(PLAYER).count()).toBe(0);
    await page.locator('[data-testid="play-button"]').click();
    await page.waitForURL('**/auth?back=%2Fchannel%2Fekran-kino');

    const email = `tv.${Date.now()}@example.ru`;
    const password = 'прямой-эфир-42';
    await subscriberViaApi(email, password);
    await signIn(page, email, password, '/channel/ekran-kino');
    await expectLivePlayback(page, 'tv-live-paid-1440.png');
    expect(describeProblems()).toBe('');
  });
});

describe('recordings', () => {
  it('does not offer a recording that is not there (expired, not aired, unknown): its own page with 404', async () => {
    const { page, allowProblem, describeProblems } = await open();
    allowProblem(/status of 404/);
    const res = await page.goto('/archive/watch/00000000-0000-4000-8000-000000000000', { waitUntil: 'load', timeout: 60_000 });
    expect(res?.status()).toBe(404);
    const unavailable = page.locator('[data-testid="recording-unavailable"]');
    await unavailable.waitFor({ state: 'visible' });
    expect(await unavailable.textContent()).toContain('Запись недоступна');
    expect(await page.locator(PLAYER).count()).toBe(0);
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'tv-recording-unavailable-1440.png') });
    expect(describeProblems()).toBe('');
  });
});
