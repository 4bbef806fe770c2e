import { randomUUID } from 'node:crypto';
import { AccountSubscriptionSchema, AccountSubscriptionsSchema, ApiPath } from '@ekran/contracts';
import { paymentMethods, subscriptions, tariffs } from '@ekran/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, loginDevice, type TestApp } from '../../test/harness.ts';

// POST /api/v1/billing/recurrent (platform §4 Disable recurring subscription) and the pending
// subscription of GET /api/v1/account/subscriptions (platform §3).

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  t.clock.now = new Date('2026-11-21T12:00:00Z');
});
afterAll(() => t.close());

async function card(userId: string, state: 'active' | 'removed' = 'active') {
  const [row] = await t.db.insert(paymentMethods).values({ userId, provider: 'sandbox', type: 'card', brand: 'visa', cardFirst6: '424242', cardLast4: '4242', cardExpire: '12/29', token: `tk_${randomUUID()}`, state }).returning();
  return row!;
}

/** A registered account with a session, and a live card subscription with a bound card unless told otherwise. */
async function holder(o: Partial<Parameters<TestApp['make']['subscription']>[0]> & { withCard?: boolean } = {}) {
  const { withCard = true, ...rest } = o;
  const user = await t.make.user();
  const session = await t.make.session({ userId: user.id });
  const method = withCard ? await card(user.id) : null;
  const sub = await t.make.subscription({ userId: user.id, paymentMethodId: method?.id ?? null, ...rest });
  return { user, auth: session.auth, sub };
}

const post = (auth: Record<string, string>, payload: unknown) => t.app.inject({ method: 'POST', url: ApiPath.recurrent, headers: auth, payload: payload as object });
const rowOf = async (id: string) => (await t.db.select().from(subscriptions).where(eq(subscriptions.id, id)))[0]!;

describe('POST /api/v1/billing/recurrent', () => {
  it('turns renewal off for the owner, keeps the first time it was turned off on a repeat, and back on', async () => {
    const h = await holder();
    const off = await post(h.auth, { subscription_id: h.sub.id, enabled: false });
    expect(off.statusCode).toBe(200);
    const body = AccountSubscriptionSchema.parse(off.json());
    expect(body).toMatchObject({ _id: h.sub.id, reccurent: false, manageable: true, next_charge: null });
    const firstOff = (await rowOf(h.sub.id)).cancelledAt;
    expect(firstOff?.toISOString()).toBe('2026-11-21T12:00:00.000Z');

    t.clock.now = new Date('2026-11-22T12:00:00Z');
    const again = await post(h.auth, { subscription_id: h.sub.id, enabled: false });
    expect([again.statusCode, again.json().reccurent]).toEqual([200, false]);
    expect((await rowOf(h.sub.id)).cancelledAt?.toISOString()).toBe('2026-11-21T12:00:00.000Z');

    const on = await post(h.auth, { subscription_id: h.sub.id, enabled: true });
    expect(on.statusCode).toBe(200);
    expect(on.json()).toMatchObject({ reccurent: true, next_charge: { at: '2026-12-01T00:00:00.000Z', amount: 399, currency: 'RUB' } });
    expect(await rowOf(h.sub.id)).toMatchObject({ isRecurrent: true, cancelledAt: null, status: 'active' });
    t.clock.now = new Date('2026-11-21T12:00:00Z');
  });

  it.each([
    ['no body', undefined],
    ['a subscription id that is not a uuid', { subscription_id: 'abc', enabled: false }],
    ['enabled missing', { subscription_id: '00000000-0000-4000-8000-000000000000' }],
    ['enabled as text', { subscription_id: '00000000-0000-4000-8000-000000000000', enabled: 'false' }],
  ])('answers 400 for %s and changes nothing', async (_name, payload) => {
    const h = await holder();
    const res = await post(h.auth, payload);
    expect([res.statusCode, res.json().code]).toEqual([400, 'BAD_REQUEST']);
    expect((await rowOf(h.sub.id)).isRecurrent).toBe(true);
  });

  it('answers 401 without a session', async () => {
    const h = await holder();
    expect((await post(t.headers, { subscription_id: h.sub.id, enabled: false })).statusCode).toBe(401);
  });

  it("answers 404 for someone else's subscription (403 would confirm it exists), 403 for a virtual user and a child profile, and changes nothing", async () => {
    const owner = await holder();
    const other = await holder();
    const res = await post(other.auth, { subscription_id: owner.sub.id, enabled: false });
    expect([res.statusCode, res.json().code]).toEqual([404, 'NOT_FOUND']);
    const virtual = await loginDevice(t);
    const asVirtual = await post(virtual.auth, { subscription_id: owner.sub.id, enabled: false });
    expect([asVirtual.statusCode, asVirtual.json().code]).toEqual([403, 'REGISTRATION_REQUIRED']);
    const kid = await t.make.profile({ userId: owner.user.id, isChild: true });
    const kidSession = await t.make.session({ userId: owner.user.id, profileId: kid.id });
    const asKid = await post(kidSession.auth, { subscription_id: owner.sub.id, enabled: false });
    expect([asKid.statusCode, asKid.json().code]).toEqual([403, 'KIDS_PROFILE_RESTRICTED']);
    expect((await rowOf(owner.sub.id)).isRecurrent).toBe(true);
  });

  it('answers 404 for an unknown subscription', async () => {
    const h = await holder();
    const res = await post(h.auth, { subscription_id: '00000000-0000-4000-8000-000000000000', enabled: false });
    expect([res.statusCode, res.json().code]).toEqual([404, 'NOT_FOUND']);
  });

  it.each([
    ["a partner's", { source: 'kion' }],
    ["a store's", { source: 'googleplay' }],
    ['a promo without a card', { source: 'promo', withCard: false }],
    ['an ended one', { status: 'expired' as const, expiresAt: new Date('2026-11-01T00:00:00Z') }],
  ])('answers 409 for %s subscription and changes nothing', async (_name, o) => {
    const h = await holder(o);
    const res = await post(h.auth, { subscription_id: h.sub.id, enabled: false });
    expect([res.statusCode, res.json().code]).toEqual([409, 'CONFLICT']);
    expect((await rowOf(h.sub.id)).isRecurrent).toBe(true);
  });

  it('lets a promo with a card be managed, and refuses turning renewal on without a card (409)', async () => {
    const promo = await holder({ source: 'promo' });
    expect((await post(promo.auth, { subscription_id: promo.sub.id, enabled: false })).statusCode).toBe(200);
    const noCard = await holder({ withCard: false, isRecurrent: false });
    const res = await post(noCard.auth, { subscription_id: noCard.sub.id, enabled: true });
    expect([res.statusCode, res.json().code]).toEqual([409, 'CONFLICT']);
    expect((await rowOf(noCard.sub.id)).isRecurrent).toBe(false);
    // Turning it off is still fine without a card.
    const off = await holder({ withCard: false });
    expect((await post(off.auth, { subscription_id: off.sub.id, enabled: false })).statusCode).toBe(200);
  });
});

