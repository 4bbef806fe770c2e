// A first-time viewer's way to a subscription without a stumble (spec platform §4 Offers, Tariff flow, Payment
// redirect; §2 Payment result; decision 038):
// - the title page's «Смотреть 7 дней бесплатно» opens the trial first, whatever offer is running;
// - no marketing popup interrupts the first visit, nor the visit that signs in; the offer waits for a later visit;
// - a promo-code subscription reads as one on /account/subscriptions (no price, no "bought elsewhere");
// - a declined card keeps the viewer on the hosted card form with the reason, and a retyped card pays;
// - «Вернуться к просмотру» after paying starts the title playing.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterEach, describe, expect, it } from 'vitest';
import { accountViaApi, API_KEY, paidFilm, signIn, type DeviceAuth } from './accounts.ts';
import { BASE_URL, launchBrowser, SCREENSHOT_DIR, type Browser } from './browser.ts';

const PAYMENTS_URL = (process.env.E2E_PAYMENTS_URL ?? 'http://127.0.0.1:4710').replace(/\/$/, '');
/** Pictures a person looks at (besides e2e/screenshots); E2E_SHOTS_DIR moves them. */
const SHOTS = process.env.E2E_SHOTS_DIR ?? SCREENSHOT_DIR;
mkdirSync(SHOTS, { recursive: true });

/** Offers are on for the offer_off group A (platform §6; B switches them off). */
const offersOn = (auth: DeviceAuth) => auth.ab.find((e) => e.exp_name === 'offer_off')?.group_name === 'A';

let browser: Browser | null = null;
afterEach(async () => {
  await browser?.close();
  browser = null;
});

/** Both widths of a screen: desktop, then the phone (and back); a page (not a dialog) whole on the phone. */
async function shoot(page: Page, name: string, fullPage = true) {
  const size = page.viewportSize();
  await page.waitForTimeout(400); // a dialog's entry animation
  await page.screenshot({ path: path.join(SHOTS, `${name}-1440.png`) });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.waitForTimeout(400);
  await page.screenshot({ path: path.join(SHOTS, `${name}-390.png`), fullPage });
  if (size) await page.setViewportSize(size);
}

/** The page has hydrated and its popups had their chance to open. */
async function settled(page: Page) {
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(4000);
}

/** This browser's last page view was 31 minutes ago: the next page view starts a new visit (decision 038). */
async function startNextVisit(page: Page) {
  await page.evaluate(() => {
    const raw = window.localStorage.getItem('ekran_visit');
    const visit = raw ? (JSON.parse(raw) as { last: number }) : null;
    if (visit) window.localStorage.setItem('ekran_visit', JSON.stringify({ ...visit, last: visit.last - 31 * 60_000 }));
  });
}

async function payWith(page: Page, number: string) {
  await page.fill('#number', number);
  await page.fill('#expiry', '12/30');
  await page.fill('#cvc', '123');
  await page.locator('button.pay').click();
}

/** From a paid title's trial button through the subscription popup's trial screen to the payment host. */
async function toTrialPayment(page: Page) {
  await page.locator('[data-testid="play-button"]').click();
  const popup = page.locator('[data-testid="subscription-dialog"]');
  await popup.waitFor({ state: 'visible' });
  await popup.locator('[data-testid="subscription-cta"]').click();
  await page.waitForURL((url) => url.href.startsWith(PAYMENTS_URL) && url.searchParams.has('client_key'), { timeout: 30_000 });
}

