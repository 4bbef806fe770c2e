import {
  AccountDeviceListSchema, AuthDataSchema, DeviceAuthorizationSchema, DeviceDecisionSchema, DeviceTokenErrorSchema, DeviceTokenSchema, ErrorSchema,
  PendingDeviceSchema, USER_CODE_ALPHABET,
} from '@ekran/contracts';
import { deviceAuthorizations, devices, sessions } from '@ekran/db';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountHelpers, nextIp, UA } from '../../test/account-helpers.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { childSession } from '../profiles/profiles.test-helpers.ts';

// RFC 8628 device authorization grant: a TV asks for a code, a signed-up adult confirms it on the site, the TV's
// poll gets a session (docs/decisions/053-tv-sign-in-by-code.md).

let t: TestApp;
let h: ReturnType<typeof accountHelpers>;
let tvKey: Record<string, string>;
const LIMIT = 3;
const TV_UA = 'Mozilla/5.0 (SMART-TV; Linux; Tizen 7.0) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/5.0 Chrome/94.0.4606.31 TV Safari/537.36';

beforeAll(async () => {
  t = await createTestApp({ DEVICE_LIMIT: String(LIMIT), WEB_ORIGIN: 'https://ekran.example' });
  h = accountHelpers(t);
  // The TV app is an API client of its own.
  const tv = await t.make.apiClient({ key: 'test-smarttv-key-0001', name: 'Экран для Smart TV', platform: 'smarttv' });
  tvKey = { 'x-api-key': tv.key, 'user-agent': TV_UA };
});
afterAll(() => t.close());

let tvN = 0;
/** The TV asks for a code (from an address of its own unless told). */
async function authorize(body: Record<string, unknown> = {}, remoteAddress = nextIp()) {
  const res = await h.call('POST', '/api/v1/auth/device/code', tvKey, { device_id: `tv-samsung-${++tvN}-${Date.now()}`, device_name: 'Samsung Smart TV', ...body }, remoteAddress);
  expect(res.statusCode, res.body).toBe(200);
  return DeviceAuthorizationSchema.parse(res.json());
}

const poll = (deviceCode: string, headers = tvKey) =>
  h.call('POST', '/api/v1/auth/device/token', headers, { grant_type: 'urn:ietf:params:oauth:grant-type:device_code', device_code: deviceCode });

/** A poll that got no token: its RFC 8628 error (asserted to be the API's error shape too). */
async function refused(deviceCode: string) {
  const res = await poll(deviceCode);
  expect(res.statusCode, res.body).toBe(400);
  const body = DeviceTokenErrorSchema.parse(res.json());
  expect(body.code).toBe(body.error);
  return body;
}

const site = (op: 'lookup' | 'approve' | 'deny', auth: Record<string, string>, userCode: unknown) => h.call('POST', `/api/v1/auth/device/${op}`, auth, { user_code: userCode });

const later = (seconds: number) => {
  t.clock.now = new Date(t.clock.now.getTime() + seconds * 1000);
};

/** A signed-up viewer signed in on the site (the account's first browser and this one: two devices). */
async function holder() {
  const acc = await h.account();
  return { ...acc, site: await h.signedInBrowser(acc) };
}

/** How many sessions the account holds on the device with this uid. */
const sessionsOfDevice = async (userId: string, uid: string) => {
  const rows = await t.db.select({ id: sessions.id }).from(sessions).innerJoin(devices, eq(devices.id, sessions.deviceId)).where(and(eq(devices.userId, userId), eq(devices.deviceUid, uid)));
  return rows.length;
};

