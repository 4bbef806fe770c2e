// Personal lists: an anonymous visitor is asked to sign in to keep a favorite (the no-auth favorites
// popup), signs in and comes back, adds the title to the favorites and rates it; the favorite survives a
// reload and is on /favorites, the rating under «Оценки»; removing it there takes it off for good.
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { accountViaApi, API_KEY } from './accounts.ts';
import { BASE_URL, launchBrowser, SCREENSHOT_DIR, type Browser } from './browser.ts';

let browser: Browser;
beforeEach(async () => {
  browser = await launchBrowser({ viewport: { width: 1280, height: 900 } });
});
afterEach(async () => {
  await browser.close();
});

/** A film of the catalogue, asked anonymously. */
async function filmOfCatalogue(): Promise<{ alias: string; title: string }> {
  const res = await fetch(`${BASE_URL}/api/v1/titles?category=movies&limit=5`, { headers: { 'x-api-key': API_KEY } });
  const { items } = (await res.json()) as { items: { alias: string; title: string }[] };
  expect(items.length, 'films in the catalogue').toBeGreaterThan(0);
  return items[0]!;
}

describe('a viewer', () => {
  it('keeps a favorite across a reload, finds it on /favorites and sees its rating under «Оценки»', async () => {
    const { page } = browser;
    const email = `izbrannoe.${Date.now()}@example.ru`;
    const password = 'избранное-и-оценки';
    await accountViaApi(email, password);
    const film = await filmOfCatalogue();

    // Anonymous: the heart asks to sign in, and sign-in comes back to the title.
    await page.goto(`/watch/${film.alias}`, { waitUntil: 'load', timeout: 60_000 });
    const favorite = page.locator('.watch__actions [data-testid="favorite-button"]');
    await favorite.click();
    const popup = page.locator('[data-testid="no-auth-favorites"]');
    await popup.waitFor({ state: 'visible' });
    expect(await popup.textContent()).toContain('Войдите, чтобы сохранить в избранное');
    await page.click('[data-testid="sign-in-link"]');
    await page.waitForURL(`**/auth?back=%2Fwatch%2F${film.alias}`);
    await page.fill('#login', email);
    await page.click('[data-testid="login-submit"]');
    await page.waitForURL('**/auth/password**');
    await page.fill('#password', password);
    await page.click('[data-testid="signin-submit"]');
    await page.waitForURL(`**/watch/${film.alias}`);

    // Signed in: the heart saves the favorite.
    await favorite.waitFor({ state: 'visible' });
    expect(await favorite.getAttribute('aria-pressed')).toBe('false');
    const saved = page.waitForResponse((r) => r.url().includes('/resources/favorites') && r.request().method() === 'POST');
    await favorite.click();
    expect((await saved).status()).toBe(200);
    await expect.poll(() => favorite.getAttribute('aria-pressed')).toBe('true');
    expect(await favorite.textContent()).toBe('В избранном');

    // Rate it 8 of 10.
    const rated = page.waitForResponse((r) => r.url().includes('/resources/ratings') && r.request().method() === 'POST');
    await page.locator('[data-testid="rating-widget"] label').filter({ hasText: /^8$/ }).click();
    expect((await rated).status()).toBe(200);
    await page.locator('[data-testid="rating-widget"]', { hasText: 'Вы поставили 8' }).waitFor();

    // A reload: both are still there (the server kept them).
    await page.reload({ waitUntil: 'load' });
    await expect.poll(() => favorite.getAttribute('aria-pressed')).toBe('true');
    expect(await page.locator('[data-testid="rating-widget"] input[value="8"]').isChecked()).toBe(true);
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'lists-watch.png') });

    // /favorites: the title under «Избранное», and under «Оценки» with its rating.
    await page.goto('/favorites', { waitUntil: 'load' });
    const favorites = page.locator('[data-testid="panel-favorites"]');
    await favorites.locator('[data-testid="title-card"]').first().waitFor();
    expect(await favorites.locator('[data-testid="title-card"]').getAttribute('href')).toBe(`/watch/${film.alias}`);
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'lists-favorites.png') });
    await page.click('[data-testid="tab-rated"]');
    const ratedPanel = page.locator('[data-testid="panel-rated"][data-status="loaded"]');
    await ratedPanel.waitFor();
    expect(await ratedPanel.textContent()).toContain(film.title);
    expect(await ratedPanel.textContent()).toContain('Ваша оценка: 8');

    // Removing the favorite on /favorites takes it off the list at once, and for good.
    await page.click('[data-testid="tab-favorites"]');
    const heart = favorites.locator('[data-testid="favorite-button"]').first();
    const removed = page.waitForResponse((r) => r.url().includes('/resources/favorites') && r.request().method() === 'POST');
    await heart.click();
    expect((await removed).status()).toBe(200);
    await favorites.locator('[data-testid="list-empty"]').waitFor();
    await page.reload({ waitUntil: 'load' });
    await page.locator('[data-testid="panel-favorites"] [data-testid="list-empty"]').waitFor();

    // The analytics endpoint belongs to another part of the site and may not answer yet.
    expect(browser.problems.filter((p) => !/\/api\/v1\/events/.test(`${p.text} ${p.url ?? ''}`)), browser.describeProblems()).toEqual([]);
  });
});
