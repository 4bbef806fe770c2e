import { ErrorCode } from '@ekran/contracts';
import { data } from 'react-router';
import type { DeviceLimitActionData } from '../../components/devices/device-limit-dialog.tsx';
import { ApiCallError } from '../../lib/api.server.ts';
import { sessionCookie, visitorContext } from '../../lib/session.server.ts';
import type { Route } from './+types/device-limit';
import { safePath, safeRedirect } from '../../lib/safe-redirect.ts';

/**
 * The device-limit popup's choice: with the stopped sign-in's ticket, disconnect one device and finish that
 * sign-in here, then go on to the return URL (spec platform §5: only a path of this site).
 */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const back = safePath(form.get('back'));
  try {
    const auth = await context.get(visitorContext).api.resolveDeviceLimit({
      ticket: String(form.get('ticket') ?? ''),
      remove_device_id: String(form.get('remove_device_id') ?? ''),
    });
    return safeRedirect(back, { headers: { 'Set-Cookie': sessionCookie(auth.authentication_token) } });
  } catch (err) {
    if (!(err instanceof ApiCallError) || err.status >= 500) throw err;
    const error: DeviceLimitActionData['error'] = err.body?.code === ErrorCode.InvalidTicket ? 'expired' : 'failed';
    return data({ error }, { status: err.status });
  }
}
