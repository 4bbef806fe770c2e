import { AuthDataSchema, ErrorSchema, OperatorApiPath, OperatorMlkResultSchema, OperatorSubscriptionSchema, OutboxListSchema, PlaybackCheckSchema, type OperatorNotification } from '@ekran/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, loginDevice, type TestApp } from '../../test/harness.ts';
import { signNotification } from './operator.routes.ts';

const SECRET = 'test-operator-notify-secret-0123456789abcdef';
let t: TestApp;
let paid: { id: string };

beforeAll(async () => {
  t = await createTestApp({ OPERATOR_NOTIFY_SECRET: SECRET });
  await t.make.tariff({ alias: 'month', title: 'Подписка на месяц', price: 399, weight: 0, allowTrial: true, trialDays: 7 });
  paid = await t.make.title({ alias: 'platnyy-operator' });
});
afterAll(() => t.close());

let ip = 0;
const nextIp = () => `10.9.${Math.floor(++ip / 250)}.${ip % 250}`;
const post = (url: string, headers: Record<string, string>, payload?: unknown) =>
  t.app.inject({ method: 'POST', url, headers, remoteAddress: nextIp(), ...(payload === undefined ? {} : { payload: payload as object }) });
const get = (url: string, headers: Record<string, string>) => t.app.inject({ url, headers, remoteAddress: nextIp() });

/** A fresh mobile number; the sandbox operator refuses numbers ending in 0000 and 9999, so these never do. */
const freshMsisdn = () => `+79${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}1`;

async function lastCode(phone: string) {
  const res = await t.app.inject({ url: `/api/v1/dev/outbox?recipient=${encodeURIComponent(phone)}`, headers: t.headers });
  return OutboxListSchema.parse(res.json()).items[0]?.body.match(/\b(\d{6})\b/)?.[1] ?? '';
}

/** A visitor who signed up by a code to a msisdn: their session cookie, device and the msisdn. */
async function operatorViewer(msisdn = freshMsisdn()) {
  const login = await loginDevice(t);
  expect((await post(OperatorApiPath.code, login.auth, { msisdn })).statusCode).toBe(204);
  const res = await post(OperatorApiPath.verify, login.auth, { msisdn, code: await lastCode(msisdn) });
  expect(res.statusCode).toBe(200);
  return { ...login, msisdn, data: AuthDataSchema.parse(res.json()) };
}

const notify = (n: OperatorNotification, signature = signNotification(SECRET, n)) =>
  t.app.inject({ method: 'POST', url: OperatorApiPath.notifications, headers: { 'x-operator-signature': signature }, payload: n });
let nid = 0;
const event = (msisdn: string, e: OperatorNotification['event']): OperatorNotification => ({ notification_id: `n-${++nid}`, msisdn, event: e });

const me = async (auth: Record<string, string>) => AuthDataSchema.parse((await post('/api/v1/auth/refresh', auth)).json());
const play = async (v: { auth: Record<string, string>; devices?: unknown }, deviceUid: string) =>
  t.app.inject({ url: `/api/v1/playback/${paid.id}?device_id=${deviceUid}`, headers: v.auth, remoteAddress: '192.0.2.10' });

describe('sign-up and sign-in by an SMS code to the msisdn', () => {
  it('registers the visitor with the msisdn and marks the account an operator customer', async () => {
    const v = await operatorViewer();
    expect(v.data.virtual).toBe(false);
    expect(v.data.phone).toBe(v.msisdn);
    expect(v.data.mf_info).toEqual({ is_mf: true, mf_pop_up: null });
  });

  it('signs in on another device to the account of the msisdn', async () => {
    const first = await operatorViewer();
    const other = await operatorViewer(first.msisdn);
    expect(other.data._id).toBe(first.data._id);
    expect(other.data.authentication_token).not.toBe(other.token);
  });

  it('400 for a number that is not a mobile one, and for a wrong code; nothing is marked', async () => {
    const login = await loginDevice(t);
    const bad = await post(OperatorApiPath.code, login.auth, { msisdn: '12345' });
    expect(bad.statusCode).toBe(400);
    expect(ErrorSchema.parse(bad.json()).code).toBe('INVALID_PHONE');
    const msisdn = freshMsisdn();
    await post(OperatorApiPath.code, login.auth, { msisdn });
    const wrong = await post(OperatorApiPath.verify, login.auth, { msisdn, code: (await lastCode(msisdn)) === '000000' ? '111111' : '000000' });
    expect(wrong.statusCode).toBe(400);
    expect((await me(login.auth)).mf_info.is_mf).toBe(false);
    expect((await post(OperatorApiPath.verify, login.auth, { msisdn, code: 'abc' })).statusCode).toBe(400);
  });

  it('401 without a session', async () => {
    expect((await post(OperatorApiPath.code, t.headers, { msisdn: freshMsisdn() })).statusCode).toBe(401);
  });
});

