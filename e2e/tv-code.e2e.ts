// Signing a TV in by a code (RFC 8628, docs/decisions/053-tv-sign-in-by-code.md): the test plays the TV through the API
// (asks for a code, polls), a viewer opens the code's address, signs in, sees the device and connects it, and the TV's
// poll gets a session of that account. Also the ways-to-watch pages, a brand page, the app page (a QR code on a
// computer, the phone's store first on an iPhone) and the «Экран на большом экране» banner. Screenshots at 1440 and 390 px.
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterEach, describe, expect, it } from 'vitest';
import { accountViaApi, API_KEY } from './accounts.ts';
import { BASE_URL, launchBrowser, SCREENSHOT_DIR, type Browser } from './browser.ts';

const TV_UA = 'Mozilla/5.0 (SMART-TV; Linux; Tizen 7.0) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/5.0 Chrome/94.0.4606.31 TV Safari/537.36';
const IPHONE_UA = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';

let browser: Browser | null = null;
afterEach(async () => {
  await browser?.close();
  browser = null;
});

/** The TV's calls: the client's API key and a TV's browser name. */
async function tvCall(apiPath: string, body: unknown, headers: Record<string, string> = {}) {
  const res = await fetch(`${BASE_URL}${apiPath}`, {
    method: 'POST',
    headers: { 'x-api-key': API_KEY, 'content-type': 'application/json', 'user-agent': TV_UA, ...headers },
    body: JSON.stringify(body),
  });
  return { status: res.status, json: (await res.json()) as Record<string, unknown> };
}

async function tvAsksForCode(deviceId: string) {
  const res = await tvCall('/api/v1/auth/device/code', { device_id: deviceId, device_type: 'smarttv', device_name: 'Samsung Smart TV' });
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  return res.json as { device_code: string; user_code: string; verification_uri: string; verification_uri_complete: string; interval: number };
}

const tvPolls = (deviceCode: string) => tvCall('/api/v1/auth/device/token', { grant_type: 'urn:ietf:params:oauth:grant-type:device_code', device_code: deviceCode });

/** Signs in on /auth (where /activate sent the visitor) and waits to be back on /activate. */
async function signInHere(page: Page, email: string, password: string) {
  await page.waitForURL((url) => url.pathname === '/auth' && (url.searchParams.get('back') ?? '').startsWith('/activate'), { timeout: 15_000 });
  await page.fill('#login', email);
  await page.click('[data-testid="login-submit"]');
  await page.waitForURL('**/auth/password**');
  await page.fill('#password', password);
  await page.click('[data-testid="signin-submit"]');
  await page.waitForURL((url) => url.pathname === '/activate', { timeout: 15_000 });
}

describe('a TV signed in by a code', () => {
  it('connects the TV a signed-in viewer confirms, and the TV gets its session', async () => {
    browser = await launchBrowser({ viewport: { width: 1440, height: 900 } });
    const { page } = browser;
    const email = `televizor.${Date.now()}@example.ru`;
    const password = 'пароль-для-телевизора';
    const { userId } = await accountViaApi(email, password);

    const code = await tvAsksForCode(`e2e-tv-${Date.now()}`);
    expect(code.user_code).toMatch(/^[A-Z2-9]{4}-[A-Z2-9]{4}$/);
    expect(new URL(code.verification_uri).pathname).toBe('/activate');
    expect((await tvPolls(code.device_code)).json.error).toBe('authorization_pending');

    // The code's address (verification_uri_complete) sends an anonymous visitor to sign in and back with the code.
    await page.goto(`/activate?code=${code.user_code}`, { waitUntil: 'load', timeout: 60_000 });
    await signInHere(page, email, password);
    expect(await page.inputValue('[data-testid="activate-code"]')).toBe(code.user_code);
    // The viewer retypes it as people do: lowercase, no dash.
    await page.fill('[data-testid="activate-code"]', code.user_code.replace('-', '').toLowerCase());
    await page.click('[data-testid="activate-continue"]');
    const device = page.locator('[data-testid="activate-device"]');
    await device.waitFor({ timeout: 15_000 });
    expect(await device.textContent()).toContain('Samsung Smart TV');
    expect(await device.textContent()).toContain(code.user_code);
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'tv-code-confirm-1440.png') });

    await page.click('[data-testid="activate-approve"]');
    await page.getByRole('heading', { name: 'Телевизор подключён' }).waitFor({ timeout: 15_000 });
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'tv-code-done-1440.png') });

    // The TV's next poll gets the account's session, once.
    await new Promise((r) => setTimeout(r, code.interval * 1000));
    const token = await tvPolls(code.device_code);
    expect(token.status, JSON.stringify(token.json)).toBe(200);
    expect(token.json).toMatchObject({ _id: userId, token_type: 'Bearer', virtual: false });
    const refresh = await tvCall('/api/v1/auth/refresh', {}, { authorization: `Bearer ${String(token.json.access_token)}` });
    expect(refresh.status).toBe(200);
    expect(refresh.json._id).toBe(userId);
    await new Promise((r) => setTimeout(r, code.interval * 1000));
    expect((await tvPolls(code.device_code)).json.error).toBe('invalid_grant');
    expect(browser.problems, browser.describeProblems()).toEqual([]);
  });

  it('says «Код неверный» to a wrong code on a phone', async () => {
    browser = await launchBrowser({ viewport: { width: 390, height: 844 } });
    const { page } = browser;
    const email = `televizor.telefon.${Date.now()}@example.ru`;
    const password = 'пароль-для-телевизора';
    await accountViaApi(email, password);
    await page.goto('/activate', { waitUntil: 'load', timeout: 60_000 });
    await signInHere(page, email, password);
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'tv-code-enter-390.png'), fullPage: true });
    await page.fill('[data-testid="activate-code"]', 'ZZZZ-ZZZZ');
    await page.click('[data-testid="activate-continue"]');
    await page.locator('[data-testid="activate-error-invalid"]').waitFor({ timeout: 15_000 });
    expect(await page.locator('[data-testid="activate-error-invalid"]').textContent()).toContain('Код неверный');
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'tv-code-wrong-390.png'), fullPage: true });
    expect(browser.problems, browser.describeProblems()).toEqual([]);
  });
});

