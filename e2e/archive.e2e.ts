// The catch-up archive list (catalogue §2, §4, §9): /archive shows the recordings of the seeded
// guide; filtering by a genre and then a year lands on /archive/{genre}/{year} with exactly the API's items; two
// genres go in ?genres=a,b; reset goes back to /archive; the infinite grid loads the next portion and comes back
// with it and the scroll position after a recording's page; below 768 px the filters are in a drawer.
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterEach, describe, expect, it } from 'vitest';
import { API_KEY } from './accounts.ts';
import { BASE_URL, launchBrowser, LISTING, SCREENSHOT_DIR, settleGrid, type Browser } from './browser.ts';

const CARDS = 'a[data-testid="archive-card"]';

interface CatchupList {
  items: { id: string; title: string; year: number | null; genres: string[] | string }[];
  items_total: number;
}
interface FilterGroup {
  alias: 'category' | 'genre' | 'year';
  items: { alias: string; title: string }[];
}

/** The archive API as an anonymous visitor in Russia sees it (the site's loopback is RU). */
async function catchups(query: Record<string, string | number>): Promise<CatchupList> {
  const params = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]));
  const res = await fetch(`${BASE_URL}/api/v2/multiplex/catchups?${params}`, { headers: { 'x-api-key': API_KEY } });
  expect(res.status, 'catch-up list').toBe(200);
  return (await res.json()) as CatchupList;
}
async function filterGroups(): Promise<FilterGroup[]> {
  const res = await fetch(`${BASE_URL}/api/v2/multiplex/catchups/filters`, { headers: { 'x-api-key': API_KEY } });
  return ((await res.json()) as { items: FilterGroup[] }).items;
}

/** The ids of the cards on the page, in order. */
const cardIds = (page: Page) => page.locator(CARDS).evaluateAll((links) => links.map((a) => a.getAttribute('data-id')));

/** Keeps a copy of every analytics beacon's body (Blobs are not visible as requests). */
async function recordBeacons(page: Page) {
  await page.addInitScript(() => {
    const send = navigator.sendBeacon.bind(navigator);
    const beacons: string[] = [];
    (window as unknown as { beacons: string[] }).beacons = beacons;
    navigator.sendBeacon = (url, body) => {
      if (body instanceof Blob) void body.text().then((text) => beacons.push(text));
      return send(url, body);
    };
  });
  return async () => {
    const bodies = await page.evaluate(() => (window as unknown as { beacons: string[] }).beacons);
    return bodies.flatMap((b) => (JSON.parse(b) as { events: Record<string, string>[] }).events);
  };
}

let browser: Browser | null = null;
afterEach(async () => {
  const problems = browser?.describeProblems() ?? '';
  await browser?.close();
  browser = null;
  expect(problems, 'console errors or page errors').toBe('');
});

async function open(width: number, height: number) {
  browser = await launchBrowser({ viewport: { width, height } });
  return browser.page;
}

