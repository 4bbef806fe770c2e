// AuthData.current_country_code is the visitor's country of each request (spec platform §6),
// read from the trusted address (TRUST_PROXY), as playback's anonymizer check reads it.
import { AuthDataSchema } from '@ekran/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, loginDevice, type TestApp } from '../test/harness.ts';

let t: TestApp;
let de: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  de = await createTestApp({ GEO_COUNTRY_OVERRIDE: 'de' });
});
afterAll(async () => {
  await t.close();
  await de.close();
});

const refresh = async (app: TestApp, auth: Record<string, string>, remoteAddress?: string, headers: Record<string, string> = {}) => {
  const res = await app.app.inject({ method: 'POST', url: '/api/v1/auth/refresh', headers: { ...auth, ...headers }, ...(remoteAddress ? { remoteAddress } : {}) });
  expect(res.statusCode, res.body).toBe(200);
  return AuthDataSchema.parse(res.json()).current_country_code;
};

describe('the visitor’s country in auth data', () => {
  it('is RU for loopback and private addresses (DEFAULT_COUNTRY_CODE), so local development is in Russia', async () => {
    const device = await loginDevice(t);
    expect(await refresh(t, device.auth)).toBe('RU');
    expect(await refresh(t, device.auth, '10.9.0.7')).toBe('RU');
  });

  it('follows the address of each request, looked up in the GeoIP database', async () => {
    const res = await t.app.inject({
      method: 'POST', url: '/api/v1/auth/device-login', headers: t.headers, remoteAddress: '8.8.8.8',
      payload: { device_id: 'web-geo-test-0001', device_type: 'web' },
    });
    expect(res.statusCode, res.body).toBe(201);
    const data = AuthDataSchema.parse(res.json());
    expect(data.current_country_code).toBe('US');
    const auth = { ...t.headers, cookie: `ekran_token=${data.authentication_token}` };
    expect(await refresh(t, auth, '77.88.8.8')).toBe('RU');
    expect(await refresh(t, auth, '8.8.8.8')).toBe('US');
  });

  it('believes X-Forwarded-For only from a trusted peer (the web server on loopback)', async () => {
    const device = await loginDevice(t);
    expect(await refresh(t, device.auth, '127.0.0.1', { 'x-forwarded-for': '8.8.8.8' })).toBe('US');
    // An untrusted peer cannot pick its country: its own address counts.
    expect(await refresh(t, device.auth, '77.88.8.8', { 'x-forwarded-for': '8.8.8.8' })).toBe('RU');
  });

  it('is the override for everyone when GEO_COUNTRY_OVERRIDE is set', async () => {
    const device = await loginDevice(de);
    expect(await refresh(de, device.auth)).toBe('DE');
    expect(await refresh(de, device.auth, '77.88.8.8')).toBe('DE');
  });
});
