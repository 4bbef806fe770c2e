import { ErrorCode } from '@ekran/contracts';
import { data } from 'react-router';
import { ApiCallError, type Api } from '../../lib/api.server.ts';

export type DeleteErrorKey = 'passwordWrong' | 'passwordEmpty' | 'codeInvalid' | 'codeFormat' | 'tooManyAttempts' | 'rateLimited' | 'generic';

/** An API failure of the deletion form as the text key to show. */
export function deleteErrorOf(err: unknown): DeleteErrorKey {
  if (!(err instanceof ApiCallError) || err.status >= 500) throw err;
  const code = err.body?.code;
  if (code === ErrorCode.TooManyAttempts) return 'tooManyAttempts';
  if (err.status === 429) return 'rateLimited';
  if (code === ErrorCode.InvalidCredentials) return 'passwordWrong';
  if (code === ErrorCode.InvalidCode) return 'codeInvalid';
  if (code === ErrorCode.BadRequest) return (err.body?.details ?? []).some((d) => d.path.endsWith('code')) ? 'codeFormat' : 'generic';
  return 'generic';
}

/** Sends the deletion code to the account's email or phone; answers where it went (masked). */
export async function sendDeleteCode(api: Api, form: FormData) {
  const channel = form.get('channel') === 'sms' ? 'sms' : 'email';
  try {
    const sent = await api.sendDeleteCode(channel);
    return { intent: 'send-code' as const, sentTo: sent.sent_to, error: null };
  } catch (err) {
    return data({ intent: 'send-code' as const, sentTo: null, error: deleteErrorOf(err) }, { status: (err as ApiCallError).status });
  }
}

/** Deletes the account with the password or the code; null when it is gone, else the failure to show. */
export async function deleteAccount(api: Api, form: FormData) {
  const byCode = form.get('method') === 'code';
  const secret = String(form.get(byCode ? 'code' : 'password') ?? '');
  if (!byCode && !secret) return data({ intent: 'delete' as const, sentTo: null, error: 'passwordEmpty' }, { status: 400 });
  try {
    await api.deleteAccount(byCode ? { code: secret.trim() } : { password: secret });
    return null;
  } catch (err) {
    return data({ intent: 'delete' as const, sentTo: null, error: deleteErrorOf(err) }, { status: (err as ApiCallError).status });
  }
}
