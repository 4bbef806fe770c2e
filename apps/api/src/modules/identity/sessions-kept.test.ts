import { AuthDataSchema } from '@ekran/contracts';
import { profiles, sessions } from '@ekran/db';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { cacheLookups } from '../../lib/cache-stats.ts';
import { createTestApp, loginDevice, type TestApp } from '../../test/harness.ts';

// Sessions kept per process (docs/decisions/049-sessions-kept-per-process.md): two apps over one database stand for
// two API processes (on PostgreSQL, TEST_DATABASE_URL, each with its own pool and listening connection). Whatever one
// of them, or anything else writing to the database, changes is seen by the other's very next request.
let t: TestApp;
let other: FastifyInstance;
beforeAll(async () => {
  t = await createTestApp({ ACCOUNT_CACHE_SECONDS: '5' });
  other = await buildApp({ env: t.env, database: t.database, now: () => t.clock.now });
});
afterAll(async () => {
  await other.close();
  await t.close();
});

const refresh = async (app: FastifyInstance, auth: Record<string, string>) => {
  const res = await app.inject({ method: 'POST', url: '/api/v1/auth/refresh', headers: auth });
  return { status: res.statusCode, data: res.statusCode === 200 ? AuthDataSchema.parse(res.json()) : null };
};
const sessionHits = () => cacheLookups().find((c) => c.cache === 'sessions')?.hit ?? 0;

describe('sessions kept in each API process', () => {
  it('finds a session it has just found without the database', async () => {
    const login = await loginDevice(t);
    await refresh(other, login.auth);
    const before = sessionHits();
    expect((await refresh(other, login.auth)).status).toBe(200);
    expect(sessionHits()).toBe(before + 1);
  });

  it('refuses, in the other process, a session signed out through one', async () => {
    const login = await loginDevice(t);
    expect((await refresh(other, login.auth)).status).toBe(200);
    expect((await refresh(other, login.auth)).status).toBe(200);
    const out = await t.app.inject({ method: 'POST', url: '/api/v1/auth/logout', headers: login.auth });
    expect(out.statusCode).toBeLessThan(300);
    expect((await refresh(other, login.auth)).status).toBe(401);
  });

  it('sees a profile switch, a subscription and a revoked session written straight to the database', async () => {
    const login = await loginDevice(t);
    await refresh(other, login.auth);
    const [child] = await t.db.insert(profiles).values({ userId: login._id, name: 'Дети', isChild: true }).returning();
    await t.db.update(sessions).set({ profileId: child!.id }).where(eq(sessions.userId, login._id));
    expect((await refresh(other, login.auth)).data?.profile_id).toBe(child!.id);

    const sub = await t.make.subscription({ userId: login._id });
    expect((await refresh(other, login.auth)).data?.subscriptions.map((s) => s._id)).toEqual([sub.id]);

    await t.db.update(sessions).set({ revokedAt: t.clock.now }).where(eq(sessions.userId, login._id));
    expect((await refresh(other, login.auth)).status).toBe(401);
  });

  it('does not announce a session only used again (its sliding expiry moved on)', async () => {
    const login = await loginDevice(t);
    await refresh(other, login.auth);
    await t.db.update(sessions).set({ expiresAt: new Date(t.clock.now.getTime() + 100 * 86_400_000), lastUsedAt: t.clock.now }).where(eq(sessions.userId, login._id));
    const before = sessionHits();
    await refresh(other, login.auth);
    expect(sessionHits()).toBe(before + 1);
  });

  // PostgreSQL only: PGlite's notifications cannot be lost.
  it.runIf(process.env.TEST_DATABASE_URL)('keeps nothing while its listening connection is gone, and keeps sessions again once it is back', async () => {
    const login = await loginDevice(t);
    await refresh(other, login.auth);
    await t.db.execute(sql`select pg_terminate_backend(pid) from pg_stat_activity
      where datname = current_database() and pid <> pg_backend_pid() and (query like 'LISTEN%' or query like 'SELECT pg_notify%')`);
    const out = await t.app.inject({ method: 'POST', url: '/api/v1/auth/logout', headers: login.auth });
    expect(out.statusCode).toBeLessThan(300);
    expect((await refresh(other, login.auth)).status).toBe(401);

    const again = await loginDevice(t);
    await expect
      .poll(async () => {
        const before = sessionHits();
        await refresh(other, again.auth);
        return sessionHits() - before;
      }, { timeout: 10_000, interval: 200 })
      .toBe(1);
  });
});
