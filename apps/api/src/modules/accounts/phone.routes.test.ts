import { AuthDataSchema, ErrorSchema, OutboxListSchema } from '@ekran/contracts';
import { users } from '@ekran/db';
import { eq } from 'drizzle-orm';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, loginDevice, type TestApp } from '../../test/harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

// Each call comes from its own address unless a test names one, so the per-address limits stay out of the way.
let ip = 0;
const post = (url: string, headers: Record<string, string>, payload?: unknown, remoteAddress = `10.1.${Math.floor(++ip / 250)}.${ip % 250}`) =>
  t.app.inject({ method: 'POST', url, headers, remoteAddress, ...(payload === undefined ? {} : { payload: payload as object }) });

/** A mobile number no other test uses, stored form. */
const freshPhone = () => `+79${String(Math.floor(Math.random() * 1e9)).padStart(9, '0')}`;

/** The SMS to a number, newest first, from the local outbox. */
async function smsTo(phone: string) {
  const res = await t.app.inject({ url: `/api/v1/dev/outbox?recipient=${encodeURIComponent(phone)}`, headers: t.headers });
  return OutboxListSchema.parse(res.json()).items;
}
async function lastCode(phone: string) {
  return (await smsTo(phone))[0]?.body.match(/\b(\d{6})\b/)?.[1] ?? '';
}

/** Moves the clock of the app for the length of fn. */
async function later<T>(ms: number, fn: () => Promise<T>): Promise<T> {
  const saved = t.clock.now;
  t.clock.now = new Date(saved.getTime() + ms);
  try {
    return await fn();
  } finally {
    t.clock.now = saved;
  }
}

const me = async (auth: Record<string, string>) => post('/api/v1/auth/refresh', auth);

/** A viewer who signed up by phone: their session, phone and id. */
async function phoneViewer() {
  const login = await loginDevice(t);
  const phone = freshPhone();
  expect((await post('/api/v1/auth/phone/code', login.auth, { phone })).statusCode).toBe(204);
  const res = await post('/api/v1/auth/phone/verify', login.auth, { phone, code: await lastCode(phone) });
  expect(res.statusCode).toBe(200);
  return { ...login, phone };
}