describe('GET /api/v1/account/subscriptions: the pending subscription (platform §3)', () => {
  const list = async (auth: Record<string, string>) => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/account/subscriptions', headers: auth });
    expect(res.statusCode).toBe(200);
    return AccountSubscriptionsSchema.parse(res.json()).data.subscriptions;
  };

  it('gives the rate steps of the tariff chain and the next charge at the renewal price (§9: 3 months at 1190, then 499 per 30 days)', async () => {
    const [month] = await t.db.insert(tariffs).values({ alias: 'chain-month', title: 'Месяц', price: 499, durationDays: 30 }).returning();
    const [quarter] = await t.db.insert(tariffs).values({ alias: 'chain-quarter', title: '3 месяца', price: 1190, durationDays: 90, nextTariffId: month!.id, isListed: false }).returning();
    const h = await holder({ tariffId: quarter!.id, expiresAt: new Date('2027-02-01T00:00:00Z'), billingExpiresAt: new Date('2027-02-04T00:00:00Z') });
    const [s] = await list(h.auth);
    expect(s).toMatchObject({
      _id: h.sub.id,
      manageable: true,
      reccurent: true,
      expiration: '2027-02-01T00:00:00.000Z',
      billing_expire: '2027-02-04T00:00:00.000Z',
      tariff_info: {
        _id: quarter!.id,
        rate_steps: [
          { price: 1190, currency: 'RUB', duration_days: 90, periods: 1 },
          { price: 499, currency: 'RUB', duration_days: 30, periods: null },
        ],
      },
      next_charge: { at: '2027-02-01T00:00:00.000Z', amount: 499, currency: 'RUB' },
    });
  });

  it('charges a trial its first price, and has no next charge with renewal off or without a card', async () => {
    const trial = await holder({ status: 'trial', tariff: { price: 149, recurrentPrice: 499 } });
    expect((await list(trial.auth))[0]?.next_charge).toMatchObject({ amount: 149 });
    const renewed = await holder({ renewals: 1, tariff: { price: 149, recurrentPrice: 499 } });
    expect((await list(renewed.auth))[0]?.next_charge).toMatchObject({ amount: 499 });
    const off = await holder({ isRecurrent: false });
    expect((await list(off.auth))[0]).toMatchObject({ reccurent: false, next_charge: null, manageable: true });
    const noCard = await holder({ withCard: false });
    expect((await list(noCard.auth))[0]).toMatchObject({ next_charge: null, payment_method_id: null });
  });

  it("marks a partner's and an ended subscription not manageable", async () => {
    const partner = await holder({ source: 'kion' });
    expect((await list(partner.auth))[0]).toMatchObject({ manageable: false, next_charge: null });
    const ended = await holder({ status: 'expired', expiresAt: new Date('2026-11-01T00:00:00Z') });
    expect((await list(ended.auth))[0]).toMatchObject({ manageable: false, next_charge: null });
  });
});