describe('POST /api/v1/auth/device/code (RFC 8628 §3.1–3.2)', () => {
  it('answers a device code, a readable user code, the site page and the timing', async () => {
    const code = await authorize();
    expect(code.user_code).toMatch(/^[A-Z0-9]{4}-[A-Z0-9]{4}$/);
    for (const ch of code.user_code.replace('-', '')) expect(USER_CODE_ALPHABET).toContain(ch);
    expect(code.user_code).not.toMatch(/[01OIL]/);
    expect(code.device_code.length).toBeGreaterThanOrEqual(40);
    expect(code.verification_uri).toBe('https://ekran.example/activate');
    expect(code.verification_uri_complete).toBe(`https://ekran.example/activate?code=${code.user_code}`);
    expect(code.expires_in).toBe(600);
    expect(code.interval).toBe(5);
    // The device code is kept only as a hash.
    const rows = await t.db.select().from(deviceAuthorizations).where(eq(deviceAuthorizations.userCode, code.user_code.replace('-', '')));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.deviceCodeHash).not.toContain(code.device_code);
  });

  it.each([
    ['no device id', { device_id: undefined }],
    ['a short device id', { device_id: 'tv' }],
    ['an unknown device type', { device_type: 'fridge' }],
    ['a control character in the name', { device_name: 'TV\u0000' }],
    ['an over-long name', { device_name: 'T'.repeat(65) }],
  ])('answers 400 for %s', async (_, body) => {
    const res = await h.call('POST', '/api/v1/auth/device/code', tvKey, { device_id: 'tv-samsung-bad-input', ...body });
    expect(res.statusCode).toBe(400);
    expect(ErrorSchema.parse(res.json()).code).toBe('BAD_REQUEST');
  });

  it('needs an API key', async () => {
    const res = await h.call('POST', '/api/v1/auth/device/code', {}, { device_id: 'tv-samsung-no-key' });
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('INVALID_API_KEY');
  });

  it('limits the requests of one address (10 a minute)', async () => {
    const address = '10.77.0.1';
    const answers = [];
    for (let i = 0; i < 11; i++) answers.push((await h.call('POST', '/api/v1/auth/device/code', tvKey, { device_id: `tv-rate-${i}-0000` }, address)).statusCode);
    expect(answers.slice(0, 10)).toEqual(Array(10).fill(200));
    expect(answers[10]).toBe(429);
  });
});

describe('the whole flow: authorize → pending → confirm on the site → the TV gets its session', () => {
  it('signs the TV in to the account that confirmed, once', async () => {
    const viewer = await holder();
    const code = await authorize({ device_id: 'tv-samsung-living-room' });
    expect((await refused(code.device_code)).error).toBe('authorization_pending');

    // The site shows the device first; the code may be typed in any case, with or without its dash.
    const typed = code.user_code.replace('-', '').toLowerCase();
    const lookup = await site('lookup', viewer.site.auth, typed);
    expect(lookup.statusCode, lookup.body).toBe(200);
    expect(PendingDeviceSchema.parse(lookup.json())).toMatchObject({ user_code: code.user_code, device_type: 'smarttv', device_name: 'Samsung Smart TV' });

    later(5);
    expect((await refused(code.device_code)).error).toBe('authorization_pending');
    const approve = await site('approve', viewer.site.auth, ` ${code.user_code.toLowerCase()} `);
    expect(approve.statusCode, approve.body).toBe(200);
    expect(DeviceDecisionSchema.parse(approve.json())).toEqual({ user_code: code.user_code, status: 'approved', device_type: 'smarttv', device_name: 'Samsung Smart TV' });

    later(5);
    const res = await poll(code.device_code);
    expect(res.statusCode, res.body).toBe(200);
    const token = DeviceTokenSchema.parse(res.json());
    expect(token).toMatchObject({ _id: viewer.id, virtual: false, token_type: 'Bearer', access_token: token.authentication_token, expires_in: t.env.SESSION_TTL_DAYS * 86_400 });
    expect(res.headers['set-cookie']).toBeUndefined();
    expect(res.headers['cache-control']).toBe('no-store');

    // The session works as a bearer token on the TV, registered as the account's smart TV.
    const refresh = await h.call('POST', '/api/v1/auth/refresh', { ...tvKey, authorization: `Bearer ${token.access_token}` });
    expect(refresh.statusCode).toBe(200);
    const data = AuthDataSchema.parse(refresh.json());
    expect(data._id).toBe(viewer.id);
    expect(data.devices).toContainEqual({ type: 'smarttv', uid: 'tv-samsung-living-room' });
    const devices = AccountDeviceListSchema.parse((await h.call('GET', '/api/v1/account/devices', viewer.site.auth)).json());
    expect(devices.items.find((d) => d.uid === 'tv-samsung-living-room')).toMatchObject({ type: 'smarttv', platform: 'tv' });

    // Single use: the code yields no second session.
    later(5);
    expect((await refused(code.device_code)).error).toBe('invalid_grant');
    expect(await sessionsOfDevice(viewer.id, 'tv-samsung-living-room')).toBe(1);
    // And the site can no longer confirm it.
    expect((await site('approve', viewer.site.auth, code.user_code)).json().code).toBe('USER_CODE_USED');
  });

  it('gives one session to concurrent polls', async () => {
    const viewer = await holder();
    const code = await authorize({ device_id: 'tv-sony-bedroom' });
    expect((await site('approve', viewer.site.auth, code.user_code)).statusCode).toBe(200);
    const answers = await Promise.all(Array.from({ length: 6 }, () => poll(code.device_code)));
    expect(answers.filter((r) => r.statusCode === 200)).toHaveLength(1);
    for (const r of answers.filter((a) => a.statusCode !== 200)) expect(['slow_down', 'invalid_grant']).toContain(r.json().error);
    expect(await sessionsOfDevice(viewer.id, 'tv-sony-bedroom')).toBe(1);
  });

  it('answers access_denied after the viewer refuses', async () => {
    const viewer = await holder();
    const code = await authorize();
    const deny = await site('deny', viewer.site.auth, code.user_code);
    expect(deny.statusCode).toBe(200);
    expect(deny.json().status).toBe('denied');
    expect((await refused(code.device_code)).error).toBe('access_denied');
    expect((await site('approve', viewer.site.auth, code.user_code)).statusCode).toBe(409);
  });

  it("binds the device code to the client it was issued to, and knows no made-up one", async () => {
    const viewer = await holder();
    const code = await authorize();
    await site('approve', viewer.site.auth, code.user_code);
    const other = await poll(code.device_code, t.headers);
    expect(other.statusCode).toBe(400);
    expect(other.json().error).toBe('invalid_grant');
    expect((await refused('x'.repeat(43))).error).toBe('invalid_grant');
    // The right client still gets its session.
    later(5);
    expect((await poll(code.device_code)).statusCode).toBe(200);
  });
});