describe('the archive on a desktop', () => {
  it('filters by a genre and then a year, then by two genres, and resets', async () => {
    // A genre with several items now, and the year most of them share.
    const groups = await filterGroups();
    const genres = groups.find((g) => g.alias === 'genre')!.items;
    let chosen: { alias: string; title: string; items: CatchupList['items'] } | null = null;
    for (const genre of genres) {
      const list = await catchups({ genre: genre.alias, limit: 100 });
      if (list.items_total >= 3) {
        chosen = { ...genre, items: list.items };
        break;
      }
    }
    expect(chosen, 'a genre with 3 or more recordings').not.toBeNull();
    const genre = chosen!;
    const yearCounts = new Map<number, number>();
    for (const item of genre.items) if (item.year) yearCounts.set(item.year, (yearCounts.get(item.year) ?? 0) + 1);
    const year = [...yearCounts.entries()].sort((a, b) => b[1] - a[1])[0]![0];
    const second = genres.find((g) => g.alias !== genre.alias)!;

    const page = await open(1440, 900);
    const events = await recordBeacons(page);
    const response = await page.goto('/archive', { waitUntil: 'load', timeout: 60_000 });
    expect(response?.status()).toBe(200);
    await page.locator(CARDS).first().waitFor({ state: 'visible', timeout: 15_000 });
    expect(await page.locator(CARDS).count(), 'the desktop page: 25 (catalogue §9)').toBe(25);
    expect(await page.locator('meta[name="robots"]').getAttribute('content')).toBe('noindex, follow');
    expect(['Кино на ТВ', 'Записи с ТВ']).toContain(await page.locator('h1').textContent());
    // A virtual visitor is offered the trial, which starts with signing up (catalogue §4).
    expect(await page.locator('[data-testid="archive-subscribe"]').getAttribute('href')).toBe('/signup');
    expect(await page.locator('[data-testid="banner-carousel"]').count(), 'the catchups banners').toBe(1);
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'archive-desktop.png') });

    // The genre: its panel opens and its option leads to /archive/{genre}.
    await page.locator('[data-testid="archive-filter-genre"] summary').click();
    await page.locator(`[data-testid="archive-filter-genre"] a[data-alias="${genre.alias}"]`).click();
    await page.waitForURL((url) => url.pathname === `/archive/${genre.alias}`, { timeout: 15_000 });
    await expect.poll(() => page.locator('h1').textContent()).toMatch(new RegExp(`: ${genre.title.toLowerCase()}$`));
    await page.locator(`[data-testid="archive-filter-year"] a[data-alias="${year}"][href="/archive/${genre.alias}/${year}"]`).waitFor({ state: 'attached' });
    // spec catalogue §7: the filter click is reported.
    await expect
      .poll(async () => (await events()).some((e) => e.action_id === 'click' && e.block_type === 'filters' && e.element_type === 'genre' && e.element_id === genre.alias), { timeout: 10_000 })
      .toBe(true);

    // Then the year: /archive/{genre}/{year}, with exactly the API's items for that filter.
    await page.locator('[data-testid="archive-filter-year"] summary').click();
    await page.locator(`[data-testid="archive-filter-year"] a[data-alias="${year}"]`).click();
    await page.waitForURL((url) => url.pathname === `/archive/${genre.alias}/${year}`, { timeout: 15_000 });
    const expected = await catchups({ genre: genre.alias, year, limit: 25 });
    await expect.poll(() => cardIds(page), { timeout: 15_000 }).toEqual(expected.items.map((i) => i.id));
    for (const facts of await page.locator(`${CARDS} .archive-card__facts`).allTextContents()) {
      expect(facts.startsWith(String(year)), facts).toBe(true);
      expect(facts, facts).toContain(genre.title);
    }
    const crumbs = await page.locator('.crumbs li').allTextContents();
    expect(crumbs[0]).toBe('Главная');
    expect(['Кино на ТВ', 'Записи с ТВ']).toContain(crumbs[1]);
    expect(crumbs.slice(2)).toEqual([genre.title, String(year)]);
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'archive-filtered.png') });

    // Reset, then two genres: the second goes in the query with the first.
    await page.locator('[data-testid="archive-filters-reset"]').click();
    await page.waitForURL((url) => url.pathname === '/archive' && url.search === '', { timeout: 15_000 });
    await expect.poll(() => page.locator('[data-testid="archive-filters-reset"]').count(), { timeout: 10_000 }).toBe(0);
    await page.locator('[data-testid="archive-filter-genre"] summary').click();
    await page.locator(`[data-testid="archive-filter-genre"] a[data-alias="${genre.alias}"]`).click();
    await page.waitForURL((url) => url.pathname === `/archive/${genre.alias}`, { timeout: 15_000 });
    // The multi-select panel stays open for the next choice.
    // The page has moved on when the option says so (the address changes a moment before the page renders).
    await page.locator(`[data-testid="archive-filter-genre"] a[data-alias="${genre.alias}"][aria-current="true"]`).waitFor({ state: 'attached', timeout: 15_000 });
    await page.locator(`[data-testid="archive-filter-genre"] a[data-alias="${second.alias}"]`).click();
    await page.waitForURL((url) => url.pathname === '/archive' && decodeURIComponent(url.search) === `?genres=${genre.alias},${second.alias}`, { timeout: 15_000 });
    const both = await catchups({ genre: `${genre.alias},${second.alias}`, limit: 25 });
    await expect.poll(() => cardIds(page), { timeout: 15_000 }).toEqual(both.items.map((i) => i.id));
    expect(await page.locator(`[data-testid="archive-filter-genre"] a[aria-current="true"]`).evaluateAll((a) => a.map((l) => l.getAttribute('data-alias')))).toEqual([
      genre.alias,
      second.alias,
    ]);
    await page.locator('[data-testid="archive-filters-reset"]').click();
    await page.waitForURL((url) => url.pathname === '/archive' && url.search === '', { timeout: 15_000 });
  });

  it('loads the next portion at the bottom, reports the cards seen, and comes back to the same place after a recording', async () => {
    const { items_total: total } = await catchups({ limit: 1 });
    expect(total, 'the seeded archive holds well over two portions').toBeGreaterThan(75);
    const page = await open(1440, 900);
    const events = await recordBeacons(page);
    await page.goto('/archive', { waitUntil: 'load', timeout: 60_000 });
    await page.locator(CARDS).first().waitFor({ state: 'visible', timeout: 15_000 });
    expect(await page.locator(CARDS).count()).toBe(25);
    const first = await cardIds(page);

    // spec catalogue §4: the cards in view are reported together 2 s later.
    await expect
      .poll(async () => (await events()).filter((e) => e.action_id === 'collection_view').flatMap((e) => (JSON.parse(e.action_attributes_str ?? '{}') as { ids: string[] }).ids), {
        timeout: 10_000,
      })
      .toEqual(expect.arrayContaining(first.slice(0, 5)));

    await page.locator(`${LISTING} .listing__sentinel`).scrollIntoViewIfNeeded();
    await expect.poll(() => page.locator(CARDS).count(), { timeout: 15_000 }).toBeGreaterThanOrEqual(50);
    const loaded = await settleGrid(page, CARDS);
    // Portions of 25 (the desktop's), appended after the first with no card twice.
    expect(loaded % 25 === 0 || loaded === total, `${loaded} cards`).toBe(true);
    const ids = await cardIds(page);
    expect(ids.slice(0, 25)).toEqual(first);
    expect(new Set(ids).size).toBe(ids.length);
    const apiOrder = await catchups({ limit: loaded });
    expect(ids).toEqual(apiOrder.items.map((i) => i.id));

    // A card of the second portion, in the middle of the screen.
    const card = page.locator(CARDS).nth(37);
    const id = await card.getAttribute('data-id');
    await card.evaluate((el) => el.scrollIntoView({ block: 'center' }));
    await page.waitForTimeout(300);
    await expect.poll(() => page.locator(LISTING).getAttribute('aria-busy'), { timeout: 15_000 }).toBe('false');
    const scrollY = await page.evaluate(() => window.scrollY);
    expect(scrollY).toBeGreaterThan(1500);
    const count = await page.locator(CARDS).count();

    await card.click();
    await page.waitForURL((url) => url.pathname === `/archive/watch/${id}`, { timeout: 15_000 });
    await page.locator('[data-testid="recording-page"]').waitFor({ state: 'visible', timeout: 15_000 });

    await page.goBack();
    await page.waitForURL((url) => url.pathname === '/archive', { timeout: 15_000 });
    await page.locator(`${LISTING}[data-pop-stated="true"]`).waitFor({ state: 'attached', timeout: 15_000 });
    expect(await page.locator(CARDS).count(), 'the loaded portions are back').toBeGreaterThanOrEqual(count);
    await expect.poll(() => page.evaluate(() => Math.round(window.scrollY)), { timeout: 5000 }).toBe(Math.round(scrollY));
    const box = await page.locator(`${CARDS}[data-id="${id}"]`).boundingBox();
    expect(box, 'the card is on screen again').not.toBeNull();
    expect(box!.y).toBeGreaterThan(0);
    expect(box!.y + box!.height).toBeLessThan(900);
  });
});

