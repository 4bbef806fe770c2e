import { AccountDeleteCodeSchema, AccountPersonSchema, AccountSubscriptionsSchema } from '@ekran/contracts';
import { accountDetails, devices, profiles, users } from '@ekran/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountHelpers } from '../../test/account-helpers.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';

let t: TestApp;
let h: ReturnType<typeof accountHelpers>;
beforeAll(async () => {
  t = await createTestApp();
  h = accountHelpers(t);
});
afterAll(() => t.close());

const person = async (auth: Record<string, string>) => AccountPersonSchema.parse((await h.call('GET', '/api/v1/account/person', auth)).json());

describe('GET /api/v1/account/person', () => {
  it("answers the holder's details and contacts", async () => {
    const acc = await h.account();
    expect(await person(acc.first.auth)).toEqual({ name: null, birthday: null, gender: null, email: acc.email, email_confirmed: false, phone: null, has_password: true });
  });

  it('is for registered accounts only', async () => {
    const anon = await h.browser();
    const res = await h.call('GET', '/api/v1/account/person', anon.auth);
    expect([res.statusCode, res.json().code]).toEqual([403, 'REGISTRATION_REQUIRED']);
    expect((await h.call('GET', '/api/v1/account/person', t.headers)).statusCode).toBe(401);
  });
});

describe('PUT person name, birthday, gender (spec platform §7 account paths)', () => {
  it('stores each field, keeps the others, and clears one with null', async () => {
    const acc = await h.account();
    expect((await h.call('PUT', '/api/v1/account/person/name', acc.first.auth, { name: "  Анна-Мария О'Нил " })).json().name).toBe("Анна-Мария О'Нил");
    expect((await h.call('PUT', '/api/v1/account/birthday', acc.first.auth, { birthday: '1990-02-28' })).json()).toMatchObject({ name: "Анна-Мария О'Нил", birthday: '1990-02-28' });
    expect((await h.call('PUT', '/api/v1/account/gender', acc.first.auth, { gender: 'female' })).json()).toMatchObject({ birthday: '1990-02-28', gender: 'female' });
    expect(await person(acc.first.auth)).toMatchObject({ name: "Анна-Мария О'Нил", birthday: '1990-02-28', gender: 'female' });
    expect((await h.call('PUT', '/api/v1/account/birthday', acc.first.auth, { birthday: null })).json()).toMatchObject({ birthday: null, gender: 'female' });
  });

  it.each([
    ['name', '/api/v1/account/person/name', { name: '' }],
    ['name', '/api/v1/account/person/name', { name: '   ' }],
    ['name', '/api/v1/account/person/name', { name: 'Agent 007' }],
    ['name', '/api/v1/account/person/name', { name: '<script>alert(1)</script>' }],
    ['name', '/api/v1/account/person/name', { name: 'Я'.repeat(61) }],
    ['name', '/api/v1/account/person/name', { name: 42 }],
    ['birthday', '/api/v1/account/birthday', { birthday: '1990-02-30' }],
    ['birthday', '/api/v1/account/birthday', { birthday: '21.11.1990' }],
    ['birthday', '/api/v1/account/birthday', { birthday: '1899-12-31' }],
    ['birthday', '/api/v1/account/birthday', { birthday: '2026-11-22' }],
    ['gender', '/api/v1/account/gender', { gender: 'other' }],
    ['gender', '/api/v1/account/gender', {}],
  ])('answers 400 for a bad %s %j and changes nothing', async (field, url, body) => {
    const acc = await h.account();
    await h.call('PUT', '/api/v1/account/person/name', acc.first.auth, { name: 'Иван' });
    await h.call('PUT', '/api/v1/account/birthday', acc.first.auth, { birthday: '1980-05-01' });
    await h.call('PUT', '/api/v1/account/gender', acc.first.auth, { gender: 'male' });
    const res = await h.call('PUT', url, acc.first.auth, body);
    expect(res.statusCode).toBe(400);
    expect(res.json().details?.[0]?.path).toBe(`body.${field}`);
    expect(await person(acc.first.auth)).toMatchObject({ name: 'Иван', birthday: '1980-05-01', gender: 'male' });
  });

  it('takes a birthday of today (by the service clock)', async () => {
    const acc = await h.account();
    expect((await h.call('PUT', '/api/v1/account/birthday', acc.first.auth, { birthday: '2026-11-21' })).statusCode).toBe(200);
  });

  it('refuses virtual users and callers without a session', async () => {
    const anon = await h.browser();
    expect((await h.call('PUT', '/api/v1/account/gender', anon.auth, { gender: 'male' })).statusCode).toBe(403);
    expect((await h.call('PUT', '/api/v1/account/gender', t.headers, { gender: 'male' })).statusCode).toBe(401);
    expect(await t.db.select().from(accountDetails).where(eq(accountDetails.userId, anon.data._id))).toEqual([]);
  });
});

