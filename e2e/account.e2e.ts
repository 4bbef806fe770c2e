// A new viewer signs up by email, confirms it with the code from the outbox, signs out and signs in again.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { accountViaApi, API_KEY } from './accounts.ts';
import { BASE_URL, launchBrowser, type Browser } from './browser.ts';


let browser: Browser;
beforeEach(async () => {
  browser = await launchBrowser();
});
afterEach(async () => {
  await browser.close();
});

/** The newest code mailed to an address, read from the local outbox (DELIVERY=outbox). */
async function codeFor(email: string): Promise<string> {
  const res = await fetch(`${BASE_URL}/api/v1/dev/outbox?recipient=${encodeURIComponent(email)}`, { headers: { 'x-api-key': API_KEY } });
  expect(res.status, 'outbox status').toBe(200);
  const body = ((await res.json()) as { items: { body: string }[] }).items[0]?.body ?? '';
  const code = body.match(/\b\d{6}\b/)?.[0];
  expect(code, `a code in the letter: ${body}`).toBeDefined();
  return code!;
}

describe('a new viewer', () => {
  it('signs up by email, confirms it from the outbox, signs out and signs in again', async () => {
    const { page } = browser;
    // Validation answers of the forms are 400s on purpose.
    browser.allowProblem(/status of 400/);
    const email = `zritel.${Date.now()}@example.ru`;
    const password = 'очень-секретный-пароль';

    await page.goto('/', { waitUntil: 'load', timeout: 60_000 });
    await page.click('[data-testid="header-signin"]');
    await page.waitForURL('**/auth');
    await page.click('a[href^="/signup"]');
    await page.waitForURL('**/signup');

    // Bad input: clear Russian messages under the fields, nothing created.
    await page.fill('#email', 'зритель@почта.рф');
    await page.fill('#password', 'short');
    await page.click('[data-testid="signup-submit"]');
    await expect.poll(() => page.textContent('#email-error')).toBe('Почта введена некорректно');
    expect(await page.textContent('#password-error')).toBe('Пароль должен быть не короче 8 символов');

    await page.fill('#email', email);
    await page.fill('#password', password);
    await page.click('[data-testid="signup-submit"]');
    await page.waitForURL('**/signup/confirm');
    await page.waitForSelector('.header__avatar');

    await page.fill('#code', await codeFor(email));
    await page.click('[data-testid="confirm-submit"]');
    await page.waitForURL(`${BASE_URL}/`);

    // Sign out revokes the session; the visitor is anonymous again.
    await page.goto('/logout');
    await page.click('[data-testid="logout-submit"]');
    await page.waitForSelector('[data-testid="header-signin"]');

    // A wrong password, then the right one: /auth takes the email first, then its password.
    await page.click('[data-testid="header-signin"]');
    await page.waitForURL('**/auth');
    await page.fill('#login', email);
    await page.click('[data-testid="login-submit"]');
    await page.waitForURL('**/auth/password');
    expect(await page.textContent('[data-testid="auth-typed"]')).toBe(email);
    await page.fill('#password', 'не-тот-пароль');
    await page.click('[data-testid="signin-submit"]');
    await expect.poll(() => page.textContent('.form-error p')).toBe('Неверная почта или пароль');
    await page.fill('#password', password);
    await page.click('[data-testid="signin-submit"]');
    await page.waitForSelector('.header__avatar');
    expect(await page.getAttribute('.header__avatar', 'title')).toBe(email);
    expect(browser.describeProblems()).toBe('');
  });
});


describe('a viewer who forgot the password', () => {
  it('gets a code by email, sets a new password and signs in with it', async () => {
    const { page } = browser;
    browser.allowProblem(/status of 400/);
    const email = `zabyl.${Date.now()}@example.ru`;
    await accountViaApi(email, 'старый-пароль-2025');

    await page.goto('/auth', { waitUntil: 'load', timeout: 60_000 });
    await page.fill('#login', email);
    await page.click('[data-testid="login-submit"]');
    await page.waitForURL('**/auth/password');
    await page.click('a[href="/password/recovery"]');
    await page.waitForURL('**/password/recovery');
    await page.fill('#email', email);
    await page.click('[data-testid="recovery-submit"]');
    await page.waitForURL('**/password/code?email=*');

    await page.fill('#code', '000000');
    await page.fill('#password', 'новый-пароль-2026');
    await page.click('[data-testid="reset-submit"]');
    await expect.poll(() => page.textContent('#code-error')).toBe('Неверный или устаревший код');

    await page.fill('#code', await codeFor(email));
    await page.fill('#password', 'новый-пароль-2026');
    await page.click('[data-testid="reset-submit"]');
    await page.waitForURL('**/password/success');

    await page.click('a[href="/auth"].btn');
    await page.waitForURL('**/auth/password');
    expect(await page.textContent('[data-testid="auth-typed"]')).toBe(email);
    await page.fill('#password', 'новый-пароль-2026');
    await page.click('[data-testid="signin-submit"]');
    await page.waitForSelector('.header__avatar');
    expect(browser.describeProblems()).toBe('');
  });
});

describe('a viewer who signs up by email', () => {
  it('gets a typo hint, and confirms the address from the letter\'s link without being signed in', async () => {
    const { page } = browser;
    browser.allowProblem(/status of 400/);
    const email = `ssylka.${Date.now()}@example.ru`;

    await page.goto('/signup', { waitUntil: 'load', timeout: 60_000 });
    await page.fill('#email', email.replace('example.ru', 'example.r'));
    await expect.poll(() => page.textContent('[data-testid="email-suggestion"]')).toBe(`Возможно, вы имели в виду ${email}?`);
    await page.click('[data-testid="email-suggestion"]');
    expect(await page.inputValue('#email')).toBe(email);
    await page.fill('#password', 'очень-секретный-пароль');
    await page.click('[data-testid="signup-submit"]');
    await page.waitForURL('**/signup/confirm');

    // Signed out (a fresh browser has no session of this account), the link in the letter still confirms.
    await page.context().clearCookies();
    await page.goto(`/dev/outbox?to=${encodeURIComponent(email)}`, { waitUntil: 'load' });
    await page.click('.outbox__body a[href^="/email-confirm?"]');
    await page.waitForURL('**/email-confirm?**');
    const link = page.url();
    expect(await page.textContent('[data-testid="auth-typed"]')).toBe(email);
    await page.click('[data-testid="email-confirm-submit"]');
    await page.waitForURL('**/confirmed?what=email');
    await expect.poll(() => page.textContent('h1')).toBe('Почта подтверждена');

    // The same link again: it was used; the page offers a new letter.
    await page.goto(link, { waitUntil: 'load' });
    await page.click('[data-testid="email-confirm-submit"]');
    await expect.poll(() => page.textContent('h1')).toBe('Ссылка не сработала');
    expect(await page.inputValue('#email')).toBe(email);
    expect(browser.describeProblems()).toBe('');
  });
});