describe('connect, suspend and resume', () => {
  it('connects once (201, then 200 with the same subscription) and the subscription plays', async () => {
    const v = await operatorViewer();
    const device = (await me(v.auth)).devices[0]!.uid;
    const before = PlaybackCheckSchema.parse((await play(v, device)).json());
    expect(before.reason).toBe('subscription_required');

    const first = await post(OperatorApiPath.connect, v.auth);
    expect(first.statusCode).toBe(201);
    const sub = OperatorSubscriptionSchema.parse(first.json());
    expect(sub).toMatchObject({ msisdn: v.msisdn, status: 'active', balance_state: 'ok', is_entitling: true });
    expect(new Date(sub.expires_at).getTime() - t.clock.now.getTime()).toBe(30 * 86_400_000);
    const again = await post(OperatorApiPath.connect, v.auth);
    expect(again.statusCode).toBe(200);
    expect(OperatorSubscriptionSchema.parse(again.json()).id).toBe(sub.id);

    expect((await me(v.auth)).mf_info).toEqual({ is_mf: true, mf_pop_up: 'info' });
    const after = PlaybackCheckSchema.parse((await play(v, device)).json());
    expect(after.reason).toBe('ok');
    expect(after.playlists).toHaveLength(1);
  });

  it('suspend for no money: playback refused with insufficient_balance and no tariffs; resume: got_money once', async () => {
    const v = await operatorViewer();
    const device = (await me(v.auth)).devices[0]!.uid;
    await post(OperatorApiPath.connect, v.auth);

    const suspended = event(v.msisdn, 'suspended');
    expect((await notify(suspended)).json()).toEqual({ applied: true });
    // The operator repeats a notification: it applies once.
    expect((await notify(suspended)).json()).toEqual({ applied: false });
    expect((await me(v.auth)).mf_info.mf_pop_up).toBe('no_money');
    const refused = PlaybackCheckSchema.parse((await play(v, device)).json());
    expect(refused).toMatchObject({ playlists: [], reason: 'insufficient_balance', upgrade_options: [] });
    // A suspended subscription is not connected again (nor charged) until the balance is back.
    const reconnect = await post(OperatorApiPath.connect, v.auth);
    expect(reconnect.statusCode).toBe(409);
    expect(ErrorSchema.parse(reconnect.json()).message).toBe('Пополните баланс и возвращайтесь');
    // no_money cannot be dismissed by the viewer.
    expect((await post(OperatorApiPath.popupSeen, v.auth, { popup: 'no_money' })).statusCode).toBe(400);

    expect((await notify(event(v.msisdn, 'resumed'))).json()).toEqual({ applied: true });
    expect((await me(v.auth)).mf_info.mf_pop_up).toBe('got_money');
    expect(PlaybackCheckSchema.parse((await play(v, device)).json()).reason).toBe('ok');
    expect((await post(OperatorApiPath.popupSeen, v.auth, { popup: 'got_money' })).statusCode).toBe(204);
    expect((await me(v.auth)).mf_info.mf_pop_up).toBeNull();
    // A second resume (the operator repeats itself in other words) raises no popup again.
    await notify(event(v.msisdn, 'resumed'));
    expect((await me(v.auth)).mf_info.mf_pop_up).toBeNull();
  });

  it('low_balance keeps playing and shows in the subscription; cancelled stops it', async () => {
    const v = await operatorViewer();
    const device = (await me(v.auth)).devices[0]!.uid;
    await post(OperatorApiPath.connect, v.auth);
    await notify(event(v.msisdn, 'low_balance'));
    const sub = OperatorSubscriptionSchema.parse((await get(OperatorApiPath.subscription, v.auth)).json());
    expect(sub).toMatchObject({ status: 'active', balance_state: 'low', is_entitling: true });
    expect(PlaybackCheckSchema.parse((await play(v, device)).json()).reason).toBe('ok');
    await notify(event(v.msisdn, 'cancelled'));
    expect(PlaybackCheckSchema.parse((await play(v, device)).json()).reason).toBe('subscription_required');
  });

  it('409 when the operator says the number is not its subscriber, or cannot pay; nothing is saved', async () => {
    for (const [suffix, code] of [['0000', 'NOT_OPERATOR_SUBSCRIBER'], ['9999', 'INSUFFICIENT_BALANCE']] as const) {
      const v = await operatorViewer(`+79${String(Math.floor(Math.random() * 1e5)).padStart(5, '0')}${suffix}`);
      const res = await post(OperatorApiPath.connect, v.auth);
      expect(res.statusCode).toBe(409);
      expect(ErrorSchema.parse(res.json()).code).toBe(code);
      expect((await get(OperatorApiPath.subscription, v.auth)).statusCode).toBe(404);
    }
  });

  it('403 REGISTRATION_REQUIRED for a virtual visitor that connects, 401 without a session and for a virtual visitor’s popup', async () => {
    const login = await loginDevice(t);
    const connect = await post(OperatorApiPath.connect, login.auth);
    expect([connect.statusCode, connect.json().code]).toEqual([403, 'REGISTRATION_REQUIRED']);
    expect((await post(OperatorApiPath.connect, t.headers)).statusCode).toBe(401);
    expect((await post(OperatorApiPath.popupSeen, login.auth, { popup: 'info' })).statusCode).toBe(401);
  });
});

