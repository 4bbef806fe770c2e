import { OfferKindSchema, OfferPlacementSchema } from '@ekran/contracts';
import {
  OFFER_FROM_FLAG_COOKIE, OFFER_FROM_FLAG_MINUTES, OFFER_REDIRECT_FLAG_COOKIE, OFFER_REDIRECT_FLAG_MINUTES, OFFER_SEEN_COOKIE, OFFER_SEEN_COOKIE_SECONDS,
  UPSELL_ANSWERED_SECONDS, UPSELL_VALUE_COOKIE,
} from '@ekran/core';
import { data } from 'react-router';
import { z } from 'zod';
import { ApiCallError } from '../../lib/api.server.ts';
import { safePath } from '../../lib/safe-redirect.ts';
import { flagCookie, paymentRedirect } from '../../lib/payment-redirect.server.ts';
import { visitorContext } from '../../lib/session.server.ts';
import type { Route } from './+types/offer';
import type { OfferActionAnswer, OfferScreenAnswer } from '../../lib/resource-answers.ts';

export type { OfferActionAnswer, OfferScreenAnswer } from '../../lib/resource-answers.ts';

/**
 * GET: the offer for the subscriptions popup of playback gating (spec platform §4 Offers: "the subscriptions popup
 * may open with an offer screen"), or none; never an error (the popup then opens as it always did).
 */
export async function loader({ context }: Route.LoaderArgs) {
  const { api, auth } = context.get(visitorContext);
  if (!auth || auth.profile_for_child) return data<OfferScreenAnswer>({ offer: null });
  try {
    return data<OfferScreenAnswer>(await api.currentOffer('subscriptions'), { headers: { 'Cache-Control': 'no-store' } });
  } catch (err) {
    if (err instanceof ApiCallError) return data<OfferScreenAnswer>({ offer: null });
    throw err;
  }
}

const FormSchema = z.discriminatedUnion('intent', [
  z.object({ intent: z.literal('shown'), offer_id: z.uuid(), kind: OfferKindSchema, placement: OfferPlacementSchema }),
  z.object({ intent: z.literal('closed'), offer_id: z.uuid(), kind: OfferKindSchema, placement: OfferPlacementSchema }),
  z.object({ intent: z.literal('accept'), offer_id: z.uuid(), kind: OfferKindSchema, placement: OfferPlacementSchema, back: z.string().max(512).optional() }),
]);

/**
 * POST, the popups' answers (spec platform §4 Offers, §9 cookies). shown: the API records the
 * show (once per account) and this browser remembers the account that saw it (the offer 72 hours, the upsell 24);
 * closed: the API records it (the upsell is then remembered 90 days); accept: the API records it and answers the
 * offer, the from-offer flag (the offer's alias) and the redirect flag are set for 5 minutes, and the visitor goes
 * on: to the payment host for the offer's tariff (the tariff flow and payment redirect of §4: a visitor without an
 * email or phone signs in first and comes back to the offer's landing), to /code with its promo code, or to its
 * landing.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const { api, auth } = context.get(visitorContext);
  if (!auth) return data<OfferActionAnswer>({ error: 'auth' }, { status: 401 });
  const parsed = FormSchema.safeParse(Object.fromEntries(await request.formData()));
  if (!parsed.success) return data<OfferActionAnswer>({ error: 'failed' }, { status: 400 });
  const form = parsed.data;
  const headers = new Headers({ 'Cache-Control': 'no-store' });
  try {
    if (form.intent === 'shown') {
      await api.offerShown(form.offer_id, form.placement);
      headers.append('Set-Cookie', flagCookie(OFFER_SEEN_COOKIE[form.kind], auth._id, OFFER_SEEN_COOKIE_SECONDS[form.kind]));
      return data<OfferActionAnswer>({ ok: true }, { headers });
    }
    const answered = await api.offerAnswer(form.offer_id, form.intent === 'closed' ? 'closed' : 'accepted', form.placement);
    if (form.kind === 'upsell') headers.append('Set-Cookie', flagCookie(UPSELL_VALUE_COOKIE, auth._id, UPSELL_ANSWERED_SECONDS));
    if (form.intent === 'closed') return data<OfferActionAnswer>({ ok: true }, { headers });

    const { offer } = answered;
    headers.append('Set-Cookie', flagCookie(OFFER_FROM_FLAG_COOKIE, offer.alias, OFFER_FROM_FLAG_MINUTES * 60));
    headers.append('Set-Cookie', flagCookie(OFFER_REDIRECT_FLAG_COOKIE, '1', OFFER_REDIRECT_FLAG_MINUTES * 60));
    const landing = offer.landing ? `/pages/${offer.landing}` : null;
    const back = safePath(form.back);
    if (offer.tariff) {
      // spec platform §4 Tariff flow: neither email nor phone → /auth, back to where the offer is told about.
      if (auth.virtual || (!auth.email && !auth.phone)) {
        const to = landing ?? back;
        return data<OfferActionAnswer>({ next: to === '/' ? '/auth' : `/auth?back=${encodeURIComponent(to)}` }, { headers });
      }
      const cookies = [request.headers.get('cookie'), `${OFFER_FROM_FLAG_COOKIE}=${encodeURIComponent(offer.alias)}`].filter(Boolean).join('; ');
      const result = await paymentRedirect(api, { tariffUrl: offer.tariff.url, cookies, back });
      if ('error' in result) return data<OfferActionAnswer>({ error: 'payment-link' }, { status: 502, headers });
      headers.append('Set-Cookie', result.cookie);
      return data<OfferActionAnswer>({ url: result.url }, { headers });
    }
    if (offer.promo_code) return data<OfferActionAnswer>({ next: `/code?code=${encodeURIComponent(offer.promo_code)}` }, { headers });
    return data<OfferActionAnswer>({ next: landing ?? back }, { headers });
  } catch (err) {
    if (!(err instanceof ApiCallError)) throw err;
    if (err.status === 409) return data<OfferActionAnswer>({ error: 'not-running' }, { status: 409 });
    if (err.status === 401) return data<OfferActionAnswer>({ error: 'auth' }, { status: 401 });
    return data<OfferActionAnswer>({ error: 'failed' }, { status: err.status === 404 || err.status === 400 ? err.status : 502 });
  }
}
