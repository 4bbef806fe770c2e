import type { AccountDeleteRequest, AccountPerson, AccountSubscriptions } from '@ekran/contracts';
import { ErrorCode } from '@ekran/contracts';
import { maskEmail, maskPhone } from '@ekran/core';
import type { Deps } from '../../deps.ts';
import { AppError, forbidden, notFound } from '../../lib/errors.ts';
import { verifyPassword } from '../../lib/passwords.ts';
import type { Delivery } from '../delivery/delivery.ts';
import type { LifecycleService } from '../billing/lifecycle.service.ts';
import { createCodes } from '../identity/codes.ts';
import { operatorSubscriptionsOf, toOperatorAccountSubscription } from '../partners/operator.service.ts';
import type { SessionContext } from '../sessions/session-context.ts';
import { createAccountRepo } from './account.repo.ts';

const registeredOnly = (session: SessionContext) => {
  if (session.isVirtual) throw forbidden('Sign up first: a virtual user has no account page');
};

/** The account page: the holder's details (spec platform §7 person name, birthday, gender), subscriptions, deletion. */
export function createAccountService(deps: Pick<Deps, 'env' | 'database' | 'now'>, { lifecycle }: { lifecycle: LifecycleService }, delivery: Delivery) {
  const repo = createAccountRepo(deps.database.db);
  const codes = createCodes(deps.database.db, deps.env.CODE_SECRET, deps.now);
  const operator = operatorSubscriptionsOf(deps.database.db);

  async function userOf(session: SessionContext) {
    registeredOnly(session);
    const row = await repo.person(session.userId);
    if (!row) throw notFound('Account');
    return row;
  }

  async function person(session: SessionContext): Promise<AccountPerson> {
    const { user, details } = await userOf(session);
    return {
      name: details?.personName ?? null,
      birthday: details?.birthday ?? null,
      gender: details?.gender ?? null,
      email: user.email,
      email_confirmed: user.emailConfirmedAt !== null,
      phone: user.phone,
      has_password: user.passwordHash !== null,
    };
  }

  return {
    person,

    async setName(session: SessionContext, name: string | null): Promise<AccountPerson> {
      await userOf(session);
      await repo.saveDetails(session.userId, { personName: name }, deps.now());
      return person(session);
    },

    /** A birthday from 1900 (the schema) up to today; a future date is a mistake. */
    async setBirthday(session: SessionContext, birthday: string | null): Promise<AccountPerson> {
      await userOf(session);
      if (birthday && birthday > deps.now().toISOString().slice(0, 10)) {
        throw new AppError(400, ErrorCode.BadRequest, 'Invalid request: body.birthday is in the future', { details: [{ path: 'body.birthday', message: 'in the future' }] });
      }
      await repo.saveDetails(session.userId, { birthday }, deps.now());
      return person(session);
    },

    async setGender(session: SessionContext, gender: 'male' | 'female' | null): Promise<AccountPerson> {
      await userOf(session);
      await repo.saveDetails(session.userId, { gender }, deps.now());
      return person(session);
    },

    /** What the account holds (spec platform §7 GET subscriptions: data.subscriptions), live ones first. */
    async subscriptions(session: SessionContext): Promise<AccountSubscriptions> {
      registeredOnly(session);
      const now = deps.now();
      const [rows, operatorLive] = await Promise.all([repo.subscriptions(session.userId), operator.liveWithTariff(session.userId, now)]);
      // The pending subscription of platform §3 (manageable, rate steps of the tariff chain, the
      // next charge) by the lifecycle rules of @ekran/core.
      const ours = await lifecycle.pendingSubscriptions(session.userId, rows, now);
      // An entitling operator subscription is live, so it goes first; it is the operator's to manage.
      const theirs = operatorLive ? [toOperatorAccountSubscription(operatorLive.subscription, operatorLive.tariff)] : [];
      return { data: { subscriptions: [...theirs, ...ours] } };
    },

    /** A code that confirms deleting the account, to its email or phone. */
    async sendDeleteCode(session: SessionContext, channel: 'email' | 'sms'): Promise<{ channel: 'email' | 'sms'; sent_to: string }> {
      const { user } = await userOf(session);
      const to = channel === 'email' ? user.email : user.phone;
      if (!to) throw new AppError(400, ErrorCode.NoDestination, channel === 'email' ? 'The account has no email' : 'The account has no phone');
      const code = await codes.issue({ purpose: 'account_delete', channel, destination: to, userId: user.id });
      await delivery.send(
        channel === 'email'
          ? {
              channel,
              to,
              subject: 'Удаление аккаунта — Экран',
              text: `Код для удаления аккаунта: ${code}\nОн действует 10 минут. Если вы не собирались удалять аккаунт, не сообщайте код никому и смените пароль.`,
            }
          : { channel, to, text: `Экран: код для удаления аккаунта ${code}. Никому его не сообщайте.` },
      );
      return { channel, sent_to: channel === 'email' ? maskEmail(to) : maskPhone(to) };
    },

    /**
     * Deletes the account and everything it holds, once the holder proves it: the password, or a code sent
     * to the account's email or phone. Every session ends with it.
     */
    async deleteAccount(session: SessionContext, body: AccountDeleteRequest): Promise<void> {
      const { user } = await userOf(session);
      if ('password' in body) {
        if (!(await verifyPassword(user.passwordHash, body.password))) throw new AppError(403, ErrorCode.InvalidCredentials, 'Wrong password');
      } else {
        const destinations = [user.email, user.phone].filter((d): d is string => Boolean(d));
        let proven = false;
        for (const [i, destination] of destinations.entries()) {
          try {
            const { userId } = await codes.consume({ purpose: 'account_delete', destination, code: body.code });
            proven = userId === user.id;
            break;
          } catch (err) {
            // The code went to one of the addresses; a miss on the first is not the answer yet.
            if (!(err instanceof AppError) || err.code !== ErrorCode.InvalidCode || i === destinations.length - 1) throw err;
          }
        }
        if (!proven) throw new AppError(400, ErrorCode.InvalidCode, 'The code is wrong, expired or already used');
      }
      await repo.deleteUser(user.id);
    },
  };
}
