import type { AccountDevice, DeviceLimit } from '@ekran/contracts';
import { ApiCallError } from '../lib/api.server.ts';

/** A device of the account as the API lists it. */
export const device = (o: Partial<AccountDevice> = {}): AccountDevice => ({
  id: '11111111-1111-4111-8111-111111111111',
  uid: 'web-device-1',
  type: 'web',
  name: 'Chrome 124 · Windows 10',
  platform: 'desktop',
  first_seen_at: '2026-11-01T09:00:00.000Z',
  last_seen_at: '2026-11-20T12:30:00.000Z',
  is_current: false,
  ...o,
});

/** What a 403 DEVICE_COUNT_EXCEEDED carries. */
export const deviceLimit = (o: Partial<DeviceLimit> = {}): DeviceLimit => ({
  limit: 2,
  devices: [device(), device({ id: '22222222-2222-4222-8222-222222222222', uid: 'web-device-2', name: 'Safari 17 · iPhone · iOS 17.4', platform: 'mobile' })],
  ticket: '33333333-3333-4333-8333-333333333333.signature-signature-signature-signature-sig',
  ticket_expires_at: '2026-11-21T12:10:00.000Z',
  ...o,
});

/** An API failure with the one error shape. */
export const apiError = (status: number, code: string, extra: object = {}) => new ApiCallError(status, { status, code, message: code, ...extra });