describe('polling pace (RFC 8628 §3.5 slow_down)', () => {
  it('answers slow_down to a poll within the interval and adds 5 seconds to it', async () => {
    const code = await authorize();
    expect((await refused(code.device_code)).error).toBe('authorization_pending');
    later(1);
    expect(await refused(code.device_code)).toMatchObject({ error: 'slow_down', interval: 10 });
    // The new interval holds from that poll on.
    later(6);
    expect(await refused(code.device_code)).toMatchObject({ error: 'slow_down', interval: 15 });
    later(15);
    expect((await refused(code.device_code)).error).toBe('authorization_pending');
  });
});

describe('expiry after 10 minutes', () => {
  it('answers expired_token to the TV and «expired» to the site', async () => {
    const viewer = await holder();
    const code = await authorize();
    later(599);
    expect((await site('lookup', viewer.site.auth, code.user_code)).statusCode).toBe(200);
    later(1);
    expect((await refused(code.device_code)).error).toBe('expired_token');
    for (const op of ['lookup', 'approve', 'deny'] as const) {
      const res = await site(op, viewer.site.auth, code.user_code);
      expect(res.statusCode, op).toBe(410);
      expect(res.json().code).toBe('USER_CODE_EXPIRED');
    }
  });

  it('does not sign in a code confirmed in time but collected too late', async () => {
    const viewer = await holder();
    const code = await authorize({ device_id: 'tv-late-collector' });
    expect((await site('approve', viewer.site.auth, code.user_code)).statusCode).toBe(200);
    later(600);
    expect((await refused(code.device_code)).error).toBe('expired_token');
    expect(await sessionsOfDevice(viewer.id, 'tv-late-collector')).toBe(0);
  });
});