describe('the archive on a phone (390 px)', () => {
  it('keeps the filters in a drawer behind «Фильтры», shows «Ещё» on the badge, and loads portions of 10', async () => {
    const page = await open(390, 844);
    await page.goto('/archive', { waitUntil: 'load', timeout: 60_000 });
    await page.locator(CARDS).first().waitFor({ state: 'visible', timeout: 15_000 });
    expect(await page.locator('[data-testid="archive-filters"]').isVisible(), 'no filter bar below 768 px').toBe(false);
    const badge = page.locator(`${CARDS} [data-testid="archive-card-expiry"]`).first();
    expect(await badge.locator('.archive-card__expiry-short').isVisible()).toBe(true);
    expect(await badge.locator('.archive-card__expiry-long').isVisible()).toBe(false);
    expect(await badge.innerText()).toMatch(/^Ещё \d+ (день|дня|дней|час|часа|часов|минута|минуты|минут)$/);
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'archive-mobile.png') });

    const button = page.locator('[data-testid="archive-filters-button"]');
    expect(await button.innerText()).toBe('Фильтры');
    await button.click();
    const drawer = page.locator('[data-testid="archive-filters-drawer"]');
    await drawer.waitFor({ state: 'visible' });
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'archive-mobile-drawer.png') });
    await drawer.locator('a[data-group="category"][data-alias="series"]').click();
    await page.waitForURL((url) => url.pathname === '/archive/series', { timeout: 15_000 });
    // The drawer stays for the next choice; its button now counts one filter.
    await expect.poll(() => drawer.locator('a[data-group="category"][aria-current="true"]').getAttribute('data-alias')).toBe('series');
    const series = await catchups({ category: 'series', limit: 1 });
    await drawer.locator('[data-testid="archive-filters-show"]').click();
    await drawer.waitFor({ state: 'detached' });
    await expect.poll(() => button.innerText()).toMatch(/^Фильтры\s*1$/);
    expect(await button.getAttribute('aria-label')).toBe('Фильтры, выбран 1');
    expect(await page.locator('h1').textContent()).toMatch(/^Сериалы на ТВ( в записи)?$/);

    // The next portions are a phone's: 10 more at a time (catalogue §9).
    const before = await settleGrid(page, CARDS);
    await page.locator(`${LISTING} .listing__sentinel`).scrollIntoViewIfNeeded();
    await expect.poll(() => page.locator(CARDS).count(), { timeout: 15_000 }).toBeGreaterThan(before);
    const after = await settleGrid(page, CARDS);
    expect((after - before) % 10 === 0 || after === series.items_total, `${before} → ${after}`).toBe(true);
  });
});
