// The consent log (decision 050): each action whose page shows the accepting sentence records, server-side and at
// that moment, the versions in force of the documents it names: sign-up by email, by phone, by a social identity,
// and a payment.
import { OperatorApiPath, OutboxListSchema, SocialSignupResultSchema } from '@ekran/contracts';
import { consents, promoCampaigns } from '@ekran/db';
import { seedContent } from '@ekran/db/seed';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginDevice } from '../../test/harness.ts';
import { createBillingTestApp, registered, type BillingTestApp } from '../billing/billing.test-helpers.ts';
import { authorize, callback, freshEmail, startFlow, withFlow } from '../social/social.test-helpers.ts';

let t: BillingTestApp;
let monthly: { id: string };
beforeAll(async () => {
  t = await createBillingTestApp();
  await seedContent(t.db);
  monthly = await t.make.tariff({ alias: 'consent-monthly', price: 499, durationDays: 30, allowTrial: true, trialDays: 7 });
});
afterAll(() => t.close());

let ip = 0;
const nextIp = () => `10.77.${Math.floor(++ip / 250)}.${ip % 250}`;
const post = (url: string, headers: Record<string, string>, payload: unknown, remoteAddress = nextIp()) =>
  t.app.inject({ method: 'POST', url, headers, remoteAddress, payload: payload as object });

const logOf = async (userId: string) =>
  (await t.db.select().from(consents).where(eq(consents.userId, userId)).orderBy(asc(consents.documentAlias))).map((c) => ({
    document: c.documentAlias, version: c.version, context: c.context, acceptedAt: c.acceptedAt.toISOString(), ip: c.ip, reference: c.reference,
  }));

const SIGNUP_DOCS = [['persondata', 1], ['privacy_policy', 2], ['terms_of_use', 2]] as const;
const at = '2026-11-21T12:00:00.000Z';

