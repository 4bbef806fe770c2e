import { cardBrandFromNumber } from './card.ts';

// ---- Billing rules shared by the API (renewals, grace) and the site (the extension banner).

// The billing window (BILLING_WINDOW_DAYS) is subscription-lifecycle.ts's.
/** Renewals are charged this many days before the period ends, so a success never leaves a gap. */
export const RENEWAL_LEAD_DAYS = 1;
/** A failed renewal is retried at most once per this many hours within the billing window. */
export const RENEWAL_RETRY_HOURS = 24;
/** A repeated payment link for the same tariff within this many minutes reuses the pending order and its checkout. */
export const PAYMENT_LINK_REUSE_MINUTES = 10;
/** What a trial or a card binding charges to check the card (refunded at once by the provider). */
export const CARD_CHECK_AMOUNT = 1;

/** Payment method types that cannot be removed here (platform §3 Payment method: the store subscriptions). */
export const UNCANCELLABLE_PAYMENT_TYPES = ['google_token', 'itunes_receipt', 'huawei_token'] as const;
/** Payment method types another card can replace (platform §3 Payment method). */
export const CHANGEABLE_PAYMENT_TYPES = ['card', 'card_googlepay', 'card_cloudpayments_applepay'] as const;

/** The card brand from the provider's name, else from the first digit (platform §3: 2 mir, 4 visa, 5 or 6 master). */
export function cardBrand(providerBrand: string | null | undefined, firstDigits: string | null | undefined): string | null {
  const named = providerBrand?.trim().toLowerCase();
  if (named) {
    if (named.startsWith('master')) return 'master';
    if (named === 'mir' || named === 'мир') return 'mir';
    if (named === 'visa') return 'visa';
    return named;
  }
  return firstDigits ? cardBrandFromNumber(firstDigits) : null;
}
