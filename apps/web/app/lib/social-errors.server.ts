import { ErrorCode } from '@ekran/contracts';
import { ApiCallError } from './api-call.server.ts';

// What a refused social sign-in or link shows: the sign-in pages and the account's linked accounts read it.

export type SocialErrorKey = 'flowInvalid' | 'denied' | 'providerError' | 'unavailable' | 'alreadyLinked' | 'alreadyRegistered' | 'rateLimited' | 'generic';

/**
 * An API failure as the text to show. Codes this page does not know (a device limit, for one) pass through
 * as generic, with their code kept for whoever handles them.
 */
export function socialError(err: unknown): { error: SocialErrorKey; code: string | null; status: number } {
  if (!(err instanceof ApiCallError)) throw err;
  const code = err.body?.code ?? null;
  const keys: Record<string, SocialErrorKey> = {
    [ErrorCode.SocialFlowInvalid]: 'flowInvalid',
    [ErrorCode.SocialDenied]: 'denied',
    [ErrorCode.SocialProviderError]: 'providerError',
    [ErrorCode.SocialProviderUnavailable]: 'unavailable',
    [ErrorCode.SocialAlreadyLinked]: 'alreadyLinked',
    [ErrorCode.AlreadyRegistered]: 'alreadyRegistered',
    [ErrorCode.RateLimited]: 'rateLimited',
    [ErrorCode.NotFound]: 'unavailable',
  };
  if (err.status >= 500 && code !== ErrorCode.SocialProviderUnavailable) throw err;
  return { error: (code && keys[code]) || 'generic', code, status: err.status };
}
