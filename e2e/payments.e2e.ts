// Subscriptions and payments, through the real site, the real API and the sandbox payment host (its own
// process): a registered viewer without a subscription opens a paid title, goes through the tariff flow to the
// payment page, pays with the success card, comes back to /web/success and the title plays; the decline card keeps
// the viewer on the card form with its reason, and giving up there ends on the fail page with that reason; a promo code activates once and its second use says so (catalogue §8).
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { accountViaApi, paidFilm, signIn } from './accounts.ts';
import { launchBrowser, SCREENSHOT_DIR, type Browser } from './browser.ts';

const PAYMENTS_URL = (process.env.E2E_PAYMENTS_URL ?? 'http://127.0.0.1:4710').replace(/\/$/, '');

let browser: Browser;
beforeEach(async () => {
  browser = await launchBrowser({ viewport: { width: 1440, height: 900 } });
});
afterEach(async () => {
  await browser.close();
});

/** From a paid title's play button through the subscription popup to the payment host's page. */
async function toPaymentPage(page: Page, film: { alias: string }) {
  await page.locator('[data-testid="play-button"]').click();
  const popup = page.locator('[data-testid="subscription-dialog"]');
  await popup.waitFor({ state: 'visible' });
  await popup.locator('[data-testid="subscription-cta"]').click();
  await page.waitForURL((url) => url.href.startsWith(PAYMENTS_URL) && url.searchParams.has('client_key'), { timeout: 30_000 });
  expect(new URL(page.url()).pathname).toMatch(/^\/pay\//);
  void film;
}

async function payWith(page: Page, number: string) {
  await page.fill('#number', number);
  await page.fill('#expiry', '12/30');
  await page.fill('#cvc', '123');
  await page.locator('button.pay').click();
}

describe('buying a subscription', () => {
  it('pays for the trial with the success card, comes back to /web/success, and the title plays', async () => {
    const { page } = browser;
    const email = `pokupka.${Date.now()}@example.ru`;
    const password = 'оплата-картой-42';
    await accountViaApi(email, password);
    const film = await paidFilm();
    await signIn(page, email, password, `/watch/${film.alias}`);
    await toPaymentPage(page, film);
    // The hosted page: the merchant, the test cards, a trial's 1 ₽ check.
    expect(await page.locator('body').textContent()).toContain('4242 4242 4242 4242');
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'payments-host-1440.png') });
    await payWith(page, '4242 4242 4242 4242');

    await page.waitForURL((url) => url.pathname === '/web/success' && url.searchParams.has('order'), { timeout: 30_000 });
    const result = page.locator('[data-testid="pay-result-success"]');
    await result.waitFor({ state: 'visible', timeout: 30_000 });
    expect(await result.textContent()).toContain('Подписка оформлена');
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'payments-success-1440.png') });

    // The way back leads to the title, which now plays.
    await page.locator('[data-testid="result-back"]').click();
    await page.waitForURL(`**/watch/${film.alias}**`);
    await page.locator('[data-testid="play-button"]').click();
    await expect
      .poll(() => page.evaluate(() => document.querySelector('video')?.currentTime ?? 0), { timeout: 30_000 })
      .toBeGreaterThan(0);
    expect(await page.locator('[data-testid="subscription-dialog"]').count()).toBe(0);

    // The account lists the trial and the card it will be charged to.
    await page.goto('/account/subscriptions', { waitUntil: 'load' });
    expect(await page.locator('main').textContent()).toContain('4242');
    expect(browser.describeProblems()).toBe('');
  });

  it('keeps the viewer on the card form with the decline reason; giving up ends on the fail page with it', async () => {
    const { page } = browser;
    const email = `otkaz.${Date.now()}@example.ru`;
    const password = 'отказ-банка-02';
    await accountViaApi(email, password);
    const film = await paidFilm();
    await signIn(page, email, password, `/watch/${film.alias}`);
    await toPaymentPage(page, film);
    await payWith(page, '4000 0000 0000 0002');
    // As a provider's widget: the reason on the form, the card to type again; the site sees only the outcome.
    const decline = page.locator('[data-testid="decline"]');
    await decline.waitFor({ state: 'visible', timeout: 30_000 });
    expect(page.url().startsWith(PAYMENTS_URL)).toBe(true);
    expect(await decline.textContent()).toContain('Недостаточно средств');
    await page.locator('a.back').click();

    await page.waitForURL((url) => url.pathname === '/web/fail', { timeout: 30_000 });
    const result = page.locator('[data-testid="pay-result-fail"]');
    await result.waitFor({ state: 'visible', timeout: 30_000 });
    expect(await page.locator('[data-testid="result-reason"]').textContent()).toMatch(/недостаточно средств/i);
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'payments-fail-1440.png') });
    expect(browser.describeProblems()).toBe('');
  });
});

describe('promo codes', () => {
  it('activates EKRAN30 once; the second use says «Промокод уже был активирован»', async () => {
    const { page } = browser;
    const email = `promo.${Date.now()}@example.ru`;
    const password = 'промокод-тридцать';
    await accountViaApi(email, password);
    await signIn(page, email, password, '/code');

    const enter = async () => {
      await page.locator('.promo__form input[name="code"]').fill('EKRAN30');
      await page.locator('.promo__form button[type="submit"]').click();
    };
    await enter();
    await page.locator('[data-testid="promo-meta"]').waitFor({ state: 'visible' });
    await page.locator('[data-testid="promo-meta"] button[type="submit"]').click();
    await page.waitForURL((url) => url.pathname === '/code/success', { timeout: 30_000 });
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'promo-success-1440.png') });

    await page.goto('/code', { waitUntil: 'load' });
    // The refused activation answers 409 (the form's action says what conflicts), which the browser logs.
    browser.allowProblem(/status of 409 \(Conflict\)/);
    await enter();
    // The check may already say so; else activating does.
    const error = page.locator('[data-testid="promo-error"]');
    await Promise.race([error.waitFor({ state: 'visible' }), page.locator('[data-testid="promo-meta"]').waitFor({ state: 'visible' })]);
    if (!(await error.isVisible())) await page.locator('[data-testid="promo-meta"] button[type="submit"]').click();
    await error.waitFor({ state: 'visible' });
    expect(await error.textContent()).toContain('Ошибка промокода');
    expect(await error.textContent()).toContain('Промокод уже был активирован');
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'promo-used-1440.png') });
    expect(browser.describeProblems()).toBe('');
  });
});
