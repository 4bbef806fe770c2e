import type { Offer, PlaybackCheck, Tariff } from '@ekran/contracts';
import {
  gatingOutcome,
  playbackFailureOutcome,
  subscriptionPopupAllowed,
  UTM_PARAMS,
  type GatingOutcome,
  type PlaybackFailure,
  type PlaybackFailureOutcome,
  type SubscriptionPopupContext,
} from '@ekran/core';
import { previousPath } from '../../lib/navigation-trail.ts';
import { loadSubscriptionOffer } from '../offers/offer-client.ts';
import type { PaymentLinkAnswer, PlaybackError, PlaybackViewer } from '../../lib/playback-types.ts';
import { callResource } from '../../lib/resource-client.ts';

/** What pressing play comes to, once the check (and, after a failure, its retry) has answered. */
export type PlaybackResolution =
  | { kind: 'play'; check: PlaybackCheck; viewer: PlaybackViewer }
  /**
   * spec platform §4 Playback gating: the check gave no playlists. For the subscription popup,
   * the offer its first screen shows (platform §4 Offers), if one applies.
   */
  | { kind: 'gated'; outcome: GatingOutcome; check: PlaybackCheck; viewer: PlaybackViewer; offer?: Offer | null }
  /** spec platform §8: the check failed. */
  | { kind: 'failed'; outcome: Exclude<PlaybackFailureOutcome, 'refresh-and-retry'>; error: PlaybackError; viewer: PlaybackViewer | null };

/** The viewer when an answer came without one (the web server could not say): a virtual visitor. */
const UNKNOWN_VIEWER: PlaybackViewer = {
  virtual: true, email: null, phone: null, profile_for_child: false, partner: { name: null }, externals: [], subscriptions: [],
  mf_info: { is_mf: false, mf_pop_up: null }, trial_is_available: true,
};

/** TV sections of the site (spec platform §2 TV, Archive): playback there is "from TV" (platform §5). */
const TV_PATH = /^\/(tv|channel|tvchannels|archive)(\/|$)/;

/** The viewer's context of the platform §5 subscription-popup rule, read from the page. */
export function popupContextNow(): Omit<SubscriptionPopupContext, 'user'> {
  const url = new URL(window.location.href);
  return {
    fromTv: TV_PATH.test(url.pathname) || url.searchParams.get('from') === 'tv',
    viewportWidth: window.innerWidth,
    authTokenInQuery: url.searchParams.has('auth_token'),
    fromLogout: previousPath() === '/logout',
  };
}

/** The site's resource answering the playback check of a title's item (PlaybackAnswer). */
export const playbackResource = (uid: string) => `/resources/playback/${encodeURIComponent(uid)}`;

async function askCheck(resource: string, signal: AbortSignal): Promise<{ check: PlaybackCheck; viewer: PlaybackViewer } | { error: PlaybackError; viewer: PlaybackViewer | null }> {
  let answer;
  try {
    answer = await callResource('PlaybackAnswerSchema', resource, { signal });
  } catch (err) {
    if (signal.aborted) throw err;
    return { error: { status: 0, code: 'NETWORK', message: err instanceof Error ? err.message : '' }, viewer: null };
  }
  const { ok, status, body } = answer;
  if (ok && body && 'check' in body) return body;
  if (body && 'error' in body) return body;
  return { error: { status: status || 0, code: 'ERROR', message: '' }, viewer: body?.viewer ?? null };
}

const failureOf = (e: PlaybackError): PlaybackFailure => ({ status: e.status, code: e.code, message: e.message });

/**
 * Asks the playback check of one item and decides what follows (spec platform §4 Playback gating, §8): plays,
 * gates (a check without playlists), or fails; "any other failure" asks once more (the session is refreshed
 * on the way, see routes/resources/playback.ts) and then follows the §8 chain.
 */