describe('POST /api/v1/auth/phone/code', () => {
  it.each([
    ['+7 (999) 123-45-67', (d: string) => `+7 (${d.slice(0, 3)}) ${d.slice(3, 6)}-${d.slice(6, 8)}-${d.slice(8)}`],
    ['8 999 123 45 67', (d: string) => `8 ${d.slice(0, 3)} ${d.slice(3, 6)} ${d.slice(6, 8)} ${d.slice(8)}`],
    ['79991234567', (d: string) => `7${d}`],
  ])('sends a six-digit code by SMS to a number typed like %s, stored as +7 and ten digits', async (_, typed) => {
    const phone = freshPhone();
    const login = await loginDevice(t);
    const res = await post('/api/v1/auth/phone/code', login.auth, { phone: typed(phone.slice(2)) });
    expect(res.statusCode, res.body).toBe(204);
    const [sms] = await smsTo(phone);
    expect(sms).toMatchObject({ channel: 'sms', recipient: phone, subject: null });
    expect(sms!.body).toMatch(/^Экран: код для входа \d{6}\. Никому его не сообщайте\.$/);
  });

  it('answers the same for a number with an account and one without, and texts both', async () => {
    const known = await phoneViewer();
    const unknown = freshPhone();
    const [a, b] = await Promise.all([
      later(61_000, () => post('/api/v1/auth/phone/code', t.headers, { phone: known.phone })),
      post('/api/v1/auth/phone/code', t.headers, { phone: unknown }),
    ]);
    expect([a.statusCode, b.statusCode]).toEqual([204, 204]);
    expect(a.body).toBe(b.body);
    expect(a.headers['set-cookie']).toBeUndefined();
    expect(await smsTo(known.phone)).toHaveLength(2);
    expect(await smsTo(unknown)).toHaveLength(1);
  });

  it.each([
    ['9991234567', 'INVALID_PHONE'],
    ['999 123 45 67', 'INVALID_PHONE'],
    ['+799912345', 'INVALID_PHONE'],
    ['телефон', 'INVALID_PHONE'],
    ['+7 999 123 45 6x', 'INVALID_PHONE'],
    ['+74951234567', 'PHONE_NOT_MOBILE'],
    ['8 (495) 123-45-67', 'PHONE_NOT_MOBILE'],
    ['+380501234567', 'PHONE_NOT_MOBILE'],
    ['+992 93 123 4567', 'PHONE_NOT_MOBILE'],
  ])('refuses %j with 400 %s and sends nothing', async (phone, code) => {
    const res = await post('/api/v1/auth/phone/code', t.headers, { phone });
    expect(res.statusCode).toBe(400);
    expect(ErrorSchema.parse(res.json()).code).toBe(code);
    expect(await smsTo(phone)).toEqual([]);
  });

  it.each([[{}], [{ phone: '' }], [{ phone: 79991234567 }], [{ phone: `+7${'9'.repeat(40)}` }]])('answers 400 for the body %j', async (payload) => {
    const res = await post('/api/v1/auth/phone/code', t.headers, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('BAD_REQUEST');
  });

  it('needs the API key', async () => {
    expect((await post('/api/v1/auth/phone/code', {}, { phone: freshPhone() })).statusCode).toBe(401);
  });

  it('sends one code a minute to a number, whatever address asks', async () => {
    const phone = freshPhone();
    expect((await post('/api/v1/auth/phone/code', t.headers, { phone })).statusCode).toBe(204);
    const again = await later(30_000, () => post('/api/v1/auth/phone/code', t.headers, { phone: phone.replace('+7', '8') }));
    expect(again.statusCode).toBe(429);
    expect(again.json()).toMatchObject({ code: 'TOO_MANY_CODES', message: 'A code was sent to this number just now; ask again in 30 s' });
    expect(await smsTo(phone)).toHaveLength(1);
    expect((await later(60_000, () => post('/api/v1/auth/phone/code', t.headers, { phone }))).statusCode).toBe(204);
    expect(await smsTo(phone)).toHaveLength(2);
  });

  it('sends a new code at once when the last one was used', async () => {
    const viewer = await phoneViewer();
    expect((await post('/api/v1/auth/phone/code', t.headers, { phone: viewer.phone })).statusCode).toBe(204);
    expect((await post('/api/v1/auth/phone/code', t.headers, { phone: viewer.phone })).json().code).toBe('TOO_MANY_CODES');
  });

  it('sends at most five codes an hour to a number', async () => {
    const phone = freshPhone();
    const answers = [];
    for (let minute = 0; minute < 7; minute++) answers.push((await later(minute * 61_000, () => post('/api/v1/auth/phone/code', t.headers, { phone }))).statusCode);
    expect(answers).toEqual([204, 204, 204, 204, 204, 429, 429]);
    expect(await smsTo(phone)).toHaveLength(5);
    expect((await later(3_600_000 + 1000, () => post('/api/v1/auth/phone/code', t.headers, { phone }))).statusCode).toBe(204);
  });

  it('limits one address to five code requests a minute', async () => {
    const codes = [];
    for (let i = 0; i < 6; i++) codes.push((await post('/api/v1/auth/phone/code', t.headers, { phone: freshPhone() }, '192.0.2.20')).statusCode);
    expect(codes).toEqual([204, 204, 204, 204, 204, 429]);
    // Another address is not held up.
    expect((await post('/api/v1/auth/phone/code', t.headers, { phone: freshPhone() }, '192.0.2.21')).statusCode).toBe(204);
  });
});

describe('POST /api/v1/auth/phone/verify', () => {
  it('signs up: the virtual user becomes registered with the phone, keeping its id and session', async () => {
    const login = await loginDevice(t);
    const phone = freshPhone();
    await post('/api/v1/auth/phone/code', login.auth, { phone: phone.replace('+7', '8') });
    const res = await post('/api/v1/auth/phone/verify', login.auth, { phone: `+7 ${phone.slice(2)}`, code: await lastCode(phone) });
    expect(res.statusCode).toBe(200);
    const data = AuthDataSchema.parse(res.json());
    expect(data).toMatchObject({ _id: login._id, profile_id: login.profile_id, virtual: false, phone, email: null, need_credentials: false });
    expect(data.authentication_token).toBe(login.token);
    expect(AuthDataSchema.parse((await me(login.auth)).json())).toMatchObject({ _id: login._id, virtual: false, phone });
  });

  it('signs in on another device with a new session and ends that device\'s anonymous one', async () => {
    const viewer = await phoneViewer();
    const device = await loginDevice(t);
    await later(61_000, () => post('/api/v1/auth/phone/code', device.auth, { phone: viewer.phone }));
    const res = await post('/api/v1/auth/phone/verify', device.auth, { phone: viewer.phone, code: await lastCode(viewer.phone) });
    expect(res.statusCode).toBe(200);
    const data = AuthDataSchema.parse(res.json());
    expect(data).toMatchObject({ _id: viewer._id, virtual: false, phone: viewer.phone });
    expect(data.authentication_token).not.toBe(device.token);
    expect(res.cookies.find((c) => c.name === 'ekran_token')).toMatchObject({ value: data.authentication_token, httpOnly: true, sameSite: 'Lax', path: '/' });
    expect((await me(device.auth)).statusCode).toBe(401);
    // The first device keeps its own session.
    expect((await me(viewer.auth)).statusCode).toBe(200);
    // The anonymous user of the second device stays anonymous: no second account got the phone.
    expect((await t.db.select().from(users).where(eq(users.phone, viewer.phone))).map((u) => u.id)).toEqual([viewer._id]);
  });

  it('adds the phone to a registered account without one (a social registration being completed)', async () => {
    const login = await loginDevice(t);
    const email = `bez.telefona.${Date.now()}@example.ru`;
    expect((await post('/api/v1/auth/email/register', login.auth, { email, password: 'секретный-пароль' })).statusCode).toBe(201);
    const phone = freshPhone();
    await post('/api/v1/auth/phone/code', login.auth, { phone });
    const res = await post('/api/v1/auth/phone/verify', login.auth, { phone, code: await lastCode(phone) });
    expect(res.statusCode).toBe(200);
    expect(AuthDataSchema.parse(res.json())).toMatchObject({ _id: login._id, email, phone, virtual: false, authentication_token: login.token });
  });

  it('refuses a phone of another account to a registered account without one (409), and keeps both as they were', async () => {
    const owner = await phoneViewer();
    const login = await loginDevice(t);
    const email = `drugoy.${Date.now()}@example.ru`;
    await post('/api/v1/auth/email/register', login.auth, { email, password: 'секретный-пароль' });
    await later(61_000, () => post('/api/v1/auth/phone/code', login.auth, { phone: owner.phone }));
    const res = await post('/api/v1/auth/phone/verify', login.auth, { phone: owner.phone, code: await lastCode(owner.phone) });
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('PHONE_TAKEN');
    expect(AuthDataSchema.parse((await me(login.auth)).json())).toMatchObject({ _id: login._id, phone: null });
    expect((await me(owner.auth)).json().phone).toBe(owner.phone);
  });

  it('refuses a second phone to an account that has one (409)', async () => {
    const viewer = await phoneViewer();
    const other = freshPhone();
    await post('/api/v1/auth/phone/code', viewer.auth, { phone: other });
    const res = await post('/api/v1/auth/phone/verify', viewer.auth, { phone: other, code: await lastCode(other) });
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('ALREADY_REGISTERED');
    expect((await me(viewer.auth)).json().phone).toBe(viewer.phone);
  });

  it('answers the owner who verifies their own phone again with the same session', async () => {
    const viewer = await phoneViewer();
    await later(61_000, () => post('/api/v1/auth/phone/code', viewer.auth, { phone: viewer.phone }));
    const res = await post('/api/v1/auth/phone/verify', viewer.auth, { phone: viewer.phone, code: await lastCode(viewer.phone) });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ _id: viewer._id, authentication_token: viewer.token });
  });

  it('refuses a wrong code the same way for a number with an account and one without', async () => {
    const known = await phoneViewer();
    const unknown = freshPhone();
    await later(61_000, () => post('/api/v1/auth/phone/code', t.headers, { phone: known.phone }));
    await post('/api/v1/auth/phone/code', t.headers, { phone: unknown });
    const device = await loginDevice(t);
    const wrong = (phone: string) => post('/api/v1/auth/phone/verify', device.auth, { phone, code: '000000' });
    const [a, b] = [await wrong(known.phone), await wrong(unknown)];
    // A real code can be 000000; then both answers would be other than INVALID_CODE and the test says so.
    expect([a.statusCode, b.statusCode]).toEqual([400, 400]);
    expect(a.json()).toEqual(b.json());
    expect(a.json().code).toBe('INVALID_CODE');
  });

  it('refuses a code after 10 minutes', async () => {
    const login = await loginDevice(t);
    const phone = freshPhone();
    await post('/api/v1/auth/phone/code', login.auth, { phone });
    const code = await lastCode(phone);
    const res = await later(10 * 60_000 + 1, () => post('/api/v1/auth/phone/verify', login.auth, { phone, code }));
    expect(res.json().code).toBe('INVALID_CODE');
    expect((await me(login.auth)).json().virtual).toBe(true);
  });

  it('takes a code once', async () => {
    const login = await loginDevice(t);
    const phone = freshPhone();
    await post('/api/v1/auth/phone/code', login.auth, { phone });
    const code = await lastCode(phone);
    expect((await post('/api/v1/auth/phone/verify', login.auth, { phone, code })).statusCode).toBe(200);
    const device = await loginDevice(t);
    const again = await post('/api/v1/auth/phone/verify', device.auth, { phone, code });
    expect(again.statusCode).toBe(400);
    expect(again.json().code).toBe('INVALID_CODE');
    expect((await me(device.auth)).json().virtual).toBe(true);
  });

  it('takes only the newest code, and only for its own number', async () => {
    const login = await loginDevice(t);
    const phone = freshPhone();
    const other = freshPhone();
    await post('/api/v1/auth/phone/code', login.auth, { phone });
    const old = await lastCode(phone);
    await later(61_000, () => post('/api/v1/auth/phone/code', login.auth, { phone }));
    await post('/api/v1/auth/phone/code', login.auth, { phone: other });
    const fresh = await lastCode(phone);
    if (old !== fresh) expect((await post('/api/v1/auth/phone/verify', login.auth, { phone, code: old })).json().code).toBe('INVALID_CODE');
    const otherCode = await lastCode(other);
    if (otherCode !== fresh) expect((await post('/api/v1/auth/phone/verify', login.auth, { phone, code: otherCode })).json().code).toBe('INVALID_CODE');
    expect((await post('/api/v1/auth/phone/verify', login.auth, { phone, code: fresh })).statusCode).toBe(200);
  });

  it('kills the code after five wrong tries, even for the right code', async () => {
    const login = await loginDevice(t);
    const phone = freshPhone();
    await post('/api/v1/auth/phone/code', login.auth, { phone });
    const code = await lastCode(phone);
    const wrong = code === '000000' ? '111111' : '000000';
    const answers = [];
    for (let i = 0; i < 5; i++) answers.push((await post('/api/v1/auth/phone/verify', login.auth, { phone, code: wrong })).json().code);
    expect(answers).toEqual(['INVALID_CODE', 'INVALID_CODE', 'INVALID_CODE', 'INVALID_CODE', 'TOO_MANY_ATTEMPTS']);
    const right = await post('/api/v1/auth/phone/verify', login.auth, { phone, code });
    expect(right.statusCode).toBe(429);
    expect(right.json().code).toBe('TOO_MANY_ATTEMPTS');
    expect((await me(login.auth)).json().virtual).toBe(true);
  });

  it('limits verification tries per address and number to 10 a minute', async () => {
    const phone = freshPhone();
    const login = await loginDevice(t);
    const codes = [];
    for (let i = 0; i < 11; i++) codes.push((await post('/api/v1/auth/phone/verify', login.auth, { phone, code: '123456' }, '192.0.2.30')).statusCode);
    expect(codes.slice(0, 10).every((c) => c === 400)).toBe(true);
    expect(codes[10]).toBe(429);
    expect((await post('/api/v1/auth/phone/verify', login.auth, { phone: freshPhone(), code: '123456' }, '192.0.2.30')).statusCode).toBe(400);
  });

  it.each([
    [{ phone: '+79991234567', code: '12345' }, 'BAD_REQUEST'],
    [{ phone: '+79991234567', code: 'abcdef' }, 'BAD_REQUEST'],
    [{ phone: '+79991234567' }, 'BAD_REQUEST'],
    [{ phone: '9991234567', code: '123456' }, 'INVALID_PHONE'],
    [{ phone: '+74951234567', code: '123456' }, 'PHONE_NOT_MOBILE'],
  ])('answers 400 for %j', async (payload, code) => {
    const login = await loginDevice(t);
    const res = await post('/api/v1/auth/phone/verify', login.auth, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe(code);
  });

  it('needs a session', async () => {
    const phone = freshPhone();
    await post('/api/v1/auth/phone/code', t.headers, { phone });
    expect((await post('/api/v1/auth/phone/verify', t.headers, { phone, code: await lastCode(phone) })).statusCode).toBe(401);
  });
});

