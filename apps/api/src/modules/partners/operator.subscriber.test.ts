// An operator customer with an entitling operator subscription is a subscriber like any other
// (auth data subscriptions with its partner, the account page, playback, the stream limit of the operator's
// tariff), and the no_app popup of platform §6 in the configured countries.
import {
  AccountSubscriptionsSchema, ApiPath, AuthDataSchema, ErrorSchema, HeartbeatResponseSchema, OPERATOR_PARTNER, OperatorApiPath, PlaybackCheckSchema, StreamLimitSchema,
  type OperatorNotification,
} from '@ekran/contracts';
import { operatorSubscriptions, tariffs, users } from '@ekran/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadEnv } from '../../env.ts';
import { createTestApp, loginDevice, type TestApp } from '../../test/harness.ts';
import { OPERATOR_TARIFF_ALIAS } from './operator.gateway.ts';
import { signNotification } from './operator.routes.ts';

const SECRET = 'test-operator-notify-secret-0123456789abcdef';
const DAY = 86_400_000;
let t: TestApp;
let paid: { id: string };
let month: { id: string };
let operatorTariff: typeof tariffs.$inferSelect;

beforeAll(async () => {
  // FREE_STREAM_LIMIT 1, the operator's tariff 3: the limit an operator subscriber gets is visibly the tariff's.
  t = await createTestApp({ OPERATOR_NOTIFY_SECRET: SECRET, FREE_STREAM_LIMIT: '1' });
  month = await t.make.tariff({ alias: 'month', weight: 0, allowTrial: true });
  paid = await t.make.title({ alias: 'platnyy-dlya-abonenta' });
  operatorTariff = (await t.db.update(tariffs).set({ maxStreams: 3 }).where(eq(tariffs.alias, OPERATOR_TARIFF_ALIAS)).returning())[0]!;
});
afterAll(() => t.close());

let seq = 0;
const msisdn = () => `+7926${String(++seq).padStart(7, '0')}`;

/** An operator customer with an operator subscription (active until 30 days from now unless told otherwise), and its devices. */
async function subscriber(o: Partial<typeof operatorSubscriptions.$inferInsert> = {}, popup: 'no_money' | 'got_money' | 'info' | null = null) {
  const phone = msisdn();
  const user = await t.make.operatorUser(popup, { phone, email: null });
  const [sub] = await t.db
    .insert(operatorSubscriptions)
    .values({ userId: user.id, msisdn: phone, externalId: `sandbox-${seq}`, tariffId: operatorTariff.id, startedAt: t.clock.now, expiresAt: new Date(t.clock.now.getTime() + 30 * DAY), ...o })
    .returning();
  return { user, sub: sub!, phone, device: () => t.make.session({ userId: user.id }) };
}

const me = async (auth: Record<string, string>) => {
  const res = await t.app.inject({ method: 'POST', url: '/api/v1/auth/refresh', headers: auth });
  expect(res.statusCode).toBe(200);
  return AuthDataSchema.parse(res.json());
};
const check = (auth: Record<string, string>) => t.app.inject({ url: `/api/v1/playback/${paid.id}`, headers: auth });
const notify = (n: OperatorNotification) =>
  t.app.inject({ method: 'POST', url: OperatorApiPath.notifications, headers: { 'x-operator-signature': signNotification(SECRET, n) }, payload: n });
let nid = 0;
const event = (phone: string, e: OperatorNotification['event']): OperatorNotification => ({ notification_id: `sub-n-${++nid}`, msisdn: phone, event: e });

