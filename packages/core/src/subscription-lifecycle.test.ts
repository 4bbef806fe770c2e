import { describe, expect, it } from 'vitest';
import {
  BILLING_WINDOW_DAYS,
  BILLING_WINDOW_MS,
  billingWindowEnd,
  extensionState,
  isAboutToExpire,
  isInGrace,
  isLive,
  isManageable,
  lapsedStatus,
  nextChargePeriod,
  nextDisableRecurringStep,
  rateSteps,
  renewsAutomatically,
  stepOfPeriod,
  trialRemainingHint,
  type ChainTariff,
  type DisableRecurringStep,
  type LifecycleSubscription,
} from './subscription-lifecycle.ts';

const NOW = new Date('2026-11-21T12:00:00Z');
const at = (hoursFromNow: number) => new Date(NOW.getTime() + hoursFromNow * 3_600_000);
const sub = (patch: Partial<LifecycleSubscription> = {}): LifecycleSubscription => ({
  status: 'active',
  expiresAt: at(24 * 10),
  billingExpiresAt: null,
  isRecurrent: true,
  source: 'card',
  hasPaymentMethod: true,
  ...patch,
});

describe('the billing window (platform §3 billing_expire)', () => {
  it('is 3 days after expires_at', () => {
    expect(BILLING_WINDOW_DAYS).toBe(3);
    expect(BILLING_WINDOW_MS).toBe(259_200_000);
    expect(billingWindowEnd(new Date('2026-11-30T00:00:00Z')).toISOString()).toBe('2026-12-03T00:00:00.000Z');
  });
});

describe('isLive / isInGrace / isAboutToExpire (platform §4 Pending subscription extension)', () => {
  it.each([
    ['active, period ahead', sub(), true, false, false],
    ['active, ends in 3 days exactly: about to expire', sub({ expiresAt: at(72) }), true, false, true],
    ['active, ends in 3 days and an hour: not yet', sub({ expiresAt: at(73) }), true, false, false],
    ['active, ends in a minute', sub({ expiresAt: at(1 / 60) }), true, false, true],
    ['grace: expired, billing window ahead (can extend)', sub({ status: 'grace', expiresAt: at(-1), billingExpiresAt: at(71) }), true, true, false],
    ['active, expired this instant, window ahead', sub({ expiresAt: NOW, billingExpiresAt: at(72) }), true, true, false],
    ['expired with no window', sub({ expiresAt: at(-1) }), false, false, false],
    ['window passed', sub({ status: 'grace', expiresAt: at(-80), billingExpiresAt: at(-8) }), false, false, false],
    ['trial ahead', sub({ status: 'trial', expiresAt: at(30) }), true, false, true],
    ['cancelled with time left is not live', sub({ status: 'cancelled' }), false, false, false],
    ['expired status with time left is not live', sub({ status: 'expired' }), false, false, false],
  ])('%s', (_name, s, live, grace, expiring) => {
    expect(isLive(s, NOW)).toBe(live);
    expect(isInGrace(s, NOW)).toBe(grace);
    expect(isAboutToExpire(s, NOW)).toBe(expiring);
    expect(extensionState(s, NOW)).toBe(grace ? 'grace' : expiring ? 'expiring' : null);
  });
});

describe('isManageable (platform §3 Pending subscription: manageable)', () => {
  it.each([
    ['our card subscription', sub(), true],
    ['a trial with a card', sub({ status: 'trial' }), true],
    ['in grace', sub({ status: 'grace', expiresAt: at(-1), billingExpiresAt: at(10) }), true],
    ['a card subscription whose card was removed (renewal can still be turned off)', sub({ hasPaymentMethod: false }), true],
    ['a promo with a card', sub({ source: 'promo' }), true],
    ['a promo without a card', sub({ source: 'promo', hasPaymentMethod: false }), false],
    ["a partner's", sub({ source: 'kion' }), false],
    ["a store's (Google Play)", sub({ source: 'googleplay' }), false],
    ["a store's (App Store)", sub({ source: 'itunes' }), false],
    ['an ended one', sub({ status: 'expired', expiresAt: at(-1) }), false],
    ['a cancelled one', sub({ status: 'cancelled' }), false],
  ])('%s: %s', (_name, s, expected) => {
    expect(isManageable(s, NOW)).toBe(expected);
  });

  it('renews automatically only with renewal on and a card', () => {
    expect(renewsAutomatically(sub(), NOW)).toBe(true);
    expect(renewsAutomatically(sub({ isRecurrent: false }), NOW)).toBe(false);
    expect(renewsAutomatically(sub({ hasPaymentMethod: false }), NOW)).toBe(false);
    expect(renewsAutomatically(sub({ source: 'kion' }), NOW)).toBe(false);
  });
});

describe('lapsedStatus: what the expiry job does', () => {
  it.each([
    ['period ahead: unchanged', sub(), null],
    ['expired, window ahead, renewal on with a card: grace', sub({ expiresAt: at(-1), billingExpiresAt: at(71) }), 'grace'],
    ['already grace, window ahead: unchanged', sub({ status: 'grace', expiresAt: at(-1), billingExpiresAt: at(71) }), null],
    ['grace, window passed: expired', sub({ status: 'grace', expiresAt: at(-73), billingExpiresAt: at(-1) }), 'expired'],
    ['grace, window ends this instant: expired', sub({ status: 'grace', expiresAt: at(-72), billingExpiresAt: NOW }), 'expired'],
    ['expired without a window: expired', sub({ expiresAt: at(-1) }), 'expired'],
    ['a trial without a card ends at its end', sub({ status: 'trial', expiresAt: at(-1), billingExpiresAt: at(71), hasPaymentMethod: false }), 'expired'],
    ['a trial with a card and a window: grace (its first charge is retried)', sub({ status: 'trial', expiresAt: at(-1), billingExpiresAt: at(71) }), 'grace'],
    ['renewal turned off: no grace, expired', sub({ expiresAt: at(-1), billingExpiresAt: at(71), isRecurrent: false }), 'expired'],
    ['expires_at exactly now counts as passed', sub({ expiresAt: NOW }), 'expired'],
    ['already expired: unchanged', sub({ status: 'expired', expiresAt: at(-100) }), null],
    ['cancelled: unchanged', sub({ status: 'cancelled', expiresAt: at(-100) }), null],
  ])('%s', (_name, s, expected) => {
    expect(lapsedStatus(s, NOW)).toBe(expected);
  });
});