describe('GET /api/v1/account/subscriptions', () => {
  it('answers what the account holds, with tariffs, the latest first', async () => {
    const acc = await h.account();
    const tariff = await t.make.tariff({ title: 'Подписка на год', price: 3990, durationDays: 365 });
    await t.make.subscription({ userId: acc.id, status: 'expired', tariffId: tariff.id, startedAt: new Date('2025-01-01T00:00:00Z'), expiresAt: new Date('2026-01-01T00:00:00Z'), isRecurrent: false });
    await t.make.subscription({ userId: acc.id, status: 'active', tariffId: tariff.id, expiresAt: new Date('2027-01-01T00:00:00Z') });
    const body = AccountSubscriptionsSchema.parse((await h.call('GET', '/api/v1/account/subscriptions', acc.first.auth)).json());
    expect(body.data.subscriptions.map((s) => [s.status, s.tariff.title, s.tariff.price, s.expires_at, s.reccurent])).toEqual([
      ['active', 'Подписка на год', 3990, '2027-01-01T00:00:00.000Z', true],
      ['expired', 'Подписка на год', 3990, '2026-01-01T00:00:00.000Z', false],
    ]);
  });

  it('answers an empty list without subscriptions, 403 for a virtual user', async () => {
    const acc = await h.account();
    expect((await h.call('GET', '/api/v1/account/subscriptions', acc.first.auth)).json()).toEqual({ data: { subscriptions: [] } });
    expect((await h.call('GET', '/api/v1/account/subscriptions', (await h.browser()).auth)).statusCode).toBe(403);
  });
});

