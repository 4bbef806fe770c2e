import { AuthDataSchema } from '@ekran/contracts';
import {
  accountState, devices, externalSubscriptions, operatorSubscriptions, orders, parentalControls, profiles, sessions, socialIdentities, subscriptions, users,
} from '@ekran/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cacheLookups } from '../../lib/cache-stats.ts';
import { createTestApp, loginDevice, type TestApp } from '../../test/harness.ts';

// A session's auth data is kept under its account's version (docs/decisions/047-account-answers-cache.md): whatever
// changes the account is seen by the very next refresh, and only the clock's own effects wait for the TTL.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ ACCOUNT_CACHE_SECONDS: '5' });
});
afterAll(() => t.close());

const refresh = async (auth: Record<string, string>) => {
  const res = await t.app.inject({ method: 'POST', url: '/api/v1/auth/refresh', headers: auth });
  return { status: res.statusCode, data: res.statusCode === 200 ? AuthDataSchema.parse(res.json()) : null };
};
const accountLookups = () => cacheLookups().find((c) => c.cache === 'account') ?? { hit: 0, miss: 0 };
const versionOf = async (userId: string) => (await t.db.select().from(accountState).where(eq(accountState.userId, userId)))[0]?.version ?? 0;

describe('auth data kept for a session', () => {
  it('answers a repeated refresh from memory, the same as the first', async () => {
    const login = await loginDevice(t);
    const first = await refresh(login.auth);
    const before = accountLookups();
    const second = await refresh(login.auth);
    expect(accountLookups().hit).toBe(before.hit + 1);
    expect(second).toEqual(first);
  });

  it('shows a subscription bought a moment ago on the next refresh', async () => {
    const login = await loginDevice(t);
    expect((await refresh(login.auth)).data?.subscriptions).toEqual([]);
    const sub = await t.make.subscription({ userId: login._id });
    const after = await refresh(login.auth);
    expect(after.data?.subscriptions.map((s) => s._id)).toEqual([sub.id]);
    expect(after.data?.trial_is_available).toBe(false);
  });

  it('shows a profile edit and a profile switch on the next refresh', async () => {
    const login = await loginDevice(t);
    await refresh(login.auth);
    await t.db.update(profiles).set({ interfaceLanguage: 'en' }).where(eq(profiles.id, login.profile_id));
    expect((await refresh(login.auth)).data?.language.interface).toBe('en');

    const [child] = await t.db.insert(profiles).values({ userId: login._id, name: 'Дети', isChild: true }).returning();
    await t.db.update(sessions).set({ profileId: child!.id }).where(eq(sessions.userId, login._id));
    const switched = (await refresh(login.auth)).data;
    expect(switched?.profile_id).toBe(child!.id);
    expect(switched?.profile_for_child).toBe(true);
  });

  it('refuses a session signed out a moment ago', async () => {
    const login = await loginDevice(t);
    expect((await refresh(login.auth)).status).toBe(200);
    const out = await t.app.inject({ method: 'POST', url: '/api/v1/auth/logout', headers: login.auth });
    expect(out.statusCode).toBeLessThan(300);
    expect((await refresh(login.auth)).status).toBe(401);
  });

  it('lets the clock end a subscription no later than ACCOUNT_CACHE_SECONDS after its end', async () => {
    const login = await loginDevice(t);
    const start = t.clock.now;
    try {
      await t.make.subscription({ userId: login._id, expiresAt: new Date(start.getTime() + 1000), billingExpiresAt: null, isRecurrent: false });
      expect((await refresh(login.auth)).data?.subscriptions).toHaveLength(1);
      t.clock.now = new Date(start.getTime() + 2000);
      // Ended a second ago and still shown: the answer is two seconds old.
      expect((await refresh(login.auth)).data?.subscriptions).toHaveLength(1);
      t.clock.now = new Date(start.getTime() + 5000);
      expect((await refresh(login.auth)).data?.subscriptions).toEqual([]);
    } finally {
      t.clock.now = start;
    }
  });

  it('answers from the database on every call with ACCOUNT_CACHE_SECONDS=0', async () => {
    const off = await createTestApp({ ACCOUNT_CACHE_SECONDS: '0' });
    try {
      const login = await loginDevice(off);
      const before = accountLookups();
      for (let i = 0; i < 3; i += 1) expect((await off.app.inject({ method: 'POST', url: '/api/v1/auth/refresh', headers: login.auth })).statusCode).toBe(200);
      expect(accountLookups()).toEqual(before);
    } finally {
      await off.close();
    }
  });
});

