// A new viewer signs up by phone with the code read from the outbox page, signs out, and signs in again by a code.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { launchBrowser, type Browser } from './browser.ts';

let browser: Browser;
beforeEach(async () => {
  browser = await launchBrowser();
});
afterEach(async () => {
  await browser.close();
});

/** The newest code the outbox page shows for a number (as the viewer's phone would get it). */
async function codeFromOutboxPage(phone: string): Promise<string> {
  const page = await browser.context.newPage();
  try {
    await page.goto(`/dev/outbox?to=${encodeURIComponent(phone)}`, { waitUntil: 'load' });
    const code = await page.textContent('[data-testid="outbox-code"]');
    expect(code, 'a code on the outbox page').toMatch(/^\d{6}$/);
    return code!;
  } finally {
    await page.close();
  }
}

describe('a new viewer with a phone', () => {
  it('signs up by an SMS code, signs out and signs in again by a new code', async () => {
    const { page } = browser;
    // Validation answers of the forms are 400s on purpose.
    browser.allowProblem(/status of 400/);
    const digits = `9${String(Date.now()).slice(-9)}`;
    const display = `+7 ${digits.slice(0, 3)} ${digits.slice(3, 6)}-${digits.slice(6, 8)}-${digits.slice(8)}`;

    await page.goto('/', { waitUntil: 'load', timeout: 60_000 });
    await page.click('[data-testid="header-signin"]');
    await page.waitForURL('**/auth');
    expect(await page.textContent('label[for="login"]')).toBe('Почта или телефон');

    // A landline is refused with a clear message; nothing is sent.
    await page.fill('#login', '+7 495 123-45-67');
    await page.click('[data-testid="login-submit"]');
    await expect.poll(() => page.textContent('#login-error')).toContain('Это не мобильный номер');

    // A mobile number typed the Russian way: the code step shows it in the display format.
    await page.fill('#login', `8 (${digits.slice(0, 3)}) ${digits.slice(3)}`);
    await page.click('[data-testid="login-submit"]');
    await page.waitForURL('**/auth/code');
    expect(await page.textContent('[data-testid="auth-typed"]')).toBe(display);
    expect(await page.textContent('[data-testid="code-resend"]')).toMatch(/^Новый код — через (1:00|0:[0-5]\d)$/);
    expect(await page.isDisabled('[data-testid="code-resend"]')).toBe(true);

    const code = await codeFromOutboxPage(display);
    await page.fill('#code', code === '000000' ? '111111' : '000000');
    await page.click('[data-testid="code-submit"]');
    await expect.poll(() => page.textContent('#code-error')).toBe('Неверный или устаревший код');

    await page.fill('#code', code);
    await page.click('[data-testid="code-submit"]');
    await page.waitForSelector('.header__avatar');
    expect(new URL(page.url()).pathname).toBe('/');
    expect(await page.getAttribute('.header__avatar', 'title')).toBe(display);

    // Sign out: anonymous again.
    await page.goto('/logout');
    await page.click('[data-testid="logout-submit"]');
    await page.waitForSelector('[data-testid="header-signin"]');

    // Sign in again, from a title page, and come back to it.
    await page.goto('/auth?back=%2Fmovies', { waitUntil: 'load' });
    await page.fill('#login', `+7${digits}`);
    await page.click('[data-testid="login-submit"]');
    await page.waitForURL('**/auth/code?back=%2Fmovies');
    // Starting over forgets the number and keeps the return URL.
    await page.click('[data-testid="auth-change"]');
    await page.waitForURL('**/auth?back=%2Fmovies');
    expect(await page.inputValue('#login')).toBe('');
    await page.fill('#login', `+7${digits}`);
    await page.click('[data-testid="login-submit"]');
    await page.waitForURL('**/auth/code?back=%2Fmovies');

    await page.fill('#code', await codeFromOutboxPage(`+7${digits}`));
    await page.click('[data-testid="code-submit"]');
    await page.waitForURL('**/movies');
    await page.waitForSelector('.header__avatar');
    expect(await page.getAttribute('.header__avatar', 'title')).toBe(display);
    expect(browser.describeProblems()).toBe('');
  });
});
