import { AccountDeviceListSchema, AccountDeviceSchema, AuthDataSchema, ErrorSchema, PlaybackCheckSchema } from '@ekran/contracts';
import { deviceLimitTickets, sessions } from '@ekran/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountHelpers, UA } from '../../test/account-helpers.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';

let t: TestApp;
let h: ReturnType<typeof accountHelpers>;
let freeTitleId: string;
beforeAll(async () => {
  t = await createTestApp({ DEVICE_LIMIT: '3' });
  h = accountHelpers(t);
  freeTitleId = (await t.make.title({ isFree: true })).id;
});
afterAll(() => t.close());

const LIMIT = 3;
const list = async (auth: Record<string, string>) => AccountDeviceListSchema.parse((await h.call('GET', '/api/v1/account/devices', auth)).json());

/** An account signed in on the limit's worth of devices: its first browser and LIMIT - 1 more. */
async function fullAccount() {
  const acc = await h.account();
  const others = [];
  for (let i = 1; i < LIMIT; i++) others.push(await h.signedInBrowser(acc, i % 2 ? UA.safariIphone : UA.firefoxLinux));
  return { ...acc, others };
}

/** A new browser's sign-in stopped by the limit: the browser and the 403's device_limit. */
async function stopped(acc: { email: string; password: string }) {
  const b = await h.browser(UA.firefoxLinux);
  const res = await h.signIn(acc, b);
  expect(res.statusCode).toBe(403);
  const error = ErrorSchema.parse(res.json());
  expect(error.code).toBe('DEVICE_COUNT_EXCEEDED');
  return { browser: b, limit: error.device_limit! };
}

const resolve = (from: Record<string, string>, ticket: string, removeDeviceId: string) =>
  h.call('POST', '/api/v1/auth/device-limit', from, { ticket, remove_device_id: removeDeviceId });

describe('GET /api/v1/account/devices', () => {
  it("lists the account's devices with readable names, first and last seen, and marks the caller's", async () => {
    const acc = await h.account();
    const phone = await h.signedInBrowser(acc, UA.safariIphone);
    const body = await list(phone.auth);
    expect(body.limit).toBe(LIMIT);
    expect(body.items.map((d) => [d.uid, d.name, d.platform, d.is_current])).toEqual([
      [acc.first.deviceId, 'Chrome 124 · Windows 10', 'desktop', false],
      [phone.deviceId, 'Safari 17 · iPhone · iOS 17.4', 'mobile', true],
    ]);
    for (const d of body.items) expect(Date.parse(d.last_seen_at)).toBeGreaterThanOrEqual(Date.parse(d.first_seen_at));
    // The auth data lists them too (spec platform §3 devices[] type, uid).
    expect(phone.data.devices).toEqual([
      { type: 'web', uid: acc.first.deviceId },
      { type: 'web', uid: phone.deviceId },
    ]);
  });

  it('marks a device as seen when its session is used later', async () => {
    const acc = await h.account();
    const before = (await list(acc.first.auth)).items[0]!.last_seen_at;
    const saved = t.clock.now;
    t.clock.now = new Date(saved.getTime() + 3600_000);
    try {
      const after = (await list(acc.first.auth)).items[0]!.last_seen_at;
      expect(after).toBe(t.clock.now.toISOString());
      expect(after).not.toBe(before);
    } finally {
      t.clock.now = saved;
    }
  });

  it('needs a session', async () => {
    expect((await h.call('GET', '/api/v1/account/devices', t.headers)).statusCode).toBe(401);
  });
});

