// Spec platform §4 Offers (once on the main page when the offer rules pass; the subscriptions popup
// may show it), §5 the upsell rule, §6 offer_off, §9 the windows; the play-grand popup of §2. Every rule is applied
// by the API: each refusing rule is a row below.
import { CurrentOfferSchema, OfferRecordedSchema } from '@ekran/contracts';
import { assignExperiments, experimentGroup, EXPERIMENTS } from '@ekran/core';
import { offerImpressions, offers, type users } from '@ekran/db';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, loginDevice, type TestApp } from '../../test/harness.ts';

let t: TestApp;
let discount: { id: string };
let n = 0;
const START = new Date('2026-11-21T12:00:00Z');
const HOUR = 3_600_000;

beforeAll(async () => {
  t = await createTestApp();
  discount = await t.make.tariff({ alias: 'first-month-149', title: 'Первый месяц за 149 ₽', price: 149, allowTrial: false, isListed: false, recurrentPrice: 499 });
});
afterAll(() => t.close());
// Every test sets up the offers it needs, at the same moment.
beforeEach(async () => {
  t.clock.now = START;
  await t.db.update(offers).set({ isActive: false });
});

/** An offer record running around the test clock (kind offer, for everyone in RU, selling the 149 ₽ tariff). */
async function offer(o: Partial<typeof offers.$inferInsert> = {}) {
  const i = ++n;
  const [row] = await t.db
    .insert(offers)
    .values({
      alias: `offer-${i}`, kind: 'offer', title: `Предложение ${i}`, text: 'Первый месяц за 149 ₽.', ctaText: 'Оформить', image: '/images/offers/offer-ticket.svg',
      tariffId: discount.id, landingSlug: 'black-friday', startsAt: new Date('2026-11-20T00:00:00Z'), endsAt: new Date('2026-12-01T00:00:00Z'), ...o,
    })
    .returning();
  return row!;
}

const groupOf = (userId: string) => experimentGroup(assignExperiments(userId), EXPERIMENTS.offerOff);

/** A registered adult account in the given offer_off group (A: offers on), signed in. Groups come from the id. */
async function viewer(group: 'A' | 'B' = 'A', o: Partial<typeof users.$inferInsert> = {}) {
  for (let i = 0; i < 50; i++) {
    const user = await t.make.user(o);
    if (groupOf(user.id) !== group) continue;
    const session = await t.make.session({ userId: user.id });
    return { user, auth: session.auth, profileId: session.profileId };
  }
  throw new Error(`no account in offer_off group ${group}`);
}

/** A virtual visitor (a device login) in offer_off group A. */
async function visitor() {
  for (let i = 0; i < 50; i++) {
    const v = await loginDevice(t);
    if (groupOf(v._id) === 'A') return v;
  }
  throw new Error('no visitor in offer_off group A');
}

const current = (auth: Record<string, string>, query = 'placement=main') => t.app.inject({ method: 'GET', url: `/api/v1/offers/current?${query}`, headers: auth });
const offerOf = async (auth: Record<string, string>, query?: string) => {
  const res = await current(auth, query);
  expect(res.statusCode).toBe(200);
  return CurrentOfferSchema.parse(res.json()).offer;
};
const shown = (auth: Record<string, string>, id: string, placement = 'main') => t.app.inject({ method: 'POST', url: `/api/v1/offers/${id}/shown`, headers: auth, payload: { placement } });
const answer = (auth: Record<string, string>, id: string, value: unknown) => t.app.inject({ method: 'POST', url: `/api/v1/offers/${id}/answer`, headers: auth, payload: { answer: value } });