describe('auth data: an entitling operator subscription is among subscriptions, marked with its partner', () => {
  it('lists it (active, recurring, partner megafon, the operator tariff) beside the subscriptions of ours', async () => {
    const s = await subscriber();
    await t.make.subscription({ userId: s.user.id, tariffId: month.id, status: 'expired', expiresAt: new Date(t.clock.now.getTime() - DAY) });
    const { auth } = await s.device();
    const data = await me(auth);
    expect(data.subscriptions).toEqual([
      {
        _id: s.sub.id, tariff_id: operatorTariff.id, status: 'active', started_at: s.sub.startedAt.toISOString(), expires_at: s.sub.expiresAt.toISOString(),
        reccurent: true, googleplay_id: null, itunes_product_id: null, huawei_id: null, partner: OPERATOR_PARTNER,
      },
    ]);
    // A card subscription of ours says it is ours.
    const card = await t.make.user();
    await t.make.subscription({ userId: card.id, tariffId: month.id, expiresAt: new Date(t.clock.now.getTime() + DAY) });
    expect((await me((await t.make.session({ userId: card.id })).auth)).subscriptions.map((x) => x.partner)).toEqual([null]);
  });

  it.each([
    ['suspended for no money (the blocking state)', { status: 'suspended' as const, balanceState: 'no_money' as const }, 'no_money' as const],
    ['cancelled by the operator', { status: 'cancelled' as const }, null],
    ['past its billed period', { expiresAt: new Date('2026-11-01T00:00:00Z') }, null],
  ])('does not list it when %s', async (_name, fields, popup) => {
    const s = await subscriber(fields, popup);
    expect((await me((await s.device()).auth)).subscriptions).toEqual([]);
  });

  it('a low balance still plays and is listed; the no_money popup takes it off until the money is back', async () => {
    const s = await subscriber({ balanceState: 'low' });
    const { auth } = await s.device();
    expect((await me(auth)).subscriptions).toHaveLength(1);
    expect((await notify(event(s.phone, 'suspended'))).statusCode).toBe(200);
    expect((await me(auth)).subscriptions).toEqual([]);
    await notify(event(s.phone, 'resumed'));
    const back = await me(auth);
    expect(back.subscriptions.map((x) => x.partner)).toEqual([OPERATOR_PARTNER]);
    expect(back.mf_info.mf_pop_up).toBe('got_money');
  });

  it('a renewal by the operator of a suspended subscription lifts no_money (got_money) and lists it again', async () => {
    const s = await subscriber({ status: 'suspended', balanceState: 'no_money' }, 'no_money');
    const { auth } = await s.device();
    await notify({ ...event(s.phone, 'renewed'), expires_at: new Date(t.clock.now.getTime() + 30 * DAY).toISOString() });
    const data = await me(auth);
    expect(data.mf_info.mf_pop_up).toBe('got_money');
    expect(data.subscriptions).toHaveLength(1);
    expect(PlaybackCheckSchema.parse((await check(auth)).json()).reason).toBe('ok');
  });

  it('the real connect puts the subscription on the operator tariff and lists it at once', async () => {
    const phone = msisdn();
    const user = await t.make.user({ phone, email: null });
    const { auth } = await t.make.session({ userId: user.id });
    const res = await t.app.inject({ method: 'POST', url: OperatorApiPath.connect, headers: auth });
    expect(res.statusCode).toBe(201);
    const [row] = await t.db.select().from(operatorSubscriptions).where(eq(operatorSubscriptions.userId, user.id));
    expect(row!.tariffId).toBe(operatorTariff.id);
    expect((await me(auth)).subscriptions).toMatchObject([{ _id: row!.id, tariff_id: operatorTariff.id, partner: OPERATOR_PARTNER }]);
  });
});

