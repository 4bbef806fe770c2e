import { AuthDataSchema, ErrorSchema, OutboxListSchema } from '@ekran/contracts';
import { users } from '@ekran/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, loginDevice, type TestApp } from '../../test/harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

let n = 0;
const freshEmail = () => `viewer${++n}.${Math.random().toString(36).slice(2, 7)}@example.ru`;
// Each call comes from its own address unless a test names one, so the per-address limits stay out of the way.
let ip = 0;
const post = (url: string, headers: Record<string, string>, payload?: unknown, remoteAddress = `10.0.${Math.floor(++ip / 250)}.${ip % 250}`) =>
  t.app.inject({ method: 'POST', url, headers, remoteAddress, ...(payload === undefined ? {} : { payload: payload as object }) });

async function lastCode(email: string) {
  const res = await t.app.inject({ url: `/api/v1/dev/outbox?recipient=${encodeURIComponent(email)}`, headers: t.headers });
  const body = OutboxListSchema.parse(res.json()).items[0]?.body ?? '';
  return body.match(/\b(\d{6})\b/)?.[1] ?? '';
}

async function registered(password = 'секретный-пароль') {
  const login = await loginDevice(t);
  const email = freshEmail();
  const res = await post('/api/v1/auth/email/register', login.auth, { email, password });
  expect(res.statusCode).toBe(201);
  return { ...login, email, password };
}

describe('POST /api/v1/auth/email/register', () => {
  it('turns the current virtual user into a registered one, keeping its id, and mails a code', async () => {
    const login = await loginDevice(t);
    const email = freshEmail();
    const res = await post('/api/v1/auth/email/register', login.auth, { email: `  ${email.toUpperCase()} `, password: 'секретный-пароль' });
    expect(res.statusCode).toBe(201);
    const data = AuthDataSchema.parse(res.json());
    expect(data).toMatchObject({ _id: login._id, virtual: false, email, need_credentials: false });
    expect(await lastCode(email)).toMatch(/^\d{6}$/);
  });

  it('refuses a second sign-up of the same user and an email that is taken', async () => {
    const first = await registered();
    expect((await post('/api/v1/auth/email/register', first.auth, { email: freshEmail(), password: 'другой-пароль' })).json().code).toBe('ALREADY_REGISTERED');
    const other = await loginDevice(t);
    const taken = await post('/api/v1/auth/email/register', other.auth, { email: first.email, password: 'другой-пароль' });
    expect(taken.statusCode).toBe(409);
    expect(ErrorSchema.parse(taken.json()).code).toBe('EMAIL_TAKEN');
  });

  it.each([
    ['Cyrillic in the address', { email: 'почта@example.ru', password: 'секретный-пароль' }],
    ['a forbidden character', { email: 'a!b@example.ru', password: 'секретный-пароль' }],
    ['no domain', { email: 'viewer@', password: 'секретный-пароль' }],
    ['a short password', { email: 'ok@example.ru', password: 'short' }],
  ])('answers 400 for %s and changes nothing', async (_, payload) => {
    const login = await loginDevice(t);
    expect((await post('/api/v1/auth/email/register', login.auth, payload)).statusCode).toBe(400);
    const me = AuthDataSchema.parse((await post('/api/v1/auth/refresh', login.auth)).json());
    expect(me.virtual).toBe(true);
  });

  it('needs a session', async () => {
    expect((await post('/api/v1/auth/email/register', t.headers, { email: freshEmail(), password: 'секретный-пароль' })).statusCode).toBe(401);
  });
});

