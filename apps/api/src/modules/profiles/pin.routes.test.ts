import { ErrorSchema, PinForgotResponseSchema, PinStateSchema } from '@ekran/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, freshAddress, loginDevice, type TestApp } from '../../test/harness.ts';
import { maskContact } from './pin.service.ts';
import { childSession, createProfile, extraSession, refresh, registeredViewer } from './profiles.test-helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ WEB_ORIGIN: 'https://ekran.example' });
});
afterAll(() => t.close());

type Headers = Record<string, string>;
const post = (url: string, headers: Headers, payload?: Record<string, unknown>) => t.app.inject({ method: 'POST', url, headers, ...(payload ? { payload } : {}) });
const state = async (auth: Headers) => PinStateSchema.parse((await t.app.inject({ url: '/api/v1/pin', headers: auth })).json());
const check = (auth: Headers, pin: string) => post('/api/v1/pin/check', auth, { pin });

/** A registered viewer with a child profile and the PIN 2580. */
async function parentWithPin() {
  const viewer = await registeredViewer(t);
  await createProfile(t, viewer.auth, { name: 'Маша', child: true });
  expect((await post('/api/v1/pin', viewer.auth, { pin: '2580' })).statusCode).toBe(204);
  return viewer;
}

/** Moves the test clock for the duration of `run`. */
async function later<T>(ms: number, run: () => Promise<T>): Promise<T> {
  const saved = t.clock.now;
  t.clock.now = new Date(saved.getTime() + ms);
  try {
    return await run();
  } finally {
    t.clock.now = saved;
  }
}

/** The /pin_remove token of the newest message to a recipient. */
async function linkTokenFor(recipient: string): Promise<string> {
  const res = await t.app.inject({ url: `/api/v1/dev/outbox?recipient=${encodeURIComponent(recipient)}`, headers: t.headers });
  const body = (res.json<{ items: { body: string }[] }>()).items[0]?.body ?? '';
  const token = /https:\/\/ekran\.example\/pin_remove\?token=([\w-]+)/.exec(body)?.[1];
  if (!token) throw new Error(`no link in: ${body}`);
  return token;
}

describe('POST /api/v1/pin (create)', () => {
  it('sets a four-digit PIN once; pin_status becomes required', async () => {
    const viewer = await registeredViewer(t);
    await createProfile(t, viewer.auth, { name: 'Маша', child: true });
    expect(await state(viewer.auth)).toEqual({ pin_status: 'create', has_pin: false, tries_left: 5, locked_until: null });
    expect((await post('/api/v1/pin', viewer.auth, { pin: '0427' })).statusCode).toBe(204);
    expect(await state(viewer.auth)).toMatchObject({ pin_status: 'required', has_pin: true });
    const again = await post('/api/v1/pin', viewer.auth, { pin: '1111' });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('PIN_EXISTS');
    expect((await check(viewer.auth, '0427')).statusCode).toBe(204);
  });

  it.each([['123'], ['12345'], ['12a4'], ['']])('answers 400 for the PIN %j', async (pin) => {
    const viewer = await registeredViewer(t);
    expect((await post('/api/v1/pin', viewer.auth, { pin })).statusCode).toBe(400);
    expect((await state(viewer.auth)).has_pin).toBe(false);
  });

  it('refuses a virtual visitor, a child profile and a call without a session', async () => {
    const visitor = await loginDevice(t);
    const virtual = await post('/api/v1/pin', visitor.auth, { pin: '1234' });
    expect(virtual.statusCode).toBe(403);
    expect(virtual.json().code).toBe('REGISTRATION_REQUIRED');
    const kid = await childSession(t);
    const child = await post('/api/v1/pin', kid.auth, { pin: '1234' });
    expect(child.statusCode).toBe(403);
    expect(child.json().code).toBe('KIDS_PROFILE_RESTRICTED');
    expect((await post('/api/v1/pin', t.headers, { pin: '1234' })).statusCode).toBe(401);
  });
});

