// Brute-force limits that follow the attacker (docs/decisions/033-limits-that-follow-the-attacker.md): each
// case is an attack a probe made, as sent, and now refused with 429 in the error shape with Retry-After.
import { ErrorSchema, PromoActivationSchema } from '@ekran/contracts';
import { limitAttempts, promoCampaigns, promoCodes } from '@ekran/db';
import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { createTestApp, freshAddress, loginDevice, type TestApp } from '../test/harness.ts';
import { ACCOUNT_SIGN_IN_POLICY, CODE_FAILURES_PER_DESTINATION_HOUR, PROMO_FAILURES_PER_ACCOUNT_HOUR } from './lockout-rules.ts';
import { hashPassword } from './passwords.ts';

let t: TestApp;
let passwordHash: string;
beforeAll(async () => {
  t = await createTestApp();
  passwordHash = await hashPassword('верный-пароль');
});
afterAll(() => t.close());

const MINUTE = 60_000;
let n = 0;
const newEmail = () => `victim${++n}.${Math.random().toString(36).slice(2, 7)}@example.ru`;
const account = async () => {
  const email = newEmail();
  await t.make.user({ email, passwordHash });
  return email;
};
const signIn = (email: string, password: string, remoteAddress = freshAddress()) =>
  t.app.inject({ method: 'POST', url: '/api/v1/auth/email/login', headers: t.headers, remoteAddress, payload: { email, password } });

/** Moves the test clock on for good (each test file has its own app and clock). */
const wait = (ms: number) => void (t.clock.now = new Date(t.clock.now.getTime() + ms));

/** The refusal: 429 RATE_LIMITED in the error shape, Retry-After in whole seconds, locked_until to match. */
function expectLimited(res: Awaited<ReturnType<typeof signIn>>): number {
  expect(res.statusCode).toBe(429);
  const body = ErrorSchema.parse(res.json());
  expect(body.code).toBe('RATE_LIMITED');
  const retryAfter = Number(res.headers['retry-after']);
  expect(retryAfter).toBeGreaterThan(0);
  expect(Date.parse(body.locked_until!)).toBe(t.clock.now.getTime() + retryAfter * 1000);
  return retryAfter;
}

describe('password sign-in, per account', () => {
  it('locks an account tried 101 times from as many addresses after five failures, with the right password too', async () => {
    const email = await account();
    const codes: number[] = [];
    for (let i = 0; i < 101; i++) codes.push((await signIn(email, `guess-${i}`)).statusCode);
    expect(codes.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
    expect(new Set(codes.slice(5))).toEqual(new Set([429]));
    expect(expectLimited(await signIn(email, 'верный-пароль'))).toBe(60);
    // The lock ends a minute after the last failure; the owner then gets in.
    wait(MINUTE);
    expect((await signIn(email, 'верный-пароль')).statusCode).toBe(200);
  });

  it('answers an unknown address exactly as a registered one, so the lock tells nothing', async () => {
    const [known, unknown] = [await account(), newEmail()];
    const sequence = async (email: string) => {
      const out: (string | number)[] = [];
      for (let i = 0; i < 7; i++) {
        const res = await signIn(email, 'wrong');
        out.push(res.statusCode, ErrorSchema.parse(res.json()).code, res.headers['retry-after'] ?? '-');
      }
      return out;
    };
    expect(await sequence(unknown)).toEqual(await sequence(known));
  });

  it('doubles the lock with each further failure up to 15 minutes, and a patient guesser gets at most 100 tries an hour', async () => {
    const email = await account();
    for (let i = 0; i < 5; i++) expect((await signIn(email, 'wrong')).statusCode).toBe(401);
    const locks: number[] = [];
    let checked = 5;
    const start = t.clock.now.getTime();
    // The guesser waits out every lock, from a new address each time.
    while (t.clock.now.getTime() - start < 60 * MINUTE) {
      const res = await signIn(email, 'wrong');
      if (res.statusCode === 401) {
        checked++;
        continue;
      }
      const retryAfter = expectLimited(res);
      locks.push(retryAfter);
      wait(retryAfter * 1000);
    }
    expect(locks.slice(0, 6)).toEqual([60, 120, 240, 480, 900, 900]);
    expect(checked).toBeLessThanOrEqual(ACCOUNT_SIGN_IN_POLICY.max);
    expect(checked).toBe(11);
  });

  it('cannot be outrun by parallel guesses: five are checked, the rest wait', async () => {
    const email = await account();
    const results = await Promise.all(Array.from({ length: 16 }, (_, i) => signIn(email, `parallel-${i}`)));
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes).toEqual([...Array(5).fill(401), ...Array(11).fill(429)]);
  });

  it('does not count a right password', async () => {
    const email = await account();
    for (let i = 0; i < 4; i++) expect((await signIn(email, 'wrong')).statusCode).toBe(401);
    expect((await signIn(email, 'верный-пароль')).statusCode).toBe(200);
    expect((await signIn(email, 'wrong')).statusCode).toBe(401);
    expectLimited(await signIn(email, 'wrong'));
  });
});