describe('POST /api/v1/auth/email/confirm (double opt-in)', () => {
  it('accepts the mailed code once', async () => {
    const user = await registered();
    const code = await lastCode(user.email);
    expect((await post('/api/v1/auth/email/confirm', user.auth, { code })).statusCode).toBe(200);
    expect((await post('/api/v1/auth/email/confirm', user.auth, { code })).json().code).toBe('INVALID_CODE');
  });

  it('refuses a code after 10 minutes', async () => {
    const user = await registered();
    const code = await lastCode(user.email);
    const saved = t.clock.now;
    t.clock.now = new Date(saved.getTime() + 10 * 60_000 + 1);
    try {
      expect((await post('/api/v1/auth/email/confirm', user.auth, { code })).json().code).toBe('INVALID_CODE');
    } finally {
      t.clock.now = saved;
    }
  });

  it('kills the code after five wrong tries, even for the right code', async () => {
    const user = await registered();
    const code = await lastCode(user.email);
    const wrong = code === '000000' ? '111111' : '000000';
    const answers = [];
    for (let i = 0; i < 5; i++) answers.push((await post('/api/v1/auth/email/confirm', user.auth, { code: wrong })).json().code);
    expect(answers).toEqual(['INVALID_CODE', 'INVALID_CODE', 'INVALID_CODE', 'INVALID_CODE', 'TOO_MANY_ATTEMPTS']);
    expect((await post('/api/v1/auth/email/confirm', user.auth, { code })).statusCode).toBe(429);
  });

  it('a new code replaces the old one', async () => {
    const user = await registered();
    const old = await lastCode(user.email);
    expect((await post('/api/v1/auth/email/resend', user.auth)).statusCode).toBe(204);
    const fresh = await lastCode(user.email);
    if (old !== fresh) expect((await post('/api/v1/auth/email/confirm', user.auth, { code: old })).json().code).toBe('INVALID_CODE');
    expect((await post('/api/v1/auth/email/confirm', user.auth, { code: fresh })).statusCode).toBe(200);
  });

  it('answers 400 for a malformed code', async () => {
    const user = await registered();
    expect((await post('/api/v1/auth/email/confirm', user.auth, { code: '12ab' })).statusCode).toBe(400);
  });
});

describe('POST /api/v1/auth/email/login and /logout', () => {
  it('signs in on this device with a new session and ends the anonymous one', async () => {
    const user = await registered();
    const device = await loginDevice(t);
    const res = await post('/api/v1/auth/email/login', device.auth, { email: user.email.toUpperCase(), password: user.password });
    expect(res.statusCode).toBe(200);
    const data = AuthDataSchema.parse(res.json());
    expect(data).toMatchObject({ _id: user._id, virtual: false, email: user.email });
    expect(data.authentication_token).not.toBe(device.token);
    expect(res.cookies.find((c) => c.name === 'ekran_token')?.value).toBe(data.authentication_token);
    expect((await post('/api/v1/auth/refresh', device.auth)).statusCode).toBe(401);
  });

  it('gives the same answer for a wrong password and an unknown email', async () => {
    const user = await registered();
    const wrong = await post('/api/v1/auth/email/login', t.headers, { email: user.email, password: 'не-тот-пароль' });
    const unknown = await post('/api/v1/auth/email/login', t.headers, { email: freshEmail(), password: 'не-тот-пароль' });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual(unknown.json());
    expect(wrong.json().code).toBe('INVALID_CREDENTIALS');
  });

  it('does not sign in to a virtual user that has no password', async () => {
    const device = await loginDevice(t);
    expect((await post('/api/v1/auth/email/login', t.headers, { email: `${device._id}@example.ru`, password: 'x' })).statusCode).toBe(401);
  });

  it('holds an account after five wrong passwords (lib/lockout-rules.ts), not the other accounts of that address', async () => {
    const email = freshEmail();
    const codes = [];
    for (let i = 0; i < 7; i++) codes.push((await post('/api/v1/auth/email/login', t.headers, { email, password: 'не-тот-пароль' }, '192.0.2.7')).statusCode);
    // Another account from the same address is not held up.
    expect((await post('/api/v1/auth/email/login', t.headers, { email: freshEmail(), password: 'x' }, '192.0.2.7')).statusCode).toBe(401);
    expect(codes).toEqual([401, 401, 401, 401, 401, 429, 429]);
  });

  it('revokes the session on logout', async () => {
    const user = await registered();
    const signIn = AuthDataSchema.parse((await post('/api/v1/auth/email/login', t.headers, { email: user.email, password: user.password })).json());
    const auth = { ...t.headers, cookie: `ekran_token=${signIn.authentication_token}` };
    const out = await post('/api/v1/auth/logout', auth);
    expect(out.statusCode).toBe(204);
    expect(out.cookies.find((c) => c.name === 'ekran_token')?.value).toBe('');
    expect((await post('/api/v1/auth/refresh', auth)).statusCode).toBe(401);
    expect((await post('/api/v1/auth/logout', auth)).statusCode).toBe(401);
  });
});

describe('GET /api/v1/dev/outbox', () => {
  it('needs the API key', async () => {
    expect((await t.app.inject('/api/v1/dev/outbox')).statusCode).toBe(401);
  });
});