describe('POST /api/v1/pin/check and the lock', () => {
  it('counts wrong tries, locks for 15 minutes after the fifth, then opens again', async () => {
    const viewer = await parentWithPin();
    for (const left of [4, 3, 2, 1]) {
      const res = await check(viewer.auth, '0000');
      expect(res.statusCode).toBe(403);
      expect(ErrorSchema.parse(res.json())).toMatchObject({ code: 'PIN_INVALID', tries_left: left });
    }
    const fifth = await check(viewer.auth, '0000');
    expect(fifth.statusCode).toBe(423);
    const unlock = new Date(t.clock.now.getTime() + 15 * 60_000).toISOString();
    expect(ErrorSchema.parse(fifth.json())).toMatchObject({ code: 'PIN_LOCKED', locked_until: unlock });

    // Locked: even the right PIN is refused, in every session of the account.
    expect((await check(viewer.auth, '2580')).statusCode).toBe(423);
    const other = await extraSession(t, viewer._id);
    const elsewhere = await check(other.auth, '2580');
    expect(elsewhere.statusCode).toBe(423);
    expect(elsewhere.json().locked_until).toBe(unlock);
    expect(await state(other.auth)).toMatchObject({ tries_left: 0, locked_until: unlock });

    // A second before the end it still holds; at the end it opens with a fresh count.
    expect((await later(15 * 60_000 - 1000, () => check(viewer.auth, '2580'))).statusCode).toBe(423);
    await later(15 * 60_000, async () => {
      expect(await state(viewer.auth)).toMatchObject({ tries_left: 5, locked_until: null });
      const wrong = await check(viewer.auth, '9999');
      expect(wrong.json()).toMatchObject({ code: 'PIN_INVALID', tries_left: 4 });
      expect((await check(viewer.auth, '2580')).statusCode).toBe(204);
    });
  });

  it('locks longer each time: 15 minutes, then an hour, then a day; a right PIN starts over at 15 minutes', async () => {
    const viewer = await parentWithPin();
    const saved = t.clock.now;
    const MINUTE = 60_000;
    // From a new address each time, past the route's per-minute limit: the lock itself is what is tested.
    const check = (auth: Headers, pin: string) => t.app.inject({ method: 'POST', url: '/api/v1/pin/check', headers: auth, remoteAddress: freshAddress(), payload: { pin } });
    /** Five wrong PINs; the lock they end in, in minutes from now. */
    const lockOut = async () => {
      for (let i = 0; i < 4; i++) expect((await check(viewer.auth, '0000')).statusCode).toBe(403);
      const fifth = await check(viewer.auth, '0000');
      expect(fifth.statusCode).toBe(423);
      return (Date.parse(ErrorSchema.parse(fifth.json()).locked_until!) - t.clock.now.getTime()) / MINUTE;
    };
    try {
      const locks: number[] = [];
      for (let i = 0; i < 4; i++) {
        locks.push(await lockOut());
        // Still locked a second before the end, open at it (the lock is on the account's row, not in memory).
        t.clock.now = new Date(t.clock.now.getTime() + locks.at(-1)! * MINUTE - 1000);
        expect((await check(viewer.auth, '2580')).statusCode).toBe(423);
        t.clock.now = new Date(t.clock.now.getTime() + 1000);
      }
      expect(locks).toEqual([15, 60, 24 * 60, 24 * 60]);
      expect((await check(viewer.auth, '2580')).statusCode).toBe(204);
      expect(await lockOut()).toBe(15);
    } finally {
      t.clock.now = saved;
    }
  });

  it('starts the count again after a right PIN', async () => {
    const viewer = await parentWithPin();
    for (let i = 0; i < 3; i++) await check(viewer.auth, '1111');
    expect((await check(viewer.auth, '2580')).statusCode).toBe(204);
    for (const left of [4, 3, 2, 1]) expect((await check(viewer.auth, '1111')).json().tries_left).toBe(left);
  });

  it('cannot be outrun by parallel guesses: at most five tries count', async () => {
    const viewer = await parentWithPin();
    const guesses = ['1000', '1001', '1002', '1003', '1004', '1005', '1006', '1007', '1008', '1009', '2580'];
    const results = await Promise.all(guesses.map((pin) => check(viewer.auth, pin)));
    const codes = results.map((r) => r.json()?.code ?? r.statusCode);
    expect(codes.filter((c) => c === 'PIN_INVALID').length).toBeLessThanOrEqual(4);
    expect(codes.filter((c) => c === 'PIN_LOCKED').length).toBeGreaterThanOrEqual(6);
    expect((await state(viewer.auth)).locked_until).not.toBeNull();
  });

  it('shares the lock with profile select from a child profile', async () => {
    const viewer = await parentWithPin();
    for (let i = 0; i < 5; i++) await check(viewer.auth, '7777');
    const kidProfile = (await createProfile(t, viewer.auth, { name: 'Петя', child: true }))._id;
    const tablet = await extraSession(t, viewer._id);
    await post('/api/v1/profiles/select', tablet.auth, { profile_id: kidProfile });
    const res = await post('/api/v1/profiles/select', tablet.auth, { profile_id: viewer.profile_id, pin: '2580' });
    expect(res.statusCode).toBe(423);
    expect((await refresh(t, tablet.auth)).profile_for_child).toBe(true);
  });

  it('answers 409 PIN_NOT_SET without a PIN, 400 for a malformed one, 403 for a virtual visitor', async () => {
    const viewer = await registeredViewer(t);
    const none = await check(viewer.auth, '1234');
    expect(none.statusCode).toBe(409);
    expect(none.json().code).toBe('PIN_NOT_SET');
    expect((await check(viewer.auth, '12')).statusCode).toBe(400);
    expect((await check((await loginDevice(t)).auth, '1234')).statusCode).toBe(403);
  });
});