describe('the trial the title page promises', () => {
  it('«Смотреть 7 дней бесплатно» opens the trial first, the running offer one step further, and the trial goes on to the card check', async () => {
    browser = await launchBrowser({ viewport: { width: 1440, height: 900 }, marketingPopups: true });
    const { page, context } = browser;
    const email = `probnyy.${Date.now()}@example.ru`;
    const password = 'семь-дней-даром';
    // An account the running offer is for (offer_off group A), so the subscriptions popup has an offer to show.
    const { token, userId } = await accountViaApi(email, password, offersOn);
    const offer = await fetch(`${BASE_URL}/api/v1/offers/current?placement=subscriptions`, { headers: { 'x-api-key': API_KEY, cookie: `ekran_token=${token}` } });
    expect(((await offer.json()) as { offer: unknown }).offer, 'a running offer for the subscriptions popup').not.toBeNull();
    // The title page's own upsell is another matter: answered already.
    await context.addCookies([{ name: 'upsale_answered', value: userId, url: BASE_URL }]);
    const film = await paidFilm();
    await signIn(page, email, password, `/watch/${film.alias}`);

    const play = page.locator('[data-testid="play-button"]');
    expect(await play.textContent()).toMatch(/^Смотреть 7 дней бесплатно$/);
    await play.click();
    const popup = page.locator('[data-testid="subscription-dialog"]');
    await popup.waitFor({ state: 'visible' });
    // What opens is the trial the button promised, not the offer.
    expect(await popup.locator('[data-testid="subscription-offer-screen"]').count()).toBe(0);
    expect(await popup.locator('[data-testid="subscription-offer"]').textContent()).toMatch(/^7 дней бесплатно, затем/);
    expect(await popup.locator('[data-testid="subscription-cta"]').textContent()).toBe('Смотреть 7 дней бесплатно');
    await shoot(page, 'trial-offer', false);
    // The offer is still there, one step further.
    await popup.locator('[data-testid="subscription-other-offer"]').click();
    await popup.locator('[data-testid="subscription-offer-screen"]').waitFor({ state: 'visible' });
    await shoot(page, 'trial-offer-then-offer', false);
    await popup.locator('[data-testid="offer-later"]').click();
    await popup.locator('[data-testid="subscription-cta"]').click();
    await page.waitForURL((url) => url.href.startsWith(PAYMENTS_URL) && url.searchParams.has('client_key'), { timeout: 30_000 });
    // The trial's card check, not the offer's price.
    expect(await page.locator('.amount').textContent()).toMatch(/^1\s₽$/);
    expect(browser.describeProblems()).toBe('');
  });
});

describe('marketing popups wait until the viewer has looked around (decision 038)', () => {
  it('on a phone: none on the first visit, none right after signing in; the offer comes on a later visit', async () => {
    browser = await launchBrowser({ viewport: { width: 390, height: 844 }, marketingPopups: true });
    const { page } = browser;
    const email = `pervyy.vizit.${Date.now()}@example.ru`;
    const password = 'без-всплывающих';
    await accountViaApi(email, password, offersOn);

    await page.goto('/', { waitUntil: 'load', timeout: 60_000 });
    await settled(page);
    expect(await page.locator('[data-testid="offer-popup"]').count(), 'a popup on the first visit').toBe(0);
    await page.screenshot({ path: path.join(SHOTS, 'first-visit-390.png') });

    await signIn(page, email, password, '/');
    await settled(page);
    expect(await page.locator('[data-testid="offer-popup"]').count(), 'a popup right after signing in').toBe(0);
    await page.goto('/movies', { waitUntil: 'load' });
    await page.goto('/', { waitUntil: 'load' });
    await settled(page);
    expect(await page.locator('[data-testid="offer-popup"]').count(), 'a popup later in the same visit').toBe(0);

    // Half an hour later: another visit. Now the offer may have its turn.
    await startNextVisit(page);
    await page.reload({ waitUntil: 'load' });
    const popup = page.locator('[data-testid="offer-popup"]');
    await popup.waitFor({ state: 'visible', timeout: 30_000 });
    expect(await popup.locator('[data-kind]').getAttribute('data-kind')).toBe('offer');
    await page.waitForTimeout(400);
    await page.screenshot({ path: path.join(SHOTS, 'second-visit-offer-390.png') });
    expect(browser.describeProblems()).toBe('');
  });
});

