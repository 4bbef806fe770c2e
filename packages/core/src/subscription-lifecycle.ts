// Subscription lifecycle: spec platform §3 Pending subscription (manageable, expiration,
// billing_expire, reccurent, tariff_info.rate_steps), §4 Pending subscription extension, Trial-remaining hints,
// Disable recurring subscription, §9 discount tariffs. Pure rules; the API's jobs and routes apply them.

import { DAY_MS } from './time.ts';
import { trialHint, type TrialHint } from './trial.ts';

/**
 * Days after expires_at during which renewals are retried and the viewer keeps watching (the grace, or billing,
 * window: platform §3 billing_expire).
 */
export const BILLING_WINDOW_DAYS = 3;
/** The billing window in milliseconds. */
export const BILLING_WINDOW_MS = BILLING_WINDOW_DAYS * DAY_MS;

/** The statuses a subscription row takes (schema subscriptions.status). */
export type SubscriptionStatus = 'active' | 'trial' | 'grace' | 'expired' | 'cancelled';

/**
 * The statuses that entitle playback while their period lasts: active, a trial, and the grace period after a
 * failed renewal (platform §3 billing_expire). Expired and cancelled ones do not. The one definition: the API's
 * entitlement, billing and stream limits, and the site's billing view all read it.
 */
export const ENTITLING_STATUSES = ['active', 'trial', 'grace'] as const satisfies readonly SubscriptionStatus[];
export type EntitlingStatus = (typeof ENTITLING_STATUSES)[number];
/** Whether a subscription in this status entitles playback (while unexpired). */
export const isEntitling = (status: string): status is EntitlingStatus => (ENTITLING_STATUSES as readonly string[]).includes(status);
/**
 * The statuses that make a viewer a subscriber today (spec platform §6 "Subscriber"): active or on trial. A
 * subscription in grace still plays but its holder is offered the extension, not the tariffs.
 */
export const SUBSCRIBER_STATUSES = ['active', 'trial'] as const satisfies readonly EntitlingStatus[];
export const isSubscriberStatus = (status: string): boolean => (SUBSCRIBER_STATUSES as readonly string[]).includes(status);

/**
 * Sources whose renewal we charge ourselves and so can manage here. A partner's (kion, ttk…), a store's
 * (googleplay, itunes, huawei) or an operator's subscription is managed where it was bought.
 */
export const MANAGEABLE_SOURCES: readonly string[] = ['card', 'promo'];

/** What the lifecycle rules read of a subscription. */
export interface LifecycleSubscription {
  status: SubscriptionStatus;
  expiresAt: Date;
  /** The end of the billing window; null: there is none (no renewal will be retried). */
  billingExpiresAt: Date | null;
  isRecurrent: boolean;
  /** card, promo, googleplay, itunes, huawei, a partner's name… */
  source: string;
  /** A card is bound for renewals. */
  hasPaymentMethod: boolean;
}

/** The end of the billing window of a period that ends at `expiresAt` (3 days later). */
export function billingWindowEnd(expiresAt: Date): Date {
  return new Date(expiresAt.getTime() + BILLING_WINDOW_MS);
}

/** Whether the subscription still entitles: a live status with the period, or its billing window, in the future. */
export function isLive(s: Pick<LifecycleSubscription, 'status' | 'expiresAt' | 'billingExpiresAt'>, now: Date): boolean {
  if (!isEntitling(s.status)) return false;
  return s.expiresAt > now || (s.billingExpiresAt !== null && s.billingExpiresAt > now);
}

/** spec platform §4 Pending subscription extension: "expired but within the billing window (can extend)". */
export function isInGrace(s: Pick<LifecycleSubscription, 'status' | 'expiresAt' | 'billingExpiresAt'>, now: Date): boolean {
  return isEntitling(s.status) && s.expiresAt <= now && s.billingExpiresAt !== null && s.billingExpiresAt > now;
}

/**
 * spec platform §4 Pending subscription extension: "about to expire within the billing window": the period ends
 * within the next 3 days (exactly 3 days ahead counts; a period already over is grace, not this).
 */
export function isAboutToExpire(s: Pick<LifecycleSubscription, 'status' | 'expiresAt'>, now: Date): boolean {
  if (!isEntitling(s.status)) return false;
  const left = s.expiresAt.getTime() - now.getTime();
  return left > 0 && left <= BILLING_WINDOW_MS;
}

/** Which extension banner (platform §4) applies: grace (can extend), expiring (about to), or none. */
export function extensionState(s: Pick<LifecycleSubscription, 'status' | 'expiresAt' | 'billingExpiresAt'>, now: Date): 'grace' | 'expiring' | null {
  if (isInGrace(s, now)) return 'grace';
  if (isAboutToExpire(s, now)) return 'expiring';
  return null;
}

/**
 * spec platform §3 Pending subscription: manageable. Renewal and the card can be managed here for a live
 * subscription we charge ourselves: one bought with a card, or a promo that has a card bound (a promo without
 * one has nothing to renew with). A partner's, a store's or an ended subscription is not.
 */
export function isManageable(s: LifecycleSubscription, now: Date): boolean {
  if (!isLive(s, now) || !MANAGEABLE_SOURCES.includes(s.source)) return false;
  return s.source !== 'promo' || s.hasPaymentMethod;
}

/** Whether a renewal charge is due to be attempted: renewal on, a card bound, a manageable live subscription. */
export function renewsAutomatically(s: LifecycleSubscription, now: Date): boolean {
  return s.isRecurrent && s.hasPaymentMethod && isManageable(s, now);
}

