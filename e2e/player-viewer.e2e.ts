// A first-time viewer in the player, as on start, okko, ivi or Netflix: on a phone in landscape the player owns the
// screen (no tab bar or header over its controls); subtitles move above the controls while they show; a promo
// is not seekable, plays once per viewing, and its «Подробнее» and «Пропустить через N» sit side by side; Space
// pauses after a menu was used and mute keeps the level; closing the player (or Back) leaves the title page
// saying «Продолжить», and a second Back leaves the page. Screenshots at 1440, 390 and 844×390.
import path from 'node:path';
import type { Page } from 'playwright-core';
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
  uid: string;
  alias: string;
  is_free: boolean;
}

async function freeFilms(): Promise<Card[]> {
  const res = await fetch(`${BASE_URL}/api/v1/titles?category=movies&limit=100`, { headers: { 'x-api-key': API_KEY } });
  const { items } = (await res.json()) as { items: Card[] };
  const free = items.filter((t) => t.is_free);
  expect(free.length, 'free films in the catalogue').toBeGreaterThan(0);
  return free;
}

/**
 * A fresh anonymous visitor in the Mobile_web_app group B, who has the tab bar (catalogue §2). Groups come from a
 * hash of the account id, so device logins are drawn until one lands there (a fair coin each: 40 draws suffice).
 */
async function tabBarVisitor(): Promise<string> {
  for (let i = 0; i < 40; i++) {
    const res = await fetch(`${BASE_URL}/api/v1/auth/device-login`, {
      method: 'POST',
      headers: { 'x-api-key': API_KEY, 'content-type': 'application/json' },
      body: JSON.stringify({ device_id: `e2e-player-${Date.now()}-${i}`, device_type: 'web' }),
    });
    expect(res.status).toBe(201);
    const auth = (await res.json()) as { authentication_token: string; ab: { exp_name: string; group_name: string }[] };
    if (auth.ab.find((e) => e.exp_name === 'Mobile_web_app')?.group_name === 'B') return auth.authentication_token;
  }
  throw new Error('no visitor in Mobile_web_app group B after 40 device logins');
}

const shot = (page: Page, name: string) => page.screenshot({ path: path.join(SCREENSHOT_DIR, name) });
const videoTime = (page: Page) => page.$eval(VIDEO, (v) => (v as HTMLVideoElement).currentTime);
const phase = (page: Page) => page.locator(PLAYER).getAttribute('data-phase');

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

/** Plays the page's title with the main button and waits for the promo (a fresh browser gets the preroll). */
async function playWithPromo(page: Page) {
  await page.click('[data-testid="play-button"]');
  await page.locator(PLAYER).waitFor({ state: 'visible', timeout: 15_000 });
  await expect.poll(() => phase(page), { timeout: 15_000 }).toBe('preroll');
}

async function skipPromo(page: Page) {
  const skip = page.locator('[data-testid="player-skip-slot"]');
  await skip.waitFor({ state: 'visible', timeout: 15_000 });
  await skip.click();
  await expect.poll(() => phase(page), { timeout: 10_000 }).toBe('main');
}

/** Makes the controls show (they hide while playing) by moving the pointer over the picture. */
async function wakeControls(page: Page) {
  const box = (await page.locator(PLAYER).boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 3);
  await page.mouse.move(box.x + box.width / 2 + 5, box.y + box.height / 3 + 5);
  await page.locator(`${PLAYER}.player--controls`).waitFor({ timeout: 5_000 });
}

/** Whether a tap at the centre of the element reaches it (nothing of the page lies over it). */
const reachable = (page: Page, selector: string) =>
  page.$eval(selector, (el) => {
    const r = el.getBoundingClientRect();
    const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    return r.width > 0 && r.bottom <= window.innerHeight && !!hit && el.contains(hit);
  });

const overlap = (a: { x: number; y: number; width: number; height: number }, b: { x: number; y: number; width: number; height: number }) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

