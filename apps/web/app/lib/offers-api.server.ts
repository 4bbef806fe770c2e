import { ApiPath, CurrentOfferSchema, LandingSchema, OfferAnswerResultSchema, OfferRecordedSchema, type OfferAnswer } from '@ekran/contracts';
import type { OfferKind, OfferPlacement } from '@ekran/core';
import type { ApiCall } from './api-call.server.ts';

/** A landing of /pages/{slug}, the offer for the visitor, its show and answer. */
export function offersApi(call: ApiCall) {
  return {
    landing: (slug: string) => call(LandingSchema, ApiPath.landing(slug)),
    currentOffer: (placement: OfferPlacement, skip: readonly OfferKind[] = []) =>
      call(CurrentOfferSchema, ApiPath.currentOffer, { query: { placement, skip: skip.length ? skip.join(',') : undefined } }),
    offerShown: (id: string, placement: OfferPlacement) => call(OfferRecordedSchema, ApiPath.offerShown(id), { method: 'POST', body: JSON.stringify({ placement }) }),
    offerAnswer: (id: string, answer: OfferAnswer, placement: OfferPlacement) =>
      call(OfferAnswerResultSchema, ApiPath.offerAnswer(id), { method: 'POST', body: JSON.stringify({ answer, placement }) }),
  };
}
