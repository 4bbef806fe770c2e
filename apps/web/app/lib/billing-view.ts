// The display rules of tariffs, subscriptions, cards and payments (spec platform §3, §4, §5).
// Pure functions, shared by the server and the browser, so a page renders the same text on both sides.

import type { AccountSubscription, PaymentMethod, RateStep, Tariff } from '@ekran/contracts';
import { cardBrandFromNumber, countRu, DAY_FORMS, formatPrice, isEntitling, isSubscriberStatus, type PluralForms } from '@ekran/core';

const MONTH_FORMS: PluralForms = ['месяц', 'месяца', 'месяцев'];
const YEAR_FORMS: PluralForms = ['год', 'года', 'лет'];

/** A tariff period in Russian: «месяц», «3 месяца», «год», «7 дней» (30-day months, 365/360-day years). */
export function periodText(days: number): string {
  if (days === 365 || days === 360) return 'год';
  if (days > 0 && days % 365 === 0) return countRu(days / 365, YEAR_FORMS);
  if (days === 30 || days === 31) return 'месяц';
  if (days > 0 && days % 30 === 0) return countRu(days / 30, MONTH_FORMS);
  return countRu(days, DAY_FORMS);
}

/** How a price is per period: «в месяц», «в год», else «за 3 месяца» / «за 7 дней». */
export function perPeriod(days: number): string {
  const period = periodText(days);
  return period === 'месяц' || period === 'год' ? `в ${period}` : `за ${period}`;
}

/** «за месяц», «за 3 месяца»: the price of one (first) period. */
export const forPeriod = (days: number): string => `за ${periodText(days)}`;

/**
 * What a tariff costs, worded as its discount chain (spec platform §3 Discount tariff, §9 «3 months at 1190, then
 * 499 per 30 days»): «1190 ₽ за 3 месяца, затем 499 ₽ в месяц». Renewals cost recurrent_price, else the next
 * tariff's price; they last the next tariff's period, else the tariff's own. A tariff whose renewals cost the
 * same is «499 ₽ в месяц».
 */
export function tariffPriceText(tariff: Tariff, all: readonly Tariff[]): string {
  const next = tariff.next_tariff_id ? all.find((t) => t._id === tariff.next_tariff_id) ?? null : null;
  const afterPrice = tariff.recurrent_price ?? next?.price ?? tariff.price;
  const afterDays = next?.duration_days ?? tariff.duration_days;
  const first = formatPrice(tariff.price, tariff.currency);
  if (afterPrice === tariff.price && afterDays === tariff.duration_days) return `${first} ${perPeriod(tariff.duration_days)}`;
  return `${first} ${forPeriod(tariff.duration_days)}, затем ${formatPrice(afterPrice, tariff.currency)} ${perPeriod(afterDays)}`;
}

/**
 * A subscription's price steps (platform §3 Pending subscription tariff_info.rate_steps) in words: a step for a
 * number of periods is «149 ₽ за месяц» (or «за 3 месяца» for 3 periods of 30 days), the open-ended last one
 * «499 ₽ в месяц»; steps are joined with «, затем».
 */
export function rateStepsText(steps: readonly RateStep[]): string {
  return steps
    .map((s) => {
      const price = formatPrice(s.price, s.currency);
      return s.periods === null ? `${price} ${perPeriod(s.duration_days)}` : `${price} ${forPeriod(s.duration_days * s.periods)}`;
    })
    .join(', затем ');
}

/** Trial days a tariff shows: only when the tariff allows one and the viewer has not used theirs (platform §4). */
export function trialDaysOf(tariff: Pick<Tariff, 'allow_trial' | 'trial_period_duration'>, trialAvailable: boolean, defaultDays = 7): number | null {
  if (!tariff.allow_trial || !trialAvailable) return null;
  return tariff.trial_period_duration.days > 0 ? tariff.trial_period_duration.days : defaultDays;
}

// ---------------------------------------------------------------- cards (spec platform §3 Payment method)