describe('POST operator notifications', () => {
  it('401 with a wrong signature and 400 for a bad event; 404 for an unknown msisdn; nothing changes', async () => {
    const v = await operatorViewer();
    await post(OperatorApiPath.connect, v.auth);
    const n = event(v.msisdn, 'suspended');
    expect((await notify(n, 'f'.repeat(64))).statusCode).toBe(401);
    expect((await notify({ ...n, event: 'exploded' as never })).statusCode).toBe(400);
    expect((await notify(event(freshMsisdn(), 'suspended'))).statusCode).toBe(404);
    expect((await me(v.auth)).mf_info.mf_pop_up).toBe('info');
  });

  it('503 when no secret is configured', async () => {
    const bare = await createTestApp();
    try {
      const n = event('+79990001111', 'suspended');
      const res = await bare.app.inject({ method: 'POST', url: OperatorApiPath.notifications, headers: { 'x-operator-signature': signNotification(SECRET, n) }, payload: n });
      expect(res.statusCode).toBe(503);
    } finally {
      await bare.close();
    }
  });
});

describe('POST /api/v1/dev/operator/events (the sandbox operator, not in production)', () => {
  it('suspends and resumes a msisdn as the operator would; 400 for an unknown event', async () => {
    const v = await operatorViewer();
    await post(OperatorApiPath.connect, v.auth);
    expect((await post('/api/v1/dev/operator/events', t.headers, { msisdn: v.msisdn, event: 'suspended' })).json()).toEqual({ applied: true });
    expect((await me(v.auth)).mf_info.mf_pop_up).toBe('no_money');
    expect((await post('/api/v1/dev/operator/events', t.headers, { msisdn: v.msisdn, event: 'resumed' })).statusCode).toBe(200);
    expect((await me(v.auth)).mf_info.mf_pop_up).toBe('got_money');
    expect((await post('/api/v1/dev/operator/events', t.headers, { msisdn: v.msisdn, event: 'exploded' })).statusCode).toBe(400);
  });
});

describe('GET app=mlk entry', () => {
  it('sets the msisdn and suspend cookies (httpOnly) and sends a code to a visitor', async () => {
    const login = await loginDevice(t);
    const msisdn = freshMsisdn();
    const res = await get(`${OperatorApiPath.mlk}?msisdn=${encodeURIComponent(`8${msisdn.slice(2)}`)}&suspend=1`, login.auth);
    expect(res.statusCode).toBe(200);
    expect(OperatorMlkResultSchema.parse(res.json())).toEqual({ state: 'code_sent', msisdn, suspend: true });
    const cookies = Object.fromEntries(res.cookies.map((c) => [c.name, c]));
    expect(cookies.msisdn).toMatchObject({ value: msisdn, httpOnly: true, maxAge: 30 * 86_400, path: '/' });
    expect(cookies.suspend).toMatchObject({ value: '1', httpOnly: true, maxAge: 86_400 });
    expect(await lastCode(msisdn)).toMatch(/^\d{6}$/);
  });

  it('a caller already signed in with the msisdn stays signed in; no code is sent', async () => {
    const v = await operatorViewer();
    const before = await lastCode(v.msisdn);
    const res = await get(`${OperatorApiPath.mlk}?msisdn=${encodeURIComponent(v.msisdn)}`, v.auth);
    expect(OperatorMlkResultSchema.parse(res.json())).toEqual({ state: 'signed_in', msisdn: v.msisdn, suspend: false });
    expect(await lastCode(v.msisdn)).toBe(before);
  });

  it('400 for a bad msisdn or suspend value, 401 without a session; no cookies', async () => {
    const login = await loginDevice(t);
    const bad = await get(`${OperatorApiPath.mlk}?msisdn=abc`, login.auth);
    expect(bad.statusCode).toBe(400);
    expect(bad.cookies).toHaveLength(0);
    expect((await get(`${OperatorApiPath.mlk}?msisdn=${freshMsisdn()}&suspend=maybe`, login.auth)).statusCode).toBe(400);
    expect((await get(`${OperatorApiPath.mlk}?msisdn=${freshMsisdn()}`, t.headers)).statusCode).toBe(401);
  });
});
