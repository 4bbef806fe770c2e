import { AuthDataSchema, ErrorSchema, LoginCheckSchema } from '@ekran/contracts';
import { orders } from '@ekran/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, freshAddress, loginDevice, type TestApp } from '../../test/harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ LOGIN_CHECKS_PER_ADDRESS_HOUR: '30' });
});
afterAll(() => t.close());

describe('POST /api/v1/auth/device-login', () => {
  it('creates a virtual user with a session cookie and the auth data of platform §3', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/device-login',
      headers: t.headers,
      payload: { device_id: 'web-1234567890', device_type: 'web', traffic_source: 'tapp', is_child: false },
    });
    expect(res.statusCode).toBe(201);
    const data = AuthDataSchema.parse(res.json());
    expect(data.virtual).toBe(true);
    expect(data.profile_for_child).toBe(false);
    expect(data.current_country_code).toBe('RU');
    expect(data.devices).toEqual([{ type: 'web', uid: 'web-1234567890' }]);
    expect(data.subscriptions).toEqual([]);
    expect(data.trial_is_available).toBe(true);
    const cookie = res.cookies.find((c) => c.name === 'ekran_token');
    expect(cookie?.value).toBe(data.authentication_token);
    expect(cookie?.httpOnly).toBe(true);
  });

  it('makes a child profile current when is_child is true', async () => {
    const login = await loginDevice(t, { is_child: true });
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/auth/refresh', headers: login.auth });
    expect(res.json().profile_for_child).toBe(true);
  });

  it('creates a new virtual user on every login', async () => {
    const a = await loginDevice(t);
    const b = await loginDevice(t);
    expect(a._id).not.toBe(b._id);
  });

  it.each([
    ['a short device_id', { device_id: 'x', device_type: 'web' }],
    ['an unknown device_type', { device_id: 'web-1234567890', device_type: 'fridge' }],
    ['a missing device_id', { device_type: 'web' }],
    ['characters outside the id alphabet', { device_id: 'web 1234567890 <script>', device_type: 'web' }],
  ])('answers 400 for %s and creates nothing', async (_, payload) => {
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/auth/device-login', headers: t.headers, payload });
    expect(res.statusCode).toBe(400);
    const err = ErrorSchema.parse(res.json());
    expect(err.code).toBe('BAD_REQUEST');
    expect(res.cookies).toHaveLength(0);
  });

  it('refuses a call without an API key or with an unknown one', async () => {
    const payload = { device_id: 'web-1234567890', device_type: 'web' };
    const none = await t.app.inject({ method: 'POST', url: '/api/v1/auth/device-login', payload });
    expect(none.statusCode).toBe(401);
    expect(none.json().code).toBe('INVALID_API_KEY');
    const unknown = await t.app.inject({ method: 'POST', url: '/api/v1/auth/device-login', headers: { 'x-api-key': 'nope-nope-nope' }, payload });
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json().code).toBe('INVALID_API_KEY');
  });

  it('accepts the key in the apikey query too', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/v1/auth/device-login?apikey=${t.headers['x-api-key']}`,
      payload: { device_id: 'web-1234567890', device_type: 'web' },
    });
    expect(res.statusCode).toBe(201);
  });
});

describe('POST /api/v1/auth/refresh', () => {
  it('returns the current user for the cookie, the body token and a bearer header', async () => {
    const login = await loginDevice(t);
    const byCookie = await t.app.inject({ method: 'POST', url: '/api/v1/auth/refresh', headers: login.auth });
    const byBody = await t.app.inject({ method: 'POST', url: '/api/v1/auth/refresh', headers: t.headers, payload: { auth_token: login.token } });
    const byBearer = await t.app.inject({ method: 'POST', url: '/api/v1/auth/refresh', headers: { ...t.headers, authorization: `Bearer ${login.token}` } });
    for (const res of [byCookie, byBody, byBearer]) {
      expect(res.statusCode).toBe(200);
      expect(AuthDataSchema.parse(res.json())._id).toBe(login._id);
    }
  });

  it('shows live subscriptions and that the trial was used', async () => {
    const login = await loginDevice(t);
    await t.make.subscription({ userId: login._id });
    const data = AuthDataSchema.parse((await t.app.inject({ method: 'POST', url: '/api/v1/auth/refresh', headers: login.auth })).json());
    expect(data.subscriptions).toHaveLength(1);
    expect(data.subscriptions[0]?.status).toBe('active');
    expect(data.trial_is_available).toBe(false);
  });

  // A trial is for those who never had a subscription nor a trial.
  it('offers no trial after an ended trial, nor after a trial order whose subscription is gone', async () => {
    const refresh = async (auth: Record<string, string>) =>
      AuthDataSchema.parse((await t.app.inject({ method: 'POST', url: '/api/v1/auth/refresh', headers: auth })).json()).trial_is_available;
    const fresh = await loginDevice(t);
    expect(await refresh(fresh.auth)).toBe(true);

    const hadTrial = await loginDevice(t);
    await t.make.subscription({ userId: hadTrial._id, status: 'expired', expiresAt: new Date('2026-10-08T00:00:00Z') });
    const data = AuthDataSchema.parse((await t.app.inject({ method: 'POST', url: '/api/v1/auth/refresh', headers: hadTrial.auth })).json());
    expect([data.subscriptions.length, data.trial_is_available]).toEqual([0, false]);

    const trialOrder = await loginDevice(t);
    await t.db.insert(orders).values({ userId: trialOrder._id, kind: 'trial', amount: 1, status: 'succeeded', idempotencyKey: 'trial-1', requestHash: 'h' });
    expect(await refresh(trialOrder.auth)).toBe(false);

    const failedTrialOrder = await loginDevice(t);
    await t.db.insert(orders).values({ userId: failedTrialOrder._id, kind: 'trial', amount: 1, status: 'failed', idempotencyKey: 'trial-2', requestHash: 'h' });
    expect(await refresh(failedTrialOrder.auth)).toBe(true);
  });

  it('answers 401 for an unknown token and for no token', async () => {
    const unknown = await t.app.inject({ method: 'POST', url: '/api/v1/auth/refresh', headers: { ...t.headers, cookie: 'ekran_token=unknown-token-unknown-token' } });
    expect(unknown.statusCode).toBe(401);
    const none = await t.app.inject({ method: 'POST', url: '/api/v1/auth/refresh', headers: t.headers });
    expect(none.statusCode).toBe(401);
    expect(ErrorSchema.parse(none.json()).code).toBe('UNAUTHORIZED');
  });

  it('answers 401 once the session has expired', async () => {
    const login = await loginDevice(t);
    const saved = t.clock.now;
    t.clock.now = new Date(saved.getTime() + 91 * 86_400_000);
    try {
      const res = await t.app.inject({ method: 'POST', url: '/api/v1/auth/refresh', headers: login.auth });
      expect(res.statusCode).toBe(401);
    } finally {
      t.clock.now = saved;
    }
  });

  it('answers 400 for a malformed body token', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/auth/refresh', headers: t.headers, payload: { auth_token: 'short' } });
    expect(res.statusCode).toBe(400);
  });
});

describe('POST /api/v1/auth/login/check (decision 037)', () => {
  const check = (email: unknown, remoteAddress = freshAddress()) =>
    t.app.inject({ method: 'POST', url: '/api/v1/auth/login/check', headers: t.headers, remoteAddress, payload: { email } });

  it('answers whether an email has an account, whatever its case', async () => {
    await t.make.user({ email: 'est.akkaunt@example.ru' });
    const known = await check('Est.Akkaunt@Example.RU');
    expect(known.statusCode).toBe(200);
    expect(LoginCheckSchema.parse(known.json())).toEqual({ email: 'est.akkaunt@example.ru', exists: true });
    const fresh = await check('novyy.zritel@example.ru');
    expect(fresh.statusCode).toBe(200);
    expect(fresh.json()).toEqual({ email: 'novyy.zritel@example.ru', exists: false });
  });

  it.each([['not an email', 'net-sobachki'], ['no email', undefined], ['a number', 42]])('answers 400 for %s', async (_, email) => {
    const res = await check(email);
    expect(res.statusCode).toBe(400);
    expect(ErrorSchema.parse(res.json()).code).toBe('BAD_REQUEST');
  });

  it(`tells one client address about at most LOGIN_CHECKS_PER_ADDRESS_HOUR (30) addresses an hour, asked again for free, sign-ups included`, async () => {
    const address = freshAddress();
    // A sign-up tells whether the address was free: it takes from the same count.
    const visitor = await loginDevice(t);
    const signUp = await t.app.inject({
      method: 'POST', url: '/api/v1/auth/email/register', headers: visitor.auth, remoteAddress: address,
      payload: { email: 'pervyy.zritel@example.ru', password: 'dlinnyy-parol' },
    });
    expect(signUp.statusCode).toBe(201);
    expect(t.env.LOGIN_CHECKS_PER_ADDRESS_HOUR).toBe(30);
    for (let i = 1; i < 30; i++) {
      t.clock.now = new Date(t.clock.now.getTime() + 7_000);
      expect((await check(`perebor.${i}@example.ru`, address)).statusCode).toBe(200);
    }
    t.clock.now = new Date(t.clock.now.getTime() + 7_000);
    const locked = await check('perebor.lishniy@example.ru', address);
    expect(locked.statusCode).toBe(429);
    expect(locked.headers['retry-after']).toBeDefined();
    // An address already asked about is answered again; another client address has its own count.
    expect((await check('perebor.1@example.ru', address)).statusCode).toBe(200);
    expect((await check('perebor.lishniy@example.ru')).statusCode).toBe(200);
    // An hour later the count starts over.
    t.clock.now = new Date(t.clock.now.getTime() + 3_600_000);
    expect((await check('perebor.lishniy@example.ru', address)).statusCode).toBe(200);
  });
});