describe('the device limit inside sign-in (spec platform §8 DEVICE_COUNT_EXCEEDED)', () => {
  it('stops a sign-in on a new device over the limit, naming the devices, and starts no session', async () => {
    const acc = await fullAccount();
    const { browser, limit } = await stopped(acc);
    expect(limit.limit).toBe(LIMIT);
    expect(limit.devices.map((d) => d.uid)).toEqual([acc.first.deviceId, ...acc.others.map((o) => o.deviceId)]);
    expect(limit.ticket).toMatch(/^[0-9a-f-]{36}\.[\w-]{43}$/);
    expect(Date.parse(limit.ticket_expires_at!) - t.clock.now.getTime()).toBe(10 * 60_000);
    // The browser is still its anonymous self, and the account has no fourth device.
    const me = AuthDataSchema.parse((await h.call('POST', '/api/v1/auth/refresh', browser.auth)).json());
    expect(me.virtual).toBe(true);
    expect((await list(acc.first.auth)).items).toHaveLength(LIMIT);
  });

  it('lets a device already on the list sign in again', async () => {
    const acc = await fullAccount();
    const again = await h.signIn(acc, acc.others[0]!);
    expect(again.statusCode).toBe(200);
    expect((await list(acc.first.auth)).items).toHaveLength(LIMIT);
  });

  it('counts a sign-in without a device login as a new device every time, so it cannot slip past', async () => {
    const acc = await h.account();
    const codes = [];
    for (let i = 0; i < LIMIT; i++) codes.push((await h.signIn(acc, null)).statusCode);
    expect(codes).toEqual([200, 200, 403]);
  });

  it('lets only one of two simultaneous sign-ins take the last free slot', async () => {
    const acc = await h.account();
    await h.signedInBrowser(acc);
    const [a, b] = await Promise.all([h.browser(), h.browser()]);
    const codes = (await Promise.all([h.signIn(acc, a), h.signIn(acc, b)])).map((r) => r.statusCode).sort();
    expect(codes).toEqual([200, 403]);
    expect((await list(acc.first.auth)).items).toHaveLength(LIMIT);
  });

  it("does not hold virtual users to the account's device limit (they have a bound of their own, lib/lockout.routes.test.ts)", async () => {
    const anon = await h.browser();
    for (let i = 0; i < LIMIT + 1; i++) {
      const res = await h.call('POST', '/api/v1/account/devices', anon.auth, { device_id: `web-anon-extra-${i}`, device_type: 'web' });
      expect(res.statusCode).toBe(201);
    }
    // The device list is the account holder's page: a virtual visitor has none to read.
    const listed = await h.call('GET', '/api/v1/account/devices', anon.auth);
    expect([listed.statusCode, listed.json().code]).toEqual([403, 'REGISTRATION_REQUIRED']);
  });
});

