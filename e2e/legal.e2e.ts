// Legal documents and static pages (platform §2 Legal, Static): /legal lists the documents, a document opens with its
// table of contents and effective date, its earlier version reads differently and says when it was in force; the
// short alias /privacy is the not-found screen; /about and the outcome pages of confirmation links render.
// Screenshots at 1440 and 390 px.
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { launchBrowser, SCREENSHOT_DIR, type Browser } from './browser.ts';

let browser: Browser | null = null;
afterEach(async () => {
  await browser?.close();
  browser = null;
});

describe('legal documents', () => {
  it('opens /legal, a document, its earlier version; /privacy is not found', async () => {
    browser = await launchBrowser({ viewport: { width: 1440, height: 900 } });
    const { page } = browser;
    await page.goto('/legal', { waitUntil: 'load', timeout: 60_000 });
    await page.getByRole('heading', { level: 1, name: 'Правовые документы' }).waitFor();
    const list = page.locator('[data-testid="legal-list"] li');
    expect(await list.count()).toBe(5);
    expect(await page.locator('[data-testid="requisites"]').textContent()).toContain('демо-реквизиты');
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'legal-index-1440.png'), fullPage: true });

    // The terms of use: the version in force, from 1 September 2026.
    await page.getByRole('link', { name: 'Пользовательское соглашение' }).first().click();
    await page.waitForURL('**/legal/terms_of_use');
    await page.getByRole('heading', { level: 1, name: 'Пользовательское соглашение' }).waitFor();
    expect(await page.locator('[data-testid="legal-effective"]').textContent()).toBe('Редакция 2 · Действует с 1 сентября 2026 г.');
    const current = (await page.locator('[data-testid="legal-text"]').textContent()) ?? '';
    expect(current).toContain('льготного периода');
    expect(current).toContain('ООО «Экран» (демо-реквизиты)');
    expect(await page.locator('link[rel="canonical"]').getAttribute('href')).toMatch(/\/legal\/terms_of_use$/);
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'legal-document-1440.png') });

    // The table of contents leads to its section.
    await page.locator('.legal-toc--wide a', { hasText: 'Подписка и оплата' }).click();
    await page.waitForURL('**/legal/terms_of_use#section-*');

    // The earlier version: another text, its dates, a way back to the one in force; the canonical stays the document's.
    await page.locator('[data-testid="legal-versions"] a', { hasText: 'Редакция 1' }).click();
    await page.waitForURL('**/legal/terms_of_use?version=1');
    await expect.poll(() => page.locator('[data-testid="legal-effective"]').textContent()).toBe('Редакция 1 · Действует с 1 марта 2025 г.');
    expect(await page.locator('[data-testid="legal-notice"]').textContent()).toContain('Она действовала с 1 марта 2025 г. по 31 августа 2026 г.');
    const earlier = (await page.locator('[data-testid="legal-text"]').textContent()) ?? '';
    expect(earlier).not.toBe(current);
    expect(earlier).not.toContain('льготного периода');
    expect(await page.locator('link[rel="canonical"]').getAttribute('href')).toMatch(/\/legal\/terms_of_use$/);
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'legal-earlier-1440.png') });
    await page.getByRole('link', { name: 'Открыть действующую редакцию' }).click();
    await page.waitForURL((url) => url.pathname === '/legal/terms_of_use' && url.search === '');

    // The short alias of the spec is not a page.
    browser.allowProblem(/status of 404/);
    const res = await page.goto('/privacy', { waitUntil: 'load' });
    expect(res?.status()).toBe(404);
    await page.locator('.error-screen').waitFor();
    expect(await page.locator('[data-testid="legal-text"]').count()).toBe(0);
    expect(browser.problems, browser.describeProblems()).toEqual([]);
  });

  it('reads a document on a phone, with its contents folded above the text', async () => {
    browser = await launchBrowser({ viewport: { width: 390, height: 844 } });
    const { page } = browser;
    await page.goto('/legal/privacy_policy', { waitUntil: 'load', timeout: 60_000 });
    await page.getByRole('heading', { level: 1, name: 'Политика конфиденциальности' }).waitFor();
    // The contents are folded above the text; the text starts on the first screen.
    expect(await page.locator('.legal-toc--narrow summary').isVisible()).toBe(true);
    expect(await page.locator('.legal-toc--wide').isVisible()).toBe(false);
    expect(await page.locator('[data-testid="legal-text"] p').first().isVisible()).toBe(true);
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'legal-document-390.png') });
    await page.goto('/legal', { waitUntil: 'load' });
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'legal-index-390.png'), fullPage: true });
    expect(browser.problems, browser.describeProblems()).toEqual([]);
  });
});

