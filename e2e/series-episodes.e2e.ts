// A series' episodes as a viewer expects them: one season at a time with a season switcher that is a link (each
// season has its address), and episode rows with a still, the running time, how much the profile watched and a
// whole-row link; on the title page and on the season pages, on a desktop and on a phone.
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { API_KEY } from './accounts.ts';
import { BASE_URL, launchBrowser, type Browser } from './browser.ts';

const SHOTS = process.env.SHOTS_DIR ?? '/work/shots/search';

interface Card { alias: string; uid: string; seasons_count: number }
interface Episode { number: number; title: string; ekran_id: string; duration_minutes: number }
interface TitleBody { uid: string; items: { number: number; episodes: Episode[] }[] }

/** A seeded series with at least two seasons, and its seasons, from the API the site uses. */
async function seriesWithSeasons(): Promise<Card & TitleBody> {
  const res = await fetch(`${BASE_URL}/api/v1/titles?category=series&limit=40`, { headers: { 'x-api-key': API_KEY } });
  expect(res.status).toBe(200);
  const series = ((await res.json()) as { items: Card[] }).items.find((i) => i.seasons_count >= 2);
  expect(series, 'a seeded series with two seasons').toBeDefined();
  const title = await fetch(`${BASE_URL}/api/v1/watch/${series!.alias}`, { headers: { 'x-api-key': API_KEY } });
  expect(title.status).toBe(200);
  return { ...series!, ...((await title.json()) as TitleBody) };
}

let browser: Browser | undefined;
afterEach(async () => {
  await browser?.close();
  browser = undefined;
});

for (const viewport of [
  { width: 1440, height: 900 },
  { width: 390, height: 844 },
]) {
  describe(`series episodes at ${viewport.width}px`, () => {
    it('shows one season at a time with a switcher, and episode rows with stills, durations, progress and a whole-row link', async () => {
      browser = await launchBrowser({ viewport });
      const { page, context } = browser;
      const series = await seriesWithSeasons();
      const [first, second] = series.items;

      // The visitor's device session watched the first episode half-way and finished the second (the player's reports).
      await page.goto(`/watch/${series.alias}`, { waitUntil: 'load', timeout: 60_000 });
      const token = (await context.cookies()).find((c) => c.name === 'ekran_token')?.value;
      expect(token, 'the visitor has a device session').toBeTruthy();
      const report = async (episode: Episode, share: number) => {
        const duration = episode.duration_minutes * 60;
        const res = await fetch(`${BASE_URL}/api/v1/profile/progress`, {
          method: 'PUT',
          headers: { 'x-api-key': API_KEY, 'content-type': 'application/json', cookie: `ekran_token=${token}` },
          body: JSON.stringify({ uid: series.uid, episode_id: episode.ekran_id, position: Math.round(duration * share), duration }),
        });
        expect(res.status, 'progress report').toBe(200);
      };
      await report(first!.episodes[0]!, 0.5);
      await report(first!.episodes[1]!, 0.99);

      await page.goto(`/watch/${series.alias}`, { waitUntil: 'load' });
      const section = page.locator('section[aria-labelledby="seasons"]');
      const switcher = section.getByTestId('season-switcher');
      await switcher.waitFor({ state: 'visible', timeout: 15_000 });
      // One season, not all of them stacked.
      expect(await section.getByTestId('episode-list').count(), 'episode lists on the page').toBe(1);
      const rows = section.getByTestId('episode-row');
      expect(await rows.count()).toBe(first!.episodes.length);
      expect(await switcher.getByRole('link', { name: 'Сезон 1' }).getAttribute('aria-current')).toBe('page');

      // Each row: a still, the running time, the name; the watched ones their progress; the whole row is one link.
      const row = rows.first();
      const still = row.locator('.episode-row__still img');
      await still.scrollIntoViewIfNeeded();
      await expect.poll(() => still.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0), { timeout: 15_000 }).toBe(true);
      expect(await row.textContent()).toContain(first!.episodes[0]!.title);
      expect(await row.locator('.episode-row__duration').textContent()).toMatch(/мин/);
      expect(await row.getByTestId('episode-progress').getAttribute('aria-label')).toMatch(/50/);
      expect(await rows.nth(1).getByTestId('episode-progress').getAttribute('aria-label')).toMatch(/100/);
      expect(await rows.nth(2).getByTestId('episode-progress').count()).toBe(0);
      const link = row.getByRole('link');
      expect(await link.getAttribute('href')).toBe(`/watch/${series.alias}/season-1#episode-1`);
      const linkBox = (await link.boundingBox())!;
      const rowBox = (await row.boundingBox())!;
      expect(linkBox.width, 'the link is the whole row').toBeGreaterThanOrEqual(rowBox.width - 1);
      expect(linkBox.height).toBeGreaterThanOrEqual(rowBox.height - 1);
      await section.scrollIntoViewIfNeeded();
      await page.screenshot({ path: path.join(SHOTS, `series-episodes-${viewport.width}.png`) });

      // The switcher is a link to ?season=2, shown in place.
      expect(await switcher.getByRole('link', { name: 'Сезон 2' }).getAttribute('href')).toContain('?season=2');
      await switcher.getByRole('link', { name: 'Сезон 2' }).click();
      await page.waitForURL((url) => url.searchParams.get('season') === '2');
      await expect.poll(() => switcher.getByRole('link', { name: 'Сезон 2' }).getAttribute('aria-current')).toBe('page');
      await expect.poll(() => rows.count()).toBe(second!.episodes.length);
      expect(await rows.first().textContent()).toContain(second!.episodes[0]!.title);
      expect(await section.getByTestId('episode-list').count()).toBe(1);

      // The address alone shows that season, server-rendered (as without JavaScript).
      const res = await page.goto(`/watch/${series.alias}?season=2`, { waitUntil: 'load' });
      expect(res?.status()).toBe(200);
      expect(await page.locator('section[aria-labelledby="seasons"] [data-testid="episode-row"]').first().textContent()).toContain(second!.episodes[0]!.title);

      // The season page: the same rows, its switcher leads to the other season's page.
      await page.goto(`/watch/${series.alias}/season-1`, { waitUntil: 'load' });
      const seasonRows = page.getByTestId('season-episodes').getByTestId('episode-row');
      await seasonRows.first().waitFor({ state: 'visible', timeout: 15_000 });
      expect(await seasonRows.first().getByTestId('episode-progress').count()).toBe(1);
      await page.screenshot({ path: path.join(SHOTS, `season-page-${viewport.width}.png`) });
      // Its switcher leads to the other season's page.
      expect(await page.getByTestId('season-switcher').getByRole('link', { name: 'Сезон 2' }).getAttribute('href')).toBe(`/watch/${series.alias}/season-2`);
      // A click anywhere on the row (here: on its name) plays the episode on the page.
      await seasonRows.nth(2).locator('.episode-row__title').click();
      await page.locator('.sub-player, [data-testid="sub-player"]').first().waitFor({ state: 'attached', timeout: 15_000 });
      expect(new URL(page.url()).pathname).toBe(`/watch/${series.alias}/season-1`);
      expect(browser.describeProblems()).toBe('');
    });
  });
}
