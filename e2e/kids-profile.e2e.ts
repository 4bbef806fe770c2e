// A parent's child profile (spec platform §4 Child profile switch, Pin status): the kids home in the kids theme,
// an adult title that says it is not for the kids profile with a way back and a way to switch, a wrong PIN that
// is an answer (no console error, no page error), and the adult home after leaving with the right PIN, without
// the kids badge and theme — from /kids and from the adult title's page alike.
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { accountViaApi, API_KEY } from './accounts.ts';
import { BASE_URL, launchBrowser, SCREENSHOT_DIR, type Browser } from './browser.ts';

let browser: Browser;
afterEach(async () => {
  await browser.close();
});

const PIN = '2580';

/** An account with a child profile and a parental PIN, made through the API. */
async function parentWithChild(): Promise<{ email: string; password: string }> {
  const email = `semya.${Date.now()}.${Math.random().toString(36).slice(2, 6)}@example.ru`;
  const password = 'semeynyy-parol-2026';
  const { token } = await accountViaApi(email, password);
  const headers = { 'x-api-key': API_KEY, 'content-type': 'application/json', cookie: `ekran_token=${token}` };
  const child = await fetch(`${BASE_URL}/api/v1/profiles`, { method: 'POST', headers, body: JSON.stringify({ name: 'Маша', child: true, age_cap: '6+', avatar: 'k4' }) });
  expect(child.status, 'child profile').toBeLessThan(300);
  const pin = await fetch(`${BASE_URL}/api/v1/pin`, { method: 'POST', headers, body: JSON.stringify({ pin: PIN }) });
  expect(pin.status, 'PIN').toBe(204);
  return { email, password };
}

/** An adult title of the catalogue, asked anonymously. */
async function adultAlias(): Promise<string> {
  const res = await fetch(`${BASE_URL}/api/v1/titles?category=movies&limit=20`, { headers: { 'x-api-key': API_KEY } });
  const { items } = (await res.json()) as { items: { alias: string; for_kids: boolean; rating_age: string }[] };
  const adult = items.find((i) => !i.for_kids && ['16+', '18+'].includes(i.rating_age));
  expect(adult, 'an adult title in the catalogue').toBeDefined();
  return adult!.alias;
}

/** Every console message of type error (failed resources included) the journey's page logs. */
function consoleErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error') errors.push(`${msg.text()} (at ${msg.location().url})`);
  });
  return errors;
}

async function signIn(page: Page, email: string, password: string) {
  // Popups that open by themselves on a family account («Кто смотрит?» on the first page of a session) are not
  // what this journey is about; toKids stops passing them, as «Сменить профиль» opens «Кто смотрит?» on purpose.
  await page.addLocatorHandler(page.locator('[data-testid="who-watch"]'), async () => page.keyboard.press('Escape'));
  await page.addLocatorHandler(page.locator('[data-testid="child-prompt"]'), async () => page.locator('[data-testid="child-prompt-later"]').click());
  await page.goto('/auth', { waitUntil: 'load', timeout: 60_000 });
  await page.fill('#login', email);
  await page.click('[data-testid="login-submit"]');
  await page.waitForURL('**/auth/password');
  await page.fill('#password', password);
  await page.click('[data-testid="signin-submit"]');
  await page.waitForSelector('[data-testid="profile-menu"]');
}

async function toKids(page: Page) {
  await page.click('[data-testid="profile-menu"]');
  await page.click('[data-testid="menu-kids"]');
  await page.waitForURL(`${BASE_URL}/kids`);
  await page.getByRole('heading', { name: 'Детям' }).waitFor();
  expect(await page.textContent('.header__kids')).toBe('Детский режим');
  // The kids theme (styles/kids-theme.css) hangs off the root attribute.
  expect.soft(await page.getAttribute('html', 'data-theme')).toBe('kids');
  await page.removeLocatorHandler(page.locator('[data-testid="who-watch"]'));
}

/**
 * The PIN popup of the way back to the adult profile: a wrong PIN first, then the right one. `pageOwn404`: on a
 * 404 page React Router loads the page's own data again after any form of a fetcher (it has none), and that
 * answers 404 as the page did; that one request is the page's, not the PIN's.
 */
