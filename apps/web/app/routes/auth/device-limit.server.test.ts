import { describe, expect, it, vi } from 'vitest';
import { ApiCallError } from '../../lib/api.server.ts';
import { apiError, deviceLimit } from '../../test/devices.ts';
import { contextWith } from '../../test/visitor.ts';
import { formFailure } from './auth.server.ts';
import { rememberLoginCookie } from './auth-flow.server.ts';
import { deviceLimitOf, withDeviceLimit } from './device-limit.server.ts';
import { action } from './signin.tsx';

describe('deviceLimitOf (spec platform §8 DEVICE_COUNT_EXCEEDED)', () => {
  it('reads the devices and ticket of a 403 DEVICE_COUNT_EXCEEDED', () => {
    const limit = deviceLimit();
    expect(deviceLimitOf(apiError(403, 'DEVICE_COUNT_EXCEEDED', { device_limit: limit }))).toEqual(limit);
  });

  it.each([
    ['another 403', apiError(403, 'FORBIDDEN')],
    ['a 401', apiError(401, 'INVALID_CREDENTIALS')],
    ['the code without its payload', apiError(403, 'DEVICE_COUNT_EXCEEDED')],
    ['a network failure', new Error('boom')],
  ])('answers null for %s', (_, err) => {
    expect(deviceLimitOf(err)).toBeNull();
  });
});

describe('withDeviceLimit', () => {
  it('answers the popup data, as a 200 answer of the form, when the limit stopped the sign-in', () => {
    const limit = deviceLimit();
    const r = withDeviceLimit(apiError(403, 'DEVICE_COUNT_EXCEEDED', { device_limit: limit }), { email: 'a@b.ru' }, formFailure);
    expect(r.init?.status).toBe(200);
    expect(r.data).toEqual({ email: 'a@b.ru', errors: {}, deviceLimit: limit });
  });

  it("answers the form's usual failure otherwise", () => {
    const r = withDeviceLimit(apiError(401, 'INVALID_CREDENTIALS'), { email: 'a@b.ru' }, formFailure);
    expect(r.init?.status).toBe(200);
    expect(r.data).toEqual({ email: 'a@b.ru', errors: { form: 'credentials' }, deviceLimit: null });
  });

  it('lets server failures through', () => {
    expect(() => withDeviceLimit(new ApiCallError(500, null), { email: 'a@b.ru' }, formFailure)).toThrow();
  });
});

// The login typed on step one is remembered in its signed cookie (auth-flow.server.ts).
const remembered = (await rememberLoginCookie({ step: 'password', email: 'viewer@example.ru' })).split(';')[0]!;

describe('the password step of /auth with the device limit', () => {
  const post = (api: object, back = '/watch/tayna') =>
    action({
      request: new Request(`http://localhost/auth/password?back=${encodeURIComponent(back)}`, {
        method: 'POST',
        headers: { cookie: remembered },
        body: new URLSearchParams({ password: 'secret-password' }),
      }),
      context: contextWith(api),
      params: { step: 'password' },
    } as never);

  it('answers the popup data (devices, ticket) instead of a form error', async () => {
    const limit = deviceLimit();
    const r = (await post({ emailLogin: vi.fn().mockRejectedValue(apiError(403, 'DEVICE_COUNT_EXCEEDED', { device_limit: limit })) })) as { data: unknown; init: ResponseInit };
    expect(r.init.status).toBe(200);
    expect(r.data).toMatchObject({ deviceLimit: limit, errors: {} });
  });

  it('still signs in and goes back when there is room', async () => {
    const r = (await post({ emailLogin: vi.fn().mockResolvedValue({ authentication_token: 'new-token-0123456789' }) })) as Response;
    expect(r.status).toBe(302);
    expect(r.headers.get('location')).toBe('/watch/tayna');
    expect(r.headers.getSetCookie()[0]).toMatch(/^ekran_token=new-token-0123456789/);
  });
});
