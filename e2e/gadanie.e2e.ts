// «Гадание на фильм» (/gadanie-random, platform §2): a viewer picks a mood and a card turns over with a title of the
// catalogue; the prediction's link opens the same title again, «Ещё раз» draws anew, and the title leads to its page.
// On a phone a question gets its own answer and is shown back. Screenshots at 1440 and 390 px.
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterEach, describe, expect, it } from 'vitest';
import { launchBrowser, SCREENSHOT_DIR, type Browser } from './browser.ts';

let browser: Browser | null = null;
afterEach(async () => {
  await browser?.close();
  browser = null;
});

/** The title the page predicts, as its address names it and as it shows it. */
async function prediction(page: Page) {
  await page.locator('[data-testid="gadanie-card"]').waitFor({ state: 'visible', timeout: 15_000 });
  const alias = new URL(page.url()).searchParams.get('t');
  const title = (await page.locator('[data-testid="gadanie-title"]').textContent())?.trim();
  return { alias, title };
}

describe('гадание на фильм', () => {
  it('predicts a title for a mood, opens the same prediction from its link, draws again and leads to the title', async () => {
    browser = await launchBrowser({ viewport: { width: 1440, height: 900 } });
    const { page } = browser;
    await page.goto('/gadanie-random', { waitUntil: 'load', timeout: 60_000 });
    await page.getByRole('heading', { level: 1, name: 'Гадание на фильм' }).waitFor();
    await page.click('[data-testid="gadanie-mood-laugh"]');
    const first = await prediction(page);
    expect(first.alias).toMatch(/^[a-z0-9-]+$/);
    expect(first.title).toBeTruthy();
    expect(new URL(page.url()).searchParams.get('mood')).toBe('laugh');
    await page.waitForTimeout(1_000); // the card has turned over
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'gadanie-1440.png') });

    // The prediction's own link opens the same title.
    const link = await page.locator('[data-testid="gadanie-link"]').getAttribute('href');
    await page.goto(link!, { waitUntil: 'load' });
    expect(await prediction(page)).toEqual(first);

    // «Ещё раз» draws again (a title of the same mood, maybe the same one: the draw is random), at its own address.
    const drawn = page.waitForResponse((r) => r.url().includes('/gadanie-random.data') && new URL(r.url()).searchParams.has('t'), { timeout: 15_000 });
    await page.click('[data-testid="gadanie-again"]');
    await drawn;
    // The page shows the title its address names.
    const shown = async () => (await page.locator('[data-testid="gadanie-title"]').getAttribute('href')) === `/watch/${new URL(page.url()).searchParams.get('t')}`;
    await expect.poll(shown, { timeout: 10_000 }).toBe(true);
    const again = await prediction(page);
    expect(new URL(page.url()).searchParams.get('mood')).toBe('laugh');

    // The title leads to its page.
    await page.click('[data-testid="gadanie-title"]');
    await page.waitForURL((url) => url.pathname === `/watch/${again.alias}`, { timeout: 15_000 });
    expect(browser.problems, browser.describeProblems()).toEqual([]);
  });

  it('answers a question on a phone and shows it back', async () => {
    browser = await launchBrowser({ viewport: { width: 390, height: 844 } });
    const { page } = browser;
    await page.goto('/gadanie-random', { waitUntil: 'load', timeout: 60_000 });
    await page.fill('#gadanie-q', 'Что посмотреть с друзьями в пятницу?');
    await page.getByRole('button', { name: 'Погадать' }).click();
    await page.waitForURL((url) => url.searchParams.has('q') && url.searchParams.has('t'), { timeout: 15_000 });
    await prediction(page);
    expect(await page.locator('.gadanie__question').textContent()).toBe('Вы спросили: «Что посмотреть с друзьями в пятницу?»');
    // «Ещё раз» draws again for the same question, which stays on the page.
    const first = new URL(page.url()).searchParams.get('mood');
    await page.click('[data-testid="gadanie-again"]');
    await page.waitForURL((url) => url.searchParams.has('t') && url.href !== page.url(), { timeout: 15_000 }).catch(() => undefined);
    await expect.poll(() => page.locator('.gadanie__question').textContent(), { timeout: 10_000 }).toBe('Вы спросили: «Что посмотреть с друзьями в пятницу?»');
    expect(new URL(page.url()).searchParams.get('mood')).toBe(first);
    await page.waitForTimeout(1_000);
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'gadanie-390.png') });
    expect(browser.problems, browser.describeProblems()).toEqual([]);
  });
});