describe('POST /api/v1/pin/change, /remove, /skip', () => {
  it('changes the PIN with the old one', async () => {
    const viewer = await parentWithPin();
    const wrong = await post('/api/v1/pin/change', viewer.auth, { old_pin: '0000', new_pin: '1357' });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json()).toMatchObject({ code: 'PIN_INVALID', tries_left: 4 });
    expect((await post('/api/v1/pin/change', viewer.auth, { old_pin: '2580', new_pin: '1357' })).statusCode).toBe(204);
    expect((await check(viewer.auth, '1357')).statusCode).toBe(204);
    expect((await check(viewer.auth, '2580')).statusCode).toBe(403);
    expect((await post('/api/v1/pin/change', viewer.auth, { old_pin: '1357', new_pin: '13579' })).statusCode).toBe(400);
  });

  it('removes the PIN with the PIN; the viewer then has declined one (skip)', async () => {
    const viewer = await parentWithPin();
    expect((await post('/api/v1/pin/remove', viewer.auth, { pin: '1111' })).statusCode).toBe(403);
    expect((await state(viewer.auth)).has_pin).toBe(true);
    expect((await post('/api/v1/pin/remove', viewer.auth, { pin: '2580' })).statusCode).toBe(204);
    expect(await state(viewer.auth)).toMatchObject({ has_pin: false, pin_status: 'skip' });
  });

  it('records a skip, and refuses it while a PIN is set', async () => {
    const viewer = await registeredViewer(t);
    await createProfile(t, viewer.auth, { name: 'Маша', child: true });
    expect((await post('/api/v1/pin/skip', viewer.auth)).statusCode).toBe(204);
    expect((await refresh(t, viewer.auth)).pin_status).toBe('skip');
    // Making a PIN after a skip works and clears the skip.
    expect((await post('/api/v1/pin', viewer.auth, { pin: '4444' })).statusCode).toBe(204);
    const skip = await post('/api/v1/pin/skip', viewer.auth);
    expect(skip.statusCode).toBe(409);
    expect((await refresh(t, viewer.auth)).pin_status).toBe('required');
  });

  it('refuses change, remove and skip from a child profile', async () => {
    const kid = await childSession(t);
    const parent = await extraSession(t, kid._id);
    await post('/api/v1/pin', parent.auth, { pin: '2580' });
    for (const [url, payload] of [
      ['/api/v1/pin/change', { old_pin: '2580', new_pin: '0000' }],
      ['/api/v1/pin/remove', { pin: '2580' }],
      ['/api/v1/pin/skip', undefined],
    ] as const) {
      const res = await post(url, kid.auth, payload);
      expect(res.statusCode, url).toBe(403);
      expect(res.json().code).toBe('KIDS_PROFILE_RESTRICTED');
    }
    expect((await check(parent.auth, '2580')).statusCode).toBe(204);
  });
});