describe('the consent log', () => {
  it('an email sign-up records the terms, the privacy policy and the consent, in their versions in force', async () => {
    const login = await loginDevice(t);
    const res = await post('/api/v1/auth/email/register', login.auth, { email: freshEmail(), password: 'секретный-пароль' }, '10.77.200.1');
    expect(res.statusCode, res.body).toBe(201);
    expect(await logOf(login._id)).toEqual(SIGNUP_DOCS.map(([document, version]) => ({ document, version, context: 'signup', acceptedAt: at, ip: '10.77.200.1', reference: null })));
  });

  it('a refused sign-up records nothing', async () => {
    const user = await t.make.user();
    const { auth } = await t.make.session({ userId: user.id });
    expect((await post('/api/v1/auth/email/register', auth, { email: freshEmail(), password: 'секретный-пароль' })).statusCode).toBe(409);
    expect(await logOf(user.id)).toEqual([]);
  });

  it('a phone sign-up records them with the phone context; a wrong code records nothing', async () => {
    const login = await loginDevice(t);
    const phone = `+79${String(Math.floor(Math.random() * 1e9)).padStart(9, '0')}`;
    expect((await post('/api/v1/auth/phone/code', login.auth, { phone })).statusCode).toBe(204);
    const outbox = OutboxListSchema.parse((await t.app.inject({ url: `/api/v1/dev/outbox?recipient=${encodeURIComponent(phone)}`, headers: t.headers })).json());
    const code = outbox.items[0]!.body.match(/\b(\d{6})\b/)![1]!;
    const wrong = code === '000000' ? '111111' : '000000';
    expect((await post('/api/v1/auth/phone/verify', login.auth, { phone, code: wrong })).statusCode).toBe(400);
    expect(await logOf(login._id)).toEqual([]);
    const res = await post('/api/v1/auth/phone/verify', login.auth, { phone, code });
    expect(res.statusCode, res.body).toBe(200);
    expect((await logOf(login._id)).map((c) => [c.document, c.version, c.context])).toEqual(SIGNUP_DOCS.map(([d, v]) => [d, v, 'phone']));
  });

  it('a social sign-up with consent records them with the social context', async () => {
    const login = await loginDevice(t);
    const started = await startFlow(t, 'yandex', { session: login.token });
    const params = await authorize(t, started, { email: freshEmail() });
    expect((await callback(t, 'yandex', params, { session: login.token, flow: started.flow })).json()).toMatchObject({ result: 'signup' });
    expect(await logOf(login._id)).toEqual([]); // nothing before the consent
    const done = await withFlow(t, 'POST', '/api/v1/auth/social/signup', { session: login.token, flow: started.flow }, { consent: true });
    expect(done.statusCode, done.body).toBe(200);
    expect(SocialSignupResultSchema.parse(done.json()).result).toBe('registered');
    expect((await logOf(login._id)).map((c) => [c.document, c.version, c.context])).toEqual(SIGNUP_DOCS.map(([d, v]) => [d, v, 'social']));
  });

  it('a payment link and a purchase record the terms in force, naming the tariff and the order', async () => {
    const { user, auth } = await registered(t);
    const link = await t.app.inject({ url: `/api/v1/billing/tariffs/${monthly.id}/payment`, headers: auth, remoteAddress: '10.77.201.1' });
    expect(link.statusCode, link.body).toBe(200);
    expect(await logOf(user.id)).toEqual([{ document: 'terms_of_use', version: 2, context: 'payment', acceptedAt: at, ip: '10.77.201.1', reference: monthly.id }]);

    const other = await registered(t);
    const order = await t.app.inject({ method: 'POST', url: '/api/v1/billing/buy', headers: { ...other.auth, 'idempotency-key': 'consent-buy-1' }, payload: { tariff_id: monthly.id } });
    expect(order.statusCode, order.body).toBe(200);
    expect(await logOf(other.user.id)).toMatchObject([{ document: 'terms_of_use', version: 2, context: 'payment', reference: order.json()._id }]);

    // Repeated requests find their consent recorded: the link opened again, the purchase retried with its key.
    expect((await t.app.inject({ url: `/api/v1/billing/tariffs/${monthly.id}/payment`, headers: auth })).statusCode).toBe(200);
    const again = await t.app.inject({ method: 'POST', url: '/api/v1/billing/buy', headers: { ...other.auth, 'idempotency-key': 'consent-buy-1' }, payload: { tariff_id: monthly.id } });
    expect(again.json()._id).toBe(order.json()._id);
    expect(await logOf(user.id)).toHaveLength(1);
    expect(await logOf(other.user.id)).toHaveLength(1);
  });

  it('a coupon sign-up (/coupon/registration/{promo}) records them as a sign-up', async () => {
    await t.db.insert(promoCampaigns).values({ alias: 'consent-coupon', kind: 'coupon', title: 'Две недели в подарок', tariffId: monthly.id, grantDays: 14, startsAt: new Date('2026-01-01T00:00:00Z') });
    const login = await loginDevice(t);
    const res = await post('/api/v1/coupons/consent-coupon/registration', login.auth, { email: freshEmail(), password: 'секретный-пароль' });
    expect(res.statusCode, res.body).toBe(201);
    expect((await logOf(login._id)).map((c) => [c.document, c.version, c.context])).toEqual(SIGNUP_DOCS.map(([d, v]) => [d, v, 'signup']));
  });

  it('the operator\'s phone sign-in records them with the phone context', async () => {
    const login = await loginDevice(t);
    const msisdn = `+79${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}1`;
    expect((await post(OperatorApiPath.code, login.auth, { msisdn })).statusCode).toBe(204);
    const outbox = OutboxListSchema.parse((await t.app.inject({ url: `/api/v1/dev/outbox?recipient=${encodeURIComponent(msisdn)}`, headers: t.headers })).json());
    const res = await post(OperatorApiPath.verify, login.auth, { msisdn, code: outbox.items[0]!.body.match(/\b(\d{6})\b/)![1]! });
    expect(res.statusCode, res.body).toBe(200);
    expect((await logOf(res.json()._id)).map((c) => [c.document, c.context])).toEqual(SIGNUP_DOCS.map(([d]) => [d, 'phone']));
  });

  it('a refused payment (unknown tariff) records nothing', async () => {
    const { user, auth } = await registered(t);
    expect((await t.app.inject({ url: '/api/v1/billing/tariffs/00000000-0000-4000-8000-000000000000/payment', headers: auth })).statusCode).toBe(404);
    expect(await logOf(user.id)).toEqual([]);
  });

  it('names the version in force at the moment: before 1 September 2026 the first terms', async () => {
    const saved = t.clock.now;
    t.clock.now = new Date('2026-08-15T09:00:00Z');
    try {
      const login = await loginDevice(t);
      expect((await post('/api/v1/auth/email/register', login.auth, { email: freshEmail(), password: 'секретный-пароль' })).statusCode).toBe(201);
      expect((await logOf(login._id)).map((c) => [c.document, c.version, c.acceptedAt])).toEqual([
        ['persondata', 1, '2026-08-15T09:00:00.000Z'], ['privacy_policy', 1, '2026-08-15T09:00:00.000Z'], ['terms_of_use', 1, '2026-08-15T09:00:00.000Z'],
      ]);
    } finally {
      t.clock.now = saved;
    }
  });
});