describe("an account's version", () => {
  type Tx = Parameters<Parameters<TestApp['db']['transaction']>[0]>[0];
  let tariffId: string;
  beforeAll(async () => {
    tariffId = (await t.make.tariff()).id;
  });
  // One write of each table auth data is made of, for the account `userId`.
  const writes: Array<[string, (tx: Tx, userId: string) => Promise<unknown>]> = [
    ['users', (tx, userId) => tx.update(users).set({ interfaceLanguage: 'en' }).where(eq(users.id, userId))],
    ['profiles', (tx, userId) => tx.insert(profiles).values({ userId, name: 'Второй' })],
    ['devices', (tx, userId) => tx.insert(devices).values({ userId, deviceUid: `tv-${Math.random().toString(36).slice(2)}`, deviceType: 'tv' })],
    ['subscriptions', (tx, userId) =>
      tx.insert(subscriptions).values({ userId, tariffId, status: 'active', startedAt: t.clock.now, expiresAt: new Date(t.clock.now.getTime() + 86_400_000) })],
    ['orders', (tx, userId) =>
      tx.insert(orders).values({ userId, kind: 'purchase', tariffId, amount: 399, idempotencyKey: `k-${Math.random()}`, requestHash: 'h' })],
    ['social_identities', (tx, userId) => tx.insert(socialIdentities).values({ userId, provider: 'vk', subject: `vk-${Math.random()}` })],
    ['parental_controls', (tx, userId) => tx.insert(parentalControls).values({ userId, skippedAt: t.clock.now })],
    ['external_subscriptions', (tx, userId) => tx.insert(externalSubscriptions).values({ userId, partner: 'ivi' })],
    ['operator_subscriptions', (tx, userId) =>
      tx.insert(operatorSubscriptions).values({
        userId, msisdn: `+79${String(Math.floor(Math.random() * 1e9)).padStart(9, '0')}`, externalId: `mf-${Math.random()}`, tariffId,
        startedAt: t.clock.now, expiresAt: new Date(t.clock.now.getTime() + 86_400_000),
      })],
  ];

  it.each(writes)('moves when its %s change, once the transaction commits', async (_, write) => {
    const login = await loginDevice(t);
    const before = await versionOf(login._id);
    await t.db.transaction(async (tx) => {
      await write(tx, login._id);
      // The triggers are deferred to the commit: inside the transaction the version has not moved yet.
      expect((await tx.select().from(accountState).where(eq(accountState.userId, login._id)))[0]?.version ?? 0).toBe(before);
    });
    expect(await versionOf(login._id)).toBeGreaterThan(before);
  });

  it('does not move for a rolled-back write, nor for another account', async () => {
    const a = await loginDevice(t);
    const b = await loginDevice(t);
    const [va, vb] = [await versionOf(a._id), await versionOf(b._id)];
    await t.db
      .transaction(async (tx) => {
        await tx.update(users).set({ interfaceLanguage: 'en' }).where(eq(users.id, a._id));
        tx.rollback();
      })
      .catch(() => undefined);
    await t.db.update(users).set({ interfaceLanguage: 'en' }).where(eq(users.id, b._id));
    expect(await versionOf(a._id)).toBe(va);
    expect(await versionOf(b._id)).toBeGreaterThan(vb);
  });
});

describe('a device login', () => {
  it.each([false, true])('answers the auth data a refresh of its session answers (is_child %s), without reading back what it made', async (isChild) => {
    const { token, auth, ...made } = await loginDevice(t, { is_child: isChild });
    expect(made.authentication_token).toBe(token);
    expect((await refresh(auth)).data).toEqual(made);
  });
});
