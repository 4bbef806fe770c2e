// The journal (decision 052): /journal lists the editors' articles, an article shows its body with title cards and a
// gallery whose viewer opens, pages with the arrow keys and closes with Escape; a title card leads to the title page,
// whose «Статьи» tab lists the article; the feed is RSS. Screenshots at 1440 and 390 px.
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterEach, describe, expect, it } from 'vitest';
import { launchBrowser, SCREENSHOT_DIR, type Browser } from './browser.ts';

let browser: Browser | null = null;
afterEach(async () => {
  await browser?.close();
  browser = null;
});

/** Waits until the pictures on screen have arrived (the art is drawn on first request), so a screenshot shows them. */
async function picturesShown(page: Page, whole = false) {
  if (whole) {
    // Lazy pictures load as they come near the screen: scroll the page through once.
    const height = await page.evaluate(() => document.body.scrollHeight);
    for (let y = 0; y < height; y += 600) {
      await page.evaluate((top) => window.scrollTo(0, top), y);
      await page.waitForTimeout(50);
    }
    await page.evaluate(() => window.scrollTo(0, 0));
  }
  await page.waitForFunction(
    (all) =>
      [...document.images]
        .filter((img) => {
          const box = img.getBoundingClientRect();
          // Cards scrolled out of a row's view to the side are lazy and never load: only what a reader can see counts.
          return box.left < innerWidth && box.right > 0 && (all || (box.top < innerHeight && box.bottom > 0));
        })
        .every((img) => img.complete && img.naturalWidth > 0),
    whole,
    { timeout: 30_000 },
  );
}

const ARTICLE = 'otrazhenie-retsenziya';
const ARTICLE_TITLE = '«Отражение»: петербургский триллер о том, как страх меняет людей';