describe('GET /api/v1/offers/current: the offer rules (spec platform §4 Offers)', () => {
  it('answers the running offer to a Russian adult without a subscription, with its tariff and landing', async () => {
    const row = await offer();
    const { auth } = await viewer();
    expect(await offerOf(auth)).toEqual({
      _id: row.id, alias: row.alias, kind: 'offer', title: row.title, text: 'Первый месяц за 149 ₽.', cta_text: 'Оформить', image: '/images/offers/offer-ticket.svg',
      tariff: expect.objectContaining({ _id: discount.id, price: 149, url: `/api/v1/billing/tariffs/${discount.id}/payment` }),
      next_tariff: null, promo_code: null, landing: 'black-friday', ends_at: '2026-12-01T00:00:00.000Z',
    });
    const res = await current(auth);
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('names the tariff a discount tariff renews on, for «затем 499 ₽ в месяц»', async () => {
    const month = await t.make.tariff({ price: 499, durationDays: 30 });
    const chain = await t.make.tariff({ price: 1190, durationDays: 90, allowTrial: false, recurrentPrice: 499, nextTariffId: month.id });
    await offer({ tariffId: chain.id });
    const got = await offerOf((await viewer()).auth);
    expect(got).toMatchObject({ tariff: { _id: chain.id, next_tariff_id: month.id }, next_tariff: { _id: month.id, price: 499, duration_days: 30 } });
  });

  it('answers it to a virtual visitor too (offers for everyone)', async () => {
    const row = await offer();
    const v = await visitor();
    expect((await offerOf(v.auth))?._id).toBe(row.id);
  });

  // Each rule refusing, alone: the same running offer, a visitor who fails exactly that rule.
  it.each<[string, () => Promise<Record<string, string>>]>([
    ['a child profile', async () => {
      const { user } = await viewer();
      const child = await t.make.profile({ userId: user.id, isChild: true, ageCap: '12+' });
      return (await t.make.session({ userId: user.id, profileId: child.id })).auth;
    }],
    ['a live subscription', async () => {
      const v = await viewer();
      await t.make.subscription({ userId: v.user.id });
      return v.auth;
    }],
    ['a trial', async () => {
      const v = await viewer();
      await t.make.subscription({ userId: v.user.id, status: 'trial' });
      return v.auth;
    }],
    ['a subscription in its billing window (grace)', async () => {
      const v = await viewer();
      await t.make.subscription({ userId: v.user.id, status: 'grace', expiresAt: new Date('2026-11-20T00:00:00Z'), billingExpiresAt: new Date('2026-11-23T00:00:00Z') });
      return v.auth;
    }],
    ['a partner’s subscription (externals)', async () => {
      const v = await viewer();
      await t.make.external({ userId: v.user.id });
      return v.auth;
    }],
    ['the offer_off group that switches offers off (B)', async () => (await viewer('B')).auth],
    ['an offer already shown to the account', async () => {
      const v = await viewer();
      const [running] = await t.db.select().from(offers).where(eq(offers.isActive, true));
      expect((await shown(v.auth, running!.id)).statusCode).toBe(201);
      return v.auth;
    }],
  ])('refuses: %s', async (_name, who) => {
    await offer();
    expect(await offerOf(await who())).toBeNull();
  });

  it('an expired subscription does not refuse', async () => {
    await offer();
    const v = await viewer();
    await t.make.subscription({ userId: v.user.id, status: 'expired', expiresAt: new Date('2026-10-01T00:00:00Z') });
    expect(await offerOf(v.auth)).not.toBeNull();
  });

  it('refuses a registered-only offer to a virtual visitor', async () => {
    await offer({ audience: 'registered' });
    expect(await offerOf((await visitor()).auth)).toBeNull();
    expect(await offerOf((await viewer()).auth)).not.toBeNull();
  });

  it('refuses outside RU (the visitor’s country)', async () => {
    const abroad = await createTestApp({ DEFAULT_COUNTRY_CODE: 'KZ' });
    try {
      const tariff = await abroad.make.tariff({ price: 149 });
      await abroad.db.insert(offers).values({ alias: 'abroad', kind: 'offer', title: 'x', text: 'x', ctaText: 'x', tariffId: tariff.id });
      let user = await abroad.make.user();
      while (groupOf(user.id) !== 'A') user = await abroad.make.user();
      const { auth } = await abroad.make.session({ userId: user.id });
      const res = await abroad.app.inject({ method: 'GET', url: '/api/v1/offers/current?placement=main', headers: auth });
      expect(CurrentOfferSchema.parse(res.json()).offer).toBeNull();
      // the same offer for Kazakhstan too is offered
      await abroad.db.update(offers).set({ countries: ['RU', 'KZ'] });
      expect(CurrentOfferSchema.parse((await abroad.app.inject({ method: 'GET', url: '/api/v1/offers/current?placement=main', headers: auth })).json()).offer).not.toBeNull();
    } finally {
      await abroad.close();
    }
  });
});

describe('periods, priority and precedence', () => {
  it.each<[string, Partial<typeof offers.$inferInsert>]>([
    ['not started', { startsAt: new Date('2026-11-22T00:00:00Z') }],
    ['over', { endsAt: new Date('2026-11-21T00:00:00Z') }],
    ['ending exactly now', { endsAt: START }],
    ['switched off', { isActive: false }],
  ])('an offer %s is not offered', async (_name, o) => {
    await offer(o);
    expect(await offerOf((await viewer()).auth)).toBeNull();
  });

  it('starts exactly at starts_at, and the clock moving past ends_at ends it', async () => {
    await offer({ startsAt: START, endsAt: new Date(START.getTime() + HOUR) });
    const { auth } = await viewer();
    expect(await offerOf(auth)).not.toBeNull();
    t.clock.now = new Date(START.getTime() + HOUR);
    expect(await offerOf(auth)).toBeNull();
  });

  it('an offer whose tariff is no longer on sale has nothing to sell', async () => {
    const off = await t.make.tariff({ isActive: false });
    await offer({ tariffId: off.id });
    expect(await offerOf((await viewer()).auth)).toBeNull();
  });

  it('the highest priority wins; once it is shown, no other offer for 72 hours, then the next one', async () => {
    const next = await offer({ priority: 1, endsAt: null });
    const top = await offer({ priority: 10, endsAt: null });
    const { auth } = await viewer();
    const first = await offerOf(auth);
    expect(first?._id).toBe(top.id);
    await shown(auth, top.id);
    expect(await offerOf(auth)).toBeNull();
    t.clock.now = new Date(START.getTime() + 71 * HOUR);
    expect(await offerOf(auth)).toBeNull();
    t.clock.now = new Date(START.getTime() + 73 * HOUR);
    expect((await offerOf(auth))?._id).toBe(next.id);
  });

  it('main page precedence: the offer, then play-grand, then the upsell; skip leaves out what the browser already saw', async () => {
    const upsell = await offer({ kind: 'upsell', priority: 100 });
    const grand = await offer({ kind: 'play_grand', tariffId: null, landingSlug: 'play-grand', priority: 50 });
    const main = await offer({ priority: 0 });
    const { auth } = await viewer();
    expect((await offerOf(auth))?._id).toBe(main.id);
    expect((await offerOf(auth, 'placement=main&skip=offer'))?._id).toBe(grand.id);
    expect((await offerOf(auth, 'placement=main&skip=offer,play_grand'))?._id).toBe(upsell.id);
    expect(await offerOf(auth, 'placement=main&skip=offer,play_grand,upsell')).toBeNull();
    // a title page shows only the upsell; the subscriptions popup only the offer
    expect((await offerOf(auth, 'placement=product'))?._id).toBe(upsell.id);
    expect((await offerOf(auth, 'placement=subscriptions'))?._id).toBe(main.id);
  });

  it('the subscriptions popup shows the offer even after the main page did, never against the other rules', async () => {
    const row = await offer();
    const v = await viewer();
    await shown(v.auth, row.id);
    await answer(v.auth, row.id, 'closed');
    expect(await offerOf(v.auth)).toBeNull();
    expect((await offerOf(v.auth, 'placement=subscriptions'))?._id).toBe(row.id);
    await t.make.subscription({ userId: v.user.id });
    expect(await offerOf(v.auth, 'placement=subscriptions')).toBeNull();
  });

  it('play-grand shows once, to subscribers too', async () => {
    const grand = await offer({ kind: 'play_grand', tariffId: null, landingSlug: 'play-grand' });
    const v = await viewer('B');
    await t.make.subscription({ userId: v.user.id });
    expect((await offerOf(v.auth))?._id).toBe(grand.id);
    await shown(v.auth, grand.id);
    expect(await offerOf(v.auth)).toBeNull();
  });
});

describe('the upsell popup (spec platform §5, §9: 24 hours, 90 days)', () => {
  it.each<[string, () => Promise<Record<string, string>>]>([
    ['a virtual visitor', async () => (await visitor()).auth],
    ['a subscriber', async () => {
      const v = await viewer();
      await t.make.subscription({ userId: v.user.id });
      return v.auth;
    }],
    ['a child profile', async () => {
      const { user } = await viewer();
      const child = await t.make.profile({ userId: user.id, isChild: true });
      return (await t.make.session({ userId: user.id, profileId: child.id })).auth;
    }],
  ])('is not for %s', async (_name, who) => {
    await offer({ kind: 'upsell', startsAt: null, endsAt: null });
    expect(await offerOf(await who(), 'placement=product')).toBeNull();
  });

  it('shown: not again within 24 hours; unanswered, again after them; answered: not for 90 days', async () => {
    const up = await offer({ kind: 'upsell', startsAt: null, endsAt: null });
    const { auth } = await viewer('B');
    expect((await offerOf(auth, 'placement=product'))?._id).toBe(up.id);
    expect((await shown(auth, up.id, 'product')).statusCode).toBe(201);
    t.clock.now = new Date(START.getTime() + 23 * HOUR);
    expect(await offerOf(auth, 'placement=product')).toBeNull();
    expect(OfferRecordedSchema.parse((await shown(auth, up.id, 'product')).json())).toEqual({ recorded: false });
    t.clock.now = new Date(START.getTime() + 25 * HOUR);
    expect((await offerOf(auth, 'placement=product'))?._id).toBe(up.id);
    expect((await shown(auth, up.id, 'product')).statusCode).toBe(201);
    expect((await answer(auth, up.id, 'closed')).json()).toMatchObject({ recorded: true });
    t.clock.now = new Date(START.getTime() + 50 * HOUR);
    expect(await offerOf(auth, 'placement=product')).toBeNull();
    t.clock.now = new Date(START.getTime() + 25 * HOUR + 91 * 24 * HOUR);
    expect((await offerOf(auth, 'placement=product'))?._id).toBe(up.id);
  });
});

describe('POST /api/v1/offers/:id/shown and /answer', () => {
  it('records a show once: 201, then 200 recorded false', async () => {
    const row = await offer();
    const { auth } = await viewer();
    const first = await shown(auth, row.id);
    expect(first.statusCode).toBe(201);
    expect(first.json()).toEqual({ recorded: true });
    const again = await shown(auth, row.id);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ recorded: false });
  });

  it('concurrent shows of one offer to one account record one', async () => {
    const row = await offer();
    const { user, auth } = await viewer();
    const answers = await Promise.all(Array.from({ length: 12 }, () => shown(auth, row.id)));
    expect(answers.filter((r) => r.statusCode === 201)).toHaveLength(1);
    expect(answers.filter((r) => r.statusCode === 200)).toHaveLength(11);
    const rows = await t.db.select().from(offerImpressions).where(and(eq(offerImpressions.offerId, row.id), eq(offerImpressions.userId, user.id)));
    expect(rows).toHaveLength(1);
  });

  it('records the first answer; closing or accepting both make the offer once-only', async () => {
    const row = await offer();
    const { user, auth } = await viewer();
    await shown(auth, row.id);
    const accepted = await answer(auth, row.id, 'accepted');
    expect(accepted.statusCode).toBe(200);
    // the accepted offer is what the site sells next: its tariff with the payment link
    expect(accepted.json()).toMatchObject({ recorded: true, offer: { _id: row.id, tariff: { _id: discount.id, url: `/api/v1/billing/tariffs/${discount.id}/payment` } } });
    expect((await answer(auth, row.id, 'closed')).json()).toMatchObject({ recorded: false });
    const [imp] = await t.db.select().from(offerImpressions).where(and(eq(offerImpressions.offerId, row.id), eq(offerImpressions.userId, user.id)));
    expect(imp).toMatchObject({ answer: 'accepted', answeredAt: START });
    // an answer whose show was never recorded records both
    const other = await offer();
    const v2 = await viewer();
    expect((await answer(v2.auth, other.id, 'closed')).json()).toMatchObject({ recorded: true });
    // the answer recorded the show too: that offer is done and the 72-hour window of any other has started
    expect(await offerOf(v2.auth)).toBeNull();
    const [imp2] = await t.db.select().from(offerImpressions).where(and(eq(offerImpressions.offerId, other.id), eq(offerImpressions.userId, v2.user.id)));
    expect(imp2).toMatchObject({ answer: 'closed', shownAt: START });
  });

  it('409 for a show or an acceptance of an offer that is not running, and nothing is recorded; closing it still records', async () => {
    const row = await offer({ endsAt: new Date('2026-11-21T00:00:00Z') });
    const { user, auth } = await viewer();
    expect((await shown(auth, row.id)).statusCode).toBe(409);
    expect((await answer(auth, row.id, 'accepted')).statusCode).toBe(409);
    expect(await t.db.select().from(offerImpressions).where(eq(offerImpressions.userId, user.id))).toHaveLength(0);
    expect((await answer(auth, row.id, 'closed')).statusCode).toBe(200);
  });

  it('409 for accepting an offer whose tariff went off sale', async () => {
    const off = await t.make.tariff({ isActive: false });
    const row = await offer({ tariffId: off.id });
    const { auth } = await viewer();
    expect((await answer(auth, row.id, 'accepted')).statusCode).toBe(409);
  });

  it('records where an answer came from (the subscriptions popup)', async () => {
    const row = await offer();
    const { user, auth } = await viewer();
    await t.app.inject({ method: 'POST', url: `/api/v1/offers/${row.id}/answer`, headers: auth, payload: { answer: 'accepted', placement: 'subscriptions' } });
    const [imp] = await t.db.select().from(offerImpressions).where(eq(offerImpressions.userId, user.id));
    expect(imp).toMatchObject({ placement: 'subscriptions', answer: 'accepted' });
  });

  it('404 for an unknown offer', async () => {
    const { auth } = await viewer();
    const id = '00000000-0000-4000-8000-000000000000';
    expect((await shown(auth, id)).statusCode).toBe(404);
    expect((await answer(auth, id, 'closed')).statusCode).toBe(404);
  });

  it('400 on bad input, and nothing changes', async () => {
    const row = await offer();
    const { user, auth } = await viewer();
    expect((await shown(auth, 'not-a-uuid')).statusCode).toBe(400);
    expect((await shown(auth, row.id, 'sidebar')).statusCode).toBe(400);
    expect((await answer(auth, row.id, 'maybe')).statusCode).toBe(400);
    expect((await current(auth, 'placement=sidebar')).statusCode).toBe(400);
    expect((await current(auth, '')).statusCode).toBe(400);
    expect((await current(auth, 'placement=main&skip=offer,lottery')).statusCode).toBe(400);
    expect(await t.db.select().from(offerImpressions).where(eq(offerImpressions.userId, user.id))).toHaveLength(0);
  });

  it('401 without a session', async () => {
    const row = await offer();
    expect((await current(t.headers)).statusCode).toBe(401);
    expect((await shown(t.headers, row.id)).statusCode).toBe(401);
    expect((await answer(t.headers, row.id, 'closed')).statusCode).toBe(401);
  });
});

