// Playback gating: spec platform §4 "Playback gating" and "Tariff flow", §5 (the subscription-popup rule) and
// §8 (playback errors). Pure rules; the web carries the outcomes out (components/watch). See
// docs/decisions/016-playback-gating-web.md for the readings written down here.

import { MOBILE_WIDTH } from './constants.ts';
import { isSubscriberStatus } from './subscription-lifecycle.ts';

/** The parts of auth data (spec platform §3 Auth data) the gating rules read. */
export interface GatingUser {
  virtual: boolean;
  email: string | null;
  phone: string | null;
  profile_for_child: boolean;
  partner: { name: string | null };
  /** Subscriptions bought through a partner (platform §3 externals); the API lists the unexpired ones. */
  externals: readonly { name: string }[];
  /** The account's live subscriptions (platform §3 subscriptions[]). */
  subscriptions: readonly GatingSubscription[];
  mf_info: { is_mf: boolean; mf_pop_up: string | null };
}

/** A live subscription as auth data lists it; the store ids say where it was bought. */
export interface GatingSubscription {
  status: string;
  googleplay_id?: string | null;
  itunes_product_id?: string | null;
  huawei_id?: string | null;
}

/** The partner whose customers get the dedicated partner popup (spec platform §4 step 1, §6 "Partner ttk"). */
export const TTK_PARTNER = 'ttk';

/**
 * Operator popup states (auth data mf_info.mf_pop_up) that block playback. Only `no_money`: the operator
 * suspended the subscription for an insufficient balance, so nothing plays until the viewer tops it up.
 * `got_money` (the balance is back) and `info` only inform and never stand between the viewer and a title.
 */
export const OPERATOR_BLOCKING_POPUPS: readonly string[] = ['no_money'];

/** A subscriber: a live subscription that plays today, active or on trial (spec platform §6 "Subscriber"). */
export function isSubscriber(user: Pick<GatingUser, 'subscriptions'>): boolean {
  return user.subscriptions.some((s) => isSubscriberStatus(s.status));
}

/**
 * spec platform §5 "the current subscription is not in a manageable grace period": a subscription in its grace
 * status (expired, still within the billing window, platform §4 Pending subscription extension) that the
 * viewer can extend here, i.e. not bought in an app store (Google Play, App Store, AppGallery subscriptions
 * are managed in the store, platform §3 Payment method).
 */
export function inManageableGrace(user: Pick<GatingUser, 'subscriptions'>): boolean {
  return user.subscriptions.some((s) => s.status === 'grace' && !s.googleplay_id && !s.itunes_product_id && !s.huawei_id);
}

/** An operator customer whose popup state blocks playback (see OPERATOR_BLOCKING_POPUPS). */
export function isOperatorBlocked(user: Pick<GatingUser, 'mf_info'>): boolean {
  return user.mf_info.is_mf && user.mf_info.mf_pop_up !== null && OPERATOR_BLOCKING_POPUPS.includes(user.mf_info.mf_pop_up);
}

/** Where the viewer is when playback is refused: what the subscription-popup rule of platform §5 reads. */
export interface SubscriptionPopupContext {
  user: Pick<GatingUser, 'subscriptions' | 'profile_for_child'>;
  /** Playback asked from the TV section (live channels, the archive), or a page opened from a TV app. */
  fromTv: boolean;
  /** The viewport width in CSS px. */
  viewportWidth: number;
  /** The page's query carries auth_token (a mobile app opened the site with its session). */
  authTokenInQuery: boolean;
  /** The viewer arrived on this page from /logout. */
  fromLogout: boolean;
}

/**
 * spec platform §5: "Subscription popup is shown only if: user is not a subscriber, not a child profile, not
 * from TV, not on mobile width with auth_token in the query, not arriving from the logout page, and the current
 * subscription is not in a manageable grace period." Mobile width is the platform §9 threshold, 425 px and
 * narrower.
 */
export function subscriptionPopupAllowed(ctx: SubscriptionPopupContext): boolean {
  if (isSubscriber(ctx.user)) return false;
  if (ctx.user.profile_for_child) return false;
  if (ctx.fromTv) return false;
  if (ctx.viewportWidth <= MOBILE_WIDTH && ctx.authTokenInQuery) return false;
  if (ctx.fromLogout) return false;
  return !inManageableGrace(ctx.user);
}

/** What a refused playback (a check without playlists) leads to. */
export type GatingOutcome =
  /** Step 1: the partner (ttk) popup. */
  | 'partner-popup'
  /** Step 2: /pages/subscription/already. */
  | 'subscription-already'
  /** Step 3: the subscription popup. */
  | 'subscription-popup'
  /** Steps 4 and 5: the tariff flow (platform §4 Tariff flow). */
  | 'tariff-flow'
  /** Step 5 for a virtual user, and a blocked operator customer without an account: /auth. */
  | 'auth'
  /** A blocked operator customer: «Пополните баланс и возвращайтесь» (platform §8). */
  | 'insufficient-balance';