describe('GET /api/v1/account/subscriptions: the operator subscription is shown, not managed here', () => {
  it('lists it first, not manageable, no next charge nor card nor price steps, with its partner', async () => {
    const s = await subscriber();
    await t.make.subscription({ userId: s.user.id, tariffId: month.id, status: 'expired', expiresAt: new Date(t.clock.now.getTime() - DAY) });
    const { auth } = await s.device();
    const res = await t.app.inject({ url: ApiPath.accountSubscriptions, headers: auth });
    expect(res.statusCode).toBe(200);
    const [first, second] = AccountSubscriptionsSchema.parse(res.json()).data.subscriptions;
    expect(first).toEqual({
      _id: s.sub.id, status: 'active',
      tariff: { _id: operatorTariff.id, title: operatorTariff.title, price: operatorTariff.price, currency: 'RUB', duration_days: 30 },
      started_at: s.sub.startedAt.toISOString(), expires_at: s.sub.expiresAt.toISOString(), reccurent: true, source: OPERATOR_PARTNER, manageable: false,
      expiration: s.sub.expiresAt.toISOString(), billing_expire: null, tariff_info: { _id: operatorTariff.id, rate_steps: [] }, next_charge: null, payment_method_id: null,
      partner: OPERATOR_PARTNER,
    });
    expect(second).toMatchObject({ status: 'expired', partner: null });
  });

  it('renewal of it cannot be turned off here (404: not one of ours); a suspended one is not listed', async () => {
    const s = await subscriber();
    const { auth } = await s.device();
    const off = await t.app.inject({ method: 'POST', url: ApiPath.recurrent, headers: auth, payload: { subscription_id: s.sub.id, enabled: false } });
    expect(off.statusCode).toBe(404);
    expect((await t.db.select().from(operatorSubscriptions).where(eq(operatorSubscriptions.id, s.sub.id)))[0]!.status).toBe('active');
    const suspended = await subscriber({ status: 'suspended', balanceState: 'no_money' }, 'no_money');
    const page = await t.app.inject({ url: ApiPath.accountSubscriptions, headers: (await suspended.device()).auth });
    expect(AccountSubscriptionsSchema.parse(page.json()).data.subscriptions).toEqual([]);
  });
});

describe('playback and streams of an operator subscriber', () => {
  const heartbeat = (auth: Record<string, string>, sid: string) =>
    t.app.inject({ method: 'POST', url: ApiPath.streamHeartbeat(sid), headers: auth, payload: { uid: paid.id, position: 0 } });
  const limitOf = async (auth: Record<string, string>) => StreamLimitSchema.parse((await t.app.inject({ url: ApiPath.streams, headers: auth })).json()).limit;

  it('plays a paid title on up to the operator tariff max_streams devices at once (not the free limit)', async () => {
    const s = await subscriber();
    const devices = [await s.device(), await s.device(), await s.device(), await s.device()];
    expect(await limitOf(devices[0]!.auth)).toBe(3);
    for (const d of devices.slice(0, 3)) {
      const body = PlaybackCheckSchema.parse((await check(d.auth)).json());
      expect(body.reason).toBe('ok');
      const beat = await heartbeat(d.auth, body.stream!.id);
      expect(beat.statusCode).toBe(200);
      HeartbeatResponseSchema.parse(beat.json());
    }
    const fourth = PlaybackCheckSchema.parse((await check(devices[3]!.auth)).json());
    const refused = await heartbeat(devices[3]!.auth, fourth.stream!.id);
    expect(refused.statusCode).toBe(403);
    expect(ErrorSchema.parse(refused.json()).code).toBe('STREAM_LIMIT_EXCEEDED');
  });

  it('out of money: no paid playback (insufficient_balance) and the free limit; the operator tariff counts again once resumed', async () => {
    const s = await subscriber();
    const { auth } = await s.device();
    await notify(event(s.phone, 'suspended'));
    expect(PlaybackCheckSchema.parse((await check(auth)).json())).toMatchObject({ reason: 'insufficient_balance', playlists: [], upgrade_options: [] });
    expect(await limitOf(auth)).toBe(1);
    await notify(event(s.phone, 'resumed'));
    expect(await limitOf(auth)).toBe(3);
  });

  it('an operator subscriber is not sold a second subscription: 409 on the payment link', async () => {
    const s = await subscriber();
    const res = await t.app.inject({ url: `/api/v1/billing/tariffs/${month.id}/payment`, headers: (await s.device()).auth });
    expect(res.statusCode).toBe(409);
    expect(ErrorSchema.parse(res.json()).code).toBe('SUBSCRIPTION_EXISTS');
  });
});