describe('password sign-in, per address across accounts (spraying)', () => {
  it('stops one address spraying 30 accounts after 20, and only that address', async () => {
    const address = '203.0.113.7';
    const emails = await Promise.all(Array.from({ length: 30 }, () => account()));
    const codes: number[] = [];
    for (const email of emails) codes.push((await signIn(email, 'Пароль123', address)).statusCode);
    expect(codes.slice(0, 20)).toEqual(Array(20).fill(401));
    expect(new Set(codes.slice(20))).toEqual(new Set([429]));
    // The right password from that address waits too; from another it works.
    expect(expectLimited(await signIn(emails[29]!, 'верный-пароль', address))).toBe(3600);
    expect((await signIn(emails[29]!, 'верный-пароль')).statusCode).toBe(200);
    // An hour after its first failure the address may try again.
    wait(60 * MINUTE);
    expect((await signIn(emails[29]!, 'верный-пароль', address)).statusCode).toBe(200);
  });
});

describe('one-time codes, per destination', () => {
  it('stops guessing password-reset codes after 20 wrong ones, however many codes are asked for from however many addresses', async () => {
    const email = await account();
    const reset = (code: string) =>
      t.app.inject({ method: 'POST', url: '/api/v1/auth/password/reset', headers: t.headers, remoteAddress: freshAddress(), payload: { email, code, password: 'новый-пароль-1' } });
    const codes: number[] = [];
    for (let round = 0; round < 5; round++) {
      const asked = await t.app.inject({ method: 'POST', url: '/api/v1/auth/password/recovery', headers: t.headers, remoteAddress: freshAddress(), payload: { email } });
      expect(asked.statusCode).toBe(204);
      for (let i = 0; i < 5; i++) codes.push((await reset(String(100_000 + round * 10 + i))).statusCode);
    }
    // Each code dies at its fifth wrong try (429 TOO_MANY_ATTEMPTS); four codes' worth pass, then the destination waits.
    expect(codes.slice(0, CODE_FAILURES_PER_DESTINATION_HOUR)).toEqual(Array(4).fill([400, 400, 400, 400, 429]).flat());
    const after = await reset('000000');
    expectLimited(after);
  });
});

describe('POST /api/v1/auth/device-login, per address', () => {
  it('makes at most 30 virtual users an hour from one address', async () => {
    const address = '198.51.100.20';
    const login = (remoteAddress: string) =>
      t.app.inject({ method: 'POST', url: '/api/v1/auth/device-login', headers: t.headers, remoteAddress, payload: { device_id: `web-${Math.random()}`, device_type: 'web' } });
    const codes: number[] = [];
    for (let i = 0; i < 40; i++) codes.push((await login(address)).statusCode);
    expect(codes.slice(0, 30)).toEqual(Array(30).fill(201));
    expect(new Set(codes.slice(30))).toEqual(new Set([429]));
    expectLimited(await login(address));
    expect((await login(freshAddress())).statusCode).toBe(201);
  });

  it('bounds the devices a virtual user may register', async () => {
    const anon = await loginDevice(t);
    const codes: number[] = [];
    for (let i = 0; i < 12; i++) {
      const res = await t.app.inject({ method: 'POST', url: '/api/v1/account/devices', headers: anon.auth, remoteAddress: freshAddress(), payload: { device_id: `web-extra-${i}`, device_type: 'web' } });
      codes.push(res.statusCode);
    }
    // Its own device and nine more; then 403 DEVICE_COUNT_EXCEEDED naming the bound.
    expect(codes).toEqual([...Array(9).fill(201), 403, 403, 403]);
  });
});

