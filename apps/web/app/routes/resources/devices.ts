import { data } from 'react-router';
import { z } from 'zod';
import type { DeviceRegistrationResult } from '../../components/devices/device-registration-dialog.tsx';
import { ApiCallError } from '../../lib/api.server.ts';
import { parseForm } from '../../lib/form.server.ts';
import { deviceCookie, visitorContext } from '../../lib/session.server.ts';
import { deviceLimitOf } from '../auth/device-limit.server.ts';
import type { Route } from './+types/devices';

/** «Заменить»: the device to disconnect first (the API answers an unknown or empty id); any other form only registers. */
const ReplaceForm = z.object({ intent: z.literal('replace'), remove_device_id: z.string().default('') });

/**
 * The device-registration popup: registers this browser's device id to the account (the API obeys the
 * device limit), or first disconnects the device the viewer chose when the limit stood in the way.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const replace = await parseForm(request, ReplaceForm);
  const { api, deviceId } = context.get(visitorContext);
  const headers = new Headers();
  let uid = deviceId;
  if (!uid) {
    // A session without the device cookie (cleared by hand): this browser gets a device id now.
    uid = `web-${crypto.randomUUID()}`;
    headers.append('Set-Cookie', deviceCookie(uid));
  }
  try {
    if (replace.success) await api.removeDevice(replace.data.remove_device_id);
    await api.registerDevice({ device_id: uid, device_type: 'web' });
    return data<DeviceRegistrationResult>({ ok: true }, { headers });
  } catch (err) {
    const deviceLimit = deviceLimitOf(err);
    if (deviceLimit) return data<DeviceRegistrationResult>({ deviceLimit }, { status: 403, headers });
    if (!(err instanceof ApiCallError) || err.status >= 500) throw err;
    return data<DeviceRegistrationResult>({ error: 'failed' }, { status: err.status, headers });
  }
}
