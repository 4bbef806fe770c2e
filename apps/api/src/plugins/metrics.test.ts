// The app's Prometheus metrics (plugins/metrics.ts).
import { streamSessions } from '@ekran/db';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ CATALOG_CACHE_SECONDS: '30' });
});
afterAll(async () => {
  await t.close();
});

/** The value of one series of the exposition, e.g. `streams_active` or `cache_lookups_total{cache="catalog",result="hit"}`. */
async function sample(series: string): Promise<number | undefined> {
  const text = await t.app.metrics.metrics();
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe('request durations', () => {
  it('are labelled by the route pattern and status, never the URL and its query', async () => {
    for (let i = 0; i < 2; i++) {
      const res = await t.app.inject({ method: 'GET', url: `/api/v1/titles?category=movies&limit=${10 + i}`, headers: t.headers });
      expect(res.statusCode).toBe(200);
    }
    expect(await sample('http_request_duration_seconds_count{method="GET",route="/api/v1/titles",status_code="200"}')).toBe(2);
    const text = await t.app.metrics.metrics();
    expect(text).not.toContain('category=movies');
    expect(text).toMatch(/^http_request_duration_seconds_bucket\{le="0\.005",method="GET",route="\/api\/v1\/titles",status_code="200"\} \d+$/m);
  });

  it('name the pattern of a parameterised route, and its refusals', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/watch/no-such-title-anywhere', headers: t.headers });
    expect(res.statusCode).toBe(404);
    expect(await sample('http_request_duration_seconds_count{method="GET",route="/api/v1/watch/:alias",status_code="404"}')).toBe(1);
    expect(await t.app.metrics.metrics()).not.toContain('no-such-title-anywhere');
  });

  it('label a path no route serves "unmatched"', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/nothing-here/12345?x=1', headers: t.headers });
    expect(res.statusCode).toBe(404);
    expect(await sample('http_request_duration_seconds_count{method="GET",route="unmatched",status_code="404"}')).toBe(1);
    expect(await t.app.metrics.metrics()).not.toContain('nothing-here');
  });
});

describe('the readings of the app', () => {
  it('count the answer cache: a miss, then hits (CATALOG_CACHE_SECONDS > 0)', async () => {
    const before = { hit: (await sample('cache_lookups_total{cache="catalog",result="hit"}')) ?? 0, miss: (await sample('cache_lookups_total{cache="catalog",result="miss"}')) ?? 0 };
    for (let i = 0; i < 3; i++) expect((await t.app.inject({ method: 'GET', url: '/api/v1/catalog?device_type=web&locale=ru', headers: t.headers })).statusCode).toBe(200);
    expect(await sample('cache_lookups_total{cache="catalog",result="miss"}')).toBe(before.miss + 1);
    expect(await sample('cache_lookups_total{cache="catalog",result="hit"}')).toBe(before.hit + 2);
  });

  it('count the streams playing now: active and heard from within STREAM_ALIVE_SECONDS', async () => {
    expect(await sample('streams_active')).toBe(0);
    const now = t.clock.now.getTime();
    const stale = new Date(now - (t.env.STREAM_ALIVE_SECONDS + 1) * 1000);
    for (const [state, lastSeenAt] of [['active', new Date(now - 10_000)], ['active', stale], ['pending', new Date(now)], ['stopped', new Date(now)]] as const) {
      const user = await t.make.user();
      const device = await t.make.device({ userId: user.id });
      await t.db.insert(streamSessions).values({ userId: user.id, deviceId: device.id, itemUid: randomUUID(), itemTitle: 'Метрополис', mediaSlug: 'metropolis', state, lastSeenAt });
    }
    expect(await sample('streams_active')).toBe(1);
  });

  it('name the job queue, empty while this app runs none, and the pool only on PostgreSQL', async () => {
    const text = await t.app.metrics.metrics();
    expect(text).toContain('# TYPE jobs_queued gauge');
    expect(text).not.toMatch(/^jobs_queued\{/m);
    if (t.database.driver.kind === 'postgres') expect(text).toMatch(/^db_pool_connections \d+$/m);
    else expect(text).not.toContain('db_pool_connections');
  });

  it("carry the process's own metrics in each app's registry", async () => {
    const text = await t.app.metrics.metrics();
    expect(text).toMatch(/^process_cpu_seconds_total \d/m);
    expect(text).toContain('# TYPE nodejs_eventloop_lag_seconds gauge');
  });
});