describe('forgotten PIN: POST /api/v1/pin/forgot, /reset/verify, /reset', () => {
  it('mails a single-use /pin_remove link that removes the PIN', async () => {
    const viewer = await parentWithPin();
    const res = await post('/api/v1/pin/forgot', viewer.auth);
    expect(res.statusCode).toBe(200);
    expect(PinForgotResponseSchema.parse(res.json())).toEqual({ channel: 'email', destination: maskContact('email', viewer.email!) });
    const token = await linkTokenFor(viewer.email!);

    expect((await post('/api/v1/pin/reset/verify', t.headers, { token })).statusCode).toBe(204);
    expect((await state(viewer.auth)).has_pin).toBe(true); // verifying does not use it
    expect((await post('/api/v1/pin/reset', t.headers, { token })).statusCode).toBe(204);
    expect(await state(viewer.auth)).toMatchObject({ has_pin: false, pin_status: 'create' });

    const reused = await post('/api/v1/pin/reset', t.headers, { token });
    expect(reused.statusCode).toBe(400);
    expect(reused.json().code).toBe('INVALID_TOKEN');
    expect((await post('/api/v1/pin/reset/verify', t.headers, { token })).statusCode).toBe(400);
  });

  it('refuses an expired link and one replaced by a newer request', async () => {
    const viewer = await parentWithPin();
    await post('/api/v1/pin/forgot', viewer.auth);
    const first = await linkTokenFor(viewer.email!);
    const expired = await later(31 * 60_000, () => post('/api/v1/pin/reset', t.headers, { token: first }));
    expect(expired.statusCode).toBe(400);
    await post('/api/v1/pin/forgot', viewer.auth);
    const second = await linkTokenFor(viewer.email!);
    expect((await post('/api/v1/pin/reset', t.headers, { token: first })).statusCode).toBe(400);
    expect((await later(29 * 60_000, () => post('/api/v1/pin/reset', t.headers, { token: second }))).statusCode).toBe(204);
  });

  it('kills an outstanding link when the PIN is changed', async () => {
    const viewer = await parentWithPin();
    await post('/api/v1/pin/forgot', viewer.auth);
    const token = await linkTokenFor(viewer.email!);
    await post('/api/v1/pin/change', viewer.auth, { old_pin: '2580', new_pin: '8520' });
    expect((await post('/api/v1/pin/reset', t.headers, { token })).statusCode).toBe(400);
    expect((await state(viewer.auth)).has_pin).toBe(true);
  });

  it('sends an SMS to an account with a phone and no email', async () => {
    const viewer = await registeredViewer(t, { email: null, phone: '+79161234567' });
    await createProfile(t, viewer.auth, { name: 'Маша', child: true });
    await post('/api/v1/pin', viewer.auth, { pin: '2580' });
    const res = await post('/api/v1/pin/forgot', viewer.auth);
    expect(res.json()).toEqual({ channel: 'sms', destination: '+7 *** ***-**-67' });
    expect((await post('/api/v1/pin/reset', t.headers, { token: await linkTokenFor('+79161234567') })).statusCode).toBe(204);
  });

  it('answers 400 NO_CONTACT without email or phone, 409 without a PIN, 403 for a virtual visitor', async () => {
    const noContact = await registeredViewer(t, { email: null });
    await post('/api/v1/pin', noContact.auth, { pin: '2580' });
    const res = await post('/api/v1/pin/forgot', noContact.auth);
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('NO_CONTACT');
    expect((await post('/api/v1/pin/forgot', (await registeredViewer(t)).auth)).statusCode).toBe(409);
    expect((await post('/api/v1/pin/forgot', (await loginDevice(t)).auth)).statusCode).toBe(403);
  });

  it('answers 400 for a malformed or unknown token', async () => {
    for (const token of ['short', 'не-токен-не-токен-не-токен', 'A'.repeat(43)]) {
      const res = await post('/api/v1/pin/reset', t.headers, { token });
      expect(res.statusCode).toBe(400);
    }
  });

  it('masks the destination', () => {
    expect(maskContact('email', 'mama@example.ru')).toBe('m***a@example.ru');
    expect(maskContact('email', 'me@example.ru')).toBe('m***@example.ru');
    expect(maskContact('sms', '+7 916 123-45-67')).toBe('+7 *** ***-**-67');
  });
});

describe('GET /api/v1/pin', () => {
  it('answers none for a virtual visitor and 401 without a session', async () => {
    expect(await state((await loginDevice(t)).auth)).toMatchObject({ pin_status: 'none', has_pin: false });
    expect((await t.app.inject({ url: '/api/v1/pin', headers: t.headers })).statusCode).toBe(401);
  });
});
