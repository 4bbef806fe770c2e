import type { AuthData, PhoneVerifyRequest } from '@ekran/contracts';
import { ErrorCode } from '@ekran/contracts';
import { parsePhoneInput, PHONE_CODE_RESEND_SECONDS, HOUR_MS } from '@ekran/core';
import type { Deps } from '../../deps.ts';
import { AppError } from '../../lib/errors.ts';
import type { Delivery } from '../delivery/delivery.ts';
import { createCodes } from '../identity/codes.ts';
import type { SessionContext } from '../sessions/session-context.ts';
import type { AuthServices } from '../identity/sign-in.ts';
import { createAccountsRepo } from './accounts.repo.ts';

/** At most this many SMS codes go to one number in an hour, whoever asks (SMS cost and SMS bombing). */
export const PHONE_CODES_PER_HOUR = 5;

const phoneTaken = () => new AppError(409, ErrorCode.PhoneTaken, 'This phone belongs to another account');
const alreadyRegistered = () => new AppError(409, ErrorCode.AlreadyRegistered, 'This account already has a phone');
const isUniqueViolation = (err: unknown) => (err as { code?: string })?.code === '23505' || (err as { cause?: { code?: string } })?.cause?.code === '23505';

/** The stored form of a phone from a request, or a 400 saying why it is none (spec platform §5). */
export function phoneOrThrow(input: string): string {
  const parsed = parsePhoneInput(input);
  if (parsed.ok) return parsed.phone;
  if (parsed.reason === 'notMobile') throw new AppError(400, ErrorCode.PhoneNotMobile, 'Only a Russian mobile number (+79…, 89…, 79…) can get a code');
  throw new AppError(400, ErrorCode.InvalidPhone, 'Not a phone number: + and at least 10 digits, or at least 11 digits (spec platform §5)');
}

/**
 * Sign-up and sign-in by a one-time SMS code. The code proves the caller holds the phone; then the phone's
 * account signs in on this device, or the caller's virtual user registers with it, or the caller's
 * registered account without a phone gets it (the end of a social registration).
 */
export function createPhoneService(deps: Pick<Deps, 'env' | 'database' | 'now'>, { identity, signIn }: AuthServices, delivery: Delivery) {
  const repo = createAccountsRepo(deps.database.db);
  const codes = createCodes(deps.database.db, deps.env.CODE_SECRET, deps.now);

  return {
    /** The phone of an account, or null (none, or no such account). */
    async phoneOf(userId: string): Promise<string | null> {
      return (await repo.userById(userId))?.phone ?? null;
    },

    /**
     * A code by SMS to any mobile number: whether an account has it is not looked at, so the answer and its
     * time are the same either way. Per number: a minute's wait while the last code is unused (a used one
     * proves the asker holds the phone, so signing in again right away needs no wait), five codes an hour.
     */
    async sendCode(input: string): Promise<void> {
      const phone = phoneOrThrow(input);
      const now = deps.now();
      const { sent, lastUnused } = await repo.smsCodesSince(phone, new Date(now.getTime() - HOUR_MS));
      const wait = lastUnused ? Math.ceil((lastUnused.getTime() + PHONE_CODE_RESEND_SECONDS * 1000 - now.getTime()) / 1000) : 0;
      if (wait > 0) throw new AppError(429, ErrorCode.TooManyCodes, `A code was sent to this number just now; ask again in ${wait} s`);
      if (sent >= PHONE_CODES_PER_HOUR) throw new AppError(429, ErrorCode.TooManyCodes, 'Too many codes for this number; try again in an hour');
      const code = await codes.issue({ purpose: 'sign_in', channel: 'sms', destination: phone, userId: null });
      await delivery.send({ channel: 'sms', to: phone, text: `Экран: код для входа ${code}. Никому его не сообщайте.` });
    },

    /**
     * The code from the SMS. It is checked before anything about accounts is, so a wrong code never tells
     * whether the number is registered. `signedIn` says a new session was made (its token is in the answer).
     */
    async verify(session: SessionContext, body: PhoneVerifyRequest, apiClientId: string): Promise<{ auth: AuthData; signedIn: boolean }> {
      const phone = phoneOrThrow(body.phone);
      await codes.consume({ purpose: 'sign_in', destination: phone, code: body.code });
      const [owner, caller] = await Promise.all([repo.userByPhone(phone), repo.userById(session.userId)]);
      if (!caller) throw new AppError(401, ErrorCode.Unauthorized, 'Session expired or unknown');

      if (owner) {
        if (owner.id === caller.id) return { auth: await identity.refresh(session.token), signedIn: false };
        // A registered account without a phone is finishing its registration: it cannot take another's number.
        if (!caller.isVirtual && !caller.phone) throw phoneTaken();
        // spec: one way to start a session; device limits apply inside it.
        return { auth: await signIn.signIn({ userId: owner.id, apiClientId, current: session }), signedIn: true };
      }

      try {
        if (caller.isVirtual) {
          // spec platform §4 Session: a virtual user becomes registered via sign-up, keeping what it made.
          if (!(await repo.registerVirtualByPhone(caller.id, phone))) throw alreadyRegistered();
        } else if (!caller.phone) {
          if (!(await repo.attachPhone(caller.id, phone))) throw alreadyRegistered();
        } else {
          throw alreadyRegistered();
        }
      } catch (err) {
        if (isUniqueViolation(err)) throw phoneTaken();
        throw err;
      }
      return { auth: await identity.refresh(session.token), signedIn: false };
    },
  };
}
export type PhoneService = ReturnType<typeof createPhoneService>;
