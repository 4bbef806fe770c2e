import { ErrorCode } from '@ekran/contracts';
import { data } from 'react-router';
import { z } from 'zod';
import { ApiCallError, type Api } from '../../lib/api.server.ts';
import { parseFormData } from '../../lib/form.server.ts';

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

const ChannelForm = z.object({ channel: z.enum(['email', 'sms']) });

/**
 * The deletion's proof: the code (trimmed: it is typed or pasted), or else the password as typed, which must not be
 * empty (the API is not asked then).
 */
const DeleteForm = z.union([z.object({ method: z.literal('code'), code: z.string().trim().default('') }), z.object({ password: z.string().min(1) })]);

/** Sends the deletion code to the account's email or phone; answers where it went (masked). */
export async function sendDeleteCode(api: Api, form: FormData) {
  const parsed = parseFormData(form, ChannelForm);
  // The email unless the SMS was asked for: it is the page's first button.
  const channel = parsed.success ? parsed.data.channel : 'email';
  try {
    const sent = await api.sendDeleteCode(channel);
    return { intent: 'send-code' as const, sentTo: sent.sent_to, error: null };
  } catch (err) {
    return data({ intent: 'send-code' as const, sentTo: null, error: deleteErrorOf(err) }, { status: (err as ApiCallError).status });
  }
}

/** Deletes the account with the password or the code; null when it is gone, else the failure to show. */
export async function deleteAccount(api: Api, form: FormData) {
  const parsed = parseFormData(form, DeleteForm);
  if (!parsed.success) return data({ intent: 'delete' as const, sentTo: null, error: 'passwordEmpty' }, { status: 400 });
  const proof = parsed.data;
  try {
    await api.deleteAccount('code' in proof ? { code: proof.code } : { password: proof.password });
    return null;
  } catch (err) {
    return data({ intent: 'delete' as const, sentTo: null, error: deleteErrorOf(err) }, { status: (err as ApiCallError).status });
  }
}
