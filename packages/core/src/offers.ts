// Subscription offers, the upsell popup and the play-grand popup: spec platform §2 (popups of the shell,
// catalogue-driven popups only on /, /kids and /watch), §4 Offers, §5 (the upsell rule), §6 (offer_off), §9
// (the offer and upsell cookies). Pure rules: the API applies offerRefusal to every visitor, the site reads the
// cookies with offerKindsAllowedByCookies before it asks. See docs/decisions (offers and landings).

import { OFFER_USER_ID_COOKIE_HOURS, UPSELL_COOKIE_DAYS, UPSELL_USER_ID_COOKIE_HOURS } from './constants.ts';
import { EXPERIMENTS, experimentGroup, type Experiment } from './experiments.ts';

/**
 * The marketing popups of the shell that come from offer records, in their precedence: the subscription offer
 * (it sells, for a limited time), the play-grand popup (a campaign's announcement), the upsell (a standing
 * welcome present). One page view shows at most one of them, the first whose rules pass.
 */
export const OFFER_KINDS = ['offer', 'play_grand', 'upsell'] as const;
/** A kind of offer record: the subscription offer, the play-grand popup, or the subscription upsale. */
export type OfferKind = (typeof OFFER_KINDS)[number];

/**
 * Where an offer may show: main (/: spec §4 "Offer popups show once on the main page"), product (/watch pages:
 * the upsell only), subscriptions (the offer screen of the subscriptions popup of playback gating).
 */
export type OfferPlacement = 'main' | 'product' | 'subscriptions';
export const OFFER_PLACEMENTS = ['main', 'product', 'subscriptions'] as const satisfies readonly OfferPlacement[];

/** The kinds a placement may show, in precedence order. */
export const PLACEMENT_KINDS: Readonly<Record<OfferPlacement, readonly OfferKind[]>> = {
  main: ['offer', 'play_grand', 'upsell'],
  product: ['upsell'],
  subscriptions: ['offer'],
};

/** Who an offer is for: every visitor (virtual ones included) or registered accounts only. */
export type OfferAudience = 'all' | 'registered';

/** The offer_off group that switches the subscription offers off (platform §6; B is every experiment's "on" group). */
export const OFFER_OFF_GROUP_ON = 'B';

/** Whether the visitor's offer_off group switches subscription offers off. */
export function offersSwitchedOff(ab: readonly Experiment[] | null | undefined): boolean {
  return experimentGroup(ab, EXPERIMENTS.offerOff) === OFFER_OFF_GROUP_ON;
}

// ---------------------------------------------------------------- cookies (spec platform §9)

/** Subscription offer: the account that saw the offer in this browser, kept OFFER_USER_ID_COOKIE_HOURS (72 h). */
export const OFFER_USER_COOKIE = 'offer_user_id';
/** The play-grand popup: the account that saw it in this browser; ours, the offer's 72 hours. */
export const PLAY_GRAND_USER_COOKIE = 'play_grand_user_id';
/** Subscription offer: the accepted offer's alias, OFFER_FROM_FLAG_MINUTES (5 min); rides on the payment link. */
export const OFFER_FROM_FLAG_COOKIE = 'from_offer';
/** Subscription offer: set on accepting, OFFER_REDIRECT_FLAG_MINUTES (5 min); no marketing popup opens meanwhile. */
export const OFFER_REDIRECT_FLAG_COOKIE = 'offer_redirect';
/** Upsell popup: the account it was shown to, UPSELL_USER_ID_COOKIE_HOURS (24 h). */
export const UPSELL_USER_COOKIE = 'upsale_user_id';
/** Upsell popup: the account that answered it (closed or accepted), remembered UPSELL_COOKIE_DAYS (90 days). */
export const UPSELL_VALUE_COOKIE = 'upsale_answered';

/** How long the "already seen" cookie of each kind lives, in seconds (platform §9). */
export const OFFER_SEEN_COOKIE_SECONDS: Readonly<Record<OfferKind, number>> = {
  offer: OFFER_USER_ID_COOKIE_HOURS * 3600,
  play_grand: OFFER_USER_ID_COOKIE_HOURS * 3600,
  upsell: UPSELL_USER_ID_COOKIE_HOURS * 3600,
};
/** The upsell's answered window in seconds (platform §9: 90 days). */
export const UPSELL_ANSWERED_SECONDS = UPSELL_COOKIE_DAYS * 86_400;

