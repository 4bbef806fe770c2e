import { describe, expect, it, vi } from 'vitest';
import { ApiCallError } from '../../lib/api.server.ts';
import { apiError, deviceLimit } from '../../test/devices.ts';
import { contextWith, outcome } from '../../test/visitor.ts';
import { action as resolveAction } from './device-limit.ts';
import { action as devicesAction } from './devices.ts';

const form = (url: string, fields: Record<string, string>) => new Request(`http://localhost${url}`, { method: 'POST', body: new URLSearchParams(fields) });
type DataResult = { data: Record<string, unknown>; init: ResponseInit | null };

describe('/resources/device-limit (the device-limit popup: remove one, finish the sign-in)', () => {
  const run = (api: object, fields: Record<string, string>) =>
    outcome(() => resolveAction({ request: form('/resources/device-limit', fields), context: contextWith(api), params: {} } as never));
  const fields = { ticket: 'ticket-0123456789-0123456789', remove_device_id: '11111111-1111-4111-8111-111111111111', back: '/watch/tayna' };

  it('removes the chosen device with the ticket, sets the new session and goes back', async () => {
    const resolveDeviceLimit = vi.fn().mockResolvedValue({ authentication_token: 'signed-in-token-0123456789' });
    const r = await run({ resolveDeviceLimit }, fields);
    expect(resolveDeviceLimit).toHaveBeenCalledWith({ ticket: fields.ticket, remove_device_id: fields.remove_device_id });
    const response = ('value' in r ? r.value : null) as Response;
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe('/watch/tayna');
    expect(response.headers.get('set-cookie')).toMatch(/^ekran_token=signed-in-token-0123456789; Path=\/;.*HttpOnly/);
  });

  it.each(['https://evil.example/', '//evil.example', '/\\evil.example'])('never goes back to another site (%s)', async (back) => {
    const r = await run({ resolveDeviceLimit: vi.fn().mockResolvedValue({ authentication_token: 'signed-in-token-0123456789' }) }, { ...fields, back });
    expect(('value' in r ? (r.value as Response) : null)?.headers.get('location')).toBe('/');
  });

  it.each([
    [apiError(403, 'INVALID_TICKET'), 'expired', 403],
    [apiError(404, 'NOT_FOUND'), 'failed', 404],
    [apiError(429, 'RATE_LIMITED'), 'failed', 429],
  ])('answers %s as %s', async (err, error, status) => {
    const r = await run({ resolveDeviceLimit: vi.fn().mockRejectedValue(err) }, fields);
    const result = ('value' in r ? r.value : null) as DataResult;
    expect(result.data).toEqual({ error });
    expect(result.init?.status).toBe(status);
  });

  it('lets server failures through', async () => {
    const r = await run({ resolveDeviceLimit: vi.fn().mockRejectedValue(new ApiCallError(502, null)) }, fields);
    expect('thrown' in r).toBe(true);
  });
});

describe('/resources/devices (the device-registration popup)', () => {
  const run = (api: object, fields: Record<string, string>, deviceId: string | null = 'web-this-browser-1') =>
    outcome(() => devicesAction({ request: form('/resources/devices', fields), context: contextWith(api, { deviceId }), params: {} } as never));
  const value = (r: Awaited<ReturnType<typeof run>>) => ('value' in r ? r.value : null) as DataResult;

  it("registers this browser's device id", async () => {
    const registerDevice = vi.fn().mockResolvedValue({});
    const r = value(await run({ registerDevice }, { intent: 'register' }));
    expect(registerDevice).toHaveBeenCalledWith({ device_id: 'web-this-browser-1', device_type: 'web' });
    expect(r.data).toEqual({ ok: true });
  });

  it('answers the devices when the limit stands in the way', async () => {
    const limit = deviceLimit({ ticket: null, ticket_expires_at: null });
    const r = value(await run({ registerDevice: vi.fn().mockRejectedValue(apiError(403, 'DEVICE_COUNT_EXCEEDED', { device_limit: limit })) }, { intent: 'register' }));
    expect(r.data).toEqual({ deviceLimit: limit });
    expect(r.init?.status).toBe(403);
  });

  it('removes the chosen device first, then registers', async () => {
    const calls: string[] = [];
    const api = {
      removeDevice: vi.fn(async (id: string) => void calls.push(`remove ${id}`)),
      registerDevice: vi.fn(async () => void calls.push('register')),
    };
    await run(api, { intent: 'replace', remove_device_id: '22222222-2222-4222-8222-222222222222' });
    expect(calls).toEqual(['remove 22222222-2222-4222-8222-222222222222', 'register']);
  });

  it('gives a browser without a device cookie a device id and registers that', async () => {
    const registerDevice = vi.fn().mockResolvedValue({});
    const r = value(await run({ registerDevice }, { intent: 'register' }, null));
    const uid = (registerDevice.mock.calls[0]![0] as { device_id: string }).device_id;
    expect(uid).toMatch(/^web-[0-9a-f-]{36}$/);
    expect(new Headers(r.init?.headers).get('set-cookie')).toMatch(new RegExp(`^ekran_device=${uid};`));
  });

  it('answers failed for another refusal', async () => {
    const r = value(await run({ registerDevice: vi.fn().mockRejectedValue(apiError(400, 'BAD_REQUEST')) }, { intent: 'register' }));
    expect(r.data).toEqual({ error: 'failed' });
  });
});