describe('a promo-code subscription on /account/subscriptions', () => {
  it('says it came from a promo code, with no price, its end date and what happens then', async () => {
    browser = await launchBrowser({ viewport: { width: 1440, height: 900 } });
    const { page } = browser;
    const email = `promokod.${Date.now()}@example.ru`;
    const password = 'промокод-экран-30';
    const { token } = await accountViaApi(email, password);
    const promo = await fetch(`${BASE_URL}/api/v1/promo/activate`, {
      method: 'POST',
      headers: { 'x-api-key': API_KEY, 'content-type': 'application/json', cookie: `ekran_token=${token}` },
      body: JSON.stringify({ code: 'EKRAN30' }),
    });
    expect(promo.status).toBe(200);
    await signIn(page, email, password, '/account/subscriptions');
    const card = page.locator('[data-testid="subscription"]');
    await card.waitFor({ state: 'visible' });
    const text = (await card.textContent()) ?? '';
    expect(text).toContain('По промокоду EKRAN30');
    expect(text).not.toContain('не на сайте');
    expect(text).not.toContain('Стоимость');
    expect(text).not.toMatch(/₽/);
    expect(await card.locator('[data-testid="sub-until"]').textContent()).toMatch(/^Действует до \d+ \S+ \d{4}/);
    expect(await card.locator('[data-testid="sub-after"]').textContent()).toContain('ничего не спишется');
    await shoot(page, 'subscriptions-promo');
    expect(browser.describeProblems()).toBe('');
  });
});

describe('paying for the trial', () => {
  it('a declined card keeps the viewer on the card form with the reason; a retyped card pays', async () => {
    browser = await launchBrowser({ viewport: { width: 1440, height: 900 } });
    const { page } = browser;
    const email = `povtor.karty.${Date.now()}@example.ru`;
    const password = 'другая-карта-42';
    await accountViaApi(email, password);
    const film = await paidFilm();
    await signIn(page, email, password, `/watch/${film.alias}`);
    await toTrialPayment(page);
    const form = page.url();

    await payWith(page, '4000 0000 0000 0002');
    const alert = page.locator('[data-testid="decline"]');
    await alert.waitFor({ state: 'visible', timeout: 30_000 });
    expect(page.url().startsWith(PAYMENTS_URL), 'still on the payment host').toBe(true);
    expect(new URL(page.url()).pathname).toBe(new URL(form).pathname);
    expect(await alert.textContent()).toContain('Недостаточно средств');
    expect(await alert.textContent()).toContain('•••• 0002');
    // The form is there to retype: empty and focused on the number.
    expect(await page.locator('#number').inputValue()).toBe('');
    await shoot(page, 'payment-declined');

    await payWith(page, '4242 4242 4242 4242');
    await page.waitForURL((url) => url.pathname === '/web/success' && url.searchParams.has('order'), { timeout: 30_000 });
    await page.locator('[data-testid="pay-result-success"]').waitFor({ state: 'visible', timeout: 30_000 });
    expect(browser.describeProblems()).toBe('');
  });

  it('«Вернуться к просмотру» after paying plays the title without another press', async () => {
    browser = await launchBrowser({ viewport: { width: 1440, height: 900 } });
    const { page } = browser;
    const email = `prosmotr.${Date.now()}@example.ru`;
    const password = 'вернуться-к-фильму';
    await accountViaApi(email, password);
    const film = await paidFilm();
    await signIn(page, email, password, `/watch/${film.alias}`);
    await toTrialPayment(page);
    await payWith(page, '4242 4242 4242 4242');
    await page.waitForURL((url) => url.pathname === '/web/success' && url.searchParams.has('order'), { timeout: 30_000 });
    await page.locator('[data-testid="pay-result-success"]').waitFor({ state: 'visible', timeout: 30_000 });
    const back = page.locator('[data-testid="result-back"]');
    expect(await back.textContent()).toBe('Вернуться к просмотру');
    await back.click();
    await page.waitForURL((url) => url.pathname === `/watch/${film.alias}`);
    // The title plays without another press.
    await expect
      .poll(() => page.evaluate(() => document.querySelector('video')?.currentTime ?? 0), { timeout: 30_000 })
      .toBeGreaterThan(0);
    expect(await page.locator('[data-testid="subscription-dialog"]').count()).toBe(0);
    // The address is the title's own again (a reload does not start it once more).
    await expect.poll(() => new URL(page.url()).search).toBe('');
    expect(browser.describeProblems()).toBe('');
  });
});