describe('ways to watch and the app page', () => {
  it('shows the devices, a brand page step by step and the app page with its QR code; another brand is not found', async () => {
    browser = await launchBrowser({ viewport: { width: 1440, height: 900 } });
    const { page } = browser;
    await page.goto('/ways-to-watch', { waitUntil: 'load', timeout: 60_000 });
    await page.getByRole('heading', { level: 1, name: 'Где смотреть Экран' }).waitFor();
    expect(await page.locator('link[rel="canonical"]').getAttribute('href')).toMatch(/\/ways-to-watch$/);
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'ways-to-watch-1440.png'), fullPage: true });

    await page.click('[data-testid="brand-samsung"]');
    await page.waitForURL('**/ways-to-watch/samsung');
    await page.getByRole('heading', { level: 1, name: 'Экран на телевизорах Samsung' }).waitFor();
    expect(await page.locator('main, body').first().textContent()).toContain('Samsung Apps');
    expect(await page.locator('.guide-walk svg[role="img"]').count()).toBe(5);
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'ways-to-watch-samsung-1440.png'), fullPage: true });

    browser.allowProblem(/status of 404/); // the not-found page of another brand, on purpose
    const missing = await page.goto('/ways-to-watch/philips', { waitUntil: 'load' });
    expect(missing?.status()).toBe(404);

    await page.goto('/ios-android-app', { waitUntil: 'load' });
    await page.locator('[data-testid="app-qr"] img').waitFor();
    expect(await page.locator('.store-badge').count()).toBe(4);
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'ios-android-app-1440.png'), fullPage: true });

    // The «Экран на большом экране» banner leads here.
    await page.goto('/promos', { waitUntil: 'load' });
    const card = page.locator('[data-testid="promo-card"]').filter({ hasText: 'Экран на большом экране' });
    await card.waitFor({ timeout: 15_000 });
    await card.locator('a[href="/ways-to-watch"]').first().click();
    await page.waitForURL((url) => url.pathname === '/ways-to-watch', { timeout: 15_000 });
    await page.getByRole('heading', { level: 1, name: 'Где смотреть Экран' }).waitFor();
    expect(browser.problems, browser.describeProblems()).toEqual([]);
  });

  it('puts the App Store first on an iPhone, and the QR address sends an iPhone to it', async () => {
    browser = await launchBrowser({ viewport: { width: 390, height: 844 } });
    const { page, context } = browser;
    await page.goto('/ways-to-watch', { waitUntil: 'load', timeout: 60_000 });
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'ways-to-watch-390.png'), fullPage: true });
    await page.goto('/ways-to-watch/hisense', { waitUntil: 'load' });
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'ways-to-watch-hisense-390.png'), fullPage: true });

    // An iPhone: a context of its own with the iPhone's browser name (the page is chosen by the User-Agent).
    const iphone = await context.browser()!.newContext({ baseURL: BASE_URL, viewport: { width: 390, height: 844 }, userAgent: IPHONE_UA, locale: 'ru-RU' });
    try {
      const phone = await iphone.newPage();
      await phone.goto('/ios-android-app', { waitUntil: 'load', timeout: 60_000 });
      const first = phone.locator('.store-badge').first();
      expect(await first.getAttribute('data-testid')).toBe('store-appStore');
      expect(await first.getAttribute('class')).toContain('store-badge--primary');
      expect(await phone.locator('[data-testid="app-qr"]').count()).toBe(0);
      await phone.screenshot({ path: path.join(SCREENSHOT_DIR, 'ios-android-app-390.png'), fullPage: true });
    } finally {
      await iphone.close();
    }

    const qr = await fetch(`${BASE_URL}/ios-android-app?get=1`, { headers: { 'user-agent': IPHONE_UA }, redirect: 'manual' });
    expect(qr.status).toBe(302);
    expect(qr.headers.get('location')).toMatch(/^https:\/\/apps\.apple\.com\//);
    expect(browser.problems, browser.describeProblems()).toEqual([]);
  });
});