describe('promo codes, per address and per account', () => {
  let seq = 0;
  async function realCode() {
    const i = ++seq;
    const tariff = await t.make.tariff({ alias: `limits-month-${i}`, title: 'Месяц', price: 399, durationDays: 30 });
    const [c] = await t.db.insert(promoCampaigns).values({ alias: `limits-${i}`, title: `Акция ${i}`, tariffId: tariff.id, grantDays: 30, startsAt: new Date('2026-01-01T00:00:00Z') }).returning();
    const [k] = await t.db.insert(promoCodes).values({ code: `LIMITS${i}X`, campaignId: c!.id, maxUses: null }).returning();
    return k!.code;
  }
  const promo = (path: 'check' | 'activate', auth: Record<string, string>, code: string, remoteAddress = freshAddress()) =>
    t.app.inject({ method: 'POST', url: `/api/v1/promo/${path}`, headers: auth, remoteAddress, payload: { code } });

  it('stops guessing through fresh anonymous sessions from one address after 30 failures', async () => {
    const address = '192.0.2.99';
    const code = await realCode();
    const codes: number[] = [];
    for (let i = 0; i < 32; i++) {
      const fresh = await loginDevice(t); // a new visitor each time, made anywhere
      codes.push((await promo('check', fresh.auth, `GUESS${i}Q`, address)).statusCode);
    }
    expect(codes.slice(0, 30)).toEqual(Array(30).fill(404));
    expect(new Set(codes.slice(30))).toEqual(new Set([429]));
    // A real code from that address waits too (the refusal tells a guesser nothing); elsewhere it answers.
    expectLimited(await promo('check', (await loginDevice(t)).auth, code, address));
    expect((await promo('check', (await loginDevice(t)).auth, code)).statusCode).toBe(200);
  });

  it('stops an account guessing from many addresses after 10 failures; its successful activations do not count', async () => {
    const user = await t.make.user({ email: newEmail(), passwordHash });
    const { auth } = await t.make.session({ userId: user.id });
    const codes: number[] = [];
    for (let i = 0; i < PROMO_FAILURES_PER_ACCOUNT_HOUR - 1; i++) codes.push((await promo('activate', auth, `NOPE${i}Z`)).statusCode);
    // Activations that work, however many, leave the allowance as it was.
    for (let i = 0; i < 3; i++) {
      const ok = await promo('activate', auth, await realCode());
      expect(ok.statusCode).toBe(200);
      PromoActivationSchema.parse(ok.json());
    }
    codes.push((await promo('activate', auth, 'NOPELASTZ')).statusCode);
    expect(codes).toEqual(Array(PROMO_FAILURES_PER_ACCOUNT_HOUR).fill(404));
    expectLimited(await promo('check', auth, 'NOPEMOREZ'));
    expectLimited(await promo('activate', auth, await realCode()));
  });
});

describe('without Redis', () => {
  it('two API processes over one database share the counts (the database, not memory)', async () => {
    const second = await buildApp({ env: t.env, database: t.database, now: () => t.clock.now });
    try {
      const email = await account();
      const apps = [t.app, second, t.app, second, t.app, second];
      const codes = [];
      for (const app of apps) {
        codes.push((await app.inject({ method: 'POST', url: '/api/v1/auth/email/login', headers: t.headers, remoteAddress: freshAddress(), payload: { email, password: 'wrong' } })).statusCode);
      }
      expect(codes).toEqual([401, 401, 401, 401, 401, 429]);
      const [rows] = await t.db.select({ n: count() }).from(limitAttempts);
      expect(rows!.n).toBeGreaterThan(0);
    } finally {
      await second.close();
    }
  });
});