describe('phone codes through an SMS gateway that fails', () => {
  let gatewayApp: TestApp;
  const gateway = createServer((req, res) => {
    req.resume();
    req.on('end', () => res.writeHead(500).end('{"error":"down"}'));
  });
  beforeAll(async () => {
    await new Promise<void>((resolve) => gateway.listen(0, '127.0.0.1', resolve));
    gatewayApp = await createTestApp({
      SMS_DELIVERY: 'http',
      SMS_GATEWAY_URL: `http://127.0.0.1:${(gateway.address() as AddressInfo).port}/sms`,
      SMS_GATEWAY_TOKEN: 'gateway-token-123',
      MAIL_DELIVERY: 'smtp',
      SMTP_URL: 'smtp://127.0.0.1:9',
      MAIL_FROM: 'noreply@ekran.example',
    });
  });
  afterAll(async () => {
    await gatewayApp.close();
    gateway.closeAllConnections();
    await new Promise<void>((resolve) => gateway.close(() => resolve()));
  });

  it('answers 503 UNAVAILABLE', async () => {
    const res = await gatewayApp.app.inject({ method: 'POST', url: '/api/v1/auth/phone/code', headers: gatewayApp.headers, payload: { phone: freshPhone() } });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ code: 'UNAVAILABLE', message: 'The message could not be sent; try again later' });
  });

  it('has no outbox to read when neither channel writes to it', async () => {
    expect((await gatewayApp.app.inject({ url: '/api/v1/dev/outbox', headers: gatewayApp.headers })).statusCode).toBe(404);
  });
});
