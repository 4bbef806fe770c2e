// Every API answer says: nothing loads, frames or sniffs it (helmet in app.ts); HSTS only in production.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { posterImage } from './modules/images/poster-url.ts';
import { createTestApp, TEST_API_KEY, type TestApp } from './test/harness.ts';
import { PRODUCTION_ENV } from './test/production-env.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const expectLockedDown = (headers: Record<string, unknown>) => {
  expect(headers['content-security-policy']).toBe("default-src 'none';frame-ancestors 'none'");
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['x-frame-options']).toBe('DENY');
  expect(headers['referrer-policy']).toBe('no-referrer');
};

describe('security headers of the API', () => {
  it('on a JSON answer, and on an error', async () => {
    const ok = await t.app.inject({ url: '/api/v1/catalog', headers: t.headers });
    expect(ok.statusCode).toBe(200);
    expectLockedDown(ok.headers);
    const missing = await t.app.inject({ url: '/api/v1/no-such-route', headers: t.headers });
    expect(missing.statusCode).toBe(404);
    expectLockedDown(missing.headers);
  });

  it('on images, which still load in the site (same-site resource policy)', async () => {
    const res = await t.app.inject(`${posterImage({ pattern: 'rays', hue: 200, hue2: 20, seed: 7 }, 'vertical').url}?w=160`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/webp');
    expectLockedDown(res.headers);
    expect(res.headers['cross-origin-resource-policy']).toBe('same-site');
  });

  it('no HSTS outside production (development runs on plain HTTP)', async () => {
    const res = await t.app.inject({ url: '/api/health/live' });
    expect(res.headers['strict-transport-security']).toBeUndefined();
  });

  it('HSTS in production', async () => {
    const prod = await createTestApp({ ...PRODUCTION_ENV, WEB_API_KEY: TEST_API_KEY });
    try {
      const res = await prod.app.inject({ url: '/api/health/live' });
      expect(res.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
      expectLockedDown(res.headers);
    } finally {
      await prod.close();
    }
  });
});
