import { ErrorCode } from '@ekran/contracts';
import { data } from 'react-router';
import { z } from 'zod';
import type { DeviceLimitActionData } from '../../components/devices/device-limit-dialog.tsx';
import { ApiCallError } from '../../lib/api.server.ts';
import { parseForm } from '../../lib/form.server.ts';
import { sessionCookie, visitorContext } from '../../lib/session.server.ts';
import type { Route } from './+types/device-limit';
import { safePath, safeRedirect } from '../../lib/safe-redirect.ts';

/** The ticket and the device are the API's to judge (an empty one too); the way back is checked where it is used. */
const ResolveForm = z.object({ ticket: z.string().default(''), remove_device_id: z.string().default(''), back: z.string().optional() });

/**
 * The device-limit popup's choice: with the stopped sign-in's ticket, disconnect one device and finish that
 * sign-in here, then go on to the return URL (spec platform §5: only a path of this site).
 */
export async function action({ request, context }: Route.ActionArgs) {
  const parsed = await parseForm(request, ResolveForm);
  if (!parsed.success) return data({ error: 'failed' satisfies DeviceLimitActionData['error'] }, { status: 400 });
  const back = safePath(parsed.data.back);
  try {
    const auth = await context.get(visitorContext).api.resolveDeviceLimit({ ticket: parsed.data.ticket, remove_device_id: parsed.data.remove_device_id });
    return safeRedirect(back, { headers: { 'Set-Cookie': sessionCookie(auth.authentication_token) } });
  } catch (err) {
    if (!(err instanceof ApiCallError) || err.status >= 500) throw err;
    const error: DeviceLimitActionData['error'] = err.body?.code === ErrorCode.InvalidTicket ? 'expired' : 'failed';
    return data({ error }, { status: err.status });
  }
}
