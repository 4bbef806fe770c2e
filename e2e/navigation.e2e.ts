// Finding one's way around the site, as on every peer's site: the header's Фильмы, Сериалы and Мультфильмы open
// their pages while their genre panels stay a hover or a key away; the footer's site map, the phone drawer and the
// account menu lead to prices, codes, partners, promos and collections (every footer link answers); a row of cards
// pages with arrows on a desktop (none at the end it would lead past, none on a touch phone).
import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { afterEach, describe, expect, it } from 'vitest';
import { accountViaApi, API_KEY, signIn } from './accounts.ts';
import { BASE_URL, launchBrowser, type Browser } from './browser.ts';

const SHOTS = process.env.E2E_SHOTS_DIR ?? '/work/shots/nav';
const DESKTOP = { width: 1440, height: 900 };
const PHONE = { width: 390, height: 844 };

let browser: Browser | null = null;
afterEach(async () => {
  await browser?.close();
  browser = null;
});

async function open(viewport: { width: number; height: number }): Promise<Browser> {
  browser = await launchBrowser({ viewport });
  // The analytics beacon may answer 404 in this build.
  browser.allowProblem(/\/api\/v1\/events/);
  return browser;
}

const shot = (page: Page, name: string, options: { clip?: { x: number; y: number; width: number; height: number } } = {}) =>
  page.screenshot({ path: path.join(SHOTS, `${name}.png`), ...options });

/** The header menu's section links as the page has them, waiting for hydration (a handler on the label). */
async function hydrated(page: Page) {
  await page.waitForFunction(() => Object.keys(document.querySelector('header') ?? {}).some((k) => k.startsWith('__react')), null, { timeout: 30_000 });
}

