// Social sign-in through the development identity provider (it stands in for Apple, Google, VK and
// Yandex ID here, speaking the same protocol): a new viewer signs up with Яндекс ID, and a Google sign-up
// without a phone goes to /auth with the social-registration marker (spec platform §4 Session).
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { API_KEY } from './accounts.ts';
import { BASE_URL, launchBrowser, type Browser } from './browser.ts';


let browser: Browser;
beforeEach(async () => {
  browser = await launchBrowser();
});
afterEach(async () => {
  await browser.close();
});

/** The user behind this browser's session, as the API sees it. */
async function whoAmI(): Promise<{ _id: string; virtual: boolean; email: string | null; google_id: string | null }> {
  const token = (await browser.context.cookies(BASE_URL)).find((c) => c.name === 'ekran_token')?.value;
  const res = await fetch(`${BASE_URL}/api/v1/auth/refresh`, { method: 'POST', headers: { 'x-api-key': API_KEY, cookie: `ekran_token=${token}` } });
  expect(res.status, 'refresh status').toBe(200);
  return (await res.json()) as never;
}

/** Picks «Другой пользователь» on the development provider's page and types a person. */
async function typePerson(person: { email: string; name: string; phone?: string }) {
  const { page } = browser;
  await page.click('label:has(#who-custom)');
  await page.fill('input[name=email]', person.email);
  await page.fill('input[name=name]', person.name);
  if (person.phone) await page.fill('input[name=phone]', person.phone);
  await page.click('[data-testid="dev-idp-allow"]');
}

describe('a new viewer', () => {
  it('signs up with Яндекс ID: /token/yandex → /auth/yandex/signup → consent → signed in, the same user kept', async () => {
    const { page } = browser;
    // The consent check answers 400 on purpose.
    browser.allowProblem(/status of 400/);
    const email = `yandex.${Date.now()}@yandex.ru`;
    const visited: string[] = [];
    page.on('request', (r) => {
      if (r.isNavigationRequest()) visited.push(new URL(r.url()).pathname);
    });

    await page.goto('/', { waitUntil: 'load', timeout: 60_000 });
    const before = await whoAmI();
    expect(before.virtual).toBe(true);
    await page.click('[data-testid="header-signin"]');
    await page.waitForURL('**/auth');
    await page.click('[data-testid="social-yandex"]');
    await page.waitForURL('**/api/dev-idp/yandex/authorize?**');
    expect(await page.textContent('h1')).toBe('Вход в «Экран»');

    await typePerson({ email, name: 'Анна Смирнова', phone: '+7 916 123-45-67' });
    await page.waitForURL('**/auth/yandex/signup');
    expect(visited).toContain('/token/yandex');
    expect(await page.textContent('h1')).toBe('Регистрация через Яндекс ID');
    const profile = await page.textContent('[data-testid="social-profile"]');
    expect(profile).toContain('Анна Смирнова');
    expect(profile).toContain(email);
    expect(profile).toContain('+7 916 123-45-67');

    // No consent, no account.
    await page.click('[data-testid="social-signup-submit"]');
    await expect.poll(() => page.textContent('#consent-error')).toBe('Без согласия мы не можем создать аккаунт');
    expect((await whoAmI()).virtual).toBe(true);

    await page.check('[data-testid="social-consent"]');
    await page.click('[data-testid="social-signup-submit"]');
    await page.waitForURL(`${BASE_URL}/`);
    await page.waitForSelector('.header__avatar');
    expect(await page.getAttribute('.header__avatar', 'title')).toBe(email);
    // Registered in place: the same user, its data kept.
    const after = await whoAmI();
    expect(after).toMatchObject({ _id: before._id, virtual: false, email });
    expect((await browser.context.cookies(BASE_URL)).some((c) => c.name === 'ekran_social_flow')).toBe(false);

    // Signed out and back in with the same Yandex ID: straight in, no sign-up this time.
    await page.goto('/logout');
    await page.click('[data-testid="logout-submit"]');
    await page.waitForSelector('[data-testid="header-signin"]');
    await page.goto('/auth');
    await page.click('[data-testid="social-yandex"]');
    await page.waitForURL('**/api/dev-idp/yandex/authorize?**');
    await typePerson({ email, name: 'Анна Смирнова' });
    await page.waitForURL(`${BASE_URL}/`);
    await page.waitForSelector('.header__avatar');
    expect((await whoAmI())._id).toBe(before._id);
    expect(browser.describeProblems()).toBe('');
  });

  it('signs up with Google without a phone and goes to /auth with the social-registration marker set', async () => {
    const { page } = browser;
    const email = `google.${Date.now()}@gmail.com`;
    const requested: string[] = [];
    page.on('request', (r) => requested.push(new URL(r.url()).pathname));

    await page.goto('/signup', { waitUntil: 'load', timeout: 60_000 });
    await page.click('[data-testid="social-google"]');
    await page.waitForURL('**/api/dev-idp/google/authorize?**');
    await typePerson({ email, name: 'Мария Иванова' });
    await page.waitForURL('**/auth/google/signup');
    await page.check('[data-testid="social-consent"]');
    const submitted = requested.length;
    await page.click('[data-testid="social-signup-submit"]');

    // spec platform §4: the marker cookie, then /auth (where the phone step asks for the number).
    await expect.poll(async () => (await browser.context.cookies(BASE_URL)).find((c) => c.name === 'social_registration')?.value).toBe('google');
    const marker = (await browser.context.cookies(BASE_URL)).find((c) => c.name === 'social_registration')!;
    expect(marker).toMatchObject({ httpOnly: false, sameSite: 'Lax', path: '/' });
    const minutesLeft = (marker.expires * 1000 - Date.now()) / 60_000;
    expect(minutesLeft).toBeGreaterThan(28);
    expect(minutesLeft).toBeLessThanOrEqual(30);
    await expect.poll(() => requested.slice(submitted).some((p) => p === '/auth' || p === '/auth.data')).toBe(true);
    // /auth stays and asks for the phone that completes the registration.
    await page.waitForURL('**/auth');
    await expect.poll(() => page.textContent('h1')).toBe('Завершение регистрации');
    const me = await whoAmI();
    expect(me).toMatchObject({ virtual: false, email });
    expect(me.google_id).toMatch(/^\d{21}$/);
    expect(browser.describeProblems()).toBe('');
  });
});