describe('a viewer in the player', () => {
  it('on a phone in landscape: the player takes the whole screen and every control can be tapped; portrait gives the page back', async () => {
    browser = await launchBrowser({ viewport: { width: 844, height: 390 } });
    const { page, context } = browser;
    await context.addCookies([{ name: 'ekran_token', value: await tabBarVisitor(), url: BASE_URL }]);
    const [film] = await freeFilms();
    await page.goto(`/watch/${film!.alias}`, { waitUntil: 'load', timeout: 60_000 });
    // Before playing, the page has its header and tab bar.
    await page.locator('[data-testid="tab-bar"]').waitFor({ state: 'visible', timeout: 5_000 });
    await playWithPromo(page);
    await skipPromo(page);
    await playingPast(page, 1);
    await page.keyboard.press('k'); // paused: the controls stay
    await wakeControls(page);

    const box = (await page.locator(PLAYER).boundingBox())!;
    expect(box).toEqual({ x: 0, y: 0, width: 844, height: 390 });
    expect(await page.locator('[data-testid="tab-bar"]').isVisible()).toBe(false);
    expect(await page.locator('header.header').isVisible()).toBe(false);
    for (const control of ['player-play', 'player-mute', 'player-quality', 'player-fullscreen']) {
      expect(await reachable(page, `[data-testid="${control}"]`), control).toBe(true);
    }
    await shot(page, 'player-844x390-landscape-controls.png');

    // Turned back to portrait: the page's layout, with its tab bar, returns around the player.
    await page.setViewportSize({ width: 390, height: 844 });
    await expect.poll(async () => (await page.locator(PLAYER).boundingBox())!.height).toBeLessThan(400);
    await page.locator('[data-testid="tab-bar"]').waitFor({ state: 'visible', timeout: 5_000 });
    await shot(page, 'player-390-portrait-after-rotate.png');
    expect(browser.problems, browser.describeProblems()).toEqual([]);
  });

  it('subtitles move above the controls while they show and back down when they hide', async () => {
    browser = await launchBrowser({ viewport: { width: 1440, height: 900 } });
    const { page } = browser;
    await page.goto('/', { waitUntil: 'load', timeout: 60_000 });
    // The demo film with Russian subtitles (media «aurora») among the free films.
    let alias: string | null = null;
    for (const film of await freeFilms()) {
      const url = await page.evaluate(async (uid) => {
        const res = await fetch(`/resources/playback/${encodeURIComponent(uid)}`, { headers: { accept: 'application/json' } });
        const body = (await res.json()) as { check?: { playlists: { url: string }[] } };
        return body.check?.playlists[0]?.url ?? '';
      }, film.uid);
      if (url.includes('/aurora/')) {
        alias = film.alias;
        break;
      }
    }
    expect(alias, 'a free film with subtitles').not.toBeNull();
    await page.goto(`/watch/${alias}`, { waitUntil: 'load', timeout: 60_000 });
    await playWithPromo(page);
    await skipPromo(page);
    await playingPast(page, 1);

    await wakeControls(page);
    await page.click('[data-testid="player-subtitles"]');
    const menu = page.locator('[data-testid="player-subtitles-menu"]');
    await menu.waitFor({ state: 'visible' });
    await menu.locator('[role="menuitemradio"]', { hasText: 'Русские' }).click();
    await menu.waitFor({ state: 'hidden' });
    // «Это северное сияние —» runs from 12 to 17 s.
    await page.$eval(VIDEO, (v) => ((v as HTMLVideoElement).currentTime = 12.2));
    await page.keyboard.press('k');
    await expect.poll(() => page.$eval(VIDEO, (v) => (v as HTMLVideoElement).paused)).toBe(true);
    await wakeControls(page);

    /** The showing cue's line and the controls' height. */
    const cueState = () =>
      page.evaluate((selector) => {
        const video = document.querySelector<HTMLVideoElement>(selector)!;
        const track = Array.from(video.textTracks).find((t) => t.mode === 'showing');
        const cue = track?.activeCues?.[0] as (TextTrackCue & { line: number | 'auto' }) | undefined;
        const controls = document.querySelector<HTMLElement>('.player__controls')!;
        const text = (cue as (TextTrackCue & { text?: string }) | undefined)?.text ?? '';
        return { line: cue ? cue.line : null, cueLines: text.split('\n').length, controls: controls.offsetHeight, lineHeight: Math.min(34, Math.max(16, window.innerWidth * 0.026)) * 1.25 };
      }, VIDEO);
    await expect.poll(async () => (await cueState()).line, { timeout: 10_000 }).not.toBeNull();
    const shown = await cueState();
    expect(typeof shown.line === 'number' && shown.line < 0, `cue line ${String(shown.line)} while the controls show`).toBe(true);
    // The last subtitle line sits above the whole control bar (a negative line names the cue's first line).
    expect((-(shown.line as number) - shown.cueLines) * shown.lineHeight).toBeGreaterThanOrEqual(shown.controls);
    await shot(page, 'player-1440-subtitles-controls.png');

    // Playing on without touching anything: the controls hide and the cue goes back to its place.
    await page.keyboard.press('k');
    await page.locator(`${PLAYER}.player--idle`).waitFor({ timeout: 8_000 });
    await expect.poll(async () => (await cueState()).line, { timeout: 3_000 }).toBe('auto');
    await shot(page, 'player-1440-subtitles-idle.png');
    expect(browser.problems, browser.describeProblems()).toEqual([]);
  });

  it('a promo: not seekable by any key, «Подробнее» beside the skip on a phone, and no second promo after the film', async () => {
    browser = await launchBrowser({ viewport: { width: 390, height: 844 } });
    const { page } = browser;
    const [film] = await freeFilms();
    await page.goto(`/watch/${film!.alias}`, { waitUntil: 'load', timeout: 60_000 });
    await playWithPromo(page);
    const more = page.locator('.player__slot-link');
    const wait = page.locator('.player__skip--wait');
    await more.waitFor({ state: 'visible', timeout: 10_000 });
    await wait.waitFor({ state: 'visible', timeout: 10_000 });
    expect(overlap((await more.boundingBox())!, (await wait.boundingBox())!), '«Подробнее» and «Пропустить через N» overlap').toBe(false);
    await shot(page, 'player-390-promo.png');

    // Seeking keys leave the promo where it is: arrows, J/L and the digits alike.
    await page.waitForFunction((selector) => (document.querySelector<HTMLVideoElement>(selector)?.currentTime ?? 0) > 0.5, VIDEO, { timeout: 15_000 });
    const before = await videoTime(page);
    for (const key of ['ArrowRight', 'l', '5', '9']) await page.keyboard.press(key);
    await page.waitForTimeout(600);
    expect(await phase(page)).toBe('preroll');
    expect(await videoTime(page)).toBeLessThan(before + 2);

    // After the film: no second promo in the same viewing.
    await skipPromo(page);
    await playingPast(page, 1);
    await page.$eval(VIDEO, (v) => {
      const video = v as HTMLVideoElement;
      video.currentTime = video.duration - 1.5;
    });
    await page.waitForFunction((selector) => document.querySelector<HTMLVideoElement>(selector)?.ended === true, VIDEO, { timeout: 20_000 });
    await page.waitForTimeout(1_500);
    expect(await phase(page)).toBe('main');
    expect(browser.problems, browser.describeProblems()).toEqual([]);
  });

  it('keys act on the player after a menu: Space pauses instead of opening the menu again', async () => {
    browser = await launchBrowser({ viewport: { width: 1440, height: 900 } });
    const { page } = browser;
    const [film] = await freeFilms();
    await page.goto(`/watch/${film!.alias}`, { waitUntil: 'load', timeout: 60_000 });
    await playWithPromo(page);
    await skipPromo(page);
    await playingPast(page, 1);

    await wakeControls(page);
    await page.click('[data-testid="player-speed"]');
    const menu = page.locator('[data-testid="player-speed-menu"]');
    await menu.waitFor({ state: 'visible' });
    await menu.locator('[role="menuitemradio"]', { hasText: '1.5×' }).click();
    await menu.waitFor({ state: 'hidden' });
    await page.keyboard.press(' ');
    await expect.poll(() => page.$eval(VIDEO, (v) => (v as HTMLVideoElement).paused), { timeout: 3_000 }).toBe(true);
    expect(await menu.isVisible()).toBe(false);
    await page.keyboard.press(' ');
    await expect.poll(() => page.$eval(VIDEO, (v) => (v as HTMLVideoElement).paused), { timeout: 3_000 }).toBe(false);
    expect(browser.problems, browser.describeProblems()).toEqual([]);
  });

  it('mute keeps the level: ↓ while muted does not drop it, unmuting comes back to it', async () => {
    browser = await launchBrowser({ viewport: { width: 1440, height: 900 } });
    const { page } = browser;
    const [film] = await freeFilms();
    await page.goto(`/watch/${film!.alias}`, { waitUntil: 'load', timeout: 60_000 });
    await playWithPromo(page);
    await skipPromo(page);
    await playingPast(page, 1);
    const sound = () => page.$eval(VIDEO, (v) => ({ volume: (v as HTMLVideoElement).volume, muted: (v as HTMLVideoElement).muted }));
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    await expect.poll(sound).toEqual({ volume: 0.8, muted: false });
    await page.keyboard.press('m');
    await page.keyboard.press('ArrowDown'); // muted: the level stays
    await expect.poll(sound).toEqual({ volume: 0.8, muted: true });
    await page.keyboard.press('m');
    await expect.poll(sound).toEqual({ volume: 0.8, muted: false });
    expect(browser.problems, browser.describeProblems()).toEqual([]);
  });

  it('closing the player leaves «Продолжить» on the title at once; Back closes the player, a second Back leaves', async () => {
    browser = await launchBrowser({ viewport: { width: 1440, height: 900 } });
    const { page } = browser;
    const [film] = await freeFilms();
    await page.goto('/', { waitUntil: 'load', timeout: 60_000 });
    await page.goto(`/watch/${film!.alias}`, { waitUntil: 'load', timeout: 60_000 });
    await playWithPromo(page);
    await skipPromo(page);
    await page.$eval(VIDEO, (v) => ((v as HTMLVideoElement).currentTime = 20));
    await playingPast(page, 21);
    await wakeControls(page);
    await page.click('.player__close');
    await page.locator(PLAYER).waitFor({ state: 'detached', timeout: 5_000 });
    const resume = page.locator('[data-testid="resume-button"]');
    await resume.waitFor({ state: 'visible', timeout: 10_000 });
    expect(await resume.textContent()).toMatch(/^Продолжить с 0:2\d$/);
    expect(new URL(page.url()).pathname).toBe(`/watch/${film!.alias}`);
    await shot(page, 'player-1440-closed-resume.png');

    // Back with the player open closes it and stays on the title; a second Back leaves.
    await resume.click();
    await page.locator(PLAYER).waitFor({ state: 'visible', timeout: 15_000 });
    await playingPast(page, 21);
    await page.goBack();
    await page.locator(PLAYER).waitFor({ state: 'detached', timeout: 5_000 });
    expect(new URL(page.url()).pathname).toBe(`/watch/${film!.alias}`);
    await resume.waitFor({ state: 'visible', timeout: 10_000 });
    await page.goBack();
    await expect.poll(() => new URL(page.url()).pathname, { timeout: 10_000 }).toBe('/');
    expect(browser.problems, browser.describeProblems()).toEqual([]);
  });
});