describe('the no_app popup (spec platform §6: configured countries without the operator app)', () => {
  let abroad: TestApp;
  beforeAll(async () => {
    // The viewer's current country is the API's DEFAULT_COUNTRY_CODE until GeoIP is configured.
    abroad = await createTestApp({ DEFAULT_COUNTRY_CODE: 'LV', OPERATOR_APP_UNAVAILABLE_COUNTRIES: 'ua, lv' });
  });
  afterAll(() => abroad.close());

  const meAbroad = async (auth: Record<string, string>) => AuthDataSchema.parse((await abroad.app.inject({ method: 'POST', url: '/api/v1/auth/refresh', headers: auth })).json());
  const seen = (auth: Record<string, string>, popup: string) => abroad.app.inject({ method: 'POST', url: OperatorApiPath.popupSeen, headers: auth, payload: { popup } });

  it('an operator customer in a listed country gets no_app after the stored popups, one at a time; closing it hides it there', async () => {
    const user = await abroad.make.operatorUser('info');
    const { auth } = await abroad.make.session({ userId: user.id });
    const first = await meAbroad(auth);
    expect(first.current_country_code).toBe('LV');
    expect(first.mf_info).toEqual({ is_mf: true, mf_pop_up: 'info' });
    expect((await seen(auth, 'info')).statusCode).toBe(204);
    expect((await meAbroad(auth)).mf_info.mf_pop_up).toBe('no_app');
    expect((await seen(auth, 'no_app')).statusCode).toBe(204);
    expect((await meAbroad(auth)).mf_info.mf_pop_up).toBeNull();
    expect((await abroad.db.select().from(users).where(eq(users.id, user.id)))[0]!.operatorNoAppSeenCountry).toBe('LV');
  });

  it('no_money stays first (it blocks playback) and cannot be closed; no_app does not block playback', async () => {
    const user = await abroad.make.operatorUser('no_money');
    const { auth } = await abroad.make.session({ userId: user.id });
    expect((await meAbroad(auth)).mf_info.mf_pop_up).toBe('no_money');
    expect((await seen(auth, 'no_money')).statusCode).toBe(400);
    await abroad.db.update(users).set({ operatorPopup: null }).where(eq(users.id, user.id));
    expect((await meAbroad(auth)).mf_info.mf_pop_up).toBe('no_app');
  });

  it('closed in another listed country: shown again here; customers who are not the operator\'s never get it', async () => {
    const user = await abroad.make.operatorUser(null, { operatorNoAppSeenCountry: 'UA' });
    expect((await meAbroad((await abroad.make.session({ userId: user.id })).auth)).mf_info.mf_pop_up).toBe('no_app');
    const plain = await abroad.make.user();
    expect((await meAbroad((await abroad.make.session({ userId: plain.id })).auth)).mf_info).toEqual({ is_mf: false, mf_pop_up: null });
  });

  it('at home (a country not on the list) an operator customer gets none', async () => {
    const user = await t.make.operatorUser(null);
    expect((await me((await t.make.session({ userId: user.id })).auth)).mf_info).toEqual({ is_mf: true, mf_pop_up: null });
  });

  it('closing it: 400 for an unknown popup, 401 for a virtual visitor', async () => {
    const user = await abroad.make.operatorUser(null);
    const { auth } = await abroad.make.session({ userId: user.id });
    expect((await seen(auth, 'elsewhere')).statusCode).toBe(400);
    const visitor = await loginDevice(abroad);
    expect((await seen(visitor.auth, 'no_app')).statusCode).toBe(401);
    expect((await meAbroad(auth)).mf_info.mf_pop_up).toBe('no_app');
  });
});

describe('OPERATOR_APP_UNAVAILABLE_COUNTRIES', () => {
  it('is a list of two-letter codes (upper-cased, deduplicated); empty turns the popup off; a bad entry stops the start naming it', () => {
    expect(loadEnv({}).OPERATOR_APP_UNAVAILABLE_COUNTRIES).toEqual(['UA', 'LT', 'LV', 'EE']);
    expect(loadEnv({ OPERATOR_APP_UNAVAILABLE_COUNTRIES: ' kz,KZ , by' }).OPERATOR_APP_UNAVAILABLE_COUNTRIES).toEqual(['KZ', 'BY']);
    expect(loadEnv({ OPERATOR_APP_UNAVAILABLE_COUNTRIES: '' }).OPERATOR_APP_UNAVAILABLE_COUNTRIES).toEqual([]);
    expect(() => loadEnv({ OPERATOR_APP_UNAVAILABLE_COUNTRIES: 'UA,Latvia' })).toThrow(/OPERATOR_APP_UNAVAILABLE_COUNTRIES: not a two-letter country code .*Latvia/);
  });
});
