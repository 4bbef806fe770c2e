import { DAY_MS } from '@ekran/core';
import type { AccountSubscription, AuthData, OperatorNotification, OperatorSubscription } from '@ekran/contracts';
import { ErrorCode, OPERATOR_PARTNER, OperatorErrorCode } from '@ekran/contracts';
import type { Db } from '@ekran/db';
import type { Deps as Handles } from '../../deps.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { phoneOrThrow, type PhoneService } from '../accounts/phone.service.ts';
import type { AuthServices } from '../identity/sign-in.ts';
import type { SessionContext } from '../sessions/session-context.ts';
import { OperatorRefusal, OPERATOR_PERIOD_DAYS, OPERATOR_TARIFF_ALIAS, type OperatorGateway } from './operator.gateway.ts';
import { createOperatorRepo, type OperatorSubscriptionRow, type OperatorTariffRow } from './operator.repo.ts';

type Deps = Pick<Handles, 'env' | 'database' | 'now'>;

/** A row as the contract shows it. */
export function toOperatorSubscription(row: OperatorSubscriptionRow, now: Date): OperatorSubscription {
  return {
    id: row.id,
    msisdn: row.msisdn,
    status: row.status,
    balance_state: row.balanceState,
    started_at: row.startedAt.toISOString(),
    expires_at: row.expiresAt.toISOString(),
    is_entitling: row.status === 'active' && row.expiresAt > now,
  };
}

/**
 * An entitling operator subscription on the account page (spec platform §3 Pending subscription):
 * the operator bills and renews it, so it is not manageable here (no renewal switch, no card, no extension), has
 * no next charge of ours, and names its partner (the page says it is paid through МегаФон).
 */
export function toOperatorAccountSubscription(row: OperatorSubscriptionRow, tariff: OperatorTariffRow): AccountSubscription {
  return {
    _id: row.id,
    status: 'active',
    tariff: { _id: tariff.id, title: tariff.title, price: tariff.price, currency: tariff.currency, duration_days: tariff.durationDays },
    started_at: row.startedAt.toISOString(),
    expires_at: row.expiresAt.toISOString(),
    reccurent: true,
    source: OPERATOR_PARTNER,
    manageable: false,
    expiration: row.expiresAt.toISOString(),
    billing_expire: null,
    // The operator sets the price: no steps of ours to show.
    tariff_info: { _id: tariff.id, rate_steps: [] },
    next_charge: null,
    payment_method_id: null,
    partner: OPERATOR_PARTNER,
  };
}

/** The operator subscriptions other modules read (the account page lists the entitling one beside ours). */
export function operatorSubscriptionsOf(db: Db) {
  const repo = createOperatorRepo(db);
  return {
    /** The account's entitling operator subscription with its tariff, or null. */
    liveWithTariff(userId: string, now: Date) {
      return repo.liveWithTariff(userId, now);
    },
  };
}

/**
 * The mobile-operator customer (spec platform §1, §3 mf_info, §6 Operator customer, §8): sign-up and sign-in
 * by an SMS code to the msisdn (the phone sign-in of the accounts module), the operator subscription the
 * operator bills and reports on, and the popups its reports raise.
 */