/**
 * The status the expiry job moves a subscription to, or null to leave it:
 * - the period is not over: unchanged;
 * - over, and a billing window ahead with renewal on and a card to retry: grace (the viewer keeps watching while
 *   renewals are retried; the window exists only for those retries, so without renewal or a card — a trial
 *   without a card, say — it ends at expires_at);
 * - over with no window, or the window passed: expired.
 * Expired and cancelled subscriptions never change.
 */
export function lapsedStatus(s: LifecycleSubscription, now: Date): SubscriptionStatus | null {
  if (!isEntitling(s.status) || s.expiresAt > now) return null;
  const windowAhead = s.billingExpiresAt !== null && s.billingExpiresAt > now;
  const next: SubscriptionStatus = windowAhead && s.isRecurrent && s.hasPaymentMethod ? 'grace' : 'expired';
  return next === s.status ? null : next;
}

/**
 * spec platform §4 Trial-remaining hints for a trial subscription at `now` (2 days, 1 day, 12 hours or none).
 * The ranges of the spec share their ends; `trialHint` closes each at the top and opens it at the bottom, so
 * exactly 86400 s left is "1 день" (a whole day is left, not two) and exactly 28800 s is no hint.
 */
export function trialRemainingHint(s: Pick<LifecycleSubscription, 'status' | 'expiresAt'>, now: Date): TrialHint | null {
  if (s.status !== 'trial') return null;
  return trialHint((s.expiresAt.getTime() - now.getTime()) / 1000);
}

// ---------------------------------------------------------------- rate steps (platform §3 tariff_info, §9)

/** What the rate steps read of a tariff (platform §3 Discount tariff). */
export interface ChainTariff {
  id: string;
  price: number;
  currency: string;
  durationDays: number;
  recurrentPrice: number | null;
  nextTariffId: string | null;
}

/** One price step: `periods` periods of `duration_days` at `price`; periods null: every period from then on. */
export interface RateStepValue {
  price: number;
  currency: string;
  duration_days: number;
  periods: number | null;
}

/**
 * The price steps of a tariff chain (platform §3 tariff_info.rate_steps, §9 "3 months at 1190 (90 days, then 499
 * per 30 days, first at 149)"): the tariff's price for its first period; then, when it names a next tariff, that
 * tariff's steps; else each renewal at recurrent_price (or the same price) for the same duration. Equal
 * neighbouring steps merge. A chain that loops back ends open on its last step.
 */
export function rateSteps(first: ChainTariff, tariffById: (id: string) => ChainTariff | undefined): RateStepValue[] {
  const steps: RateStepValue[] = [];
  const seen = new Set<string>();
  let tariff: ChainTariff | undefined = first;
  while (tariff && !seen.has(tariff.id)) {
    seen.add(tariff.id);
    push(steps, { price: tariff.price, currency: tariff.currency, duration_days: tariff.durationDays, periods: 1 });
    const next: ChainTariff | undefined = tariff.nextTariffId ? tariffById(tariff.nextTariffId) : undefined;
    if (!next) {
      push(steps, { price: tariff.recurrentPrice ?? tariff.price, currency: tariff.currency, duration_days: tariff.durationDays, periods: null });
      return steps;
    }
    tariff = next;
  }
  const last = steps[steps.length - 1];
  if (last) last.periods = null;
  return steps;
}

function push(steps: RateStepValue[], step: RateStepValue) {
  const last = steps[steps.length - 1];
  if (last && last.periods !== null && last.price === step.price && last.currency === step.currency && last.duration_days === step.duration_days) {
    last.periods = step.periods === null ? null : last.periods + step.periods;
    return;
  }
  steps.push(step);
}

/** The step that prices period `index` (0 is the first, paid period); the open last step for every later one. */
export function stepOfPeriod(steps: readonly RateStepValue[], index: number): RateStepValue | null {
  let from = 0;
  for (const step of steps) {
    if (step.periods === null || index < from + step.periods) return step;
    from += step.periods;
  }
  return steps[steps.length - 1] ?? null;
}

/**
 * The period the next charge pays for: a trial's first charge pays period 0; a paid subscription that has been
 * renewed `renewals` times has paid periods 0..renewals, so the next is renewals + 1.
 */
export function nextChargePeriod(s: { status: SubscriptionStatus; renewals: number }): number {
  return s.status === 'trial' ? 0 : s.renewals + 1;
}

// ---------------------------------------------------------------- disable recurring (platform §4)

/**
 * spec platform §4 Disable recurring subscription: "Steps cycle 0, 1, 2 then back to 0". 0: closed (renewal is
 * on, the button offers to turn it off); 1: the confirmation (what the viewer loses, keep or turn off);
 * 2: done (renewal is off; the subscription plays until it ends).
 */
export type DisableRecurringStep = 0 | 1 | 2;

/** The step at which the request turning renewal off is sent: entering it means the viewer confirmed. */
export const DISABLE_RECURRING_CONFIRMED_STEP: DisableRecurringStep = 2;

/** The next step: `advance` goes 0 → 1 → 2 → 0; `dismiss` (closing the dialog, keeping renewal) returns to 0. */
export function nextDisableRecurringStep(step: DisableRecurringStep, action: 'advance' | 'dismiss'): DisableRecurringStep {
  if (action === 'dismiss') return 0;
  return step === 0 ? 1 : step === 1 ? 2 : 0;
}