/** The cookie that says a kind was already seen in this browser. */
export const OFFER_SEEN_COOKIE: Readonly<Record<OfferKind, string>> = {
  offer: OFFER_USER_COOKIE,
  play_grand: PLAY_GRAND_USER_COOKIE,
  upsell: UPSELL_USER_COOKIE,
};

/** The marketing cookies of this browser, as read from its Cookie header (null: not set). */
export interface OfferCookies {
  offerUser: string | null;
  playGrandUser: string | null;
  upsellUser: string | null;
  upsellAnswered: string | null;
  redirectFlag: string | null;
}

/**
 * The kinds this browser's cookies still allow for the visitor (platform §9), in the given order:
 *  - while the redirect flag lives (an offer was accepted in the last 5 minutes) no marketing popup opens;
 *  - the offer and the play-grand popup: not again to the account whose id the 72-hour cookie holds; a virtual
 *    visitor's account is new whenever its session is, so the server cannot tell it from the one that saw the
 *    offer: any value of the cookie counts for it;
 *  - the upsell: not to the account it was shown to in the last 24 hours, nor to one that answered it in the last
 *    90 days.
 * The API applies its own per-account record as well; the cookies spare it the question.
 */
export function offerKindsAllowedByCookies(kinds: readonly OfferKind[], visitor: { userId: string; virtual: boolean }, cookies: OfferCookies): OfferKind[] {
  if (cookies.redirectFlag) return [];
  const seen = (value: string | null) => value !== null && value !== '' && (visitor.virtual || value === visitor.userId);
  return kinds.filter((kind) => {
    if (kind === 'offer') return !seen(cookies.offerUser);
    if (kind === 'play_grand') return !seen(cookies.playGrandUser);
    return cookies.upsellUser !== visitor.userId && cookies.upsellAnswered !== visitor.userId;
  });
}

/** TV sections of the site (platform §2 TV, Archive): a visitor coming from them is "from TV" (§5). */
export function isTvSectionPath(pathname: string | null | undefined): boolean {
  return !!pathname && /^\/(tv|channel|tvchannels|archive)(\/|$)/.test(pathname);
}

// ---------------------------------------------------------------- the rules (applied by the API)

/** What the rules read of an offer record. */
export interface OfferRuleRecord {
  kind: OfferKind;
  audience: OfferAudience;
  /** Country codes the offer is for (platform §5: the upsell and the offers are RU only). */
  countries: readonly string[];
  isActive: boolean;
  startsAt: Date | null;
  endsAt: Date | null;
}

/** What the rules read of the visitor and their history with this offer. */
export interface OfferVisitorFacts {
  countryCode: string;
  isVirtual: boolean;
  isChild: boolean;
  /** A live subscription: active, trial or grace and not expired (platform §6 Subscriber). */
  hasLiveSubscription: boolean;
  /** A live subscription bought through a partner (platform §3 externals). */
  hasExternals: boolean;
  /** The visitor's experiments (auth data ab). */
  ab: readonly Experiment[];
  /** This account's record of the offer: when it was last shown and answered; null: never. */
  impression: { shownAt: Date; answeredAt: Date | null } | null;
  /** When any offer of the same kind was last shown to this account (the 72-hour window of §9); null: never. */
  lastShownOfKind?: Date | null;
}

/** Why an offer is not for the visitor now; null: it is. */
export type OfferRefusal = 'inactive' | 'period' | 'country' | 'child' | 'virtual' | 'subscription' | 'offer_off' | 'shown';

const HOUR_MS = 3_600_000;

/**
 * The rules of an offer record for one visitor, in the order they are told (spec platform §4 Offers, §5, §6):
 *  - every kind: switched on and within its period [starts_at, ends_at); the visitor's country among the offer's
 *    (RU); never a child profile (§6: no subscription or upsell popups);
 *  - the subscription offer (kind offer): no live subscription (ours or a partner's); not in the offer_off group that
 *    switches offers off; registered-only offers not for virtual visitors; on the main page once per account, and no
 *    other offer within 72 hours of the last one shown (the userId cookie's window of §9, kept by the server too);
 *    the subscriptions popup may show it again (the viewer asked to subscribe);
 *  - the play-grand popup: the audience rule, once per account, and the same 72 hours;
 *  - the upsell (§5): a non-virtual account without subscriptions (externals are a partner's subscription), and
 *    not shown to the account within 24 hours nor answered within 90 days (§9).
 */
