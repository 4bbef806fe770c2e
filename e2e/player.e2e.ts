// The player: a viewer plays a free film, seeks with the keyboard and the seek bar,
// picks a quality from the menu (hls.js switches rendition), reloads and resumes where they stopped; a free
// series goes on to its next episode after the «Следующая серия» countdown. Screenshots at 1440 and 390 px.
import path from 'node:path';
import type { Page } from 'playwright-core';
import { qualityLabel } from '@ekran/core';
import { afterEach, describe, expect, it } from 'vitest';
import { API_KEY } from './accounts.ts';
import { BASE_URL, launchBrowser, SCREENSHOT_DIR, type Browser } from './browser.ts';

const PLAYER = '[data-testid="player"]';
const VIDEO = 'video[data-testid="player-video"]';

let browser: Browser | null = null;
afterEach(async () => {
  await browser?.close();
  browser = null;
});

interface Card {
  alias: string;
  title: string;
  is_free: boolean;
  _cls: string;
}

/** A free title of the catalogue of this kind (the seed marks some films and series free). */
async function freeTitle(category: 'movies' | 'series'): Promise<Card> {
  const res = await fetch(`${BASE_URL}/api/v1/titles?category=${category}&limit=100`, { headers: { 'x-api-key': API_KEY } });
  const { items } = (await res.json()) as { items: Card[] };
  const free = items.find((t) => t.is_free);
  expect(free, `a free title among the ${category}`).toBeTruthy();
  return free!;
}

const videoTime = (page: Page) => page.$eval(VIDEO, (v) => (v as HTMLVideoElement).currentTime);

/** Waits until frames are decoded and the time has passed `seconds`. */
async function playingPast(page: Page, seconds: number, timeout = 30_000) {
  await page.waitForFunction(
    ([selector, s]) => {
      const v = document.querySelector<HTMLVideoElement>(selector as string);
      return !!v && !v.paused && v.currentTime > s && v.getVideoPlaybackQuality().totalVideoFrames > 0;
    },
    [VIDEO, seconds] as const,
    { timeout, polling: 200 },
  );
}

/**
 * The seed's promo preroll plays before free titles for viewers without a subscription:
 * it is labelled, counts down to «Пропустить», and the skip goes on to the title itself.
 */
async function skipPreroll(page: Page, screenshot?: string) {
  await expect.poll(() => page.locator(PLAYER).getAttribute('data-phase'), { timeout: 15_000 }).toMatch(/^(preroll|main)$/);
  if ((await page.locator(PLAYER).getAttribute('data-phase')) !== 'preroll') return;
  const skip = page.locator('[data-testid="player-skip-slot"]');
  await skip.waitFor({ state: 'visible', timeout: 15_000 });
  if (screenshot) await page.screenshot({ path: path.join(SCREENSHOT_DIR, screenshot) });
  await skip.click();
  await expect.poll(() => page.locator(PLAYER).getAttribute('data-phase'), { timeout: 10_000 }).toBe('main');
}

/** Keeps the master playlists the page loads (a promo's, then the title's), newest last. */
function masterPlaylists(page: Page): string[] {
  const bodies: string[] = [];
  page.on('response', (r) => {
    if (r.url().endsWith('/master.m3u8') && r.ok()) void r.text().then((t) => bodies.push(t), () => undefined);
  });
  return bodies;
}

/** The quality menu's labels for a master playlist's renditions (platform §9 names, core qualityLabel), best first. */
function renditionLabels(master: string): string[] {
  const heights = [...new Set([...master.matchAll(/RESOLUTION=\d+x(\d+)/g)].map((m) => Number(m[1])))].sort((a, b) => b - a);
  return heights.map(qualityLabel);
}

/** Makes the controls show (they hide while playing) by moving the pointer over the picture. */
async function wakeControls(page: Page) {
  const box = (await page.locator(PLAYER).boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 3);
  await page.mouse.move(box.x + box.width / 2 + 5, box.y + box.height / 3 + 5);
}

