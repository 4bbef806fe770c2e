// Category pages: filtering /movies by genre and year, the infinite scroll, and the scroll position
// coming back with the loaded portions after a back navigation; the same infinite grid on a selection's page.
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { launchBrowser, LISTING, SCREENSHOT_DIR, settleGrid, type Browser } from './browser.ts';

const CARDS = 'a[data-testid="title-card"]';

/**
 * Waits until the grid has settled (not busy, and the same number of cards twice, 600 ms apart), then reads its
 * cards, page counter and next link in one snapshot, so a portion still arriving cannot split the reading.
 */
async function settledGrid(page: Page) {
  await settleGrid(page, CARDS);
  return page.evaluate(
    ([cards, listing]) => ({
      aliases: [...document.querySelectorAll(cards as string)].map((a) => a.getAttribute('href')),
      pages: document.querySelector(listing as string)?.getAttribute('data-pages') ?? null,
      next: document.querySelector('.pager a[rel="next"]')?.getAttribute('href') ?? null,
    }),
    [CARDS, LISTING] as const,
  );
}

let browser: Browser;
beforeEach(async () => {
  browser = await launchBrowser({ viewport: { width: 1440, height: 900 } });
});
afterEach(async () => {
  const problems = browser.describeProblems();
  await browser.close();
  expect(problems, 'console errors or page errors').toBe('');
});

/** The chosen-able items of a filter panel: alias, title and total, as the page lists them. */
async function panelItems(group: 'genre' | 'year' | 'country') {
  const { page } = browser;
  return page.locator(`[data-testid="filter-${group}"] a[data-testid="filter-item"]`).evaluateAll((links) =>
    links.map((a) => ({
      alias: a.getAttribute('data-alias')!,
      title: a.querySelector('.filter__item-title')?.textContent ?? '',
      total: Number(a.querySelector('.filter__count')?.textContent ?? 'NaN'),
    })),
  );
}

