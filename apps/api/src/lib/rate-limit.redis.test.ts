import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/harness.ts';

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
});

describe('rate limits without REDIS_URL', () => {
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
  });
});
