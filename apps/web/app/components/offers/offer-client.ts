import type { Offer } from '@ekran/contracts';
import type { OfferPlacement } from '@ekran/core';
import type { OfferActionAnswer } from '../../lib/resource-answers.ts';
import { callResource } from '../../lib/resource-client.ts';

// The browser's half of the offer popups. Plain fetches (like the payment link's): a popup's show
// or answer changes nothing a loader of this page shows, so no route revalidates for it.

/** Tells /resources/offer about a popup: shown, closed, or accepted (then the answer says where to go). */
export async function reportOffer(intent: 'shown' | 'closed' | 'accept', offer: Pick<Offer, '_id' | 'kind'>, placement: OfferPlacement, back?: string): Promise<OfferActionAnswer | null> {
  const form = new URLSearchParams({ intent, offer_id: offer._id, kind: offer.kind, placement, ...(back ? { back } : {}) });
  try {
    const { body } = await callResource('OfferActionAnswerSchema', '/resources/offer', { method: 'POST', body: form });
    return body ?? { error: 'failed' };
  } catch {
    return null;
  }
}

/** The offer of the subscriptions popup (platform §4 Offers), or none; never throws (the popup opens without it). */
export async function loadSubscriptionOffer(): Promise<Offer | null> {
  try {
    const { ok, body } = await callResource('OfferScreenAnswerSchema', '/resources/offer');
    if (!ok) return null;
    return body?.offer ?? null;
  } catch {
    return null;
  }
}

/**
 * Accepts an offer: the server records it, sets the from-offer and redirect flags, and answers where to go. The
 * payment host is left for by a full navigation (the promise then never settles); a page of the site is `go`ne to.
 * Resolves to what stopped it.
 */
export async function acceptOffer(offer: Pick<Offer, '_id' | 'kind'>, placement: OfferPlacement, back: string, go: (path: string) => void): Promise<'failed' | 'not-running' | 'done'> {
  const answer = await reportOffer('accept', offer, placement, back);
  if (answer && 'url' in answer) {
    window.location.assign(answer.url);
    return new Promise(() => undefined);
  }
  if (answer && 'next' in answer) {
    go(answer.next);
    return 'done';
  }
  return answer && 'error' in answer && answer.error === 'not-running' ? 'not-running' : 'failed';
}