describe('POST /api/v1/auth/device-limit (the ticket of a stopped sign-in)', () => {
  it('removes the chosen device, ends its sessions and completes that sign-in on this browser', async () => {
    const acc = await fullAccount();
    const { browser, limit } = await stopped(acc);
    const victim = acc.others[0]!;
    const res = await resolve(browser.auth, limit.ticket!, limit.devices.find((d) => d.uid === victim.deviceId)!.id);
    expect(res.statusCode).toBe(200);
    const data = AuthDataSchema.parse(res.json());
    expect(data).toMatchObject({ _id: acc.id, virtual: false, email: acc.email });
    expect(res.cookies.find((c) => c.name === 'ekran_token')?.value).toBe(data.authentication_token);
    const after = await list(h.withToken(data.authentication_token));
    expect(after.items.map((d) => d.uid).sort()).toEqual([acc.first.deviceId, acc.others[1]!.deviceId, browser.deviceId].sort());
    expect(after.items.find((d) => d.is_current)?.uid).toBe(browser.deviceId);
    // The removed device hears why on its next call; the browser's anonymous session has ended.
    const removed = await h.call('POST', '/api/v1/auth/refresh', victim.auth);
    expect([removed.statusCode, removed.json().code]).toEqual([401, 'DEVICE_REMOVED']);
    expect((await h.call('POST', '/api/v1/auth/refresh', browser.auth)).statusCode).toBe(401);
  });

  it('works once', async () => {
    const acc = await fullAccount();
    const { browser, limit } = await stopped(acc);
    expect((await resolve(browser.auth, limit.ticket!, limit.devices[1]!.id)).statusCode).toBe(200);
    const again = await resolve(browser.auth, limit.ticket!, limit.devices[2]!.id);
    expect([again.statusCode, again.json().code]).toEqual([403, 'INVALID_TICKET']);
    expect((await list(acc.first.auth)).items).toHaveLength(LIMIT);
  });

  it('refuses a ticket after ten minutes', async () => {
    const acc = await fullAccount();
    const { browser, limit } = await stopped(acc);
    const saved = t.clock.now;
    t.clock.now = new Date(saved.getTime() + 10 * 60_000 + 1);
    try {
      const res = await resolve(browser.auth, limit.ticket!, limit.devices[1]!.id);
      expect([res.statusCode, res.json().code]).toEqual([403, 'INVALID_TICKET']);
    } finally {
      t.clock.now = saved;
    }
    expect((await list(acc.first.auth)).items).toHaveLength(LIMIT);
  });

  it.each([
    ['an altered signature', (ticket: string) => `${ticket.slice(0, -2)}${ticket.endsWith('AA') ? 'BB' : 'AA'}`],
    ['another id with the same signature', (ticket: string) => `00000000-0000-4000-8000-000000000000.${ticket.split('.')[1]}`],
    ['no signature', (ticket: string) => `${ticket.split('.')[0]}.`],
    ['extra parts', (ticket: string) => `${ticket}.x`],
  ])('refuses a forged ticket: %s', async (_, forge) => {
    const acc = await fullAccount();
    const { browser, limit } = await stopped(acc);
    const res = await resolve(browser.auth, forge(limit.ticket!), limit.devices[1]!.id);
    expect([res.statusCode, res.json().code]).toEqual([403, 'INVALID_TICKET']);
    expect((await list(acc.first.auth)).items).toHaveLength(LIMIT);
  });

  it('refuses the ticket from another browser', async () => {
    const acc = await fullAccount();
    const { limit } = await stopped(acc);
    const thief = await h.browser();
    const res = await resolve(thief.auth, limit.ticket!, limit.devices[1]!.id);
    expect([res.statusCode, res.json().code]).toEqual([403, 'INVALID_TICKET']);
    expect((await resolve(t.headers, limit.ticket!, limit.devices[1]!.id)).statusCode).toBe(403);
  });

  it("does not remove another account's device, and the ticket still works after that", async () => {
    const acc = await fullAccount();
    const stranger = await h.account();
    const { browser, limit } = await stopped(acc);
    const strangerDevice = (await list(stranger.first.auth)).items[0]!;
    expect((await resolve(browser.auth, limit.ticket!, strangerDevice.id)).statusCode).toBe(404);
    expect((await list(stranger.first.auth)).items).toHaveLength(1);
    expect((await resolve(browser.auth, limit.ticket!, limit.devices[2]!.id)).statusCode).toBe(200);
  });

  it('limits tries per ticket to 10 a minute, from one address', async () => {
    const acc = await fullAccount();
    const { browser, limit } = await stopped(acc);
    const strangerDevice = crypto.randomUUID();
    const codes = [];
    for (let i = 0; i < 11; i++) codes.push((await h.call('POST', '/api/v1/auth/device-limit', browser.auth, { ticket: limit.ticket, remove_device_id: strangerDevice }, '192.0.2.77')).statusCode);
    expect(codes).toEqual([...Array(10).fill(404), 429]);
  });

  it('answers 400 for a malformed body', async () => {
    const b = await h.browser();
    expect((await h.call('POST', '/api/v1/auth/device-limit', b.auth, { ticket: 'short', remove_device_id: 'x' })).statusCode).toBe(400);
  });

  it('keeps the used ticket on record', async () => {
    const acc = await fullAccount();
    const { browser, limit } = await stopped(acc);
    await resolve(browser.auth, limit.ticket!, limit.devices[1]!.id);
    const [row] = await t.db.select().from(deviceLimitTickets).where(eq(deviceLimitTickets.id, limit.ticket!.split('.')[0]!));
    expect(row?.usedAt).toEqual(t.clock.now);
  });
});