export async function resolvePlayback(
  uid: string,
  signal: AbortSignal,
  context: () => Omit<SubscriptionPopupContext, 'user'> = popupContextNow,
  // A live channel or a recording asks its own resource (the same answer, PlaybackAnswer).
  resource: string = playbackResource(uid),
  /** The subscription popup's offer (a test passes its own). */
  subscriptionOffer: () => Promise<Offer | null> = loadSubscriptionOffer,
): Promise<PlaybackResolution> {
  const gateOrPlay = async (check: PlaybackCheck, viewer: PlaybackViewer): Promise<PlaybackResolution> => {
    if (check.playlists.length > 0) return { kind: 'play', check, viewer };
    const subscriptionPopup = subscriptionPopupAllowed({ user: viewer, ...context() });
    const outcome = gatingOutcome({ user: viewer, upgradeOptions: check.upgrade_options, subscriptionPopup });
    // The popup opens on its offer screen when an offer applies; asked before it opens, so nothing jumps.
    if (outcome === 'subscription-popup') return { kind: 'gated', outcome, check, viewer, offer: await subscriptionOffer() };
    return { kind: 'gated', outcome, check, viewer };
  };
  const first = await askCheck(resource, signal);
  if ('check' in first) return gateOrPlay(first.check, first.viewer);
  const firstOutcome = playbackFailureOutcome({ failure: failureOf(first.error), user: first.viewer ?? UNKNOWN_VIEWER });
  if (firstOutcome !== 'refresh-and-retry') return { kind: 'failed', outcome: firstOutcome, error: first.error, viewer: first.viewer };
  const second = await askCheck(resource, signal);
  if ('check' in second) return gateOrPlay(second.check, second.viewer);
  const outcome = playbackFailureOutcome({ failure: failureOf(first.error), retry: failureOf(second.error), user: second.viewer ?? first.viewer ?? UNKNOWN_VIEWER });
  // Never 'refresh-and-retry' with a retry given; the guard keeps the type honest.
  return { kind: 'failed', outcome: outcome === 'refresh-and-retry' ? 'error-message' : outcome, error: second.error, viewer: second.viewer ?? first.viewer };
}

// spec platform §4 Tariff flow: "use the cached tariffs or fetch them". One list per page session (a reload
// asks again); a failed fetch is not kept, so the next press asks again.
let tariffCache: Tariff[] | null = null;
let tariffRequest: Promise<Tariff[] | null> | null = null;

/** Seeds the cache with the tariffs the page's loader already has. */
export function seedTariffs(tariffs: Tariff[] | null | undefined) {
  if (tariffs && tariffs.length > 0 && !tariffCache) tariffCache = tariffs;
}

/** The cached tariffs, if any. */
export const cachedTariffs = (): Tariff[] | null => tariffCache;

/** The tariffs: cached, or fetched once through /resources/tariffs (null when the call failed). */
export function loadTariffs(): Promise<Tariff[] | null> {
  if (tariffCache) return Promise.resolve(tariffCache);
  tariffRequest ??= callResource('TariffsAnswerSchema', '/resources/tariffs')
    .then(({ body }) => body?.tariffs ?? null)
    .catch(() => null)
    .then((tariffs) => {
      tariffRequest = null;
      if (tariffs && tariffs.length > 0) tariffCache = tariffs;
      return tariffs;
    });
  return tariffRequest;
}

/** Forgets the cached tariffs (tests). */
export function resetTariffCache() {
  tariffCache = null;
  tariffRequest = null;
}

/**
 * spec platform §4 Payment redirect, the browser's half: the web server fetches the tariff's payment link with
 * ga_id and the tracking parameters (the page's utm_* ride along) and sets the 3-minute flag cookie; the browser
 * then goes to the payment host. Resolves to what stopped it, or never settles once the browser is leaving.
 */
export async function openPaymentLink(tariffId: string, extra: Record<string, string> = {}): Promise<'auth' | 'failed'> {
  // `extra` carries the tariff page's channel and the page to come back to after paying (back_url).
  const form = new URLSearchParams({ ...extra, tariff_id: tariffId });
  const here = new URL(window.location.href);
  for (const name of UTM_PARAMS) {
    const value = here.searchParams.get(name);
    if (value) form.set(name, value);
  }
  let answer: PaymentLinkAnswer | null = null;
  try {
    ({ body: answer } = await callResource('PaymentLinkAnswerSchema', '/resources/payment-link', { method: 'POST', body: form }));
  } catch {
    return 'failed';
  }
  if (answer && 'url' in answer) {
    window.location.assign(answer.url);
    return new Promise(() => undefined);
  }
  return answer?.error === 'auth' ? 'auth' : 'failed';
}