describe('password recovery: POST /api/v1/auth/password/recovery and /reset', () => {
  it('mails a code to a known address and answers the same for an unknown one', async () => {
    const user = await registered();
    const known = await post('/api/v1/auth/password/recovery', t.headers, { email: user.email });
    const unknownEmail = freshEmail();
    const unknown = await post('/api/v1/auth/password/recovery', t.headers, { email: unknownEmail });
    expect([known.statusCode, unknown.statusCode]).toEqual([204, 204]);
    expect(known.body).toBe(unknown.body);
    const letters = OutboxListSchema.parse((await t.app.inject({ url: `/api/v1/dev/outbox?recipient=${unknownEmail}`, headers: t.headers })).json());
    expect(letters.items).toEqual([]);
  });

  it('sets the new password with the code, ends every session, and the code works once', async () => {
    const user = await registered();
    const other = AuthDataSchema.parse((await post('/api/v1/auth/email/login', t.headers, { email: user.email, password: user.password })).json());
    await post('/api/v1/auth/password/recovery', t.headers, { email: user.email });
    const code = await lastCode(user.email);
    const reset = await post('/api/v1/auth/password/reset', t.headers, { email: user.email, code, password: 'новый-пароль-2026' });
    expect(reset.statusCode).toBe(204);
    for (const token of [user.token, other.authentication_token]) {
      expect((await post('/api/v1/auth/refresh', { ...t.headers, cookie: `ekran_token=${token}` })).statusCode).toBe(401);
    }
    expect((await post('/api/v1/auth/email/login', t.headers, { email: user.email, password: user.password })).statusCode).toBe(401);
    expect((await post('/api/v1/auth/email/login', t.headers, { email: user.email, password: 'новый-пароль-2026' })).statusCode).toBe(200);
    expect((await post('/api/v1/auth/password/reset', t.headers, { email: user.email, code, password: 'третий-пароль-2026' })).json().code).toBe('INVALID_CODE');
  });

  it('does not accept a confirmation code as a recovery code', async () => {
    const user = await registered();
    const confirmCode = await lastCode(user.email);
    expect((await post('/api/v1/auth/password/reset', t.headers, { email: user.email, code: confirmCode, password: 'новый-пароль-2026' })).json().code).toBe('INVALID_CODE');
  });

  it.each([
    [{ email: 'a@example.ru', code: '12345', password: 'новый-пароль-2026' }],
    [{ email: 'a@example.ru', code: '123456', password: 'short' }],
  ])('answers 400 for %j', async (payload) => {
    expect((await post('/api/v1/auth/password/reset', t.headers, payload)).statusCode).toBe(400);
  });

  it('limits recovery letters to 3 a minute per address and account', async () => {
    const user = await registered();
    const codes = [];
    for (let i = 0; i < 4; i++) codes.push((await post('/api/v1/auth/password/recovery', t.headers, { email: user.email }, '192.0.2.9')).statusCode);
    expect(codes).toEqual([204, 204, 204, 429]);
  });
});