/** The page of step 2 (platform §2 Subscription). */
export const SUBSCRIPTION_ALREADY_PATH = '/pages/subscription/already';

export interface GatingInput {
  user: GatingUser;
  /** The check's upgrade_options (platform §3 Playback-check response). */
  upgradeOptions: readonly unknown[];
  /** subscriptionPopupAllowed() for the viewer's context. */
  subscriptionPopup: boolean;
}

/**
 * spec platform §4 Playback gating, for a check that returned no playlists, "in this order:
 *  1. partner ttk: partner popup;
 *  2. externals present and no subscriptions: /pages/subscription/already;
 *  3. the subscription-popup rule says show: subscription popup;
 *  4. upgrade options present and user not virtual: tariff flow;
 *  5. otherwise a virtual user goes to /auth, else the tariff flow starts.
 * Operator subscribers in a blocking popup state are sent to /auth or shown the insufficient-balance message."
 *
 * The operator rule comes first: every numbered outcome sells a subscription (or points to a partner's) that
 * the operator already bills for; what the viewer needs is to top up the balance. A blocked operator customer
 * without an account (virtual) signs in first, as step 5 does.
 */
export function gatingOutcome({ user, upgradeOptions, subscriptionPopup }: GatingInput): GatingOutcome {
  if (isOperatorBlocked(user)) return user.virtual ? 'auth' : 'insufficient-balance';
  if (user.partner.name === TTK_PARTNER) return 'partner-popup';
  if (user.externals.length > 0 && user.subscriptions.length === 0) return 'subscription-already';
  if (subscriptionPopup) return 'subscription-popup';
  if (upgradeOptions.length > 0 && !user.virtual) return 'tariff-flow';
  return user.virtual ? 'auth' : 'tariff-flow';
}

/** A failed playback check: the HTTP status (0 when no answer came) and the error body's code and message. */
export interface PlaybackFailure {
  status: number;
  code?: string | null;
  message?: string | null;
}

/** What a failed playback check leads to (spec platform §8). */
export type PlaybackFailureOutcome =
  /** 400 USER_USE_ANONYMIZER or FORBIDEN_IP: the persistent VPN warning. */
  | 'vpn-warning'
  /** 403 DEVICE_COUNT_EXCEEDED: the device-limit popup. */
  | 'device-limit'
  /** 403 DEVICE_NOT_REGISTERED: the device-registration popup. */
  | 'device-registration'
  /** 403 STREAM_LIMIT_EXCEEDED (ours): the stream-limit dialog. */
  | 'stream-limit'
  /** 403 KIDS_PROFILE_RESTRICTED (ours): the kids message. */
  | 'kids-restricted'
  /** Any other failure, first time: refresh the session and ask again. */
  | 'refresh-and-retry'
  | 'partner-popup'
  | 'tariff-flow'
  | 'auth'
  /** «Что-то пошло не так» / «Скоро все починим. Попробуйте позже.» */
  | 'error-message';

/** The 400 messages (and our codes) of an anonymizer or a blocked address (platform §8). */
export const VPN_FAILURES: readonly string[] = ['USER_USE_ANONYMIZER', 'FORBIDEN_IP'];

const FORBIDDEN_OUTCOMES: Readonly<Record<string, PlaybackFailureOutcome>> = {
  DEVICE_COUNT_EXCEEDED: 'device-limit',
  DEVICE_NOT_REGISTERED: 'device-registration',
  STREAM_LIMIT_EXCEEDED: 'stream-limit',
  KIDS_PROFILE_RESTRICTED: 'kids-restricted',
};

/** The failures of platform §8 that have their own answer, whichever attempt gets them; null for the rest. */
function namedFailure(f: PlaybackFailure): PlaybackFailureOutcome | null {
  if (f.status === 400 && (VPN_FAILURES.includes(f.message ?? '') || VPN_FAILURES.includes(f.code ?? ''))) return 'vpn-warning';
  if (f.status === 403 && f.code && f.code in FORBIDDEN_OUTCOMES) return FORBIDDEN_OUTCOMES[f.code] ?? null;
  return null;
}

export interface PlaybackFailureInput {
  /** The first check's failure. */
  failure: PlaybackFailure;
  /**
   * The failure of the check asked again after the session refresh; undefined while it has not been asked,
   * null when it succeeded (its answer then goes through gatingOutcome or plays).
   */
  retry?: PlaybackFailure | null | undefined;
  /** The viewer as the refreshed session knows it. */
  user: Pick<GatingUser, 'partner' | 'email' | 'phone'>;
}

