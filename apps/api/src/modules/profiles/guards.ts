import { ErrorCode } from '@ekran/contracts';
import { AppError } from '../../lib/errors.ts';
import type { SessionContext } from '../sessions/session-context.ts';

/** Only registered accounts manage profiles and the PIN: a virtual (anonymous) visitor gets 403 REGISTRATION_REQUIRED. */
export function requireRegistered(session: SessionContext): void {
  if (session.isVirtual) throw new AppError(403, ErrorCode.RegistrationRequired, 'Sign up to manage profiles and parental control');
}

/** A child profile may not manage the account's profiles or its PIN: 403 KIDS_PROFILE_RESTRICTED. */
export function requireAdultSession(session: SessionContext): void {
  if (session.isChild) throw new AppError(403, ErrorCode.KidsProfileRestricted, 'Not available in a child profile');
}