describe('email confirmation by the letter\'s link: POST /api/v1/auth/email/confirm-link and /resend-link', () => {
  async function letterTo(email: string) {
    const res = await t.app.inject({ url: `/api/v1/dev/outbox?recipient=${encodeURIComponent(email)}`, headers: t.headers });
    return OutboxListSchema.parse(res.json()).items[0]?.body ?? '';
  }
  const confirmed = async (auth: Record<string, string>) => (await t.db.select().from(users).where(eq(users.id, AuthDataSchema.parse((await post('/api/v1/auth/refresh', auth)).json())._id)))[0]?.emailConfirmedAt ?? null;

  it('puts a link with the address and the code into the letter, on WEB_ORIGIN', async () => {
    const user = await registered();
    const letter = await letterTo(user.email);
    const code = await lastCode(user.email);
    const link = new URL(letter.match(/https?:\/\/\S+/)![0]);
    expect(`${link.origin}${link.pathname}`).toBe('http://localhost:3000/email-confirm');
    expect(Object.fromEntries(link.searchParams)).toEqual({ email: user.email, code });
    expect(letter).toContain(`Ваш код подтверждения: ${code}`);
  });

  it('confirms without a session, once', async () => {
    const user = await registered();
    const code = await lastCode(user.email);
    const res = await post('/api/v1/auth/email/confirm-link', t.headers, { email: user.email.toUpperCase(), code });
    expect(res.statusCode).toBe(204);
    expect(res.headers['set-cookie']).toBeUndefined();
    expect(await confirmed(user.auth)).toEqual(t.clock.now);
    expect((await post('/api/v1/auth/email/confirm-link', t.headers, { email: user.email, code })).json().code).toBe('INVALID_CODE');
    // The code of the link and of the form is one code: used here, it is used there too.
    expect((await post('/api/v1/auth/email/confirm', user.auth, { code })).json().code).toBe('INVALID_CODE');
  });

  it('refuses a wrong, expired or foreign code and confirms nothing', async () => {
    const user = await registered();
    const other = await registered();
    const code = await lastCode(user.email);
    const wrong = code === '000000' ? '111111' : '000000';
    expect((await post('/api/v1/auth/email/confirm-link', t.headers, { email: user.email, code: wrong })).json().code).toBe('INVALID_CODE');
    const otherCode = await lastCode(other.email);
    if (otherCode !== code) expect((await post('/api/v1/auth/email/confirm-link', t.headers, { email: user.email, code: otherCode })).json().code).toBe('INVALID_CODE');
    const saved = t.clock.now;
    t.clock.now = new Date(saved.getTime() + 10 * 60_000 + 1);
    try {
      expect((await post('/api/v1/auth/email/confirm-link', t.headers, { email: user.email, code })).json().code).toBe('INVALID_CODE');
    } finally {
      t.clock.now = saved;
    }
    expect(await confirmed(user.auth)).toBeNull();
  });

  it('does not confirm an address its user no longer has', async () => {
    const user = await registered();
    const code = await lastCode(user.email);
    await t.db.update(users).set({ email: `smenil.${Date.now()}@example.ru` }).where(eq(users.id, user._id));
    expect((await post('/api/v1/auth/email/confirm-link', t.headers, { email: user.email, code })).json().code).toBe('INVALID_CODE');
    expect(await confirmed(user.auth)).toBeNull();
  });

  it.each([
    [{ email: 'a@example.ru', code: '12345' }],
    [{ email: 'a@example.ru' }],
    [{ code: '123456' }],
  ])('answers 400 for %j', async (payload) => {
    expect((await post('/api/v1/auth/email/confirm-link', t.headers, payload)).statusCode).toBe(400);
  });

  it('sends a new letter to an address waiting for confirmation and answers the same for any other', async () => {
    const waiting = await registered();
    const done = await registered();
    await post('/api/v1/auth/email/confirm', done.auth, { code: await lastCode(done.email) });
    const before = await letterTo(waiting.email);
    const unknown = freshEmail();
    const answers = await Promise.all([waiting.email, done.email, unknown].map((email) => post('/api/v1/auth/email/resend-link', t.headers, { email })));
    expect(answers.map((a) => a.statusCode)).toEqual([204, 204, 204]);
    expect(new Set(answers.map((a) => a.body)).size).toBe(1);
    const after = await letterTo(waiting.email);
    expect(after).not.toBe('');
    const outbox = async (email: string) => OutboxListSchema.parse((await t.app.inject({ url: `/api/v1/dev/outbox?recipient=${email}`, headers: t.headers })).json()).items.length;
    expect(await outbox(waiting.email)).toBe(2);
    expect(await outbox(done.email)).toBe(1);
    expect(await outbox(unknown)).toBe(0);
    // The new letter's link works; the old one no longer does.
    const fresh = await lastCode(waiting.email);
    const old = before.match(/Ваш код подтверждения: (\d{6})/)![1]!;
    if (old !== fresh) expect((await post('/api/v1/auth/email/confirm-link', t.headers, { email: waiting.email, code: old })).json().code).toBe('INVALID_CODE');
    expect((await post('/api/v1/auth/email/confirm-link', t.headers, { email: waiting.email, code: fresh })).statusCode).toBe(204);
  });

  it('limits new letters to 3 a minute per address and account', async () => {
    const user = await registered();
    const codes = [];
    for (let i = 0; i < 4; i++) codes.push((await post('/api/v1/auth/email/resend-link', t.headers, { email: user.email }, '192.0.2.40')).statusCode);
    expect(codes).toEqual([204, 204, 204, 429]);
  });
});

describe('GET /api/v1/dev/outbox filter', () => {
  it('finds a phone however it is typed', async () => {
    const login = await loginDevice(t);
    const phone = `+79${String(Math.floor(Math.random() * 1e9)).padStart(9, '0')}`;
    await post('/api/v1/auth/phone/code', login.auth, { phone });
    for (const typed of [phone, `8${phone.slice(2)}`, `+7 (${phone.slice(2, 5)}) ${phone.slice(5, 8)}-${phone.slice(8, 10)}-${phone.slice(10)}`]) {
      const res = await t.app.inject({ url: `/api/v1/dev/outbox?recipient=${encodeURIComponent(typed)}`, headers: t.headers });
      expect(OutboxListSchema.parse(res.json()).items.map((m) => m.recipient), typed).toEqual([phone]);
    }
  });
});
