import type { AuthData, EmailLoginRequest, EmailRegisterRequest, PasswordResetRequest } from '@ekran/contracts';
import { ErrorCode } from '@ekran/contracts';
import type { Deps } from '../../deps.ts';
import { AppError } from '../../lib/errors.ts';
import { hashPassword, verifyPassword } from '../../lib/passwords.ts';
import type { Delivery } from '../delivery/delivery.ts';
import { createCodes } from '../identity/codes.ts';
import type { SessionContext } from '../sessions/session-context.ts';
import type { AuthServices } from '../identity/sign-in.ts';
import { createAccountsRepo, type AccountsTx } from './accounts.repo.ts';

const emailTaken = () => new AppError(409, ErrorCode.EmailTaken, 'This email is already registered');
const alreadyRegistered = () => new AppError(409, ErrorCode.AlreadyRegistered, 'This account is already registered');
const isUniqueViolation = (err: unknown) => (err as { code?: string; cause?: { code?: string } })?.code === '23505' || (err as { cause?: { code?: string } })?.cause?.code === '23505';

/** Sign-up, email confirmation (double opt-in), sign-in and sign-out. */
export function createAccountsService(deps: Pick<Deps, 'env' | 'database' | 'now'>, { identity, signIn }: AuthServices, delivery: Delivery) {
  const repo = createAccountsRepo(deps.database.db);
  const codes = createCodes(deps.database.db, deps.env.CODE_SECRET, deps.now);

  /** The confirmation letter: the code, and a link that confirms without signing in (/email-confirm). */
  async function sendConfirmation(userId: string, email: string) {
    const code = await codes.issue({ purpose: 'email_confirm', channel: 'email', destination: email, userId });
    const link = new URL('/email-confirm', deps.env.WEB_ORIGIN);
    link.searchParams.set('email', email);
    link.searchParams.set('code', code);
    await delivery.send({
      channel: 'email',
      to: email,
      subject: 'Подтвердите почту — Экран',
      text:
        `Ваш код подтверждения: ${code}\n\n` +
        `Или откройте ссылку, чтобы подтвердить почту:\n${link.href}\n\n` +
        'Код и ссылка действуют 10 минут. Если вы не регистрировались на Экране, просто проигнорируйте это письмо.',
    });
  }

  /** A letter whose loss the viewer can repair (a new one from the confirmation page): its failure is logged by delivery, not fatal. */
  const tolerate = (err: unknown) => {
    if (!(err instanceof AppError) || err.status !== 503) throw err;
  };

  return {
    /**
     * Sign-up by email: the current virtual user becomes registered (spec platform §4 Session), keeping
     * everything it made, and a confirmation code goes to the address.
     */
    async register(session: SessionContext, body: EmailRegisterRequest): Promise<AuthData> {
      if (!session.isVirtual) throw alreadyRegistered();
      if (await repo.userByEmail(body.email)) throw emailTaken();
      const passwordHash = await hashPassword(body.password);
      let user;
      try {
        user = await repo.registerVirtual(session.userId, body.email, passwordHash);
      } catch (err) {
        if (isUniqueViolation(err)) throw emailTaken();
        throw err;
      }
      if (!user) throw alreadyRegistered();
      // The account exists now; a lost letter is re-sent from the confirmation page.
      await sendConfirmation(user.id, body.email).catch(tolerate);
      return identity.refresh(session.token);
    },

    /** Double opt-in: the code from the confirmation email proves the address. */
    async confirmEmail(session: SessionContext, code: string): Promise<AuthData> {
      const auth = await identity.refresh(session.token);
      if (!auth.email) throw new AppError(400, ErrorCode.InvalidCode, 'There is no email to confirm');
      const { userId } = await codes.consume({ purpose: 'email_confirm', destination: auth.email, code });
      if (userId !== session.userId) throw new AppError(400, ErrorCode.InvalidCode, 'The code is wrong, expired or already used');
      await repo.confirmEmail(session.userId, deps.now());
      return auth;
    },

    /** A new confirmation code, replacing the earlier ones. */
    async resendConfirmation(session: SessionContext): Promise<void> {
      const auth = await identity.refresh(session.token);
      if (!auth.email || auth.virtual) throw new AppError(400, ErrorCode.BadRequest, 'There is no email to confirm');
      await sendConfirmation(session.userId, auth.email);
    },

    /**
     * Sign-in by email and password: a new session on this device. An unknown email and a wrong password
     * get the same answer in the same time.
     */
    async login(body: EmailLoginRequest, apiClientId: string, current: SessionContext | null): Promise<AuthData> {
      const user = await repo.userByEmail(body.email);
      const ok = await verifyPassword(user && !user.isVirtual ? user.passwordHash : null, body.password);
      if (!user || !ok) throw new AppError(401, ErrorCode.InvalidCredentials, 'Wrong email or password');
      return signIn.signIn({ userId: user.id, apiClientId, current });
    },

    /** Password recovery: a code goes to the address when it belongs to an account; the caller cannot tell. */
    async requestPasswordReset(email: string): Promise<void> {
      const user = await repo.userByEmail(email);
      if (!user || user.isVirtual) return;
      const code = await codes.issue({ purpose: 'password_reset', channel: 'email', destination: email, userId: user.id });
      await delivery
        .send({
          channel: 'email',
          to: email,
          subject: 'Восстановление пароля — Экран',
          text: `Код для смены пароля: ${code}\nОн действует 10 минут. Если вы не просили сменить пароль, просто проигнорируйте это письмо: пароль останется прежним.`,
        })
        // The answer stays the same as for an unknown address, so a failed letter is only logged.
        .catch(tolerate);
    },

    /** A new password with the recovery code; every session of the account ends (a stolen one too). */
    async resetPassword(body: PasswordResetRequest): Promise<void> {
      const { userId } = await codes.consume({ purpose: 'password_reset', destination: body.email, code: body.code });
      if (!userId) throw new AppError(400, ErrorCode.InvalidCode, 'The code is wrong, expired or already used');
      await repo.setPassword(userId, await hashPassword(body.password), deps.now());
    },

    /**
     * The link of a confirmation letter (spec /email-confirm): the code is bound to the address and to the user
     * it was sent to, so it confirms that user's address only while the address is still theirs; no session.
     */
    async confirmEmailLink(email: string, code: string): Promise<void> {
      const { userId } = await codes.consume({ purpose: 'email_confirm', destination: email, code });
      const user = userId ? await repo.userById(userId) : null;
      if (!user || user.isVirtual || user.email?.toLowerCase() !== email) throw new AppError(400, ErrorCode.InvalidCode, 'The code is wrong, expired or already used');
      if (!user.emailConfirmedAt) await repo.confirmEmail(user.id, deps.now());
    },

    /** A new confirmation letter for an address that waits for one; the caller cannot tell whether it does. */
    async resendEmailLink(email: string): Promise<void> {
      const user = await repo.userByEmail(email);
      if (!user || user.isVirtual || user.emailConfirmedAt || !user.email) return;
      await sendConfirmation(user.id, user.email.toLowerCase()).catch(tolerate);
    },

    /** Whether an account already has this email (in any case). */
    async isEmailTaken(email: string): Promise<boolean> {
      return Boolean(await repo.userByEmail(email));
    },

    /**
     * Registers the virtual user by email and password inside the caller's transaction (a coupon sign-up grants
     * in the same one); null when the user is not virtual any more.
     */
    registerVirtualIn(tx: AccountsTx, userId: string, email: string, passwordHash: string) {
      return createAccountsRepo(tx).registerVirtual(userId, email, passwordHash);
    },

    /** Sign-out: the session is revoked on the server (spec /logout). */
    async logout(session: SessionContext): Promise<void> {
      await identity.revokeSession(session.sessionId, deps.now());
    },
  };
}
