import { z } from 'zod';

/** Device kinds a client reports at device login (spec platform §3 Auth data devices[].type). */
export const DeviceTypeSchema = z.enum(['web', 'android', 'ios', 'smarttv']);

/** A device id as clients send it (spec platform §7 device login, playback check). */
export const DeviceUidSchema = z
  .string()
  .trim()
  .min(8)
  .max(128)
  .regex(/^[A-Za-z0-9._:-]+$/, 'device_id may hold letters, digits and . _ : -');

/** One device registered to the account, as the account's device list shows it. */
export const AccountDeviceSchema = z
  .object({
    id: z.string(),
    uid: z.string(),
    type: z.string(),
    /** A readable name from the user agent ("Chrome 156 · Windows 10"), or null when it is unknown. */
    name: z.string().nullable(),
    /** desktop, mobile, tablet or tv, from the user agent; null when unknown. */
    platform: z.enum(['desktop', 'mobile', 'tablet', 'tv']).nullable(),
    first_seen_at: z.string(),
    last_seen_at: z.string(),
    /** The device of the session that asks. */
    is_current: z.boolean(),
  })
  .meta({ id: 'AccountDevice' });
export type AccountDevice = z.infer<typeof AccountDeviceSchema>;

export const AccountDeviceListSchema = z
  .object({ items: z.array(AccountDeviceSchema), limit: z.number().int().nullable() })
  .meta({ id: 'AccountDeviceList' });
export type AccountDeviceList = z.infer<typeof AccountDeviceListSchema>;

/**
 * What a 403 DEVICE_COUNT_EXCEEDED carries (spec platform §8): the account's devices and, for a sign-in,
 * a short-lived ticket that removes one of them and completes that sign-in without a session.
 */
export const DeviceLimitSchema = z
  .object({
    limit: z.number().int(),
    devices: z.array(AccountDeviceSchema),
    ticket: z.string().nullable(),
    ticket_expires_at: z.string().nullable(),
  })
  .meta({ id: 'DeviceLimit' });
export type DeviceLimit = z.infer<typeof DeviceLimitSchema>;

/** Removes one device with the ticket of a sign-in stopped by the limit, and completes that sign-in. */
export const DeviceLimitResolveRequestSchema = z
  .object({ ticket: z.string().min(20).max(200), remove_device_id: z.uuid() })
  .meta({ id: 'DeviceLimitResolveRequest' });
export type DeviceLimitResolveRequest = z.infer<typeof DeviceLimitResolveRequestSchema>;

/** Registers a device to the signed-in account (it obeys the device limit). */
export const DeviceRegisterRequestSchema = z
  .object({ device_id: DeviceUidSchema, device_type: DeviceTypeSchema.default('web') })
  .meta({ id: 'DeviceRegisterRequest' });
export type DeviceRegisterRequest = z.infer<typeof DeviceRegisterRequestSchema>;
