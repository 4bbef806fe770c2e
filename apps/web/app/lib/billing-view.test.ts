import type { Tariff } from '@ekran/contracts';
import { describe, expect, it } from 'vitest';
import { safePath } from './safe-redirect.ts';
import {
  cardBrand, cardExpire, declineReason, maskCard, needsExtension, periodText, rateStepsText, tariffPriceText, trialDaysOf,
} from './billing-view.ts';

const T = '\u2009';
const tariff = (over: Partial<Tariff>): Tariff => ({
  _id: 't', title: 'Месяц', price: 499, currency: 'RUB', duration_days: 30, weight: 0, allow_trial: true, trial_period_duration: { days: 7 },
  max_streams: 2, original_id: null, recurrent_price: null, next_tariff_id: null, url: '/api/v1/billing/tariffs/t/payment', ...over,
});

describe('periods in Russian', () => {
  it.each([
    [30, 'месяц'], [90, '3 месяца'], [180, '6 месяцев'], [365, 'год'], [7, '7 дней'], [1, '1 день'], [730, '2 года'],
  ])('%i days → %s', (days, text) => expect(periodText(days)).toBe(text));
});

describe('tariff price wording (spec platform §3 Discount tariff, §9)', () => {
  const monthly = tariff({ _id: 'm', price: 499 });
  it('a plain tariff: «499 ₽ в месяц»', () => expect(tariffPriceText(monthly, [monthly])).toBe('499\u00a0₽ в месяц'));
  it('the 3-month discount: «1190 ₽ за 3 месяца, затем 499 ₽ в месяц»', () => {
    const q = tariff({ _id: 'q', price: 1190, duration_days: 90, next_tariff_id: 'm', original_id: 'm' });
    expect(tariffPriceText(q, [q, monthly])).toBe(`1${T}190\u00a0₽ за 3 месяца, затем 499\u00a0₽ в месяц`);
  });
  it('the first month at 149 then recurrent_price 499', () => {
    const first = tariff({ _id: 'f', price: 149, recurrent_price: 499 });
    expect(tariffPriceText(first, [first])).toBe('149\u00a0₽ за месяц, затем 499\u00a0₽ в месяц');
  });
  it('thousands get a thin space (platform §5)', () => {
    const year = tariff({ price: 4990, duration_days: 365 });
    expect(tariffPriceText(year, [year])).toBe(`4${T}990\u00a0₽ в год`);
  });
});

describe('rate steps', () => {
  it('a first step for one period, then the open-ended price', () => {
    expect(rateStepsText([{ price: 149, currency: 'RUB', duration_days: 30, periods: 1 }, { price: 499, currency: 'RUB', duration_days: 30, periods: null }])).toBe(
      '149\u00a0₽ за месяц, затем 499\u00a0₽ в месяц',
    );
  });
  it('three periods of a month read as 3 months', () => {
    expect(rateStepsText([{ price: 399, currency: 'RUB', duration_days: 30, periods: 3 }])).toBe('399\u00a0₽ за 3 месяца');
  });
});

describe('trial days shown (platform §4)', () => {
  it.each([
    [true, true, 7, 7], [true, false, 7, null], [false, true, 7, null], [true, true, 0, 7], [true, true, 14, 14],
  ] as const)('allow_trial %s, available %s, %i days → %s', (allow, available, days, shown) => {
    expect(trialDaysOf({ allow_trial: allow, trial_period_duration: { days } }, available)).toBe(shown);
  });
});

describe('cards (spec platform §3 Payment method)', () => {
  it.each([
    [null, '2200', 'mir'], [null, '4276', 'visa'], [null, '5469', 'mastercard'], [null, '6762', 'mastercard'], [null, '3530', null],
    ['VISA', '2200', 'visa'], ['MasterCard', null, 'mastercard'], ['Mir', null, 'mir'], ['unknown', '4', 'visa'], [null, null, null],
  ] as const)('brand %s, first digits %s → %s', (brand, bin, out) => expect(cardBrand(brand, bin)).toBe(out));

  it.each([
    ['1234', '•••• 1234'], ['4242424242424242', '•••• 4242'], ['**** 9876', '•••• 9876'], ['12', null], [null, null], ['', null],
  ] as const)('mask %s → %s', (n, out) => expect(maskCard(n)).toBe(out));

  it.each([
    ['12/27', '12/27'], ['1/2027', '01/27'], ['None', null], [null, null], ['', null], ['13/27', null], ['00/27', null], ['garbage', null],
  ] as const)('expiry %s → %s', (v, out) => expect(cardExpire(v)).toBe(out));
});

describe('extension states (spec platform §4 Pending subscription extension)', () => {
  const now = Date.parse('2026-05-10T12:00:00Z');
  const base = { manageable: true, status: 'active' as const, expiration: '2026-05-11T00:00:00Z', billing_expire: '2026-05-14T00:00:00Z' };
  it.each([
    ['expired within the window', { status: 'grace' as const, expiration: '2026-05-09T00:00:00Z' }, 'grace'],
    ['expired by the clock, status not updated yet', { expiration: '2026-05-09T00:00:00Z' }, 'grace'],
    ['about to expire within the window', {}, 'expiring'],
    ['no billing window', { billing_expire: null }, null],
    ['the window is over', { status: 'grace' as const, billing_expire: '2026-05-10T11:00:00Z' }, null],
    ['a partner subscription', { manageable: false }, null],
    ['cancelled', { status: 'cancelled' as const, expiration: '2026-05-09T00:00:00Z' }, null],
    ['expired', { status: 'expired' as const }, null],
  ] as const)('%s', (_name, over, out) => expect(needsExtension({ ...base, ...over }, now)).toBe(out));
});

describe('decline reasons and the way back', () => {
  it.each([
    ['insufficient_funds', 'insufficient_funds'], ['expired_card', 'expired_card'], ['3ds_failed', '3ds_failed'], ['declined', 'generic'], [null, 'generic'],
  ] as const)('%s → %s', (r, out) => expect(declineReason(r)).toBe(out));
  it.each([
    ['/watch/film', '/watch/film'], ['//evil.example', '/'], ['https://evil.example', '/'], ['/\\evil', '/'], [null, '/'],
  ] as const)('%s → %s', (v, out) => expect(safePath(v)).toBe(out));
});