describe('DELETE /api/v1/account/devices/:id', () => {
  it('removes another device; that browser gets 401 DEVICE_REMOVED on every call', async () => {
    const acc = await h.account();
    const other = await h.signedInBrowser(acc, UA.safariIphone);
    const id = (await list(acc.first.auth)).items.find((d) => d.uid === other.deviceId)!.id;
    expect((await h.call('DELETE', `/api/v1/account/devices/${id}`, acc.first.auth)).statusCode).toBe(204);
    expect((await list(acc.first.auth)).items.map((d) => d.uid)).toEqual([acc.first.deviceId]);
    for (const res of [await h.call('POST', '/api/v1/auth/refresh', other.auth), await h.call('GET', '/api/v1/account/devices', other.auth)]) {
      expect([res.statusCode, res.json().code]).toEqual([401, 'DEVICE_REMOVED']);
    }
    const [ended] = await t.db.select().from(sessions).where(eq(sessions.tokenHash, (await import('../../lib/tokens.ts')).hashToken(other.data.authentication_token)));
    expect(ended?.revokedReason).toBe('device_removed');
  });

  it('keeps a plain 401 for a session that ended otherwise', async () => {
    const acc = await h.account();
    const other = await h.signedInBrowser(acc);
    await h.call('POST', '/api/v1/auth/logout', other.auth);
    const res = await h.call('POST', '/api/v1/auth/refresh', other.auth);
    expect([res.statusCode, res.json().code]).toEqual([401, 'UNAUTHORIZED']);
  });

  it('refuses to remove the device that asks', async () => {
    const acc = await h.account();
    const own = (await list(acc.first.auth)).items[0]!;
    const res = await h.call('DELETE', `/api/v1/account/devices/${own.id}`, acc.first.auth);
    expect([res.statusCode, res.json().code]).toEqual([400, 'CURRENT_DEVICE']);
    expect((await h.call('POST', '/api/v1/auth/refresh', acc.first.auth)).statusCode).toBe(200);
  });

  it("answers 404 for another account's device and leaves it alone", async () => {
    const acc = await h.account();
    const stranger = await h.account();
    const theirs = (await list(stranger.first.auth)).items[0]!;
    expect((await h.call('DELETE', `/api/v1/account/devices/${theirs.id}`, acc.first.auth)).statusCode).toBe(404);
    expect((await h.call('POST', '/api/v1/auth/refresh', stranger.first.auth)).statusCode).toBe(200);
  });

  it('answers 400 for a bad id and 401 without a session', async () => {
    const acc = await h.account();
    expect((await h.call('DELETE', '/api/v1/account/devices/not-a-uuid', acc.first.auth)).statusCode).toBe(400);
    expect((await h.call('DELETE', `/api/v1/account/devices/${crypto.randomUUID()}`, t.headers)).statusCode).toBe(401);
  });
});

describe('POST /api/v1/account/devices (register this device) and DEVICE_NOT_REGISTERED', () => {
  const check = (auth: Record<string, string>, deviceId?: string) =>
    h.call('GET', `/api/v1/playback/${freeTitleId}${deviceId ? `?device_id=${deviceId}` : ''}`, auth);

  it('plays on the session device and on a registered device id', async () => {
    const acc = await h.account();
    expect(PlaybackCheckSchema.parse((await check(acc.first.auth)).json()).playlists).toHaveLength(1);
    expect((await check(acc.first.auth, acc.first.deviceId)).statusCode).toBe(200);
  });

  it("answers 403 DEVICE_NOT_REGISTERED for an unregistered or another account's device id", async () => {
    const acc = await h.account();
    const stranger = await h.account();
    for (const id of ['web-never-registered-1', stranger.first.deviceId]) {
      const res = await check(acc.first.auth, id);
      expect([res.statusCode, res.json().code]).toEqual([403, 'DEVICE_NOT_REGISTERED']);
    }
  });

  it('registers the device (the session moves onto it), after which it plays', async () => {
    const acc = await h.account();
    const res = await h.call('POST', '/api/v1/account/devices', { ...acc.first.auth, 'user-agent': UA.firefoxLinux }, { device_id: 'web-newly-registered-1', device_type: 'web' });
    expect(res.statusCode).toBe(201);
    expect(AccountDeviceSchema.parse(res.json())).toMatchObject({ uid: 'web-newly-registered-1', name: 'Firefox 128 · Linux', is_current: true });
    expect((await check(acc.first.auth, 'web-newly-registered-1')).statusCode).toBe(200);
    expect((await list(acc.first.auth)).items.find((d) => d.is_current)?.uid).toBe('web-newly-registered-1');
  });

  it('obeys the limit: 403 DEVICE_COUNT_EXCEEDED with the devices and no ticket', async () => {
    const acc = await fullAccount();
    const res = await h.call('POST', '/api/v1/account/devices', acc.first.auth, { device_id: 'web-one-too-many', device_type: 'web' });
    const error = ErrorSchema.parse(res.json());
    expect([res.statusCode, error.code]).toEqual([403, 'DEVICE_COUNT_EXCEEDED']);
    expect(error.device_limit).toMatchObject({ limit: LIMIT, ticket: null });
    expect(error.device_limit!.devices).toHaveLength(LIMIT);
  });

  it('answers 400 for a bad device id and 401 without a session', async () => {
    const acc = await h.account();
    expect((await h.call('POST', '/api/v1/account/devices', acc.first.auth, { device_id: 'bad id!', device_type: 'web' })).statusCode).toBe(400);
    expect((await h.call('POST', '/api/v1/account/devices', acc.first.auth, { device_id: 'web-ok-12345', device_type: 'toaster' })).statusCode).toBe(400);
    expect((await h.call('POST', '/api/v1/account/devices', t.headers, { device_id: 'web-ok-12345' })).statusCode).toBe(401);
  });
});
