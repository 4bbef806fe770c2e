// Playback gating (spec platform §4 and §8): a virtual visitor pressing play on a paid
// title signs in first and comes back; a registered non-subscriber sees the subscription popup, takes the trial
// and the tariff flow asks for the weight-0 trial tariff's payment link and goes on to the payment host; the
// persistent VPN warning and the stream-limit dialog as the
// browser draws them.
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { accountViaApi, API_KEY, paidFilm, signIn } from './accounts.ts';
import { BASE_URL, launchBrowser, SCREENSHOT_DIR, type Browser } from './browser.ts';

let browser: Browser;
beforeEach(async () => {
  browser = await launchBrowser({ viewport: { width: 1440, height: 900 } });
});
afterEach(async () => {
  await browser.close();
});

/** Lets a dialog's entry animation end before a screenshot. */
const settle = (page: Page) => page.waitForTimeout(400);

describe('playback gating', () => {
  it('sends a virtual visitor on a paid title to /auth, with the way back to the title', async () => {
    const { page } = browser;
    const film = await paidFilm();
    await page.goto(`/watch/${film.alias}`, { waitUntil: 'load', timeout: 60_000 });
    const play = page.locator('[data-testid="play-button"]');
    // A virtual visitor can have the trial: «Смотреть 7 дней бесплатно» (the weight-0 tariff's days).
    expect(await play.textContent()).toMatch(/^Смотреть \d+ (день|дня|дней) бесплатно$|^Оформить подписку$/);
    await play.click();
    // spec platform §5: the subscription popup shows for a virtual visitor too (step 3); its way on is /auth.
    const popup = page.locator('[data-testid="subscription-dialog"]');
    await popup.waitFor({ state: 'visible' });
    await settle(page);
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'gating-subscription-virtual-1440.png') });
    await popup.locator('[data-testid="subscription-cta"]').click();
    await page.waitForURL(`**/auth?back=%2Fwatch%2F${film.alias}`);
    expect(browser.problems, browser.describeProblems()).toEqual([]);
  });

  it('takes a registered non-subscriber from the subscription popup into the tariff flow (the weight-0 trial tariff)', async () => {
    const { page } = browser;
    const email = `tarif.${Date.now()}@example.ru`;
    const password = 'пробный-период-7';
    await accountViaApi(email, password);
    const film = await paidFilm();
    const tariffsRes = await fetch(`${BASE_URL}/api/v1/billing/tariffs`, { headers: { 'x-api-key': API_KEY } });
    expect(tariffsRes.status, 'GET /api/v1/billing/tariffs (gating-api)').toBe(200);
    const tariffs = (await tariffsRes.json()) as { _id: string; weight: number; allow_trial: boolean }[];
    const trial = tariffs.find((t) => t.weight === 0 && t.allow_trial);
    expect(trial, 'the weight-0 trial tariff').toBeTruthy();

    await signIn(page, email, password, `/watch/${film.alias}`);
    await page.locator('[data-testid="play-button"]').click();
    const popup = page.locator('[data-testid="subscription-dialog"]');
    await popup.waitFor({ state: 'visible' });
    expect(await popup.locator('[data-testid="subscription-offer"]').textContent()).toMatch(/бесплатно, затем .+ за \d+ (день|дня|дней)$/);
    await settle(page);
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'gating-subscription-1440.png') });

    // The payment link goes through the web server, which asks the tariff's url (with ga_id and tracking), and
    // the browser leaves for the payment host with the client key (platform §4 Payment redirect).
    const request = page.waitForRequest((r) => r.url().endsWith('/resources/payment-link') && r.method() === 'POST');
    const response = page.waitForResponse((r) => r.url().endsWith('/resources/payment-link'));
    await popup.locator('[data-testid="subscription-cta"]').click();
    expect(new URLSearchParams((await request).postData() ?? '').get('tariff_id')).toBe(trial!._id);
    expect((await response).status()).toBe(200);
    await page.waitForURL((url) => url.searchParams.has('client_key'), { timeout: 30_000 });
  });
});

describe('how the gating messages look (answers of the check routed in the browser)', () => {
  const stream = (id: string, device: string, title: string, current: boolean) => ({
    id, device_name: device, device_type: 'web', title, started_at: new Date(Date.now() - 3_600_000).toISOString(), last_seen_at: new Date().toISOString(), is_current: current,
  });

  for (const width of [1440, 390]) {
    it(`at ${width} px: the VPN warning stays across pages until closed; the stream-limit dialog`, async () => {
      await browser.close();
      browser = await launchBrowser({ viewport: { width, height: width > 500 ? 900 : 844 } });
      const { page } = browser;
      const film = await paidFilm();
      browser.allowProblem(/status of (400|403)/);
      await page.route('**/resources/playback/**', (route) =>
        route.fulfill({ status: 400, contentType: 'application/json', body: JSON.stringify({ error: { status: 400, code: 'USER_USE_ANONYMIZER', message: 'USER_USE_ANONYMIZER' }, viewer: null }) }),
      );
      await page.goto(`/watch/${film.alias}`, { waitUntil: 'load', timeout: 60_000 });
      await page.locator('[data-testid="play-button"]').click();
      const vpn = page.locator('[data-testid="notice-vpn"]');
      await vpn.waitFor({ state: 'visible' });
      expect(await vpn.textContent()).toContain('Отключите VPN, чтобы весь контент стал доступен');
      await page.screenshot({ path: path.join(SCREENSHOT_DIR, `gating-vpn-${width}.png`) });
      // Persistent: a client-side move and a reload keep it.
      await page.goto('/', { waitUntil: 'load' });
      await vpn.waitFor({ state: 'visible' });
      await page.locator('[data-testid="notice-vpn"] button').click();
      await vpn.waitFor({ state: 'detached' });
      await page.reload({ waitUntil: 'load' });
      await page.waitForTimeout(300);
      expect(await vpn.count()).toBe(0);

      await page.unroute('**/resources/playback/**');
      await page.route('**/resources/playback/**', (route) =>
        route.fulfill({
          status: 403,
          contentType: 'application/json',
          body: JSON.stringify({
            error: { status: 403, code: 'STREAM_LIMIT_EXCEEDED', message: '', stream_limit: { limit: 2, items: [stream('44444444-4444-4444-8444-444444444444', 'Smart TV · LG webOS', 'Дюна: Часть вторая', false), stream('55555555-5555-4555-8555-555555555555', 'Safari 17 · iPhone · iOS 17.4', 'Мастер и Маргарита', false)] } },
            viewer: null,
          }),
        }),
      );
      await page.goto(`/watch/${film.alias}`, { waitUntil: 'load' });
      await page.locator('[data-testid="play-button"]').click();
      const dialog = page.locator('[data-testid="stream-limit-dialog"]');
      await dialog.waitFor({ state: 'visible' });
      expect(await dialog.textContent()).toContain('Смотреть одновременно можно на 2 устройствах');
      expect(await dialog.locator('[data-testid="stream-stop"]').count()).toBe(2);
      await settle(page);
      await page.screenshot({ path: path.join(SCREENSHOT_DIR, `gating-stream-limit-${width}.png`) });
      await page.keyboard.press('Escape');

      // The subscription popup for real (no routing).
      await page.unroute('**/resources/playback/**');
      await page.reload({ waitUntil: 'load' });
      await page.locator('[data-testid="play-button"]').click();
      await page.locator('[data-testid="subscription-dialog"]').waitFor({ state: 'visible' });
      await settle(page);
      await page.screenshot({ path: path.join(SCREENSHOT_DIR, `gating-subscription-${width}.png`) });
    });
  }
});