async function leaveWithPin(page: Page, errors: string[], pageOwn404: RegExp | null = null) {
  const check = page.locator('[data-testid="parental-check"]');
  await check.locator('#pin-pin').fill('1111');
  await check.locator('[data-testid="pin-submit"]').click();
  await expect.poll(() => check.locator('#pin-pin-error').textContent()).toMatch(/^Неверный PIN-код\. Осталось \d попытк/);
  expect.soft(errors.filter((e) => !pageOwn404?.test(e)), 'a wrong PIN is an answer, not an error').toEqual([]);
  expect(await page.textContent('.header__kids')).toBe('Детский режим');
  await check.locator('#pin-pin').fill(PIN);
  await check.locator('[data-testid="pin-submit"]').click();
  await page.waitForURL(`${BASE_URL}/`);
}

/** The adult home as it is after a reload: no kids badge, no kids theme, the adult menu. */
async function expectAdultHome(page: Page) {
  // The adult menu (a phone has it behind the burger, rendered when opened).
  if ((page.viewportSize()?.width ?? 0) > 1024) await page.getByRole('navigation', { name: 'Основное меню' }).locator('a[href="/archive"]').waitFor();
  await expect.poll(() => page.locator('.header__kids').count(), { timeout: 15_000 }).toBe(0);
  expect(await page.getAttribute('html', 'data-theme')).toBeNull();
  expect((await page.getAttribute('html', 'class')) ?? '').not.toContain('kids');
}

for (const viewport of [
  { name: 'desktop', width: 1440, height: 900 },
  { name: 'phone', width: 390, height: 844 },
]) {
  describe(`a child profile (${viewport.name})`, () => {
    beforeEach(async () => {
      browser = await launchBrowser({ viewport });
    });

    it('has a kids home of its own look; leaving it with the PIN from /kids shows the adult home at once', async () => {
      const { page } = browser;
      const errors = consoleErrors(page);
      const { email, password } = await parentWithChild();
      await signIn(page, email, password);

      await toKids(page);
      await page.screenshot({ path: path.join(SCREENSHOT_DIR, `kids-home-${viewport.name}.png`) });

      // Back to the adult profile from the kids home: the profile menu's adult profile asks the PIN.
      if (viewport.name === 'phone') await page.evaluate(() => window.scrollTo(0, 0));
      await page.click('[data-testid="profile-menu"]');
      await page.getByRole('menuitem', { name: 'Основной' }).click();
      await leaveWithPin(page, errors);
      await expectAdultHome(page);
      await page.screenshot({ path: path.join(SCREENSHOT_DIR, `adult-home-after-kids-${viewport.name}.png`) });
      expect(errors).toEqual([]);
      expect(browser.describeProblems()).toBe('');
    });

    it('opening an adult title says it is not for the kids profile, with the way to the kids home and to switch profile', async () => {
      const { page } = browser;
      const errors = consoleErrors(page);
      const { email, password } = await parentWithChild();
      const adult = await adultAlias();
      await signIn(page, email, password);
      await toKids(page);

      // The page's own 404: the document, and its data loaded again after the PIN's form (see leaveWithPin).
      const ownUrl = `/watch/${adult}(\\.data\\?_routes=routes%2Fwatch%2Fwatch)?`;
      browser.allowProblem(new RegExp(`${ownUrl}$`));
      const own404 = new RegExp(`status of 404 .*\\(at [^ ]*${ownUrl}\\)$`);
      const res = await page.goto(`/watch/${adult}`);
      expect(res?.status()).toBe(404);
      // The browser has logged the 404 of this document itself; from here on only the page's own 404 may be.
      await page.waitForLoadState('load');
      errors.length = 0;
      const screen = page.locator('[data-testid="kids-not-available"]');
      await screen.getByRole('heading', { name: 'Этого нет в детском профиле' }).waitFor();
      expect.soft(await page.getAttribute('html', 'data-theme')).toBe('kids');
      await page.screenshot({ path: path.join(SCREENSHOT_DIR, `kids-not-available-${viewport.name}.png`) });
      expect(await screen.getByRole('link', { name: 'На главную детского профиля' }).getAttribute('href')).toBe('/kids');

      // «Сменить профиль»: the adult profile, with its PIN (a wrong one first).
      await screen.getByRole('button', { name: 'Сменить профиль' }).click();
      await page.locator('[data-testid="who-watch"], [data-testid="parental-check"]').first().waitFor();
      if (await page.locator('[data-testid="who-watch"]').isVisible()) await page.locator('[data-testid="who-watch"]').getByRole('button', { name: /Основной/ }).click();
      await leaveWithPin(page, errors, own404);
      await expectAdultHome(page);
      errors.splice(0, errors.length, ...errors.filter((e) => !own404.test(e)));

      // The title is the adult profile's again.
      await page.goto(`/watch/${adult}`);
      await page.locator('.watch__title').waitFor();
      expect(errors).toEqual([]);
      expect(browser.describeProblems()).toBe('');
    });
  });
}
