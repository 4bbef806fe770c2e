import type { AccountSubscription, RecurrentRequest } from '@ekran/contracts';
import { ErrorCode } from '@ekran/contracts';
import {
  isManageable,
  lapsedStatus,
  nextChargePeriod,
  rateSteps,
  renewsAutomatically,
  stepOfPeriod,
  type ChainTariff,
  type LifecycleSubscription,
} from '@ekran/core';
import type { Db } from '@ekran/db';
import { AppError, notFound } from '../../lib/errors.ts';
import type { SessionContext } from '../identity/identity.service.ts';
import { createLifecycleRepo, type SubscriptionRow, type TariffRow } from './lifecycle.repo.ts';

// The subscription lifecycle. Rules come from @ekran/core (subscription-lifecycle.ts); this applies
// them to rows: the expiry job, turning renewal off and on, the pending subscription of the account page.

/** A tariff chain longer than this is a data mistake; the steps stop there. */
const MAX_CHAIN = 8;
const EXPIRE_BATCH = 500;

const lifecycleOf = (s: SubscriptionRow, hasPaymentMethod: boolean): LifecycleSubscription => ({
  status: s.status,
  expiresAt: s.expiresAt,
  billingExpiresAt: s.billingExpiresAt,
  isRecurrent: s.isRecurrent,
  source: s.source,
  hasPaymentMethod,
});

const chainTariff = (t: TariffRow): ChainTariff => ({
  id: t.id, price: t.price, currency: t.currency, durationDays: t.durationDays, recurrentPrice: t.recurrentPrice, nextTariffId: t.nextTariffId,
});

export interface ExpireResult {
  /** Moved to grace: the period is over, renewals are retried within the billing window. */
  graced: number;
  /** Moved to expired. */
  expired: number;
}

export function createLifecycleService(deps: { db: Db; now: () => Date }) {
  const repo = createLifecycleRepo(deps.db);

  /** Loads every tariff the chains of `first` reach (next_tariff_id), a level at a time. */
  async function tariffsReachable(first: TariffRow[]): Promise<Map<string, ChainTariff>> {
    const known = new Map(first.map((t) => [t.id, chainTariff(t)]));
    let wanted = first.map((t) => t.nextTariffId).filter((id): id is string => id !== null && !known.has(id));
    for (let level = 0; wanted.length && level < MAX_CHAIN; level++) {
      const rows = await repo.tariffsByIds([...new Set(wanted)]);
      for (const t of rows) known.set(t.id, chainTariff(t));
      wanted = rows.map((t) => t.nextTariffId).filter((id): id is string => id !== null && !known.has(id));
    }
    return known;
  }

  /** spec platform §3 Pending subscription, from a row, its tariff and the tariffs its chain reaches. */
  function toAccountSubscription(s: SubscriptionRow, t: TariffRow, hasPaymentMethod: boolean, tariffs: Map<string, ChainTariff>, now: Date, promoCode: string | null = null): AccountSubscription {
    const life = lifecycleOf(s, hasPaymentMethod);
    const steps = rateSteps(chainTariff(t), (id) => tariffs.get(id));
    const next = renewsAutomatically(life, now) ? stepOfPeriod(steps, nextChargePeriod(s)) : null;
    return {
      _id: s.id,
      status: s.status,
      tariff: { _id: t.id, title: t.title, price: t.price, currency: t.currency, duration_days: t.durationDays },
      started_at: s.startedAt.toISOString(),
      expires_at: s.expiresAt.toISOString(),
      reccurent: s.isRecurrent,
      source: s.source,
      manageable: isManageable(life, now),
      expiration: s.expiresAt.toISOString(),
      billing_expire: s.billingExpiresAt?.toISOString() ?? null,
      tariff_info: { _id: t.id, rate_steps: steps },
      // In grace the charge is retried by the next renewal run, so it is due now rather than at a past expiry.
      next_charge: next ? { at: (s.expiresAt > now ? s.expiresAt : now).toISOString(), amount: next.price, currency: next.currency } : null,
      payment_method_id: s.paymentMethodId,
      partner: null,
      ...(s.source === 'promo' ? { promo_code: promoCode } : {}),
    };
  }

  return {
    /**
     * The expiry job: every live-status subscription whose period is over moves to grace (a billing window
     * ahead, renewal on, a card to retry) or to expired (core lapsedStatus). A row a renewal changed meanwhile
     * is left alone; running twice changes nothing more.
     */
    async expireLapsed(now: Date = deps.now()): Promise<ExpireResult> {
      const result: ExpireResult = { graced: 0, expired: 0 };
      let afterId: string | null = null;
      for (;;) {
        const rows = await repo.lapsed(now, afterId, EXPIRE_BATCH);
        for (const { subscription: s, hasPaymentMethod } of rows) {
          const status = lapsedStatus(lifecycleOf(s, hasPaymentMethod), now);
          if (status && (await repo.transition(s, status, now))) {
            if (status === 'grace') result.graced += 1;
            else result.expired += 1;
          }
        }
        if (rows.length < EXPIRE_BATCH) return result;
        afterId = rows[rows.length - 1]!.subscription.id;
      }
    },

    /** The account's subscriptions as the account page shows them (rows with their tariffs, in their order). */
    async pendingSubscriptions(userId: string, rows: { subscription: SubscriptionRow; tariff: TariffRow }[], now: Date = deps.now()): Promise<AccountSubscription[]> {
      const promoIds = rows.filter((r) => r.subscription.source === 'promo').map((r) => r.subscription.id);
      const [cards, tariffs, codes] = await Promise.all([repo.activeCardIds(userId), tariffsReachable(rows.map((r) => r.tariff)), repo.promoCodes(promoIds)]);
      return rows.map(({ subscription: s, tariff: t }) => toAccountSubscription(s, t, s.paymentMethodId !== null && cards.has(s.paymentMethodId), tariffs, now, codes.get(s.id) ?? null));
    },

    /**
     * POST recurrent (platform §4 Disable recurring subscription): the owner turns renewal off, or back on while
     * the subscription is live. 404 unknown, 403 someone else's, 409 not manageable (a partner's, a store's, a
     * promo without a card, an ended one) or turning on without a card. Repeating a request changes nothing.
     */
    async setRecurrent(session: SessionContext, body: RecurrentRequest, now: Date = deps.now()): Promise<AccountSubscription> {
      const found = await repo.subscription(body.subscription_id);
      // Another account's subscription is not found: a 403 would confirm that the id exists.
      if (!found || found.subscription.userId !== session.userId) throw notFound('Subscription');
      const life = lifecycleOf(found.subscription, found.hasPaymentMethod);
      if (!isManageable(life, now)) {
        throw new AppError(409, ErrorCode.Conflict, 'Renewal of this subscription is not managed here (a partner, a store, a promo without a card, or it has ended)');
      }
      if (body.enabled && !found.hasPaymentMethod) throw new AppError(409, ErrorCode.Conflict, 'Bind a card before turning renewal on');
      if (found.subscription.isRecurrent !== body.enabled) await repo.setRecurrent(found.subscription.id, body.enabled, now);
      const fresh = await repo.subscription(found.subscription.id);
      if (!fresh) throw notFound('Subscription');
      const tariffs = await tariffsReachable([fresh.tariff]);
      return toAccountSubscription(fresh.subscription, fresh.tariff, fresh.hasPaymentMethod, tariffs, now);
    },
  };
}
export type LifecycleService = ReturnType<typeof createLifecycleService>;
