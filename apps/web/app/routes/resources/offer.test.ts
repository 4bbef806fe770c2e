// /resources/offer — the popups' show, close and accept (spec platform §4 Offers, §9 cookies) and
// the subscriptions popup's offer screen.
import type { Offer } from '@ekran/contracts';
import { describe, expect, it, vi } from 'vitest';
import { ApiCallError } from '../../lib/api.server.ts';
import { tariff, viewer } from '../../test/billing.ts';
import { contextWith, outcome } from '../../test/visitor.ts';
import { action, loader } from './offer.ts';

const OFFER_ID = '5d2f7c0e-1b3a-4c5d-8e9f-0a1b2c3d4e5f';
const offer = (o: Partial<Offer> = {}): Offer => ({
  _id: OFFER_ID, alias: 'black-friday-149', kind: 'offer', title: 'Чёрная пятница', text: 'Первый месяц за 149 ₽.', cta_text: 'Оформить за 149 ₽',
  image: '/images/offers/offer-ticket.svg', tariff: tariff({ _id: 't149', price: 149, url: '/api/v1/billing/tariffs/t149/payment' }), next_tariff: null, promo_code: null,
  landing: 'black-friday', ends_at: '2026-11-30T21:00:00.000Z', ...o,
});
const post = (fields: Record<string, string>, cookie?: string) =>
  new Request('http://localhost/resources/offer', { method: 'POST', body: new URLSearchParams(fields), headers: cookie ? { cookie } : {} });
const run = async (api: object, fields: Record<string, string>, auth: ReturnType<typeof viewer> | null = viewer(), cookie?: string) => {
  const r = await outcome(() => action({ request: post(fields, cookie), context: contextWith(api, { auth }), params: {} } as never));
  if (!('value' in r)) throw r.thrown;
  return r.value as unknown as { data: Record<string, unknown>; init: { status?: number; headers?: Headers } | null };
};
const cookiesOf = (r: Awaited<ReturnType<typeof run>>) => (r.init?.headers ? new Headers(r.init.headers).getSetCookie() : []);