export function offerRefusal(offer: OfferRuleRecord, visitor: OfferVisitorFacts, placement: OfferPlacement, now: Date): OfferRefusal | null {
  if (!offer.isActive) return 'inactive';
  if ((offer.startsAt && offer.startsAt > now) || (offer.endsAt && offer.endsAt <= now)) return 'period';
  if (!offer.countries.includes(visitor.countryCode.toUpperCase())) return 'country';
  if (visitor.isChild) return 'child';
  const registeredOnly = offer.kind === 'upsell' || offer.audience === 'registered';
  if (registeredOnly && visitor.isVirtual) return 'virtual';
  const imp = visitor.impression;
  const seenWithin72h = !!visitor.lastShownOfKind && now.getTime() - visitor.lastShownOfKind.getTime() < OFFER_USER_ID_COOKIE_HOURS * HOUR_MS;
  switch (offer.kind) {
    case 'offer':
      // A partner's subscription (externals) is a live one too: the viewer already pays, elsewhere.
      if (visitor.hasLiveSubscription || visitor.hasExternals) return 'subscription';
      if (offersSwitchedOff(visitor.ab)) return 'offer_off';
      return placement !== 'subscriptions' && (imp || seenWithin72h) ? 'shown' : null;
    case 'play_grand':
      return imp || seenWithin72h ? 'shown' : null;
    case 'upsell':
      if (visitor.hasLiveSubscription || visitor.hasExternals) return 'subscription';
      if (imp && now.getTime() - imp.shownAt.getTime() < UPSELL_USER_ID_COOKIE_HOURS * HOUR_MS) return 'shown';
      if (imp?.answeredAt && now.getTime() - imp.answeredAt.getTime() < UPSELL_COOKIE_DAYS * 24 * HOUR_MS) return 'shown';
      return null;
  }
}

/** When an upsell already shown may be shown (and recorded) again: its 24-hour window is over and it was not answered within 90 days. */
export function upsellShownAgainAfter(impression: { shownAt: Date; answeredAt: Date | null }): Date {
  const shownWindow = impression.shownAt.getTime() + UPSELL_USER_ID_COOKIE_HOURS * HOUR_MS;
  const answeredWindow = impression.answeredAt ? impression.answeredAt.getTime() + UPSELL_COOKIE_DAYS * 24 * HOUR_MS : 0;
  return new Date(Math.max(shownWindow, answeredWindow));
}

// ---------------------------------------------------------------- landings (spec platform §2 Landings)

/** The state of a landing's offer: running, not yet started, or over (it still has a page, spec §2 Landings). */
export type LandingState = 'active' | 'upcoming' | 'ended';

/** A landing's state at `now` from its period [starts_at, ends_at) and whether it is switched on. */
export function landingState(period: { isActive: boolean; startsAt: Date | null; endsAt: Date | null }, now: Date): LandingState {
  if (!period.isActive) return 'ended';
  if (period.startsAt && period.startsAt > now) return 'upcoming';
  if (period.endsAt && period.endsAt <= now) return 'ended';
  return 'active';
}

/** The slugs of /pages/{slug} landings of platform §2 (gift has its own page). */
export const LANDING_SLUGS = [
  'play-grand', 'a-good-man-offer', 'whole-season-offer', 'black-friday', 'new-year', 'long-term-offer', 'students', 'long-subscription',
  'spring-promotion', 'leto-promotion', 'fof-vyzov', 'dva-holma-2', 'dva-holma-special', 'halvacard', 'mielesoderzhanki', 'storytel',
] as const;

/** A landing slug as the API accepts it: lowercase latin, digits and dashes. */
export const LANDING_SLUG_PATTERN = /^[a-z0-9](?:[a-z0-9-]{0,62}[a-z0-9])?$/;