/**
 * spec platform §8 playback errors. Our reading, path by path:
 *  - 400 whose message (or code) is USER_USE_ANONYMIZER or FORBIDEN_IP → the persistent VPN warning;
 *  - 403 DEVICE_COUNT_EXCEEDED → the device-limit popup; 403 DEVICE_NOT_REGISTERED → the device-registration
 *    popup; ours: 403 STREAM_LIMIT_EXCEEDED → the stream-limit dialog, 403 KIDS_PROFILE_RESTRICTED → the kids
 *    message. These hold for the retried check too (a refreshed session may meet them first);
 *  - "Other playback failure: session refresh" → 'refresh-and-retry', then the check is asked again;
 *  - "if it also fails with status over 400" (the retried check, status > 400): "after original 401" (the first
 *    failure was a 401) "partner ttk gets the partner popup, user with email or phone starts tariff flow, else
 *    /auth";
 *  - "otherwise show the error message Что-то пошло не так, Скоро все починим. Попробуйте позже.": the retry
 *    fails with a status over 400 after a first failure other than 401, or fails with 400 or below, or
 *    without an answer (status 0).
 * A retry that succeeds (null) has no failure outcome: the caller plays or gates its answer; asking this
 * function about it answers 'error-message' only to stay total, and callers never do.
 */
export function playbackFailureOutcome({ failure, retry, user }: PlaybackFailureInput): PlaybackFailureOutcome {
  const first = namedFailure(failure);
  if (first) return first;
  if (retry === undefined) return 'refresh-and-retry';
  if (retry === null) return 'error-message';
  const second = namedFailure(retry);
  if (second) return second;
  if (retry.status > 400 && failure.status === 401) {
    if (user.partner.name === TTK_PARTNER) return 'partner-popup';
    return user.email || user.phone ? 'tariff-flow' : 'auth';
  }
  return 'error-message';
}

/** A tariff as the tariff flow reads it (spec platform §3 Tariff: weight, allow_trial, url, trial_period_duration.days). */
export interface TariffLike {
  weight: number;
  allow_trial: boolean;
}

/** What the tariff flow starts with. */
export type TariffFlowStart<T extends TariffLike> =
  /** No email and no phone: /auth. */
  | { kind: 'auth' }
  /** Open this tariff's payment link. */
  | { kind: 'pay'; tariff: T }
  /** No tariff to offer (the list failed or is empty): the payment-link failure message (platform §8). */
  | { kind: 'no-tariff' };

/**
 * The tariff the flow offers: spec platform §4 "pick the tariff with weight 0 and allow_trial". When the list
 * has none (the trial offer is switched off), the service's main offer: the lowest weight, a trial one first
 * among equals, then the list's order.
 */
export function pickFlowTariff<T extends TariffLike>(tariffs: readonly T[] | null | undefined): T | null {
  if (!tariffs || tariffs.length === 0) return null;
  const trial = tariffs.find((t) => t.weight === 0 && t.allow_trial);
  if (trial) return trial;
  return tariffs.reduce((best, t) => (t.weight < best.weight || (t.weight === best.weight && t.allow_trial && !best.allow_trial) ? t : best));
}

/**
 * spec platform §4 Tariff flow: "If the user has neither email nor phone, go to /auth. Otherwise use the cached
 * tariffs or fetch them, pick the tariff with weight 0 and allow_trial, and open its payment link."
 */
export function tariffFlowStart<T extends TariffLike>(user: Pick<GatingUser, 'email' | 'phone'>, tariffs: readonly T[] | null | undefined): TariffFlowStart<T> {
  if (!user.email && !user.phone) return { kind: 'auth' };
  const tariff = pickFlowTariff(tariffs);
  return tariff ? { kind: 'pay', tariff } : { kind: 'no-tariff' };
}

/** The payment-redirect flag cookie (spec platform §4 Payment redirect, §9: it lasts 3 minutes). */
export const PAYMENT_REDIRECT_COOKIE = 'payment_redirect';
/** Query parameters of the promo networks passed on to the payment link (spec platform §4, §9). */
export const UTM_PARAMS = ['utm_source', 'utm_medium', 'utm_campaign', 'utm_content', 'utm_term'] as const;

/**
 * The Google Analytics client id from the _ga cookie ("GA1.2.1234567890.1700000000" → "1234567890.1700000000"),
 * the ga_id of the payment redirect (platform §4); null when the cookie is missing or malformed.
 */
export function gaClientId(gaCookie: string | null | undefined): string | null {
  const m = /^GA\d+\.\d+\.(\d+\.\d+)$/.exec(gaCookie?.trim() ?? '');
  return m?.[1] ?? null;
}
