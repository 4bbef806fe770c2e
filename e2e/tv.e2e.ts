// Live TV and recordings: a free channel plays live for an anonymous visitor and a paid one for
// a subscriber — each a real live HLS stream whose picture time and programme date advance with the wall clock;
// a virtual visitor on a paid channel is sent to sign in; a recording that is not offered shows its own 404 page.
// Recordings of the seeded guide: one still offered plays as VOD for a subscriber; one aired more than 14 days ago
// is no longer offered.
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterEach, describe, expect, it } from 'vitest';
import { API_KEY, signIn, subscriberViaApi } from './accounts.ts';
import { BASE_URL, launchBrowser, SCREENSHOT_DIR, type Browser } from './browser.ts';

const PLAYER = '[data-testid="player"]';
const VIDEO = 'video[data-testid="player-video"]';

let browser: Browser | null = null;
afterEach(async () => {
  await browser?.close();
  browser = null;
});

async function open() {
  browser = await launchBrowser({ viewport: { width: 1440, height: 900 } });
  // The channel logos (/tv-logos/*.svg) come with the TV data; a missing one is not this journey's problem.
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

  it('plays a recording of the seeded guide for a subscriber, and no longer offers one aired over 14 days ago', async () => {
    const { page, allowProblem, describeProblems } = await open();
    const headers = { 'x-api-key': API_KEY };
    // The newest recording the archive offers.
    const list = await fetch(`${BASE_URL}/api/v2/multiplex/catchups?limit=1`, { headers });
    expect(list.status).toBe(200);
    const { items } = (await list.json()) as { items: { id: string; title: string }[] };
    expect(items.length, 'the seeded guide has recordings').toBe(1);
    const recording = items[0]!;

    const email = `zapis.${Date.now()}@example.ru`;
    const password = 'zapis-s-tv-2026';
    await subscriberViaApi(email, password);
    await signIn(page, email, password, `/archive/watch/${recording.id}`);
    // A recording plays when asked, as a title does.
    await page.locator('[data-testid="play-button"]').click();
    await page.locator(PLAYER).waitFor({ state: 'visible', timeout: 30_000 });
    await page.waitForFunction(
      (video) => {
        const v = document.querySelector<HTMLVideoElement>(video);
        return !!v && !v.paused && v.currentTime > 0.5;
      },
      VIDEO,
      { timeout: 45_000, polling: 250 },
    );
    // A recording is VOD: it has a seek bar and no live badge.
    expect(await page.locator('[data-testid="player-seek"]').count()).toBe(1);
    expect(await page.locator('[data-testid="player-live"]').count()).toBe(0);
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'tv-recording-1440.png') });

    // The oldest day of the guide: a film that ended more than 14 days ago has expired.
    const days = (await (await fetch(`${BASE_URL}/api/v1/tv/channels/ekran-kino?tz=3`, { headers })).json()) as { dates: string[] };
    const oldest = (await (await fetch(`${BASE_URL}/api/v1/tv/channels/ekran-kino?tz=3&date=${days.dates[0]}`, { headers })).json()) as {
      items: { id: string; is_recorded: boolean; is_catchup_available: boolean; expired_at: string | null }[];
    };
    const recorded = oldest.items.filter((p) => p.is_recorded && p.expired_at !== null);
    const expired = recorded.find((p) => Date.parse(p.expired_at!) < Date.now());
    if (!expired) {
      // In the first hours after midnight MSK the oldest day's first programmes ended less than 14 days ago: none
      // has expired yet, each is still offered, and the first expires within those hours.
      expect(recorded.length).toBeGreaterThan(0);
      expect(recorded.every((p) => p.is_catchup_available)).toBe(true);
      expect(Math.min(...recorded.map((p) => Date.parse(p.expired_at!))) - Date.now()).toBeLessThan(3 * 3_600_000);
      expect(describeProblems()).toBe('');
      return;
    }
    expect(expired, 'a recording of the guide\'s oldest day has expired').toBeTruthy();
    expect(expired.is_catchup_available).toBe(false);
    const ids = new Set<string>();
    for (let skip = 0; ; skip += 100) {
      const page_ = (await (await fetch(`${BASE_URL}/api/v2/multiplex/catchups?limit=100&skip=${skip}`, { headers })).json()) as { items: { id: string }[]; items_total: number };
      for (const item of page_.items) ids.add(item.id);
      if (skip + 100 >= page_.items_total) break;
    }
    expect(ids.has(expired.id)).toBe(false);
    allowProblem(/status of 404/);
    const res = await page.goto(`/archive/watch/${expired.id}`, { waitUntil: 'load', timeout: 60_000 });
    expect(res?.status()).toBe(404);
    await page.locator('[data-testid="recording-unavailable"]').waitFor({ state: 'visible' });
    expect(await page.locator(PLAYER).count()).toBe(0);
    expect(describeProblems()).toBe('');
  });
});
