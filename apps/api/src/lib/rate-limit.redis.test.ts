import { limitAttempts } from '@ekran/db';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, freshAddress, type TestApp } from '../test/harness.ts';

// Shared rate limits: two API instances over one Redis count against one limit. Runs against the local
// Redis (TEST_REDIS_URL, default 127.0.0.1:6379) under a namespace of its own, and is skipped with a note
// where no Redis answers (a fresh clone needs none).
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

async function redisAnswers(): Promise<boolean> {
  const probe = new Redis(REDIS_URL, { lazyConnect: true, connectTimeout: 1000, maxRetriesPerRequest: 0, retryStrategy: () => null });
  probe.on('error', () => undefined);
  try {
    await probe.connect();
    return (await probe.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    probe.disconnect();
  }
}

const available = await redisAnswers();
// .ci/run requires it (the CI machine has Redis): there a missing Redis fails instead of skipping.
if (!available && process.env.REQUIRE_REDIS === '1') throw new Error(`no Redis at ${REDIS_URL}, and REQUIRE_REDIS=1`);
if (!available) console.warn(`rate-limit.redis.test: no Redis at ${REDIS_URL}; the shared-limit test is skipped`);

// The password recovery route allows 3 calls a minute per address and email, on any instance.
const recover = (t: TestApp, email: string) =>
  t.app.inject({ method: 'POST', url: '/api/v1/auth/password/recovery', headers: t.headers, remoteAddress: '192.0.2.10', payload: { email } });

describe.skipIf(!available)('rate limits with REDIS_URL', () => {
  const prefix = `ekran-test-${process.pid}-${Date.now()}:`;
  let a: TestApp;
  let b: TestApp;
  let redis: Redis;
  beforeAll(async () => {
    [a, b] = await Promise.all([createTestApp({ REDIS_URL, REDIS_KEY_PREFIX: prefix }), createTestApp({ REDIS_URL, REDIS_KEY_PREFIX: prefix })]);
    redis = new Redis(REDIS_URL);
  });
  afterAll(async () => {
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length) await redis.del(...keys);
    redis.disconnect();
    await Promise.all([a?.close(), b?.close()]);
  });

  it('are shared by two API instances', async () => {
    const email = 'shared-limit@example.ru';
    const codes = [];
    for (const app of [a, b, a, b]) codes.push((await recover(app, email)).statusCode);
    expect(codes).toEqual([204, 204, 204, 429]);
    expect(await redis.keys(`${prefix}rate-limit:*`)).not.toEqual([]);
  });

  it('count each key on its own', async () => {
    expect((await recover(b, 'another-address@example.ru')).statusCode).toBe(204);
  });

  // Brute-force lockouts (lib/lockout.ts) live in the same Redis: two instances, each with a database of its
  // own, lock one account together. The address is unknown to both, and counts all the same.
  const signIn = (t: TestApp, email: string) =>
    t.app.inject({ method: 'POST', url: '/api/v1/auth/email/login', headers: t.headers, remoteAddress: freshAddress(), payload: { email, password: 'wrong-password' } });

  it('share a sign-in lockout between two API instances', async () => {
    const email = 'shared-lockout@example.ru';
    const codes = [];
    for (const app of [a, b, a, b, a, b, a]) codes.push((await signIn(app, email)).statusCode);
    expect(codes).toEqual([401, 401, 401, 401, 401, 429, 429]);
    const refused = await signIn(b, email);
    expect(refused.headers['retry-after']).toBe('60');
    expect(await redis.keys(`${prefix}limits:*`)).not.toEqual([]);
    // Nothing was counted in either database.
    for (const t of [a, b]) expect(await t.db.select().from(limitAttempts)).toEqual([]);
  });

  it('cannot be outrun by parallel guesses on both instances', async () => {
    const email = 'parallel-lockout@example.ru';
    const results = await Promise.all(Array.from({ length: 16 }, (_, i) => signIn(i % 2 ? a : b, email)));
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 401)).toHaveLength(5);
    expect(codes.filter((c) => c === 429)).toHaveLength(11);
  });
});

describe('rate limits without REDIS_URL', () => {
  // Two apps built in one test take longer than the default timeout on a busy machine.
  it('are per instance (in memory)', async () => {
    const [a, b] = await Promise.all([createTestApp(), createTestApp()]);
    try {
      const codes = [];
      for (const app of [a, b, a, b, a, b]) codes.push((await recover(app, 'memory-limit@example.ru')).statusCode);
      expect(codes).toEqual([204, 204, 204, 204, 204, 204]);
      expect((await recover(a, 'memory-limit@example.ru')).statusCode).toBe(429);
    } finally {
      await Promise.all([a.close(), b.close()]);
    }
  }, 120_000);
});