describe('журнал', () => {
  it('opens an article from the journal, views its gallery, follows a title card and finds the article on the title’s page', async () => {
    browser = await launchBrowser({ viewport: { width: 1440, height: 900 } });
    const { page } = browser;
    await page.goto('/journal', { waitUntil: 'load', timeout: 60_000 });
    await page.getByRole('heading', { level: 1, name: 'Журнал' }).waitFor();
    const rubrics = page.getByRole('navigation', { name: 'Рубрики журнала' });
    expect(await rubrics.getByRole('link').allTextContents()).toEqual(['Все статьи', 'Рецензии', 'Подборки', 'Новости каталога', 'Интервью', 'Эссе']);
    expect(await page.locator('[data-testid="article-card"]').count()).toBeGreaterThanOrEqual(6);
    await expect.poll(() => page.locator('[data-testid="article-card"]').first().textContent()).toMatch(/минут[аы]? чтения/);
    await picturesShown(page);
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'journal-1440.png') });

    // A rubric's tab lists only its articles.
    await rubrics.getByRole('link', { name: 'Рецензии' }).click();
    await page.waitForURL((url) => url.pathname === '/journal/retsenzii');
    await page.getByRole('heading', { level: 1, name: 'Рецензии' }).waitFor();
    const kinds = await page.locator('.article-card__rubric').allTextContents();
    expect(new Set(kinds)).toEqual(new Set(['Рецензии']));

    // The article.
    await page.getByRole('link', { name: ARTICLE_TITLE }).click();
    await page.waitForURL((url) => url.pathname === `/journal/${ARTICLE}`, { timeout: 15_000 });
    await page.getByRole('heading', { level: 1, name: ARTICLE_TITLE }).waitFor();
    expect(await page.locator('link[rel="canonical"]').getAttribute('href')).toMatch(new RegExp(`/journal/${ARTICLE}$`));
    const ld = await page.locator('script[type="application/ld+json"]').allTextContents();
    expect(ld.some((json) => JSON.parse(json)['@type'] === 'Article')).toBe(true);
    await picturesShown(page, true);
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'journal-article-1440.png'), fullPage: true });

    // The gallery's viewer: it opens at the picture pressed, the arrows page, Escape closes it and the focus returns.
    const thumbs = page.locator('[data-testid="gallery"] .gallery__thumb');
    expect(await thumbs.count()).toBe(3);
    await thumbs.first().click();
    const viewer = page.getByRole('dialog', { name: 'Фотогалерея: Кадры из сериала «Отражение»' });
    await viewer.waitFor({ timeout: 15_000 });
    await expect.poll(() => viewer.locator('.gallery-viewer__alt').textContent()).toContain('1 из 3');
    expect(await viewer.locator('img').getAttribute('alt')).toBe('Руслан Герасимов на крыше дома в сумерках');
    // The focus starts on its close button.
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Закрыть галерею');
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => viewer.locator('.gallery-viewer__alt').textContent()).toContain('2 из 3');
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('ArrowLeft');
    await expect.poll(() => viewer.locator('.gallery-viewer__alt').textContent()).toContain('3 из 3');
    await picturesShown(page);
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'journal-gallery-1440.png') });
    await page.keyboard.press('Escape');
    await viewer.waitFor({ state: 'detached' });
    // Radix hands the focus back just after the dialog leaves the page.
    await expect.poll(() => page.evaluate(() => document.activeElement?.classList.contains('gallery__thumb'))).toBe(true);

    // The title card in the body leads to the title page, whose «Статьи» tab lists the article.
    await page.locator('[data-testid="article-body"] [data-testid="title-embed-link"]', { hasText: 'Отражение' }).first().click();
    await page.waitForURL((url) => url.pathname === '/watch/otrazhenie', { timeout: 15_000 });
    const tab = page.getByTestId('title-tabs').getByRole('link', { name: 'Статьи' });
    await tab.click();
    await page.waitForURL((url) => url.pathname === '/watch/otrazhenie/articles', { timeout: 15_000 });
    const listed = page.locator('[data-testid="title-articles"] [data-testid="article-card"]');
    await listed.first().waitFor();
    expect(await listed.getByRole('link', { name: ARTICLE_TITLE }).count()).toBe(1);
    await page.evaluate(() => window.scrollTo(0, 0));
    await picturesShown(page);
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'journal-title-articles-1440.png') });

    // The whole list with its pager, and a selection with many title cards.
    await page.goto('/journal', { waitUntil: 'load' });
    await picturesShown(page, true);
    expect(await page.getByRole('navigation', { name: 'Страницы каталога' }).getByRole('link').allTextContents()).toContain('2');
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'journal-list-full-1440.png'), fullPage: true });
    await page.goto('/journal/multfilmy-dlya-vsey-semi', { waitUntil: 'load' });
    expect(await page.locator('[data-testid="article-body"] [data-testid="title-embed"]').count()).toBe(4);
    await picturesShown(page, true);
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'journal-selection-1440.png'), fullPage: true });

    // The feed.
    const feed = await page.request.get('/journal/rss.xml');
    expect(feed.status()).toBe(200);
    expect(feed.headers()['content-type']).toContain('application/rss+xml');
    expect(await feed.text()).toContain(`/journal/${ARTICLE}</link>`);
    expect(browser.problems, browser.describeProblems()).toEqual([]);
  });

  it('reads well on a phone', async () => {
    browser = await launchBrowser({ viewport: { width: 390, height: 844 } });
    const { page } = browser;
    await page.goto('/journal', { waitUntil: 'load', timeout: 60_000 });
    await page.getByRole('heading', { level: 1, name: 'Журнал' }).waitFor();
    await picturesShown(page);
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'journal-390.png') });
    await page.goto(`/journal/${ARTICLE}`, { waitUntil: 'load' });
    await page.getByRole('heading', { level: 1, name: ARTICLE_TITLE }).waitFor();
    await picturesShown(page);
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'journal-article-390.png') });
    // The first title card of the body, in view.
    await page.locator('[data-testid="article-body"] [data-testid="title-embed"]').first().scrollIntoViewIfNeeded();
    await page.evaluate(() => window.scrollBy(0, -120));
    await picturesShown(page);
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'journal-article-embed-390.png') });
    await page.locator('[data-testid="gallery"] .gallery__thumb').nth(1).click();
    await page.getByRole('dialog').waitFor();
    await picturesShown(page);
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'journal-gallery-390.png') });
    await page.getByRole('button', { name: 'Закрыть галерею' }).click();
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    expect(browser.problems, browser.describeProblems()).toEqual([]);
  });
});