describe('the accepting sentence', () => {
  it('the sign-up form names the documents it accepts, and its links open them', async () => {
    browser = await launchBrowser({ viewport: { width: 390, height: 844 } });
    const { page } = browser;
    await page.goto('/signup', { waitUntil: 'load', timeout: 60_000 });
    const note = page.locator('[data-testid="consent-note"]');
    expect(await note.textContent()).toBe('Продолжая, вы принимаете Пользовательское соглашение и Политику конфиденциальности и даёте согласие на обработку персональных данных.');
    expect(await note.locator('a').evaluateAll((links) => links.map((a) => a.getAttribute('href')))).toEqual(['/legal/terms_of_use', '/legal/privacy_policy', '/legal/persondata']);
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'signup-consent-390.png') });
    await note.getByRole('link', { name: 'согласие на обработку персональных данных' }).click();
    await page.getByRole('heading', { level: 1, name: 'Согласие на обработку персональных данных' }).waitFor();
    expect(browser.problems, browser.describeProblems()).toEqual([]);
  });
});

describe('static pages', () => {
  it('/about, /corporateinfo, /confirmed and /denied render their text', async () => {
    browser = await launchBrowser({ viewport: { width: 1440, height: 900 } });
    const { page } = browser;
    await page.goto('/about', { waitUntil: 'load', timeout: 60_000 });
    await page.getByRole('heading', { level: 1, name: 'О сервисе «Экран»' }).waitFor();
    expect(await page.locator('[data-testid="page-text"] h2').allTextContents()).toEqual(expect.arrayContaining(['Каталог', 'Телевидение', 'Для детей', 'На каких устройствах смотреть']));
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'about-1440.png'), fullPage: true });

    await page.goto('/corporateinfo', { waitUntil: 'load' });
    await page.getByRole('heading', { level: 1, name: 'Информация о компании' }).waitFor();
    expect(await page.locator('[data-testid="page-text"]').textContent()).toContain('press@ekran.ru');
    expect(await page.locator('[data-testid="legal-list"] li').count()).toBe(5);
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'corporateinfo-1440.png'), fullPage: true });

    await page.goto('/confirmed?what=email', { waitUntil: 'load' });
    await page.getByRole('heading', { level: 1, name: 'Почта подтверждена' }).waitFor();
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'confirmed-1440.png') });

    await page.goto('/denied?what=doi&reason=expired', { waitUntil: 'load' });
    await page.getByRole('heading', { level: 1, name: 'Не удалось подтвердить подписку' }).waitFor();
    expect(await page.locator('.outcome__lead').textContent()).toContain('Срок действия ссылки истёк.');
    expect(browser.problems, browser.describeProblems()).toEqual([]);
  });

  it('/about and /denied on a phone', async () => {
    browser = await launchBrowser({ viewport: { width: 390, height: 844 } });
    const { page } = browser;
    await page.goto('/about', { waitUntil: 'load', timeout: 60_000 });
    await page.getByRole('heading', { level: 1, name: 'О сервисе «Экран»' }).waitFor();
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'about-390.png') });
    await page.goto('/denied?what=email&reason=invalid', { waitUntil: 'load' });
    await page.getByRole('heading', { level: 1, name: 'Не удалось подтвердить почту' }).waitFor();
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'denied-390.png'), fullPage: true });
    expect(browser.problems, browser.describeProblems()).toEqual([]);
  });
});
