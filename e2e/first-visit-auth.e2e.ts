// A first-time viewer on «Вход или регистрация» (spec platform §2 /auth/{step?}): a new email goes on to sign-up in
// the same flow, a known one to its password; refusals of the forms (a wrong password, an unknown promo code)
// are answers on the page and leave nothing in the browser's console (docs/decisions/037-…).
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { accountViaApi } from './accounts.ts';
import { BASE_URL, launchBrowser, SCREENSHOT_DIR, type Browser } from './browser.ts';

let browser: Browser;
afterEach(async () => {
  await browser.close();
});

/** The console messages of type error a page logs (failed resources included), as the journey saw them. */
function consoleErrors(b: Browser): string[] {
  const errors: string[] = [];
  b.page.on('console', (msg) => {
    if (msg.type() === 'error') errors.push(msg.text());
  });
  return errors;
}

for (const viewport of [
  { name: 'desktop', width: 1440, height: 900 },
  { name: 'phone', width: 390, height: 844 },
]) {
  describe(`a first-time viewer (${viewport.name})`, () => {
    beforeEach(async () => {
      browser = await launchBrowser({ viewport });
    });

    it('types a new email on «Вход или регистрация» and signs up in the same flow', async () => {
      const { page } = browser;
      const errors = consoleErrors(browser);
      const email = `novyy.${viewport.name}.${Date.now()}@example.ru`;

      await page.goto('/', { waitUntil: 'load', timeout: 60_000 });
      await page.click('[data-testid="header-signin"]');
      await page.waitForURL('**/auth');
      await page.getByRole('heading', { name: 'Вход или регистрация' }).waitFor();
      await page.fill('#login', email);
      await page.screenshot({ path: path.join(SCREENSHOT_DIR, `auth-login-${viewport.name}.png`) });
      await page.click('[data-testid="login-submit"]');

      // Not «Вход — Введите пароль от аккаунта»: the registration step, with the address typed.
      await page.waitForURL('**/auth/register');
      await page.getByRole('heading', { name: 'Регистрация' }).waitFor();
      expect(await page.textContent('[data-testid="auth-typed"]')).toBe(email);
      expect(await page.textContent('.auth__lead')).toContain('Аккаунта с этой почтой ещё нет');
      expect(await page.locator('#password').getAttribute('autocomplete')).toBe('new-password');

      // A short password is refused on the page.
      await page.fill('#password', 'short');
      await page.click('[data-testid="register-submit"]');
      await expect.poll(() => page.textContent('#password-error')).toBe('Пароль должен быть не короче 8 символов');
      await page.screenshot({ path: path.join(SCREENSHOT_DIR, `auth-register-${viewport.name}.png`) });

      await page.fill('#password', 'новый-зритель-2026');
      await page.click('[data-testid="register-submit"]');
      await page.waitForURL('**/signup/confirm');
      await page.waitForSelector('.header__avatar');
      expect(await page.getAttribute('.header__avatar', 'title')).toBe(email);

      // Signed out, the same address is a known one now: its password.
      await page.goto('/logout');
      await page.click('[data-testid="logout-submit"]');
      await page.waitForSelector('[data-testid="header-signin"]');
      await page.goto('/auth', { waitUntil: 'load' });
      await page.fill('#login', email);
      await page.click('[data-testid="login-submit"]');
      await page.waitForURL('**/auth/password');
      await page.screenshot({ path: path.join(SCREENSHOT_DIR, `auth-password-${viewport.name}.png`) });

      expect(errors).toEqual([]);
      expect(browser.describeProblems()).toBe('');
    });
  });
}

describe('a viewer whose form is refused', () => {
  beforeEach(async () => {
    browser = await launchBrowser({ viewport: { width: 1440, height: 900 } });
  });

  it('sees a wrong password and an unknown promo code answered on the page, with no console error', async () => {
    const { page } = browser;
    const errors = consoleErrors(browser);
    const email = `otkaz.${Date.now()}@example.ru`;
    const password = 'pravilnyy-parol-2026';
    await accountViaApi(email, password);

    await page.goto('/auth?back=%2Fcode', { waitUntil: 'load', timeout: 60_000 });
    await page.fill('#login', email);
    await page.click('[data-testid="login-submit"]');
    await page.waitForURL('**/auth/password**');
    await page.fill('#password', 'ne-tot-parol');
    await page.click('[data-testid="signin-submit"]');
    await expect.poll(() => page.textContent('.form-error p')).toBe('Неверная почта или пароль');
    expect(errors, 'a wrong password').toEqual([]);

    await page.fill('#password', password);
    await page.click('[data-testid="signin-submit"]');
    await page.waitForURL(`${BASE_URL}/code`);
    await page.locator('.promo__form input[name="code"]').fill('NETAKOGOKODA');
    await page.locator('.promo__form button[type="submit"]').click();
    const error = page.locator('[data-testid="promo-error"]');
    await error.waitFor({ state: 'visible' });
    expect(await error.textContent()).toContain('Промокод не найден');
    expect(page.url()).toBe(`${BASE_URL}/code`);
    expect(errors, 'an unknown promo code').toEqual([]);
    expect(browser.describeProblems()).toBe('');
  });
});

describe('a viewer who signs up from a title page', () => {
  it('comes back to the title: «Войти» carries the page along through sign-up', async () => {
    browser = await launchBrowser({ viewport: { width: 1440, height: 900 } });
    const { page } = browser;
    const list = (await (await fetch(`${BASE_URL}/api/v1/titles?category=movies&limit=1`, { headers: { 'x-api-key': process.env.WEB_API_KEY ?? 'ekran-web-public-key' } })).json()) as { items: { alias: string }[] };
    const back = `/watch/${list.items[0]!.alias}`;
    await page.goto(back, { waitUntil: 'load', timeout: 60_000 });
    await page.click('[data-testid="header-signin"]');
    await page.waitForURL((url) => url.pathname === '/auth' && url.searchParams.get('back') === back);
    await page.fill('#login', `s.stranitsy.${Date.now()}@example.ru`);
    await page.click('[data-testid="login-submit"]');
    await page.waitForURL('**/auth/register**');
    await page.fill('#password', 'novyy-zritel-s-filma');
    await page.click('[data-testid="register-submit"]');
    await page.waitForURL((url) => url.pathname === '/signup/confirm' && url.searchParams.get('back') === back);
    // Confirming later (or with the code) goes back to the title.
    await page.getByRole('link', { name: 'Подтвердить позже' }).click();
    await page.waitForURL(`**${back}`);
    expect(browser.describeProblems()).toBe('');
  });
});