describe('deleting the account (/account/google_delete)', () => {
  const exists = async (id: string) => (await t.db.select({ id: users.id }).from(users).where(eq(users.id, id))).length === 1;

  it('deletes the account and its data with the password, and signs out everywhere', async () => {
    const acc = await h.account();
    const other = await h.signedInBrowser(acc);
    await h.call('PUT', '/api/v1/account/person/name', acc.first.auth, { name: 'Иван' });
    const res = await h.call('POST', '/api/v1/account/delete', acc.first.auth, { password: acc.password });
    expect(res.statusCode).toBe(204);
    expect(res.cookies.find((c) => c.name === 'ekran_token')?.value).toBe('');
    expect(await exists(acc.id)).toBe(false);
    expect(await t.db.select().from(profiles).where(eq(profiles.userId, acc.id))).toEqual([]);
    expect(await t.db.select().from(devices).where(eq(devices.userId, acc.id))).toEqual([]);
    expect(await t.db.select().from(accountDetails).where(eq(accountDetails.userId, acc.id))).toEqual([]);
    for (const auth of [acc.first.auth, other.auth]) expect((await h.call('POST', '/api/v1/auth/refresh', auth)).statusCode).toBe(401);
    expect((await h.signIn(acc, await h.browser())).statusCode).toBe(401);
  });

  it('refuses a wrong password and keeps everything', async () => {
    const acc = await h.account();
    const res = await h.call('POST', '/api/v1/account/delete', acc.first.auth, { password: 'не-тот-пароль' });
    expect([res.statusCode, res.json().code]).toEqual([403, 'INVALID_CREDENTIALS']);
    expect(await exists(acc.id)).toBe(true);
    expect((await h.call('POST', '/api/v1/auth/refresh', acc.first.auth)).statusCode).toBe(200);
  });

  it('deletes with a code sent to the email, once', async () => {
    const acc = await h.account();
    const sent = await h.call('POST', '/api/v1/account/delete/code', acc.first.auth, { channel: 'email' });
    expect(AccountDeleteCodeSchema.parse(sent.json())).toEqual({ channel: 'email', sent_to: `${acc.email[0]}***@example.ru` });
    const letter = (await h.outbox(acc.email))[0]!;
    expect(letter.subject).toBe('Удаление аккаунта — Экран');
    const code = letter.body.match(/\b\d{6}\b/)![0];
    const wrong = await h.call('POST', '/api/v1/account/delete', acc.first.auth, { code: code === '000000' ? '111111' : '000000' });
    expect([wrong.statusCode, wrong.json().code]).toEqual([400, 'INVALID_CODE']);
    expect(await exists(acc.id)).toBe(true);
    expect((await h.call('POST', '/api/v1/account/delete', acc.first.auth, { code })).statusCode).toBe(204);
    expect(await exists(acc.id)).toBe(false);
  });

  it('sends the code by SMS to the phone, when the account has one', async () => {
    const acc = await h.account();
    const none = await h.call('POST', '/api/v1/account/delete/code', acc.first.auth, { channel: 'sms' });
    expect([none.statusCode, none.json().code]).toEqual([400, 'NO_DESTINATION']);
    await t.db.update(users).set({ phone: '+79991234567' }).where(eq(users.id, acc.id));
    const sent = await h.call('POST', '/api/v1/account/delete/code', acc.first.auth, { channel: 'sms' });
    expect(sent.json()).toEqual({ channel: 'sms', sent_to: '+7 *** ***-**-67' });
    const sms = (await h.outbox('+79991234567'))[0]!;
    expect(sms.channel).toBe('sms');
    expect((await h.call('POST', '/api/v1/account/delete', acc.first.auth, { code: sms.body.match(/\b\d{6}\b/)![0] })).statusCode).toBe(204);
  });

  it("does not take another account's code", async () => {
    const acc = await h.account();
    const stranger = await h.account();
    await h.call('POST', '/api/v1/account/delete/code', stranger.first.auth, { channel: 'email' });
    const code = (await h.outbox(stranger.email))[0]!.body.match(/\b\d{6}\b/)![0];
    expect((await h.call('POST', '/api/v1/account/delete', acc.first.auth, { code })).statusCode).toBe(400);
    expect(await exists(acc.id)).toBe(true);
    expect(await exists(stranger.id)).toBe(true);
  });

  it('answers 400 for a body with neither, 403 for a virtual user, 401 without a session', async () => {
    const acc = await h.account();
    expect((await h.call('POST', '/api/v1/account/delete', acc.first.auth, {})).statusCode).toBe(400);
    expect((await h.call('POST', '/api/v1/account/delete', acc.first.auth, { code: '12' })).statusCode).toBe(400);
    expect((await h.call('POST', '/api/v1/account/delete/code', acc.first.auth, { channel: 'pigeon' })).statusCode).toBe(400);
    const anon = await h.browser();
    expect((await h.call('POST', '/api/v1/account/delete', anon.auth, { password: 'x' })).statusCode).toBe(403);
    expect((await h.call('POST', '/api/v1/account/delete', t.headers, { password: 'x' })).statusCode).toBe(401);
    expect(await exists(anon.data._id)).toBe(true);
  });

  it('limits deletion tries to 5 a minute per account', async () => {
    const acc = await h.account();
    const codes = [];
    for (let i = 0; i < 6; i++) codes.push((await h.call('POST', '/api/v1/account/delete', acc.first.auth, { password: 'не-тот-пароль' }, '192.0.2.55')).statusCode);
    expect(codes).toEqual([403, 403, 403, 403, 403, 429]);
  });
});