describe('the player', () => {
  it('plays, seeks by keyboard and seek bar, switches quality from the menu and resumes after a reload', async () => {
    browser = await launchBrowser({ viewport: { width: 1440, height: 900 } });
    const { page } = browser;
    const film = await freeTitle('movies');
    const masters = masterPlaylists(page);
    await page.goto(`/watch/${film.alias}`, { waitUntil: 'load', timeout: 60_000 });
    await page.click('[data-testid="play-button"]');
    await page.locator(PLAYER).waitFor({ state: 'visible', timeout: 15_000 });
    await skipPreroll(page, 'player-1440-preroll.png');
    await playingPast(page, 1);

    // Own controls: the native ones are off; the seek bar is a slider that speaks «m:ss из m:ss».
    expect(await page.$eval(VIDEO, (v) => (v as HTMLVideoElement).controls)).toBe(false);
    const seek = page.locator('[data-testid="player-seek"]');
    expect(await seek.getAttribute('role')).toBe('slider');
    expect(await seek.getAttribute('aria-valuetext')).toMatch(/^\d+:\d\d из 0:4\d$/);

    // → moves 10 s on.
    const before = await videoTime(page);
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => videoTime(page), { timeout: 5_000 }).toBeGreaterThan(before + 8);

    // The seek bar: a click at 75% of its width goes to ~75% of the film.
    await wakeControls(page);
    const bar = (await seek.boundingBox())!;
    await page.mouse.click(bar.x + bar.width * 0.75, bar.y + bar.height / 2);
    const duration = await page.$eval(VIDEO, (v) => (v as HTMLVideoElement).duration);
    await expect.poll(() => videoTime(page), { timeout: 5_000 }).toBeGreaterThan(duration * 0.7);
    // ← goes back 10 s.
    const atBar = await videoTime(page);
    await page.keyboard.press('ArrowLeft');
    await expect.poll(() => videoTime(page), { timeout: 5_000 }).toBeLessThan(atBar - 8);

    // Quality: «Авто» plus the stream's renditions named per spec §9; pinning HQ 360 switches hls.js to it.
    await wakeControls(page);
    await page.click('[data-testid="player-quality"]');
    const menu = page.locator('[data-testid="player-quality-menu"]');
    await menu.waitFor({ state: 'visible' });
    const labels = await menu.locator('[role="menuitemradio"]').allTextContents();
    expect(labels[0]).toMatch(/^Авто/);
    // One item per real rendition of the title's stream (the last master loaded: the preroll's came first).
    expect(labels.slice(1)).toEqual(renditionLabels(masters.at(-1)!));
    expect(labels).toContain('HQ 360');
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'player-1440-quality.png') });
    await menu.locator('[role="menuitemradio"]', { hasText: 'HQ 360' }).click();
    await expect.poll(() => page.locator(PLAYER).getAttribute('data-auto-level')).toBe('false');
    await expect.poll(() => page.$eval(VIDEO, (v) => (v as HTMLVideoElement).videoHeight), { timeout: 15_000 }).toBe(360);
    // The choice is remembered.
    expect(JSON.parse((await page.evaluate(() => localStorage.getItem('ekran.player.v1'))) ?? '{}')).toMatchObject({ quality: 360 });

    // Pause at a known point (a progress report), reload, and resume there.
    const seekTarget = 20;
    await page.$eval(VIDEO, (v, s) => ((v as HTMLVideoElement).currentTime = s), seekTarget);
    await playingPast(page, seekTarget + 1);
    const reported = page.waitForResponse((r) => r.url().includes('/api/v1/profile/progress') && r.request().method() === 'PUT');
    await page.keyboard.press('k');
    expect((await reported).status()).toBeLessThan(300);
    const pausedAt = await videoTime(page);
    await wakeControls(page);
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'player-1440-paused.png') });

    await page.reload({ waitUntil: 'load' });
    await page.click('[data-testid="resume-button"]');
    await page.locator(PLAYER).waitFor({ state: 'visible', timeout: 15_000 });
    // One promo per half hour per browser: the resume goes straight to the film.
    expect(await page.locator(PLAYER).getAttribute('data-phase')).toBe('main');
    await playingPast(page, pausedAt);
    // It started at the saved second, not from the beginning, and in the remembered quality.
    const played = await page.$eval(VIDEO, (v) => {
      const video = v as HTMLVideoElement;
      return { start: video.played.length > 0 ? video.played.start(0) : -1, height: video.videoHeight };
    });
    expect(played.start).toBeGreaterThan(pausedAt - 3);
    expect(played.height).toBe(360);
    expect(browser.problems, browser.describeProblems()).toEqual([]);
  });

  it('goes on to the next episode after the countdown; menus and controls on a phone', async () => {
    browser = await launchBrowser({ viewport: { width: 390, height: 844 } });
    const { page } = browser;
    const series = await freeTitle('series');
    await page.goto(`/watch/${series.alias}`, { waitUntil: 'load', timeout: 60_000 });
    const episodes = page.locator('[data-testid="episode-row"] .episode-row__link');
    expect(await episodes.count(), 'episodes of the free series').toBeGreaterThan(1);
    await episodes.first().click();
    await page.locator(PLAYER).waitFor({ state: 'visible', timeout: 15_000 });
    await skipPreroll(page);
    await playingPast(page, 1);
    const firstSrc = await page.$eval(VIDEO, (v) => (v as HTMLVideoElement).currentSrc);

    // Phone: the controls show on a tap; the speed menu opens over the picture.
    await wakeControls(page);
    await page.click('[data-testid="player-speed"]');
    await page.locator('[data-testid="player-speed-menu"]').waitFor({ state: 'visible' });
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'player-390-menu.png') });
    await page.keyboard.press('Escape'); // closes the menu, not the player
    await page.locator('[data-testid="player-speed-menu"]').waitFor({ state: 'hidden' });
    expect(await page.locator(PLAYER).count()).toBe(1);

    // Near the end the «Следующая серия» card counts down, then the next episode plays.
    const duration = await page.$eval(VIDEO, (v) => (v as HTMLVideoElement).duration);
    await page.$eval(VIDEO, (v, s) => ((v as HTMLVideoElement).currentTime = s), duration - 12);
    const card = page.locator('[data-testid="player-next"]');
    await card.waitFor({ state: 'visible', timeout: 10_000 });
    expect(await card.textContent()).toContain('Следующая серия');
    expect(await card.textContent()).toMatch(/Через \d+ с/);
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'player-390-next.png') });
    await page.waitForFunction(
      ([selector, src]) => {
        const v = document.querySelector<HTMLVideoElement>(selector as string);
        return !!v && v.currentSrc !== '' && v.currentSrc !== src && v.currentTime > 1;
      },
      [VIDEO, firstSrc] as const,
      { timeout: 30_000, polling: 250 },
    );
    expect(await page.locator(PLAYER).getAttribute('aria-label')).toMatch(/2 серия/);

    // Item 3: the series resumes at the episode watched last, after a reload (past the first 10 s, below
    // which a title starts over: RESUME_MIN_SECONDS).
    await playingPast(page, 12, 40_000);
    const reported = page.waitForResponse((r) => r.url().includes('/api/v1/profile/progress') && r.request().method() === 'PUT');
    await page.keyboard.press('k');
    expect((await reported).status()).toBeLessThan(300);
    await page.reload({ waitUntil: 'load' });
    const resume = page.locator('[data-testid="resume-button"]');
    await resume.waitFor({ state: 'visible', timeout: 15_000 });
    expect(await resume.textContent()).toMatch(/^Продолжить с 0:1\d$/);
    await resume.click();
    await page.locator(PLAYER).waitFor({ state: 'visible', timeout: 15_000 });
    expect(await page.locator(PLAYER).getAttribute('aria-label')).toMatch(/Сезон 1, 2 серия/);
    await playingPast(page, 12);
    expect(browser.problems, browser.describeProblems()).toEqual([]);
  });

  it('leads a viewer who came from the mini-app, on closing the player, to what to watch next (/close_film)', async () => {
    for (const [width, height] of [[1440, 900], [390, 844]] as const) {
      browser = await launchBrowser({ viewport: { width, height } });
      const { page } = browser;
      const film = await freeTitle('movies');
      // The mini-app's link (platform §4 Traffic source s=tapp with watch) opens the title page.
      await page.goto(`/?s=tapp&watch=${film.alias}`, { waitUntil: 'load', timeout: 60_000 });
      expect(new URL(page.url()).pathname).toBe(`/watch/${film.alias}`);
      await page.click('[data-testid="play-button"]');
      await page.locator(PLAYER).waitFor({ state: 'visible', timeout: 15_000 });
      await wakeControls(page);
      await page.click('.player__close');
      await page.waitForURL((url) => url.pathname === '/close_film', { timeout: 15_000 });
      expect(new URL(page.url()).searchParams.get('title')).toBe(film.alias);
      await page.getByRole('heading', { level: 1, name: 'Что посмотреть дальше' }).waitFor();
      expect(await page.locator('.close-film__head').textContent()).toContain(`«${film.title}»`);
      // The titles like the one closed (the title's «Похожее»), each a link to its page.
      const similar = page.locator('[data-testid="row"]', { hasText: `Похожее на «${film.title}»` });
      await similar.waitFor();
      expect(await similar.locator('a.card').count()).toBeGreaterThan(0);
      await page.screenshot({ path: path.join(SCREENSHOT_DIR, `close-film-${width}.png`) });
      expect(browser.problems, browser.describeProblems()).toEqual([]);
      await browser.close();
      browser = null;
    }
  });
});
