import { DeviceCodeErrorCode, ErrorCode, formatUserCode, normalizeUserCode, type AuthData, type DeviceDecision, type PendingDevice } from '@ekran/contracts';
import { data } from 'react-router';
import { z } from 'zod';
import { ApiCallError, type Api } from '../../lib/api.server.ts';
import { parseFormData } from '../../lib/form.server.ts';
import { safeRedirect } from '../../lib/safe-redirect.ts';

// The site's side of signing a TV in by a code (RFC 8628, docs/decisions/053-tv-sign-in-by-code.md): /activate.

/** What a failed step tells the viewer (watchGuide.activate.errors.{kind}). */
export type ActivateErrorKind = 'invalid' | 'format' | 'expired' | 'used' | 'locked' | 'limit' | 'failed';

/** What the page's action answers: the device to confirm, the outcome, or the error of the step. */
export type ActivateAnswer =
  | { step: 'enter'; error: ActivateErrorKind; code: string }
  | { step: 'confirm'; device: PendingDevice; error: ActivateErrorKind | null }
  | { step: 'done' | 'denied'; device: DeviceDecision };

/** A code from the address (verification_uri_complete's ?code=) as the form shows it, or null when it is no code. */
export function codeFromQuery(value: string | null): string | null {
  const code = normalizeUserCode((value ?? '').slice(0, 32));
  return /^[A-Z0-9]{8}$/.test(code) ? formatUserCode(code) : null;
}

/** The page's own address with the code, the way back after signing in. */
export const activatePath = (code: string | null) => (code ? `/activate?code=${encodeURIComponent(code)}` : '/activate');

/** To /auth and back here with the code (platform §2 /auth, the return URL). */
const signInFirst = (code: string | null) => safeRedirect(`/auth?back=${encodeURIComponent(activatePath(code))}`);

/** Anonymous and not-signed-up visitors sign in first and come back with their code. */
export function requireSignedIn(auth: AuthData | null, code: string | null): AuthData {
  if (!auth || auth.virtual) throw signInFirst(code);
  return auth;
}

const ActivateForm = z.object({
  intent: z.enum(['check', 'approve', 'deny']).catch('check'),
  code: z.string().trim().max(32).catch(''),
});

/** The API's refusal as the viewer's error; anything else is ours (502). */
function errorOf(err: unknown): { kind: ActivateErrorKind; status: number } | null {
  if (!(err instanceof ApiCallError)) return null;
  switch (err.body?.code) {
    case DeviceCodeErrorCode.Invalid:
      return { kind: 'invalid', status: 200 };
    case DeviceCodeErrorCode.Expired:
      return { kind: 'expired', status: 200 };
    case DeviceCodeErrorCode.Used:
      return { kind: 'used', status: 200 };
    case ErrorCode.BadRequest:
      return { kind: 'format', status: 200 };
    case ErrorCode.RateLimited:
      return { kind: 'locked', status: 200 };
    case ErrorCode.DeviceCountExceeded:
      return { kind: 'limit', status: 200 };
    default:
      return { kind: 'failed', status: 502 };
  }
}

/**
 * The steps of /activate: `check` finds the device behind the typed code (shown before anything is decided), `approve`
 * signs the TV in to this account at its next poll, `deny` refuses it. A viewer's mistake is the form's answer (200,
 * the error in the data: a 4xx to a script-posted form shows in the console as a failed resource, decision 037).
 */
export async function activateAction(request: Request, api: Api, auth: AuthData | null) {
  const form = await request.formData();
  const parsed = parseFormData(form, ActivateForm);
  const { intent, code } = parsed.success ? parsed.data : { intent: 'check' as const, code: '' };
  requireSignedIn(auth, codeFromQuery(code));
  const typed = normalizeUserCode(code);
  if (!/^[A-Z0-9]{8}$/.test(typed)) return data<ActivateAnswer>({ step: 'enter', error: typed ? 'format' : 'invalid', code }, { status: 200 });
  try {
    if (intent === 'check') return data<ActivateAnswer>({ step: 'confirm', device: await api.deviceCodeLookup(typed), error: null });
    if (intent === 'approve') return data<ActivateAnswer>({ step: 'done', device: await api.deviceCodeApprove(typed) });
    return data<ActivateAnswer>({ step: 'denied', device: await api.deviceCodeDeny(typed) });
  } catch (err) {
    if (err instanceof ApiCallError && (err.status === 401 || err.body?.code === ErrorCode.RegistrationRequired)) throw signInFirst(codeFromQuery(code));
    const failure = errorOf(err);
    if (!failure) throw err;
    // A confirmation stopped by the device limit stays on the device: after freeing a place, the viewer confirms again.
    if (intent === 'approve' && failure.kind === 'limit') {
      const device = await api.deviceCodeLookup(typed).catch(() => null);
      if (device) return data<ActivateAnswer>({ step: 'confirm', device, error: 'limit' });
    }
    return data<ActivateAnswer>({ step: 'enter', error: failure.kind, code: formatUserCode(typed) }, { status: failure.status });
  }
}
