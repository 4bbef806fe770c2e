// A series' page and its season sub-page (episodes, breadcrumbs, canonical), /movie/{id} and the
// mini-app's tapp redirect.
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { API_KEY } from './accounts.ts';
import { BASE_URL, launchBrowser, SCREENSHOT_DIR, type Browser } from './browser.ts';

interface Card { alias: string; _id: string; seasons_count: number }

/** A seeded series with at least two seasons, from the API the site uses. */
async function seriesWithSeasons(): Promise<Card> {
  const res = await fetch(`${BASE_URL}/api/v1/titles?category=series&limit=40`, { headers: { 'x-api-key': API_KEY } });
  expect(res.status, 'titles status').toBe(200);
  const items = ((await res.json()) as { items: Card[] }).items;
  const series = items.find((i) => i.seasons_count >= 2);
  expect(series, 'a seeded series with two seasons').toBeDefined();
  return series!;
}

let browser: Browser;
beforeEach(async () => {
  browser = await launchBrowser();
});
afterEach(async () => {
  await browser.close();
});

describe('title pages', () => {
  it('open a series, go to a season sub-page and see its episodes, breadcrumbs and canonical', async () => {
    const { page } = browser;
    const series = await seriesWithSeasons();
    await page.goto(`/watch/${series.alias}`, { waitUntil: 'load', timeout: 60_000 });
    const tabs = page.locator('[data-testid="title-tabs"]');
    await tabs.waitFor({ state: 'visible', timeout: 15_000 });
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'title-main.png') });

    // The Сезоны tab leads to season 1 (a client-side navigation); the season pills to season 2.
    await tabs.getByRole('link', { name: 'Сезоны' }).click();
    await page.waitForURL(`**/watch/${series.alias}/season-1`);
    await page.locator('.season-nav').getByRole('link', { name: 'Сезон 2' }).click();
    await page.waitForURL(`**/watch/${series.alias}/season-2`);
    const episodes = page.locator('[data-testid="season-episodes"] > li');
    await episodes.first().waitFor({ state: 'visible' });
    expect(await episodes.count(), 'episodes of season 2').toBeGreaterThan(0);
    // The address changes as the navigation commits; the page's heading follows with React's render of it.
    await expect.poll(() => page.locator('.title-header__page').textContent()).toBe('Сезон 2');
    await expect.poll(() => page.title()).toContain('Сезон 2');
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'title-season.png'), fullPage: true });

    // Server-rendered: a fresh load of the address has the breadcrumbs, the canonical and the TVSeason.
    const res = await page.goto(`/watch/${series.alias}/season-2`, { waitUntil: 'load' });
    expect(res?.status()).toBe(200);
    const crumbs = await page.locator('nav.crumbs li').allTextContents();
    expect(crumbs[0]).toBe('Главная');
    expect(crumbs[1]).toBe('Сериалы');
    expect(crumbs.at(-1)).toBe('Сезон 2');
    expect(await page.locator('link[rel="canonical"]').getAttribute('href')).toMatch(new RegExp(`/watch/${series.alias}/season-2$`));
    const ld = await page.locator('script[type="application/ld+json"]').allTextContents();
    expect(ld.some((x) => x.includes('"TVSeason"') && x.includes('"TVEpisode"')), 'TVSeason JSON-LD').toBe(true);

    // A season out of range and an unknown sub-page are not found.
    browser.allowProblem(/status of 404/);
    expect((await page.goto(`/watch/${series.alias}/season-${series.seasons_count + 1}`))?.status()).toBe(404);
    expect((await page.goto(`/watch/${series.alias}/reviews`))?.status()).toBe(404);
    expect(browser.describeProblems()).toBe('');
  });

  it('moves /movie/{id} to the title page, and a tapp visitor to the title the link names', async () => {
    const { page } = browser;
    const series = await seriesWithSeasons();
    await page.goto(`/movie/${series._id}`, { waitUntil: 'load', timeout: 60_000 });
    expect(new URL(page.url()).pathname).toBe(`/watch/${series.alias}`);

    await page.goto(`/?s=tapp&watch=${series.alias}&ap=true`, { waitUntil: 'load' });
    const url = new URL(page.url());
    expect(url.pathname).toBe(`/watch/${series.alias}`);
    expect(Object.fromEntries(url.searchParams)).toEqual({ s: 'tapp', watch: series.alias, ap: 'true' });
    expect(browser.describeProblems()).toBe('');
  });
});