describe('POST /resources/offer', () => {
  it('shown: the API records it and the browser remembers the account for 72 hours (the offer)', async () => {
    const api = { offerShown: vi.fn().mockResolvedValue({ recorded: true }) };
    const r = await run(api, { intent: 'shown', offer_id: OFFER_ID, kind: 'offer', placement: 'main' });
    expect(api.offerShown).toHaveBeenCalledWith(OFFER_ID, 'main');
    expect(r.data).toEqual({ ok: true });
    expect(cookiesOf(r)).toEqual([expect.stringMatching(/^offer_user_id=u1; Path=\/; Max-Age=259200; SameSite=Lax/)]);
  });

  it('shown: the upsell is remembered 24 hours; closed: 90 days', async () => {
    const api = { offerShown: vi.fn().mockResolvedValue({ recorded: true }), offerAnswer: vi.fn().mockResolvedValue({ recorded: true, offer: offer({ kind: 'upsell' }) }) };
    const shown = await run(api, { intent: 'shown', offer_id: OFFER_ID, kind: 'upsell', placement: 'product' });
    expect(cookiesOf(shown)).toEqual([expect.stringMatching(/^upsale_user_id=u1; Path=\/; Max-Age=86400;/)]);
    const closed = await run(api, { intent: 'closed', offer_id: OFFER_ID, kind: 'upsell', placement: 'product' });
    expect(api.offerAnswer).toHaveBeenCalledWith(OFFER_ID, 'closed', 'product');
    expect(closed.data).toEqual({ ok: true });
    expect(cookiesOf(closed)).toEqual([expect.stringMatching(/^upsale_answered=u1; Path=\/; Max-Age=7776000;/)]);
  });

  it('accept, registered: recorded, the from-offer and redirect flags for 5 minutes, then the payment host for the offer’s tariff', async () => {
    const api = { offerAnswer: vi.fn().mockResolvedValue({ recorded: true, offer: offer() }), paymentLink: vi.fn().mockResolvedValue({ url: 'https://pay.example.test/pay/1' }) };
    const r = await run(api, { intent: 'accept', offer_id: OFFER_ID, kind: 'offer', placement: 'main', back: '/' }, viewer(), '_ga=GA1.2.3.4');
    expect(api.offerAnswer).toHaveBeenCalledWith(OFFER_ID, 'accepted', 'main');
    expect(String(r.data.url)).toMatch(/^https:\/\/pay\.example\.test\/pay\/1\?client_key=/);
    expect(api.paymentLink).toHaveBeenCalledWith('/api/v1/billing/tariffs/t149/payment', expect.objectContaining({ ga_id: '3.4', from_offer: 'black-friday-149', back_url: '/' }));
    const cookies = cookiesOf(r);
    expect(cookies).toContainEqual(expect.stringMatching(/^from_offer=black-friday-149; Path=\/; Max-Age=300;/));
    expect(cookies).toContainEqual(expect.stringMatching(/^offer_redirect=1; Path=\/; Max-Age=300;/));
    expect(cookies).toContainEqual(expect.stringMatching(/^payment_redirect=1; Path=\/; Max-Age=180;/));
  });

  it('accept, virtual: signs in first and comes back to the offer’s landing (spec platform §4 Tariff flow)', async () => {
    const api = { offerAnswer: vi.fn().mockResolvedValue({ recorded: true, offer: offer() }), paymentLink: vi.fn() };
    const r = await run(api, { intent: 'accept', offer_id: OFFER_ID, kind: 'offer', placement: 'main' }, viewer({ virtual: true, email: null }));
    expect(r.data).toEqual({ next: '/auth?back=%2Fpages%2Fblack-friday' });
    expect(api.paymentLink).not.toHaveBeenCalled();
  });

  it('accept: a promo offer goes to /code with its code; a landing offer (play-grand) to its landing', async () => {
    const promo = { offerAnswer: vi.fn().mockResolvedValue({ recorded: true, offer: offer({ tariff: null, promo_code: 'KNIGI45' }) }) };
    expect((await run(promo, { intent: 'accept', offer_id: OFFER_ID, kind: 'offer', placement: 'main' })).data).toEqual({ next: '/code?code=KNIGI45' });
    const grand = { offerAnswer: vi.fn().mockResolvedValue({ recorded: true, offer: offer({ kind: 'play_grand', tariff: null, landing: 'play-grand' }) }) };
    expect((await run(grand, { intent: 'accept', offer_id: OFFER_ID, kind: 'play_grand', placement: 'main' })).data).toEqual({ next: '/pages/play-grand' });
  });

  it('accept of an offer that ended: not-running (409), no flags', async () => {
    const api = { offerAnswer: vi.fn().mockRejectedValue(new ApiCallError(409, { status: 409, code: 'CONFLICT', message: 'x' })) };
    const r = await run(api, { intent: 'accept', offer_id: OFFER_ID, kind: 'offer', placement: 'main' });
    expect(r.data).toEqual({ error: 'not-running' });
    expect(r.init?.status).toBe(409);
    expect(cookiesOf(r)).toEqual([]);
  });

  it('400 on bad input and nothing is asked; 401 without a session', async () => {
    const api = { offerShown: vi.fn(), offerAnswer: vi.fn() };
    for (const fields of [{ intent: 'shown', offer_id: 'x', kind: 'offer', placement: 'main' }, { intent: 'shown', offer_id: OFFER_ID, kind: 'lottery', placement: 'main' }, { intent: 'buy', offer_id: OFFER_ID, kind: 'offer', placement: 'main' }]) {
      expect((await run(api, fields)).init?.status).toBe(400);
    }
    expect(api.offerShown).not.toHaveBeenCalled();
    expect((await run(api, { intent: 'shown', offer_id: OFFER_ID, kind: 'offer', placement: 'main' }, null)).init?.status).toBe(401);
  });
});

describe('GET /resources/offer: the subscriptions popup’s offer screen', () => {
  it('answers the offer for the subscriptions placement', async () => {
    const api = { currentOffer: vi.fn().mockResolvedValue({ offer: offer() }) };
    const r = (await loader({ request: new Request('http://localhost/resources/offer'), context: contextWith(api, { auth: viewer() }), params: {} } as never)) as unknown as { data: { offer: Offer | null } };
    expect(api.currentOffer).toHaveBeenCalledWith('subscriptions');
    expect(r.data.offer?._id).toBe(OFFER_ID);
  });
  it('none for a child profile or a crawler, and none when the API fails', async () => {
    const api = { currentOffer: vi.fn().mockRejectedValue(new ApiCallError(503, null)) };
    for (const auth of [null, viewer({ profile_for_child: true }), viewer()]) {
      const r = (await loader({ request: new Request('http://localhost/resources/offer'), context: contextWith(api, { auth }), params: {} } as never)) as unknown as { data: { offer: Offer | null } };
      expect(r.data.offer).toBeNull();
    }
  });
});