describe('trialRemainingHint (platform §4: "172800 to 86400 s remaining: 2 days; 86400 to 43200: 1 day; 43200 to 28800: 12 hours")', () => {
  const trialEndingIn = (seconds: number) => sub({ status: 'trial', expiresAt: new Date(NOW.getTime() + seconds * 1000) });
  it.each([
    [172_801, null],
    [172_800, '2 дня'],
    [86_401, '2 дня'],
    [86_400, '1 день'],
    [43_201, '1 день'],
    [43_200, '12 часов'],
    [28_801, '12 часов'],
    [28_800, null],
    [-10, null],
  ])('%i s left: %s', (seconds, text) => {
    expect(trialRemainingHint(trialEndingIn(seconds), NOW)?.text ?? null).toBe(text);
  });

  it('is for trials only', () => {
    expect(trialRemainingHint(sub({ expiresAt: new Date(NOW.getTime() + 50_000_000) }), NOW)).toBeNull();
  });
});

describe('rateSteps (platform §3 tariff_info.rate_steps, §9 discount tariffs)', () => {
  const t = (patch: Partial<ChainTariff> & { id: string }): ChainTariff => ({ price: 399, currency: 'RUB', durationDays: 30, recurrentPrice: null, nextTariffId: null, ...patch });
  const tariffs = new Map<string, ChainTariff>(
    [
      t({ id: 'month', price: 499 }),
      // "3 months at 1190 (90 days, then 499 per 30 days …)"
      t({ id: 'quarter', price: 1190, durationDays: 90, nextTariffId: 'month' }),
      // "… first at 149": the first month at 149, then 499 each
      t({ id: 'first-149', price: 149, recurrentPrice: 499 }),
      t({ id: 'loop-a', price: 100, nextTariffId: 'loop-b' }),
      t({ id: 'loop-b', price: 200, nextTariffId: 'loop-a' }),
      t({ id: 'same-next', price: 499, nextTariffId: 'month' }),
      t({ id: 'dangling', price: 99, nextTariffId: 'missing', recurrentPrice: 299 }),
    ].map((x) => [x.id, x]),
  );
  const steps = (id: string) => rateSteps(tariffs.get(id)!, (x) => tariffs.get(x));

  it.each([
    ['a regular tariff renews at its price', 'month', [{ price: 499, currency: 'RUB', duration_days: 30, periods: null }]],
    ['3 months at 1190, then 499 per 30 days', 'quarter', [
      { price: 1190, currency: 'RUB', duration_days: 90, periods: 1 },
      { price: 499, currency: 'RUB', duration_days: 30, periods: null },
    ]],
    ['first at 149, then 499 (recurrent_price)', 'first-149', [
      { price: 149, currency: 'RUB', duration_days: 30, periods: 1 },
      { price: 499, currency: 'RUB', duration_days: 30, periods: null },
    ]],
    ['a chain that loops ends open', 'loop-a', [
      { price: 100, currency: 'RUB', duration_days: 30, periods: 1 },
      { price: 200, currency: 'RUB', duration_days: 30, periods: null },
    ]],
    ['equal neighbouring steps merge', 'same-next', [{ price: 499, currency: 'RUB', duration_days: 30, periods: null }]],
    ['a next tariff that is gone falls back to recurrent_price', 'dangling', [
      { price: 99, currency: 'RUB', duration_days: 30, periods: 1 },
      { price: 299, currency: 'RUB', duration_days: 30, periods: null },
    ]],
  ])('%s', (_name, id, expected) => {
    expect(steps(id)).toEqual(expected);
  });

  it('prices each period from its step', () => {
    const quarter = steps('quarter');
    expect([0, 1, 2, 10].map((i) => stepOfPeriod(quarter, i)?.price)).toEqual([1190, 499, 499, 499]);
    expect(stepOfPeriod([], 0)).toBeNull();
  });

  it('charges a trial for period 0 and a paid subscription for the period after its renewals', () => {
    expect(nextChargePeriod({ status: 'trial', renewals: 0 })).toBe(0);
    expect(nextChargePeriod({ status: 'active', renewals: 0 })).toBe(1);
    expect(nextChargePeriod({ status: 'grace', renewals: 4 })).toBe(5);
  });
});

describe('nextDisableRecurringStep (platform §4: "Steps cycle 0, 1, 2 then back to 0")', () => {
  it.each([
    [0, 'advance', 1],
    [1, 'advance', 2],
    [2, 'advance', 0],
    [0, 'dismiss', 0],
    [1, 'dismiss', 0],
    [2, 'dismiss', 0],
  ] as [DisableRecurringStep, 'advance' | 'dismiss', DisableRecurringStep][])('%i + %s → %i', (step, action, expected) => {
    expect(nextDisableRecurringStep(step, action)).toBe(expected);
  });
});