export function createOperatorService(deps: Deps, auth: AuthServices, { phone }: { phone: PhoneService }, gateway: OperatorGateway) {
  const repo = createOperatorRepo(deps.database.db);
  const { identity } = auth;

  async function requireRegisteredPhone(session: SessionContext): Promise<string> {
    if (session.isVirtual) throw new AppError(401, ErrorCode.AuthRequired, 'Sign in with the operator number first');
    const userPhone = await phone.phoneOf(session.userId);
    if (!userPhone) throw new AppError(400, ErrorCode.NoDestination, 'The account has no phone; sign in with the operator number first');
    return userPhone;
  }

  return {
    /** A sign-in code by SMS to the msisdn (the same limits as every phone code). */
    sendCode: (msisdn: string) => phone.sendCode(msisdn),

    /**
     * The code proves the caller holds the msisdn: its account signs in (or the caller's virtual user registers
     * with it), and the account becomes an operator customer (mf_info.is_mf).
     */
    async verify(session: SessionContext, body: { msisdn: string; code: string }, apiClientId: string): Promise<AuthData> {
      const { auth } = await phone.verify(session, { phone: body.msisdn, code: body.code }, apiClientId);
      await repo.markOperator(auth._id);
      return identity.refresh(auth.authentication_token);
    },

    async subscription(session: SessionContext): Promise<OperatorSubscription> {
      const row = await repo.byUser(session.userId);
      if (!row) throw notFound('Operator subscription');
      return toOperatorSubscription(row, deps.now());
    },

    /**
     * Connects the operator subscription to the account's phone. Idempotent: an active one is returned as it
     * is (the operator is asked once, so the balance is never charged twice); a suspended one waits for the
     * balance (409); a cancelled or missing one is connected anew.
     */
    async connect(session: SessionContext): Promise<{ subscription: OperatorSubscription; created: boolean }> {
      const msisdn = await requireRegisteredPhone(session);
      const now = deps.now();
      const [mine, billed] = await Promise.all([repo.byUser(session.userId), repo.byMsisdn(msisdn)]);
      if (billed && billed.userId !== session.userId) throw new AppError(409, OperatorErrorCode.MsisdnTaken, 'This number is billed for another account');
      if (mine?.status === 'active' && mine.msisdn === msisdn) return { subscription: toOperatorSubscription(mine, now), created: false };
      if (mine?.status === 'suspended') throw new AppError(409, OperatorErrorCode.OperatorSuspended, 'Пополните баланс и возвращайтесь');
      // The subscription is on the operator's tariff (its max_streams is the stream limit).
      const tariff = await repo.tariffByAlias(OPERATOR_TARIFF_ALIAS);
      if (!tariff) throw new AppError(503, ErrorCode.Unavailable, `The operator tariff (${OPERATOR_TARIFF_ALIAS}) is missing; run the migrations`);
      let connected: { externalId: string; expiresAt: Date };
      try {
        connected = await gateway.connect(msisdn, now);
      } catch (err) {
        if (err instanceof OperatorRefusal && err.reason === 'not_subscriber') {
          throw new AppError(409, OperatorErrorCode.NotOperatorSubscriber, 'This number is not a subscriber of the operator');
        }
        if (err instanceof OperatorRefusal) throw new AppError(409, OperatorErrorCode.InsufficientBalance, 'Пополните баланс и возвращайтесь');
        throw new AppError(503, ErrorCode.Unavailable, 'The operator does not answer; try again later');
      }
      const row = await repo.saveConnected({ userId: session.userId, msisdn, externalId: connected.externalId, tariffId: tariff.id, startedAt: now, expiresAt: connected.expiresAt });
      return { subscription: toOperatorSubscription(row, now), created: true };
    },

    /**
     * A state change the operator reports, applied once per notification_id: suspended (no money: playback
     * stops, popup no_money), resumed (the money came back: popup got_money, shown once), low_balance (the
     * banner of platform §8), cancelled, renewed (a new billed period).
     */
    async applyNotification(n: OperatorNotification): Promise<{ applied: boolean }> {
      const msisdn = phoneOrThrow(n.msisdn);
      const row = await repo.byMsisdn(msisdn);
      if (!row) throw notFound(`Operator subscription of ${msisdn}`);
      const at = deps.now();
      return repo.transaction(async (tx) => {
        if (!(await repo.recordNotification({ notificationId: n.notification_id, msisdn, event: n.event, at }, tx))) return { applied: false };
        switch (n.event) {
          case 'suspended':
            await repo.update(row.id, row.userId, { status: 'suspended', balanceState: 'no_money' }, 'no_money', at, tx);
            break;
          case 'resumed':
            // got_money only when it was suspended: a repeated or stray resume raises no popup.
            await repo.update(row.id, row.userId, { status: 'active', balanceState: 'ok' }, row.status === 'suspended' ? 'got_money' : undefined, at, tx);
            break;
          case 'low_balance':
            await repo.update(row.id, row.userId, { balanceState: 'low' }, undefined, at, tx);
            break;
          case 'cancelled':
            await repo.update(row.id, row.userId, { status: 'cancelled' }, null, at, tx);
            break;
          case 'renewed': {
            const expiresAt = n.expires_at ? new Date(n.expires_at) : new Date(Math.max(row.expiresAt.getTime(), at.getTime()) + OPERATOR_PERIOD_DAYS * DAY_MS);
            // The operator billed a new period, so the money is back: a suspended one resumes as a resume would
            // (got_money), rather than staying behind the blocking no_money popup while it plays.
            await repo.update(row.id, row.userId, { status: 'active', balanceState: 'ok', expiresAt }, row.status === 'suspended' ? 'got_money' : undefined, at, tx);
            break;
          }
        }
        return { applied: true };
      });
    },

    /**
     * The viewer closed an informing popup: got_money and info are not shown again; no_app is not
     * shown again in the country the viewer is in now.
     */
    popupSeen: (session: SessionContext, popup: 'got_money' | 'info' | 'no_app') =>
      popup === 'no_app' ? repo.markNoAppSeen(session.userId, session.countryCode) : repo.clearPopup(session.userId, popup),

    /**
     * spec platform §6 app=mlk. The msisdn of the query is not proof (anyone can type a link), so it never signs
     * anyone in by itself: a caller already signed in with that number stays so; otherwise a code goes to it
     * and the site continues at the code step.
     */
    async mlk(session: SessionContext, msisdnInput: string): Promise<{ state: 'signed_in' | 'code_sent'; msisdn: string }> {
      const msisdn = phoneOrThrow(msisdnInput);
      const userPhone = session.isVirtual ? null : await phone.phoneOf(session.userId);
      if (userPhone === msisdn) {
        await repo.markOperator(session.userId);
        return { state: 'signed_in', msisdn };
      }
      await phone.sendCode(msisdn);
      return { state: 'code_sent', msisdn };
    },
  };
}
export type OperatorService = ReturnType<typeof createOperatorService>;