export type CardBrand = 'mir' | 'visa' | 'mastercard' | 'unionpay' | 'jcb' | 'amex' | null;

const BRAND_ALIASES: Readonly<Record<string, Exclude<CardBrand, null>>> = {
  mir: 'mir',
  visa: 'visa',
  master: 'mastercard',
  mastercard: 'mastercard',
  maestro: 'mastercard',
  unionpay: 'unionpay',
  jcb: 'jcb',
  amex: 'amex',
  americanexpress: 'amex',
};

/** spec platform §3: "Brand comes from brand, else from the first digit (2 mir, 4 visa, 5 or 6 master)." */
export function cardBrand(brand: string | null | undefined, firstDigits: string | null | undefined): CardBrand {
  const named = brand?.toLowerCase().replace(/[^a-z]/g, '');
  if (named && BRAND_ALIASES[named]) return BRAND_ALIASES[named];
  // spec platform §3: else by the first digit (core's rule), named as this module names brands.
  const byDigit = firstDigits ? cardBrandFromNumber(firstDigits) : null;
  return byDigit === 'master' ? 'mastercard' : byDigit;
}

/** «•••• 1234»: only the last 4 digits are ever shown (platform §3). Null when there are none. */
export function maskCard(cardNumber: string | null | undefined): string | null {
  const digits = cardNumber?.replace(/\D/g, '') ?? '';
  return digits.length >= 4 ? `•••• ${digits.slice(-4)}` : null;
}

/** spec platform §3: card_expire shown MM/YY; missing or the text None means none (null). */
export function cardExpire(value: string | null | undefined): string | null {
  const m = /^\s*(\d{1,2})\s*\/\s*(\d{2}|\d{4})\s*$/.exec(value ?? '');
  if (!m) return null;
  const month = Number(m[1]);
  if (month < 1 || month > 12) return null;
  return `${String(month).padStart(2, '0')}/${m[2]!.slice(-2)}`;
}

/** The stores whose tokens are managed in the store, not here (platform §3: they cannot be cancelled). */
export const STORE_NAMES: Readonly<Partial<Record<PaymentMethod['type'], string>>> = {
  google_token: 'Google Play',
  itunes_receipt: 'App Store',
  huawei_token: 'AppGallery',
};

/** Whether a payment method is a store's token (shown with the store's name and a note, no card). */
export const isStoreToken = (type: PaymentMethod['type']): boolean => type in STORE_NAMES;

// ---------------------------------------------------------------- subscriptions (spec platform §4)

/** A subscription that still gives access (active, trial or in its billing window). */
export const isLive = (s: Pick<AccountSubscription, 'status'>): boolean => isEntitling(s.status);

/**
 * spec platform §4 Pending subscription extension: "expired but within the billing window (can extend), or about
 * to expire within the billing window". A billing window is open when billing_expire is set (a renewal failed and
 * is being retried) and not yet over; only a subscription of ours (manageable) can be extended here.
 */
export function needsExtension(
  s: Pick<AccountSubscription, 'status' | 'manageable' | 'billing_expire' | 'expiration'>,
  now: number,
): 'grace' | 'expiring' | null {
  if (!s.manageable || !s.billing_expire) return null;
  const windowEnd = Date.parse(s.billing_expire);
  if (!(windowEnd > now)) return null;
  if (s.status === 'grace' || Date.parse(s.expiration) <= now) return s.status === 'cancelled' ? null : 'grace';
  if (isSubscriberStatus(s.status)) return 'expiring';
  return null;
}

/** Why a payment failed, as the result page words it (the order's failure_reason). */
export type DeclineReason = 'insufficient_funds' | 'expired_card' | '3ds_failed' | 'generic';

export function declineReason(reason: string | null | undefined): DeclineReason {
  switch (reason?.toLowerCase()) {
    case 'insufficient_funds':
      return 'insufficient_funds';
    case 'expired_card':
      return 'expired_card';
    case '3ds_failed':
    case '3ds':
    case 'authentication_failed':
      return '3ds_failed';
    default:
      return 'generic';
  }
}

