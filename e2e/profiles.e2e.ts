// A registered viewer makes a child profile with the child form, sets a parental PIN, switches to the
// child profile (/kids, the kids menu, no adult titles), fails to leave it with a wrong PIN and leaves it
// with the right one (spec platform §4 Child profile switch, Pin status).
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


/** An adult title of the catalogue, asked anonymously. */
async function adultAlias(): Promise<string> {
  const res = await fetch(`${BASE_URL}/api/v1/titles?category=movies&limit=20`, { headers: { 'x-api-key': API_KEY } });
  const { items } = (await res.json()) as { items: { alias: string; for_kids: boolean; rating_age: string }[] };
  const adult = items.find((i) => !i.for_kids && ['16+', '18+'].includes(i.rating_age));
  expect(adult, 'an adult title in the catalogue').toBeDefined();
  return adult!.alias;
}

describe('a parent', () => {
  it('makes a child profile with a PIN, switches to it, and needs the right PIN to come back', async () => {
    const { page } = browser;
    const email = `roditel.${Date.now()}@example.ru`;
    const password = 'родительский-пароль';
    await accountViaApi(email, password);
    const adult = await adultAlias();
    // The adult title's page is a 404 in the child profile, and the browser logs that document's status, and again
    // when React Router loads the page's data after the PIN popup's form (a page without data is always loaded
    // again). Only those two are allowed; a wrong PIN is an answer of the popup (200), and no page error is.
    browser.allowProblem(new RegExp(`/watch/${adult}(\\.data\\?_routes=routes%2Fwatch%2Fwatch)?$`));

    await page.goto('/auth', { waitUntil: 'load', timeout: 60_000 });
    await page.fill('#login', email);
    await page.click('[data-testid="login-submit"]');
    await page.waitForURL('**/auth/password');
    await page.fill('#password', password);
    await page.click('[data-testid="signin-submit"]');
    await page.waitForSelector('[data-testid="profile-menu"]');

    // «Управление профилями» → «Добавить детский профиль»: the child form.
    await page.click('[data-testid="profile-menu"]');
    await page.click('[data-testid="menu-manage"]');
    await page.click('[data-testid="add-child-profile"]');
    const form = page.locator('[data-testid="child-form"]');
    await form.locator('#profile-name').fill('Маша');
    await form.locator('#profile-birth-date').fill('2019-04-12');
    await expect.poll(() => form.locator('input[name="age_cap"][value="6+"]').isChecked()).toBe(true);
    await form.locator('input[name="avatar"][value="k4"]').check({ force: true });
    await page.click('[data-testid="profile-submit"]');
    const manage = page.locator('[data-testid="manage-profiles"]');
    await manage.getByText('Маша').waitFor();
    expect(await manage.textContent()).toContain('Детский 6+');

    // Closing the list, the parental-control popup asks for a PIN (pin_status create).
    await page.keyboard.press('Escape');
    const create = page.locator('[data-testid="parental-create"]');
    await create.waitFor();
    await create.locator('#pin-pin').fill('2580');
    await create.locator('[data-testid="pin-submit"]').click();
    await create.waitFor({ state: 'detached' });

    // «Детский профиль»: the child profile, on /kids with the kids menu.
    await page.click('[data-testid="profile-menu"]');
    await page.click('[data-testid="menu-kids"]');
    await page.waitForURL(`${BASE_URL}/kids`);
    await page.locator('[data-testid="child-prompt-later"]').click();
    await page.getByRole('heading', { name: 'Детям' }).waitFor();
    expect(await page.textContent('.header__kids')).toBe('Детский режим');
    const nav = page.getByRole('navigation', { name: 'Основное меню' });
    await nav.getByRole('link', { name: 'Детское ТВ' }).waitFor();
    // The archive item (its label is «Кино на ТВ» or «Записи с ТВ» by the visitor's experiment group) is not there.
    expect(await nav.locator('a[href="/archive"]').count()).toBe(0);
    const ratings = await page.locator('.row .badge--age').allTextContents();
    expect(ratings.length).toBeGreaterThan(0);
    for (const r of ratings) expect(['0+', '6+']).toContain(r);
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'profiles-kids.png') });

    // An adult title is not there for the child profile, even by its address.
    await page.goto(`/watch/${adult}`);
    await page.getByRole('heading', { name: 'Этого нет в детском профиле' }).waitFor();

    // Back to the adult profile: a wrong PIN first…
    await page.click('[data-testid="profile-menu"]');
    await page.getByRole('menuitem', { name: 'Основной' }).click();
    const check = page.locator('[data-testid="parental-check"]');
    await check.locator('#pin-pin').fill('1111');
    await check.locator('[data-testid="pin-submit"]').click();
    await expect.poll(() => check.locator('#pin-pin-error').textContent()).toBe('Неверный PIN-код. Осталось 4 попытки');
    expect(await page.textContent('.header__kids')).toBe('Детский режим');

    // …then the right one: the adult profile on the home page.
    await check.locator('#pin-pin').fill('2580');
    await check.locator('[data-testid="pin-submit"]').click();
    await page.waitForURL(`${BASE_URL}/`);
    await nav.locator('a[href="/archive"]').waitFor();
    expect(await page.locator('.header__kids').count()).toBe(0);
    await page.goto(`/watch/${adult}`);
    await page.locator('.watch__title').waitFor();
    expect(browser.describeProblems()).toBe('');
  });
});
