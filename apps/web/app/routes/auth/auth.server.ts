import { ErrorCode } from '@ekran/contracts';
import { data } from 'react-router';
import { z } from 'zod';
import { ApiCallError } from '../../lib/api.server.ts';
import { readTextForm } from '../../lib/form.server.ts';
import { safePath } from '../../lib/safe-redirect.ts';
import type { AuthFormErrors } from '../../lib/auth-errors.ts';

/** spec platform §5: the ?back= return URL when it is a path of this site, else the home page. */
export function backOf(request: Request): string {
  return safePath(new URL(request.url).searchParams.get('back'));
}

export type { AuthErrorKey, AuthFormErrors } from '../../lib/auth-errors.ts';

/** An API failure of an auth form as the field it concerns and the text key to show under it. */
export function authErrors(err: unknown): AuthFormErrors {
  if (!(err instanceof ApiCallError)) throw err;
  const code = err.body?.code;
  if (err.status === 429 && code !== ErrorCode.TooManyAttempts && code !== ErrorCode.TooManyCodes) return { form: 'rateLimited' };
  switch (code) {
    case ErrorCode.EmailTaken:
      return { email: 'emailTaken' };
    case ErrorCode.AlreadyRegistered:
      return { form: 'alreadyRegistered' };
    case ErrorCode.InvalidCredentials:
      return { form: 'credentials' };
    case ErrorCode.InvalidCode:
      return { code: 'codeInvalid' };
    case ErrorCode.TooManyAttempts:
      return { code: 'tooManyAttempts' };
    case ErrorCode.InvalidPhone:
      return { login: 'phoneInvalid' };
    case ErrorCode.PhoneNotMobile:
      return { login: 'phoneNotMobile' };
    case ErrorCode.PhoneTaken:
      return { form: 'phoneTaken' };
    case ErrorCode.TooManyCodes:
      return { form: 'tooManyCodes' };
    case ErrorCode.Unavailable:
      return { form: 'deliveryFailed' };
    case ErrorCode.BadRequest: {
      const paths = (err.body?.details ?? []).map((d) => d.path);
      const out: AuthFormErrors = {};
      if (paths.some((p) => p.endsWith('email'))) out.email = 'emailInvalid';
      if (paths.some((p) => p.endsWith('password'))) out.password = 'passwordShort';
      if (paths.some((p) => p.endsWith('code'))) out.code = 'codeFormat';
      if (paths.some((p) => p.endsWith('phone'))) out.login = 'phoneInvalid';
      return Object.keys(out).length ? out : { form: 'generic' };
    }
    default:
      if (err.status >= 500) throw err;
      return { form: 'generic' };
  }
}

/** The email (trimmed) and the password as typed; a missing one reads as empty, and the API judges both. */
const CredentialsForm = z.object({ email: z.string().trim().default(''), password: z.string().default('') });

/** The email and password fields of a form, as the API expects them. */
export function credentialsOf(form: FormData): { email: string; password: string } {
  return readTextForm(form, CredentialsForm);
}

/**
 * The HTTP status of a form's refusal: a wrong password, a taken address, a code asked for too soon are answers
 * of the form (200, the error in the data), not failures of the page. A form posted by script that is answered
 * 4xx shows in the browser's console as a failed resource (decision 037). Our own failures keep their 5xx.
 */
export const refusalStatus = (status: number): number => (status >= 500 ? status : 200);

/** The answer of a failed auth form: its errors (and what to refill); 503 when a message could not be sent. */
export function formFailure<T extends object>(err: unknown, refill: T) {
  const errors = authErrors(err);
  return data({ errors, ...refill }, { status: errors.form === 'deliveryFailed' ? 503 : 200 });
}
