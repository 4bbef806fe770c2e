import type { PinForgotResponse, PinState } from '@ekran/contracts';
import { ErrorCode } from '@ekran/contracts';
import { PIN_LOCK_MINUTES, PIN_MAX_ATTEMPTS, PIN_RESET_TTL_MINUTES, pinStatusOf } from '@ekran/core';
import { users } from '@ekran/db';
import { eq } from 'drizzle-orm';
import type { Deps } from '../../deps.ts';
import { AppError } from '../../lib/errors.ts';
import { hashPassword, verifyPassword } from '../../lib/passwords.ts';
import { hmac, newToken } from '../../lib/tokens.ts';
import type { Delivery } from '../delivery/delivery.ts';
import type { SessionContext } from '../sessions/session-context.ts';
import { createPinRepo } from './pin.repo.ts';
import { requireAdultSession, requireRegistered } from './guards.ts';

const MINUTE_MS = 60_000;
/**
 * How long checks stay locked after each run of wrong PINs since the last right one: 15 minutes (spec platform
 * §4 Pin status), then an hour, then a day each time, so a patient guesser gets a few dozen tries a week rather
 * than 480 a day. Kept on the account's row, so every session and process sees it.
 */
export const PIN_LOCKS_MS = [PIN_LOCK_MINUTES * MINUTE_MS, 60 * MINUTE_MS, 24 * 60 * MINUTE_MS] as const;
const locked = (until: Date) =>
  new AppError(423, ErrorCode.PinLocked, `Too many wrong PINs; checks are locked until ${until.toISOString()}`, { locked_until: until.toISOString() });
const invalid = (triesLeft: number) => new AppError(403, ErrorCode.PinInvalid, 'Wrong PIN', { tries_left: triesLeft });
const notSet = () => new AppError(409, ErrorCode.PinNotSet, 'No parental PIN is set');
const badToken = () => new AppError(400, ErrorCode.InvalidToken, 'The link is wrong, expired or already used');

/** Shows an address or a phone in part: m***a@mail.ru, +7 *** ***-**-67. */
export function maskContact(channel: 'email' | 'sms', value: string): string {
  if (channel === 'email') {
    const [local = '', domain = ''] = value.split('@');
    const shown = local.length <= 2 ? `${local.slice(0, 1)}***` : `${local.slice(0, 1)}***${local.slice(-1)}`;
    return `${shown}@${domain}`;
  }
  const digits = value.replace(/\D/g, '');
  return `+${digits.slice(0, digits.length - 10) || '7'} *** ***-**-${digits.slice(-2)}`;
}