describe('the header menu (desktop 1440)', () => {
  it('opens Фильмы by its label, and the genre panel by hover and by keyboard, Escape closing it', async () => {
    const { page } = await open(DESKTOP);
    await page.goto('/', { waitUntil: 'load', timeout: 60_000 });
    await hydrated(page);

    // A click on the label opens the section's page (it used to toggle the genre panel and stay put).
    await page.locator('[data-testid="header-menu-movies"]').click();
    await page.waitForURL('**/movies', { timeout: 15_000 });
    await expect.poll(() => page.locator('main h1').first().textContent(), { timeout: 20_000 }).toContain('Фильмы');

    // Hovering a section's label opens its genre panel…
    const series = page.locator('[data-testid="header-menu-series"]');
    await series.hover();
    const panel = page.locator('[data-testid="nav-panel"]');
    await panel.waitFor({ state: 'visible' });
    expect(await panel.locator('a').first().textContent()).toBe('Все жанры: сериалы');
    expect(await panel.locator('.nav__genres a').count()).toBeGreaterThan(3);
    await shot(page, 'header-panel-1440', { clip: { x: 0, y: 0, width: 1440, height: 520 } });
    // …the pointer crosses to the panel without closing it, and leaving both closes it.
    const genre = panel.locator('.nav__genres a').first();
    await genre.hover();
    await page.waitForTimeout(400);
    expect(await panel.isVisible()).toBe(true);
    await page.mouse.move(700, 800);
    await panel.waitFor({ state: 'detached' });

    // From the keyboard: the section's disclosure button opens the panel, Escape closes it and keeps the focus.
    await page.mouse.move(700, 800);
    const toggle = page.locator('[data-testid="header-menu-animation-genres"]');
    expect(await toggle.getAttribute('aria-label')).toBe('Мультфильмы: жанры');
    await page.locator('[data-testid="header-menu-animation"]').focus();
    await page.keyboard.press('Tab');
    expect(await toggle.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    await page.keyboard.press('Enter');
    await panel.waitFor({ state: 'visible' });
    expect(await toggle.getAttribute('aria-expanded')).toBe('true');
    expect(await panel.locator('a').first().textContent()).toBe('Все жанры: мультфильмы');
    await page.keyboard.press('Escape');
    await panel.waitFor({ state: 'detached' });
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    expect(await toggle.evaluate((el) => el === document.activeElement)).toBe(true);

    // ArrowDown opens it with the focus on its first link; Tab walks into the genres, and a genre opens its page.
    await page.keyboard.press('ArrowDown');
    await panel.waitFor({ state: 'visible' });
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Все жанры: мультфильмы');
    await page.keyboard.press('Tab');
    const firstGenre = await page.evaluate(() => document.activeElement?.getAttribute('href'));
    expect(firstGenre).toMatch(/^\/animation\/[a-z-]+$/);
    await page.keyboard.press('Enter');
    await page.waitForURL(`**${firstGenre}`);
    await panel.waitFor({ state: 'detached' });
    expect(browser!.describeProblems()).toBe('');
  });
});

/** The footer's links, by group. */
async function footerMap(page: Page): Promise<Record<string, string[]>> {
  return page.locator('[data-testid="footer-map"]').evaluate((nav) =>
    Object.fromEntries(
      Array.from(nav.querySelectorAll('.footer__group'), (g) => [g.querySelector('h2')?.textContent ?? '', Array.from(g.querySelectorAll('a'), (a) => a.getAttribute('href') ?? '')]),
    ),
  );
}

describe('the footer site map', () => {
  it('leads to every section, TV, tariffs, the promo code, partners, promos, collections, the service\'s pages and help, and each answers', async () => {
    const { page } = await open(DESKTOP);
    await page.goto('/', { waitUntil: 'load', timeout: 60_000 });
    const map = await footerMap(page);
    const hrefs = Object.values(map).flat();
    for (const required of ['/movies', '/series', '/animation', '/new', '/genres', '/collections', '/tv', '/tvchannels', '/channel', '/archive', '/tariffs', '/code', '/partners', '/promos', '/favorites', '/about', '/journal', '/ways-to-watch', '/ios-android-app', '/corporateinfo', '/support', '/faq', '/contacts', '/legal']) {
      expect(hrefs, `the footer leads to ${required}`).toContain(required);
    }
    // Every link answers 200 (after the sign-in step /code asks of an anonymous visitor), never the not-found page.
    for (const href of hrefs) {
      const res = await page.request.get(href);
      expect(res.status(), `${href} answers`).toBe(200);
      expect(await res.text(), `${href} is a page`).not.toContain('Такой страницы нет');
    }
    await page.locator('footer').screenshot({ path: path.join(SHOTS, 'footer-1440.png') });

    await hydrated(page);
    await page.locator('[data-testid="footer-tariffs"]').click();
    await page.waitForURL('**/tariffs');
    await expect.poll(() => page.locator('main h1').first().textContent(), { timeout: 20_000 }).toBe('Тарифы');
    expect(browser!.describeProblems()).toBe('');
  });

  it('is two columns a group on a phone, and the promo code link asks an anonymous visitor to sign in first', async () => {
    const { page } = await open(PHONE);
    await page.goto('/', { waitUntil: 'load', timeout: 60_000 });
    await hydrated(page);
    await page.locator('footer').scrollIntoViewIfNeeded();
    await page.locator('footer').screenshot({ path: path.join(SHOTS, 'footer-390.png') });
    const footer = (await page.locator('footer').boundingBox())!;
    expect(footer.width).toBeLessThanOrEqual(390);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.locator('[data-testid="footer-code"]').click();
    await page.waitForURL('**/auth?back=%2Fcode');
    expect(browser!.describeProblems()).toBe('');
  });
});

describe('the phone drawer (390)', () => {
  it('reaches tariffs, the promo code, partners, promos and collections below the menu', async () => {
    const { page } = await open(PHONE);
    await page.goto('/', { waitUntil: 'load', timeout: 60_000 });
    await hydrated(page);
    await page.locator('[data-testid="burger"]').click();
    const drawer = page.locator('[data-testid="drawer"]');
    await drawer.waitFor({ state: 'visible' });
    for (const key of ['tariffs', 'code', 'partners', 'promos', 'collections', 'genres', 'channels']) {
      expect(await drawer.locator(`[data-testid="drawer-${key}"]`).count(), `the drawer's ${key} link`).toBe(1);
    }
    // The menu's own sections are not repeated below it.
    expect(await drawer.locator('a[href="/channel"]').count()).toBe(1);
    await shot(page, 'drawer-390');
    await drawer.evaluate((el) => el.scrollTo(0, el.scrollHeight));
    await shot(page, 'drawer-390-bottom');
    await drawer.locator('[data-testid="drawer-partners"]').click();
    await page.waitForURL('**/partners');
    await drawer.waitFor({ state: 'detached' });
    expect(browser!.describeProblems()).toBe('');
  });
});

describe('the account menu', () => {
  it.each([
    ['1440', DESKTOP],
    ['390', PHONE],
  ])('offers «Тарифы» and «Ввести промокод» to a signed-in viewer (%s)', async (name, viewport) => {
    const email = `nav.${name}.${Date.now()}@example.ru`;
    const password = 'навигация-по-сайту';
    await accountViaApi(email, password);
    const { page } = await open(viewport);
    await signIn(page, email, password, '/');
    await hydrated(page);
    await page.locator('[data-testid="profile-menu"]').click();
    const tariffs = page.locator('[data-testid="menu-tariffs"]');
    await tariffs.waitFor({ state: 'visible' });
    expect(await tariffs.textContent()).toBe('Тарифы');
    expect(await page.locator('[data-testid="menu-code"]').textContent()).toBe('Ввести промокод');
    await shot(page, `account-menu-${name}`);
    await page.locator('[data-testid="menu-code"]').click();
    await page.waitForURL('**/code');
    await page.locator('[data-testid="code-page"]').waitFor();
    await page.locator('[data-testid="profile-menu"]').click();
    await page.locator('[data-testid="menu-tariffs"]').click();
    await page.waitForURL('**/tariffs');
    expect(browser!.describeProblems()).toBe('');
  });
});

/** The scroll state of a row's track and whether its arrows are shown (displayed and opaque). */
async function railState(rail: Locator) {
  return rail.evaluate((el) => {
    const track = el.querySelector('.row__track')!;
    const shown = (b: Element | null) => !!b && getComputedStyle(b).display !== 'none' && getComputedStyle(b).opacity === '1';
    return {
      scrollLeft: Math.round(track.scrollLeft),
      max: track.scrollWidth - track.clientWidth,
      visible: track.clientWidth - parseFloat(getComputedStyle(track).paddingLeft) - parseFloat(getComputedStyle(track).paddingRight),
      prev: shown(el.querySelector('[data-testid="rail-prev"]')),
      next: shown(el.querySelector('[data-testid="rail-next"]')),
    };
  });
}

/** Waits until the row stops scrolling; answers its state. */
async function settled(rail: Locator) {
  let last = -1;
  await expect
    .poll(async () => {
      const { scrollLeft } = await railState(rail);
      const still = scrollLeft === last;
      last = scrollLeft;
      return still;
    }, { timeout: 10_000, interval: 250 })
    .toBe(true);
  return railState(rail);
}

/** The first rail on the page whose cards overflow it. */
async function overflowingRail(page: Page): Promise<Locator> {
  const rails = page.locator('[data-testid="rail"]');
  await rails.first().waitFor();
  const index = await rails.evaluateAll((els) => els.findIndex((el) => { const t = el.querySelector('.row__track')!; return t.scrollWidth > t.clientWidth + 50; }));
  expect(index, 'a row wider than the window').toBeGreaterThanOrEqual(0);
  return rails.nth(index);
}

describe('rows of cards', () => {
  it('page with arrows on a desktop: hover shows them, none back at the start, none forward at the end, keyboard too', async () => {
    const { page } = await open(DESKTOP);
    await page.goto('/', { waitUntil: 'load', timeout: 60_000 });
    await hydrated(page);
    const rail = await overflowingRail(page);
    await rail.scrollIntoViewIfNeeded();
    // Not hovered: no arrows over the cards.
    await page.mouse.move(5, 5);
    expect(await railState(rail)).toMatchObject({ scrollLeft: 0, prev: false, next: false });
    // Hovered at the start: forward only.
    await rail.locator('.row__track > li').first().hover();
    await expect.poll(async () => (await railState(rail)).next).toBe(true);
    expect((await railState(rail)).prev).toBe(false);
    await rail.screenshot({ path: path.join(SHOTS, 'row-start-1440.png') });

    // A press pages by about the row's visible width, ending on a card's edge.
    const before = await railState(rail);
    await rail.locator('[data-testid="rail-next"]').click();
    const middle = await settled(rail);
    expect(middle.scrollLeft).toBeGreaterThan(before.visible * 0.6);
    expect(middle.scrollLeft).toBeLessThanOrEqual(before.visible + 1);
    expect(middle.prev).toBe(true);
    await rail.screenshot({ path: path.join(SHOTS, 'row-middle-1440.png') });

    // Forward to the end: the forward arrow goes, back stays (and holds the focus the forward one had).
    await rail.locator('[data-testid="rail-next"]').focus();
    for (let i = 0; i < 20 && (await railState(rail)).scrollLeft < (await railState(rail)).max - 1; i++) {
      await page.keyboard.press('Enter');
      await settled(rail);
    }
    const end = await railState(rail);
    expect(end.scrollLeft).toBeGreaterThanOrEqual(end.max - 1);
    expect(end.next).toBe(false);
    expect(end.prev).toBe(true);
    expect(await rail.locator('[data-testid="rail-prev"]').evaluate((el) => el === document.activeElement)).toBe(true);
    await rail.screenshot({ path: path.join(SHOTS, 'row-end-1440.png') });

    // Back, from the keyboard, to the start: the back arrow goes.
    for (let i = 0; i < 20 && (await railState(rail)).scrollLeft > 0; i++) {
      await page.keyboard.press('Enter');
      await settled(rail);
    }
    expect(await railState(rail)).toMatchObject({ scrollLeft: 0, prev: false, next: true });
    expect(browser!.describeProblems()).toBe('');
  });

  it('have their arrows on title pages and TV rows too', async () => {
    const { page } = await open(DESKTOP);
    const res = await fetch(`${BASE_URL}/api/v1/titles?category=movies&limit=5`, { headers: { 'x-api-key': API_KEY } });
    const { items } = (await res.json()) as { items: { alias: string }[] };
    await page.goto(`/watch/${items[0]!.alias}`, { waitUntil: 'load', timeout: 60_000 });
    await hydrated(page);
    const similar = page.locator('section[data-testid="row"] [data-testid="rail"]');
    await similar.first().hover();
    // The arrows fade in on hover.
    await expect.poll(async () => {
      const state = await railState(similar.first());
      return state.next === state.max > 0;
    }, { timeout: 10_000 }).toBe(true);
    await page.goto('/tv', { waitUntil: 'load', timeout: 60_000 });
    await hydrated(page);
    expect(await page.locator('[data-testid="tv-row"] [data-testid="rail"]').count()).toBeGreaterThan(0);
    expect(browser!.describeProblems()).toBe('');
  });

  it('have no arrows on a touch phone (390), where a row is swiped', async () => {
    const { page } = await open(PHONE);
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Emulation.setTouchEmulationEnabled', { enabled: true, maxTouchPoints: 5 });
    await page.goto('/', { waitUntil: 'load', timeout: 60_000 });
    await hydrated(page);
    expect(await page.evaluate(() => matchMedia('(hover: none), (pointer: coarse)').matches)).toBe(true);
    const rail = await overflowingRail(page);
    await rail.scrollIntoViewIfNeeded();
    await rail.locator('.row__track').evaluate((el) => el.scrollBy({ left: 300 }));
    await settled(rail);
    const state = await railState(rail);
    expect(state.scrollLeft).toBeGreaterThan(0);
    expect(await rail.locator('.rail__arrow').evaluateAll((els) => els.every((el) => getComputedStyle(el).display === 'none'))).toBe(true);
    await shot(page, 'row-390');
    expect(browser!.describeProblems()).toBe('');
  });
});
