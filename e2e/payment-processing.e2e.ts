// A bank that hangs (decision 032): the viewer presses «Продлить» on a subscription in its billing window, the
// bank does not answer within the API's wait (PAYMENTS_TIMEOUT_MS, set short by scripts/e2e.mjs), and the page says
// «Платёж обрабатывается», never that the payment failed; a second try meanwhile charges nothing; when the bank's
// late answer arrives (SANDBOX_SLOW_BANK_MS), the page shows the subscription paid, charged once. The slow-bank test
// card 4000 0000 0000 0259 pays at once on the card page and answers recurring charges late.
import path from 'node:path';
import { ApiPath, AccountSubscriptionsSchema, PaymentHistorySchema, PaymentLinkSchema, TariffListSchema } from '@ekran/contracts';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_KEY, accountViaApi, signIn } from './accounts.ts';
import { BASE_URL, launchBrowser, SCREENSHOT_DIR, type Browser } from './browser.ts';

const PAYMENTS_URL = (process.env.E2E_PAYMENTS_URL ?? 'http://127.0.0.1:4710').replace(/\/$/, '');

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser({ viewport: { width: 1440, height: 900 } });
});
afterAll(async () => {
  await browser.close();
});

function apiAs(token: string) {
  const headers = { 'x-api-key': API_KEY, cookie: `ekran_token=${token}` };
  return async (url: string, init: { method?: string } = {}) => {
    const res = await fetch(`${BASE_URL}${url}`, { ...init, headers });
    return { status: res.status, body: res.status === 204 ? null : ((await res.json()) as unknown) };
  };
}

async function payOnHostedPage(page: Page, url: string, card: string) {
  await page.goto(url);
  expect(page.url().startsWith(PAYMENTS_URL)).toBe(true);
  expect(await page.locator('body').textContent()).toContain('4000 0000 0000 0259');
  await page.fill('#number', card);
  await page.fill('#expiry', '12/30');
  await page.fill('#cvc', '123');
  await page.locator('button.pay').click();
  await page.waitForURL((u) => u.pathname === '/web/success' && u.searchParams.has('order'), { timeout: 30_000 });
  await page.locator('[data-testid="pay-result-success"]').waitFor({ state: 'visible', timeout: 30_000 });
}

describe('a bank that does not answer a charge', () => {
  it('shows «Платёж обрабатывается» after «Продлить», charges once, and settles to paid', async () => {
    const { page } = browser;
    const email = `medlenny.bank.${Date.now()}@example.ru`;
    const password = 'медленный-банк-42';
    const { token } = await accountViaApi(email, password);
    const api = apiAs(token);
    await signIn(page, email, password, '/account/subscriptions');

    // A subscription paid with the slow-bank card (the tariff's hosted page, as the tariff flow opens it).
    const tariffs = TariffListSchema.parse((await api(ApiPath.tariffs)).body);
    const tariff = tariffs.find((t) => t.weight === 0) ?? tariffs[0]!;
    const link = await api(`/api/v1/billing/tariffs/${tariff._id}/payment?return_to=web`);
    expect(link.status).toBe(200);
    await payOnHostedPage(page, PaymentLinkSchema.parse(link.body).url, '4000 0000 0000 0259');

    // A month later its renewal was declined: the billing window, with «Продлить».
    const [sub] = AccountSubscriptionsSchema.parse((await api(ApiPath.accountSubscriptions)).body).data.subscriptions;
    expect(sub, 'the subscription just paid').toBeTruthy();
    expect((await api(`/api/v1/dev/subscriptions/${sub!._id}/renewal-declined`, { method: 'POST' })).status).toBe(204);
    const charges = async () => PaymentHistorySchema.parse((await api(`${ApiPath.paymentHistory}?limit=50`)).body).data.items.filter((i) => i.kind === 'charge');
    const chargedBefore = (await charges()).length;

    await page.goto('/account/subscriptions');
    await page.locator('[data-testid="sub-window"]').waitFor({ state: 'visible' });
    await page.locator('[data-testid="extend"]').click();

    // The bank is silent past the API's wait: processing, not a failure, and the button cannot pay again.
    const result = page.locator('[data-testid="extend-result"]');
    await expect.poll(() => result.getAttribute('data-status'), { timeout: 30_000 }).toBe('processing');
    expect(await result.textContent()).toContain('Платёж обрабатывается');
    expect(await page.locator('[data-testid="extend"]').isDisabled()).toBe(true);
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'payment-processing-1440.png') });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'payment-processing-390.png'), fullPage: true });
    await page.setViewportSize({ width: 1440, height: 900 });

    // A viewer who reloads and presses again meanwhile is told the same, and nothing more is charged.
    await page.reload();
    await page.locator('[data-testid="extend"]').click();
    await expect.poll(() => page.locator('[data-testid="extend-result"]').getAttribute('data-status'), { timeout: 30_000 }).toBe('processing');

    // The bank's late answer arrives: the subscription is paid, the window gone, the next charge shown.
    await page.locator('[data-testid="sub-window"]').waitFor({ state: 'detached', timeout: 60_000 });
    await page.locator('[data-testid="sub-next"]').waitFor({ state: 'visible' });
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'payment-processing-settled-1440.png') });
    await expect.poll(async () => (await charges()).length, { timeout: 15_000 }).toBe(chargedBefore + 1);
    const [after] = AccountSubscriptionsSchema.parse((await api(ApiPath.accountSubscriptions)).body).data.subscriptions;
    expect(after).toMatchObject({ _id: sub!._id, status: 'active' });
    expect(browser.describeProblems()).toBe('');
  });
});
