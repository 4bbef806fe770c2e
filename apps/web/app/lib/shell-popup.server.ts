import type { Offer } from '@ekran/contracts';
import {
  FOR_KIDS_COOKIE, OFFER_REDIRECT_FLAG_COOKIE, OFFER_USER_COOKIE, offerKindsAllowedByCookies, PLACEMENT_KINDS, PLAY_GRAND_USER_COOKIE, UPSELL_USER_COOKIE, UPSELL_VALUE_COOKIE,
  type OfferCookies,
} from '@ekran/core';
import { ApiCallError } from './api.server.ts';
import { env } from './env.server.ts';
import { screenTypeOf } from './gift-host.server.ts';
import { readCookie, type Visitor } from './session.server.ts';

/** The marketing popup a page may open: the offer the API chose, and where. */
export interface ShellPopup {
  offer: Offer;
  placement: 'main' | 'product';
}

/** The offer cookies of a request (spec platform §9). */
export function offerCookiesOf(header: string | null): OfferCookies {
  return {
    offerUser: readCookie(header, OFFER_USER_COOKIE),
    playGrandUser: readCookie(header, PLAY_GRAND_USER_COOKIE),
    upsellUser: readCookie(header, UPSELL_USER_COOKIE),
    upsellAnswered: readCookie(header, UPSELL_VALUE_COOKIE),
    redirectFlag: readCookie(header, OFFER_REDIRECT_FLAG_COOKIE),
  };
}

/**
 * The marketing popup of a page view, for the page loaders of / (placement main: the offer, play-grand or the
 * upsell) and /watch (product: the upsell): spec platform §2 "Catalogue-driven popups show only on /, /kids and
 * /watch", §4 "Offer popups show once on the main page". The API applies every rule; this only spares it the
 * question when the answer is known: a crawler, a child profile, kids mode (FOR_KIDS), the certificate host (no popups), the
 * cookies of §9 (kinds already seen in this browser, the redirect flag of an accepted offer), and the upsell's
 * "not from TV" (?from=tv). A failure of the call is no popup, never a broken page.
 */
export async function loadShellPopup(visitor: Pick<Visitor, 'api' | 'auth'>, request: Request, placement: ShellPopup['placement']): Promise<ShellPopup | null> {
  const { api, auth } = visitor;
  if (!auth || auth.profile_for_child) return null;
  // Kids mode (spec platform §2: the FOR_KIDS cookie) sells nothing; neither does the certificate host.
  if (readCookie(request.headers.get('cookie'), FOR_KIDS_COOKIE) === 'True') return null;
  if (screenTypeOf(request.url, env.GIFT_HOST) === 'certificates') return null;
  const fromTv = new URL(request.url).searchParams.get('from') === 'tv';
  const kinds = PLACEMENT_KINDS[placement].filter((k) => !(fromTv && k === 'upsell'));
  const allowed = offerKindsAllowedByCookies(kinds, { userId: auth._id, virtual: auth.virtual }, offerCookiesOf(request.headers.get('cookie')));
  if (allowed.length === 0) return null;
  try {
    const { offer } = await api.currentOffer(placement, PLACEMENT_KINDS[placement].filter((k) => !allowed.includes(k)));
    return offer ? { offer, placement } : null;
  } catch (err) {
    if (err instanceof ApiCallError) return null;
    throw err;
  }
}