describe('a viewer on /movies', () => {
  it('filters by genre and then year, landing on /movies/{genre}/{year} with exactly those films', async () => {
    const { page } = browser;
    // The beacons' bodies (Blobs) are not visible to the test as requests: keep a copy on their way out.
    await page.addInitScript(() => {
      const send = navigator.sendBeacon.bind(navigator);
      const beacons: string[] = [];
      (window as unknown as { beacons: string[] }).beacons = beacons;
      navigator.sendBeacon = (url, body) => {
        if (body instanceof Blob) void body.text().then((text) => beacons.push(text));
        return send(url, body);
      };
    });
    const response = await page.goto('/movies', { waitUntil: 'load', timeout: 60_000 });
    expect(response?.status()).toBe(200);
    await page.locator(CARDS).first().waitFor({ state: 'visible', timeout: 15_000 });
    // Hydrated: the filter panels answer clicks.
    await page.waitForFunction(() => document.querySelector('[data-testid="filters"]') !== null);

    // Genre: the panel opens, lists «Все» first, and a genre with titles takes us to its path.
    await page.locator('[data-testid="filter-genre"] summary').click();
    const genres = (await panelItems('genre')).filter((g) => g.alias !== 'all' && g.total > 3);
    expect(genres.length, 'genres with titles').toBeGreaterThan(0);
    const genre = genres[0]!;
    const events = page.waitForResponse((r) => r.url().endsWith('/api/v1/events') && r.request().method() === 'POST', { timeout: 10_000 });
    await page.locator(`[data-testid="filter-genre"] a[data-alias="${genre.alias}"]`).click();
    await page.waitForURL((url) => url.pathname === `/movies/${genre.alias}`, { timeout: 15_000 });
    // spec catalogue §7: the filter click is reported (by a beacon), and the API takes it.
    expect((await events).status()).toBe(204);
    const body = await page.evaluate(() => (window as unknown as { beacons: string[] }).beacons.join('\n'));
    expect(JSON.parse(body.split('\n').at(-1)!).events).toEqual(
      expect.arrayContaining([expect.objectContaining({ action_id: 'click', block_type: 'filters', element_type: 'genre', element_id: genre.alias })]),
    );
    await expect.poll(() => page.locator('h1').textContent()).toBe(`Фильмы: ${genre.title.toLowerCase()}`);

    // Year: counted against the chosen genre (faceted).
    await page.locator('[data-testid="filter-year"] summary').click();
    const years = (await panelItems('year')).filter((y) => y.alias !== 'all' && y.total > 0);
    expect(years.length, 'years with films of the genre').toBeGreaterThan(0);
    const year = years[0]!;
    await page.locator(`[data-testid="filter-year"] a[data-alias="${year.alias}"]`).click();
    await page.waitForURL((url) => url.pathname === `/movies/${genre.alias}/${year.alias}`, { timeout: 15_000 });
    await expect.poll(() => page.locator('h1').textContent()).toBe(`Фильмы: ${genre.title.toLowerCase()}, ${year.alias}`);

    // The right cards: as many as the year's count said, each of that year and genre.
    await expect.poll(() => page.locator(CARDS).count()).toBe(Math.min(year.total, 40));
    const cards = await page.locator(CARDS).evaluateAll((links) =>
      links.map((a) => ({
        facts: a.querySelector('.card__facts')?.textContent ?? '',
        genres: [...a.querySelectorAll('.card__genres li')].map((li) => li.textContent),
      })),
    );
    for (const card of cards) {
      expect(card.facts.startsWith(year.alias), card.facts).toBe(true);
      expect(card.genres).toContain(genre.title);
    }
    // Breadcrumbs: Главная / Фильмы / genre / year, the year plain text.
    expect(await page.locator('.crumbs li').allTextContents()).toEqual(['Главная', 'Фильмы', genre.title, year.alias]);
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'catalog-filtered.png') });

    // «Все» of the genre clears it and keeps the year.
    await page.locator('[data-testid="filter-genre"] summary').click();
    await page.locator('[data-testid="filter-genre"] a[data-alias="all"]').click();
    await page.waitForURL((url) => url.pathname === `/movies/${year.alias}`, { timeout: 15_000 });
  });

  it('loads the next portion when scrolled to the bottom of the grid', async () => {
    const { page } = browser;
    await page.goto('/movies', { waitUntil: 'load', timeout: 60_000 });
    await page.locator(CARDS).first().waitFor({ state: 'visible', timeout: 15_000 });
    expect(await page.locator(CARDS).count(), 'first page: 40 cards (catalogue §9)').toBe(40);
    // The paging links a crawler follows are there too.
    expect(await page.locator('.pager a[rel="next"]').getAttribute('href')).toBe('/movies/page2');

    await page.locator('[data-testid="listing"] .listing__sentinel').scrollIntoViewIfNeeded();
    await expect.poll(() => page.locator(CARDS).count(), { timeout: 15_000 }).toBeGreaterThanOrEqual(80);
    // The grid asks 150% ahead and may take one more portion: let it settle, then read one snapshot.
    const snapshot = await settledGrid(page);
    const shown = snapshot.aliases.length;
    expect([80, 120]).toContain(shown);
    const pages = shown / 40;
    expect(snapshot.pages).toBe(String(pages));
    expect(snapshot.next).toBe(`/movies/page${pages + 1}`);
    expect(new Set(snapshot.aliases).size, 'no card twice').toBe(shown);
  });

  it('comes back to the same scroll position, with the loaded portions, after opening a title and going back', async () => {
    const { page } = browser;
    await page.goto('/movies', { waitUntil: 'load', timeout: 60_000 });
    await page.locator(CARDS).first().waitFor({ state: 'visible', timeout: 15_000 });
    await page.locator('[data-testid="listing"] .listing__sentinel').scrollIntoViewIfNeeded();
    await expect.poll(() => page.locator(CARDS).count(), { timeout: 15_000 }).toBe(80);

    // A card of the second portion, in the middle of the screen.
    const card = page.locator(CARDS).nth(61);
    const href = await card.getAttribute('href');
    await card.evaluate((el) => el.scrollIntoView({ block: 'center' }));
    await page.waitForTimeout(300);
    const scrollY = await page.evaluate(() => window.scrollY);
    expect(scrollY).toBeGreaterThan(2000);
    // Scrolling there may bring the sentinel near enough for one more portion: wait for the list to settle.
    await expect.poll(() => page.locator(LISTING).getAttribute('aria-busy'), { timeout: 15_000 }).toBe('false');
    const loaded = await page.locator(CARDS).count();
    const pages = await page.locator(LISTING).getAttribute('data-pages');

    await card.click();
    await page.waitForURL((url) => url.pathname === href, { timeout: 15_000 });
    await page.locator('h1').waitFor({ state: 'visible', timeout: 15_000 });

    await page.goBack();
    await page.waitForURL((url) => url.pathname === '/movies', { timeout: 15_000 });
    await page.locator(`${LISTING}[data-pop-stated="true"]`).waitFor({ state: 'attached', timeout: 15_000 });
    // The loaded portions are back (the grid, 150% ahead, may go on to the next one from the restored position).
    expect(await page.locator(CARDS).count(), 'the loaded portions are back').toBeGreaterThanOrEqual(loaded);
    expect(Number(await page.locator(LISTING).getAttribute('data-pages'))).toBeGreaterThanOrEqual(Number(pages));
    await expect.poll(() => page.evaluate(() => Math.round(window.scrollY)), { timeout: 5000 }).toBe(Math.round(scrollY));
    const box = await page.locator(`${CARDS}[href="${href}"]`).boundingBox();
    expect(box, 'the card is on screen again').not.toBeNull();
    expect(box!.y).toBeGreaterThan(0);
    expect(box!.y + box!.height).toBeLessThan(900);
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'catalog-back.png') });
  });
});

describe('a viewer on a selection page', () => {
  it('loads the next 40 titles of /main/popular when scrolled to the bottom of the grid, by skip', async () => {
    const { page } = browser;
    const portions: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname.startsWith('/resources/list-titles')) portions.push(url.search);
    });
    await page.goto('/main/popular', { waitUntil: 'load', timeout: 60_000 });
    await page.locator(CARDS).first().waitFor({ state: 'visible', timeout: 15_000 });
    expect(await page.locator(CARDS).count(), 'first page: 40 cards (catalogue §9)').toBe(40);
    expect(await page.locator('.pager a[rel="next"]').getAttribute('href')).toBe('/main/popular/page2');

    await page.locator(`${LISTING} .listing__sentinel`).scrollIntoViewIfNeeded();
    await expect.poll(() => page.locator(CARDS).count(), { timeout: 15_000 }).toBeGreaterThanOrEqual(80);
    // The grid asks 150% ahead, so it may go on to the last 20 of the 100: let it settle (not busy, the same count
    // twice), then check what it shows from one snapshot.
    const snapshot = await settledGrid(page);
    const shown = snapshot.aliases.length;
    expect([80, 100]).toContain(shown);
    expect(snapshot.pages).toBe(String(Math.ceil(shown / 40)));
    if (shown === 80) expect(snapshot.next).toBe('/main/popular/page3');
    else expect(snapshot.next, 'the last page is shown: no next link').toBeNull();
    expect(portions[0]).toContain('list=selection&alias=popular&skip=40');
    if (shown === 100) expect(portions[1]).toContain('list=selection&alias=popular&skip=80');
    expect(new Set(snapshot.aliases).size, 'no card twice').toBe(shown);
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'selection-scrolled.png') });
  });
});