describe('the site side: who may confirm, wrong codes', () => {
  it('locks the account out after 5 wrong codes', async () => {
    const viewer = await holder();
    const code = await authorize();
    for (let i = 0; i < 5; i++) {
      const wrong = await site(i % 2 ? 'approve' : 'lookup', viewer.site.auth, 'ZZZZ-ZZZ' + String(i + 2));
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json().code).toBe('USER_CODE_INVALID');
    }
    const locked = await site('approve', viewer.site.auth, code.user_code);
    expect(locked.statusCode).toBe(429);
    expect(locked.headers['retry-after']).toBeDefined();
    // Another viewer is not locked by it.
    const other = await holder();
    expect((await site('approve', other.site.auth, code.user_code)).statusCode).toBe(200);
  });

  it.each([['too short', 'ABC'], ['a sign', 'ABCD-EFG!'], ['a number', 12345678], ['too long', 'A'.repeat(40)]])('answers 400 BAD_REQUEST for a code %s', async (_, userCode) => {
    const viewer = await holder();
    const res = await site('approve', viewer.site.auth, userCode);
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('BAD_REQUEST');
  });

  it('refuses a child profile (403 KIDS_PROFILE_RESTRICTED), a virtual visitor and a caller without a session', async () => {
    const code = await authorize();
    const kid = await childSession(t);
    for (const op of ['lookup', 'approve', 'deny'] as const) {
      const res = await site(op, kid.auth, code.user_code);
      expect(res.statusCode, op).toBe(403);
      expect(res.json().code).toBe('KIDS_PROFILE_RESTRICTED');
    }
    const visitor = await h.browser();
    const virtual = await site('approve', visitor.auth, code.user_code);
    expect(virtual.statusCode).toBe(403);
    expect(virtual.json().code).toBe('REGISTRATION_REQUIRED');
    expect((await site('approve', t.headers, code.user_code)).statusCode).toBe(401);
    // The code is still waiting for a viewer who may.
    expect((await refused(code.device_code)).error).toBe('authorization_pending');
  });

  it('refuses to confirm when the account is at its device limit, and creates no session', async () => {
    const viewer = await holder();
    await h.signedInBrowser(viewer, UA.safariIphone); // the third device: the limit
    const code = await authorize({ device_id: 'tv-hisense-kitchen' });
    const res = await site('approve', viewer.site.auth, code.user_code);
    expect(res.statusCode).toBe(403);
    const error = ErrorSchema.parse(res.json());
    expect(error.code).toBe('DEVICE_COUNT_EXCEEDED');
    expect(error.device_limit?.limit).toBe(LIMIT);
    expect(error.device_limit?.devices).toHaveLength(LIMIT);
    expect((await refused(code.device_code)).error).toBe('authorization_pending');
    expect(await sessionsOfDevice(viewer.id, 'tv-hisense-kitchen')).toBe(0);
  });

  it('refuses the session when the account filled up between the confirmation and the poll', async () => {
    const viewer = await holder();
    const code = await authorize({ device_id: 'tv-lg-hall' });
    expect((await site('approve', viewer.site.auth, code.user_code)).statusCode).toBe(200);
    await h.signedInBrowser(viewer, UA.firefoxLinux); // the last free place goes to a browser
    const res = await poll(code.device_code);
    expect(res.statusCode).toBe(403);
    const error = ErrorSchema.parse(res.json());
    expect(error.code).toBe('DEVICE_COUNT_EXCEEDED');
    // As any sign-in stopped by the limit: a ticket lets the TV free a place and finish.
    expect(error.device_limit?.ticket).toBeTruthy();
    expect(await sessionsOfDevice(viewer.id, 'tv-lg-hall')).toBe(0);
    later(5);
    expect((await refused(code.device_code)).error).toBe('invalid_grant');
  });

  it('lets a TV the account already knows sign in again at the limit', async () => {
    const viewer = await holder();
    const first = await authorize({ device_id: 'tv-known-one' });
    expect((await site('approve', viewer.site.auth, first.user_code)).statusCode).toBe(200);
    expect((await poll(first.device_code)).statusCode).toBe(200); // the third device: the limit
    const again = await authorize({ device_id: 'tv-known-one' });
    expect((await site('approve', viewer.site.auth, again.user_code)).statusCode).toBe(200);
    expect((await poll(again.device_code)).statusCode).toBe(200);
    expect(await sessionsOfDevice(viewer.id, 'tv-known-one')).toBe(2);
  });
});