/** The parental PIN: create, check, change, remove, skip, and the forgotten-PIN link (spec platform §4 Pin status). */
export function createPinService(deps: Pick<Deps, 'env' | 'database' | 'now'>, delivery: Delivery) {
  const repo = createPinRepo(deps.database.db);
  const tokenHashOf = (token: string) => hmac(deps.env.CODE_SECRET, `pin-reset:${token}`);

  const service = {
    /** spec platform §7 pin status: pin_status, whether a PIN is set, tries left and the lock. */
    async state(session: SessionContext): Promise<PinState> {
      const [facts, row] = await Promise.all([repo.facts(session.userId), repo.get(session.userId)]);
      const now = deps.now();
      const lockedUntil = row?.lockedUntil && row.lockedUntil > now ? row.lockedUntil : null;
      const used = row?.lockedUntil && row.lockedUntil <= now ? 0 : (row?.failedAttempts ?? 0);
      return {
        pin_status: pinStatusOf({ isVirtual: session.isVirtual, ...facts }),
        has_pin: facts.hasPin,
        tries_left: lockedUntil ? 0 : Math.max(0, PIN_MAX_ATTEMPTS - used),
        locked_until: lockedUntil?.toISOString() ?? null,
      };
    },

    /**
     * Checks a PIN of the account. Every try is counted on the account before the comparison (so the lock
     * holds across sessions and against parallel guesses); five wrong tries lock checks for the next step
     * of PIN_LOCKS_MS; a right PIN resets the count and the steps. 403 PIN_INVALID with tries_left, 423
     * PIN_LOCKED with locked_until.
     */
    async verify(userId: string, pin: string): Promise<void> {
      const now = deps.now();
      const attempt = await repo.takeAttempt(userId, now, PIN_MAX_ATTEMPTS, PIN_LOCKS_MS);
      if (!attempt) {
        const row = await repo.get(userId);
        if (!row?.pinHash) throw notSet();
        throw locked(row.lockedUntil ?? new Date(now.getTime() + PIN_LOCKS_MS[0]));
      }
      if (await verifyPassword(attempt.pinHash, pin)) {
        await repo.clearAttempts(userId);
        return;
      }
      if (attempt.attempts >= PIN_MAX_ATTEMPTS) throw locked(attempt.lockedUntil ?? new Date(now.getTime() + PIN_LOCKS_MS[0]));
      throw invalid(PIN_MAX_ATTEMPTS - attempt.attempts);
    },

    /** Whether the account has a PIN. */
    async hasPin(userId: string): Promise<boolean> {
      return Boolean((await repo.get(userId))?.pinHash);
    },

    /** A new PIN (argon2id hash); 409 PIN_EXISTS when one is set (change it instead). */
    async create(session: SessionContext, pin: string): Promise<void> {
      requireRegistered(session);
      requireAdultSession(session);
      const created = await repo.createPin(session.userId, await hashPassword(pin), deps.now());
      if (!created) throw new AppError(409, ErrorCode.PinExists, 'A parental PIN is already set; change it instead');
      await repo.revokeResetTokens(session.userId, deps.now());
    },

    async check(session: SessionContext, pin: string): Promise<void> {
      requireRegistered(session);
      await service.verify(session.userId, pin);
    },

    async change(session: SessionContext, oldPin: string, newPin: string): Promise<void> {
      requireRegistered(session);
      requireAdultSession(session);
      await service.verify(session.userId, oldPin);
      await repo.replacePin(session.userId, await hashPassword(newPin), deps.now());
      await repo.revokeResetTokens(session.userId, deps.now());
    },

    /** Removes the PIN with the PIN itself; the viewer chose to have none (pin_status skip). */
    async remove(session: SessionContext, pin: string): Promise<void> {
      requireRegistered(session);
      requireAdultSession(session);
      await service.verify(session.userId, pin);
      await repo.removePin(session.userId, deps.now(), true);
      await repo.revokeResetTokens(session.userId, deps.now());
    },

    /** The viewer declines to make a PIN (pin_status skip); 409 when one is set. */
    async skip(session: SessionContext): Promise<void> {
      requireRegistered(session);
      requireAdultSession(session);
      if (!(await repo.skip(session.userId, deps.now()))) throw new AppError(409, ErrorCode.PinExists, 'A parental PIN is set');
    },

    /**
     * Forgotten PIN: a single-use link valid for 30 minutes goes to the account's email (or by SMS to its
     * phone) through the delivery interface. Only the keyed hash of the token is stored.
     */
    async forgot(session: SessionContext): Promise<PinForgotResponse> {
      requireRegistered(session);
      if (!(await service.hasPin(session.userId))) throw notSet();
      const [user] = await deps.database.db.select({ email: users.email, phone: users.phone }).from(users).where(eq(users.id, session.userId)).limit(1);
      const channel = user?.email ? 'email' : user?.phone ? 'sms' : null;
      if (!user || !channel) throw new AppError(400, ErrorCode.NoContact, 'The account has neither an email nor a phone to send the link to');
      const to = channel === 'email' ? user.email! : user.phone!;
      const token = newToken();
      const now = deps.now();
      await repo.issueResetToken(session.userId, tokenHashOf(token), now, new Date(now.getTime() + PIN_RESET_TTL_MINUTES * MINUTE_MS));
      const link = `${deps.env.WEB_ORIGIN}/pin_remove?token=${token}`;
      await delivery.send(
        channel === 'email'
          ? {
              channel,
              to,
              subject: 'Удаление PIN-кода — Экран',
              text: `Чтобы удалить PIN-код родительского контроля, откройте ссылку:\n${link}\nОна действует ${PIN_RESET_TTL_MINUTES} минут и работает один раз. Если вы не просили удалить PIN-код, просто проигнорируйте это письмо.`,
            }
          : { channel, to, text: `Экран: удалить PIN-код родительского контроля — ${link} (ссылка действует ${PIN_RESET_TTL_MINUTES} минут)` },
      );
      return { channel, destination: maskContact(channel, to) };
    },

    /** Whether a /pin_remove link still works (the page asks before it removes). */
    async verifyResetToken(token: string): Promise<void> {
      if (!(await repo.liveResetToken(tokenHashOf(token), deps.now()))) throw badToken();
    },

    /** Removes the PIN with a /pin_remove link: once, within its lifetime. */
    async resetWithToken(token: string): Promise<void> {
      const userId = await repo.consumeResetToken(tokenHashOf(token), deps.now());
      if (!userId) throw badToken();
    },
  };
  return service;
}
export type PinService = ReturnType<typeof createPinService>;