describe('GET /api/v1/offers/current with the catalogue cache on (decision 047)', () => {
  it('follows switching and periods at once: the switched-on offers are kept under the revision, their periods read by the clock', async () => {
    const kept = await createTestApp({ CATALOG_CACHE_SECONDS: '30' });
    try {
      const price = await kept.make.tariff({ alias: 'kept-149', title: 'Первый месяц за 149 ₽', price: 149, allowTrial: false, isListed: false });
      kept.clock.now = START;
      const values = { kind: 'offer' as const, title: 'Предложение', text: 'Первый месяц за 149 ₽.', ctaText: 'Оформить', image: '/images/offers/offer-ticket.svg', tariffId: price.id, landingSlug: 'black-friday' };
      const [now] = await kept.db.insert(offers).values({ ...values, alias: 'kept-now', startsAt: new Date(START.getTime() - HOUR), endsAt: new Date(START.getTime() + HOUR) }).returning();
      const [later] = await kept.db.insert(offers).values({ ...values, alias: 'kept-later', startsAt: new Date(START.getTime() + HOUR), endsAt: new Date(START.getTime() + 3 * HOUR) }).returning();
      const ask = async () => {
        let user = await kept.make.user();
        while (groupOf(user.id) !== 'A') user = await kept.make.user();
        const { auth } = await kept.make.session({ userId: user.id });
        const res = await kept.app.inject({ method: 'GET', url: '/api/v1/offers/current?placement=main', headers: auth });
        return CurrentOfferSchema.parse(res.json()).offer?._id ?? null;
      };
      expect(await ask()).toBe(now!.id);
      // The first one's period ends and the second one's begins: no write, only the clock.
      kept.clock.now = new Date(START.getTime() + 2 * HOUR);
      expect(await ask()).toBe(later!.id);
      // Switched off: gone as soon as the revision is read again (at most a second later).
      await kept.db.update(offers).set({ isActive: false }).where(eq(offers.id, later!.id));
      kept.clock.now = new Date(kept.clock.now.getTime() + 1100);
      expect(await ask()).toBeNull();
    } finally {
      await kept.close();
    }
  });
});
