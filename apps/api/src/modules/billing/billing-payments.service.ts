// Buying (payment link, one-click buy, extension, card binding), orders, payment methods and
// history. Money moves only through billing.ledger.ts; this file decides what to ask the provider for.
import { ErrorCode, type BuyRequest, type Order, type PaymentHistory, type PaymentLinkQuery, type PaymentMethods } from '@ekran/contracts';
import { CARD_CHECK_AMOUNT, CHANGEABLE_PAYMENT_TYPES, isAllowedReturnUrl, PAYMENT_LINK_REUSE_MINUTES, UNCANCELLABLE_PAYMENT_TYPES, ENTITLING_STATUSES, HOUR_MS } from '@ekran/core';
import type { orders, tariffs, Db } from '@ekran/db';
import { createHash, randomUUID } from 'node:crypto';
import type { Deps } from '../../deps.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import type { SessionContext } from '../sessions/session-context.ts';
import type { EntitlementService } from '../entitlement/entitlement.service.ts';
import { applyLedgerEvent, failUnanswered, markProcessing, type OrderRow } from './billing.ledger.ts';
import { refundSurplus } from './billing.surplus.ts';
import { createPaymentsRepo } from './billing-payments.repo.ts';
import { ProviderError, type IncomingNotification, type PaymentProvider } from './providers/types.ts';

export type BillingDeps = Pick<Deps, 'env' | 'database' | 'now' | 'payments'>;

const LIVE = ENTITLING_STATUSES;
/** How long a processing order answers a new purchase of the same thing instead of a second charge. */
const PROCESSING_HOLDS_MS = 24 * HOUR_MS;
/** How long a repeat of an in-flight request waits for the first one's answer. */
const WAIT_FOR_WINNER_MS = 20_000;

/** sha256 of a body with its keys sorted, so the same request in another key order hashes the same. */
export function requestHash(body: unknown): string {
  const canonical = (v: unknown): unknown =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v as Record<string, unknown>).filter(([, x]) => x !== undefined).sort(([a], [b]) => a.localeCompare(b)).map(([k, x]) => [k, canonical(x)]))
      : v;
  return createHash('sha256').update(JSON.stringify(canonical(body))).digest('hex');
}

/** Where a notification's refusals and hand-work go (the request's logger). */
export interface NotificationLog {
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

const providerFailed = (err: unknown) =>
  new AppError(502, ErrorCode.PaymentProviderError, err instanceof ProviderError ? 'The payment provider did not accept the request; try again later' : 'Payment failed');

export function createPaymentsService(deps: BillingDeps, { entitlement }: { entitlement: Pick<EntitlementService, 'holdsOperatorSubscription'> }) {
  const db = deps.database.db;
  const provider = (): PaymentProvider => deps.payments.active;
  const repo = createPaymentsRepo(db);

  function requireRegistered(session: SessionContext) {
    if (session.isVirtual) throw new AppError(401, ErrorCode.AuthRequired, 'Sign in or sign up to subscribe');
  }

  async function activeTariff(id: string) {
    const row = await repo.activeTariff(id);
    if (!row) throw notFound('Tariff');
    return row;
  }

  const liveSubscription = (userId: string, now: Date) => repo.liveSubscription(userId, LIVE, now);

  /**
   * 409 for an account that already has a live subscription: one of ours, or an entitling operator
   * subscription, which makes its holder a subscriber like any other (the operator already bills for it).
   */
  async function refuseLive(userId: string, now: Date) {
    const [ours, theirs] = await Promise.all([liveSubscription(userId, now), entitlement.holdsOperatorSubscription(userId)]);
    if (ours || theirs) throw new AppError(409, ErrorCode.SubscriptionExists, 'The account already has a subscription');
  }

  /** spec platform §3 trial_is_available: a trial is for accounts that never had a subscription. */
  async function trialAvailable(userId: string) {
    return (await repo.subscriptionCount(userId)) === 0;
  }

  /** Result pages of the web (or the app): the host appends order= (and reason= on failure) too. */
  function returnUrls(orderId: string, returnTo: 'web' | 'mobile') {
    const base = `${deps.env.WEB_ORIGIN}/${returnTo}`;
    return { successUrl: `${base}/success?order=${orderId}`, failUrl: `${base}/fail?order=${orderId}` };
  }

  /** spec platform §5: a return-to-source URL only with an allowed prefix (our site), else none (the default page). */
  function safeBackUrl(url: string | undefined): string | null {
    return url && isAllowedReturnUrl(url, ['/', `${deps.env.WEB_ORIGIN}/`]) ? url : null;
  }

  /** Opens the provider's hosted page for a pending order and stores it on the order. */
  async function checkout(order: OrderRow, description: string, bindOnly: boolean): Promise<OrderRow> {
    let result;
    try {
      result = await provider().createCheckout(
        {
          invoiceId: order.id, accountId: order.userId, amount: order.amount, currency: order.currency, description, email: await repo.emailOf(order.userId),
          recurrent: true, bindOnly, ...returnUrls(order.id, order.returnTo === 'mobile' ? 'mobile' : 'web'),
        },
        order.id,
      );
    } catch (err) {
      await repo.failOrder(order.id, 'provider_unavailable', deps.now());
      throw providerFailed(err);
    }
    const updated = await repo.setCheckout(order.id, result, deps.now());
    return updated!;
  }

  /**
   * Charges a saved card for an order and applies the answer through the ledger (exactly once with its
   * notification); a charge that bought nothing (paid meanwhile another way) is refunded.
   */
  async function charge(order: OrderRow, token: string, description: string): Promise<void> {
    const p = provider();
    let result;
    try {
      result = await p.chargeToken({ invoiceId: order.id, accountId: order.userId, token, amount: order.amount, currency: order.currency, description }, order.id);
    } catch (err) {
      // An answer that refused the charge (4xx, 5xx) made none: a failure. No answer at all may have charged the card:
      // processing until the provider's word settles it (decision 032).
      if (err instanceof ProviderError && err.status !== null) await failUnanswered(db, order.id, deps.now());
      else await markProcessing(db, order.id, deps.now());
      return;
    }
    const outcome = await applyLedgerEvent(
      db,
      {
        provider: p.name, notificationId: null, transactionId: result.transactionId, refundOf: null, invoiceId: order.id, amount: order.amount, currency: order.currency,
        operation: 'payment', status: result.status === 'succeeded' ? 'completed' : 'declined', reason: result.reason, card: null, occurredAt: deps.now(),
      },
      deps.now(),
    );
    if (outcome === 'surplus') await refundSurplus(db, p, result.transactionId, deps.now());
  }

  async function toOrder(row: OrderRow): Promise<Order> {
    const tariff = row.tariffId ? await repo.tariffTitle(row.tariffId) : undefined;
    return {
      _id: row.id,
      kind: row.kind as Order['kind'],
      status: row.status as Order['status'],
      amount: row.amount,
      currency: row.currency,
      tariff: tariff ? { _id: tariff.id, title: tariff.title } : null,
      payment_url: row.status === 'pending' ? row.paymentUrl : null,
      failure_reason: row.failureReason,
      back_url: row.backUrl,
      created_at: row.createdAt.toISOString(),
    };
  }

  /**
   * The idempotent core of buy and extend: orders are unique per user + key. The first request inserts its
   * order (INSERT … ON CONFLICT DO NOTHING) and runs `work`; a repeat with the same body waits until the
   * first one's order is settled and answers it; another body under the same key is refused, changing nothing.
   */
  async function idempotent(
    userId: string,
    key: string,
    hash: string,
    prepare: () => Promise<Omit<typeof orders.$inferInsert, 'userId' | 'idempotencyKey' | 'requestHash'>>,
    work: (order: OrderRow) => Promise<void>,
    inFlight: () => Promise<OrderRow | undefined>,
  ): Promise<Order> {
    const existing = await orderByKey(userId, key);
    if (existing) return replay(existing, hash);
    // A retry under a new key while the same purchase is still processing (its charge unanswered) would charge the
    // card a second time: it is answered with the processing order instead.
    const processing = await inFlight();
    if (processing) return toOrder(processing);
    const values = await prepare();
    const mine = await repo.insertOrderOnce({ ...values, userId, idempotencyKey: key, requestHash: hash });
    if (!mine) return replay((await orderByKey(userId, key))!, hash);
    await work(mine);
    return toOrder((await orderById(mine.id))!);
  }

  async function replay(order: OrderRow, hash: string): Promise<Order> {
    if (order.requestHash !== hash) throw new AppError(422, ErrorCode.IdempotencyKeyReused, 'This Idempotency-Key was used for another request');
    const deadline = Date.now() + WAIT_FOR_WINNER_MS;
    let row = order;
    // Wait on the first request's result: settled once it has an outcome or a hosted page to go to.
    while (row.status === 'pending' && !row.paymentUrl && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 25));
      row = (await orderById(row.id))!;
    }
    return toOrder(row);
  }

  const orderByKey = repo.orderByKey;
  const orderById = repo.orderById;
  /**
   * The account's newest processing order matching `match` (a charge whose outcome the provider has not told yet).
   * Reconciliation settles one within minutes; one older than a day means it is not running, and is not let block
   * the account's purchases for ever.
   */
  const processingOrder = (userId: string, match: { kinds: string[]; tariffId?: string; subscriptionId?: string }) =>
    repo.processingOrder(userId, new Date(deps.now().getTime() - PROCESSING_HOLDS_MS), match);

  async function activeMethod(userId: string, id: string) {
    const row = await repo.activeMethodOf(userId, id);
    if (!row || !row.token) throw notFound('Payment method');
    return row;
  }

  /**
   * The pending order a payment link (or a card binding) opens: one of this kind (and tariff) made within the reuse
   * window, whose hosted page is there or still being opened, else a new one. The account's row is
   * locked meanwhile (SELECT … FOR UPDATE, the same on PGlite and PostgreSQL), so simultaneous first calls make one
   * order; the checkout, a provider call, is made after the lock by the call that made the order.
   */
  async function claimLinkOrder(
    userId: string,
    kind: string,
    tariffId: string | null,
    now: Date,
    values: () => typeof orders.$inferInsert,
  ): Promise<{ order: OrderRow; mine: boolean }> {
    const since = new Date(now.getTime() - PAYMENT_LINK_REUSE_MINUTES * 60_000);
    // A page not there after this long is taken for a checkout that died with its process: not waited for.
    const opening = new Date(now.getTime() - WAIT_FOR_WINNER_MS);
    return repo.claimLinkOrder(userId, kind, tariffId, since, opening, values);
  }

  /** The hosted page of a claimed order: opened by the call that made it, waited for by the others. */
  async function linkPage(claimed: { order: OrderRow; mine: boolean }, description: string, bindOnly: boolean): Promise<string> {
    if (claimed.mine) return (await checkout(claimed.order, description, bindOnly)).paymentUrl!;
    const deadline = Date.now() + WAIT_FOR_WINNER_MS;
    let row = claimed.order;
    while (row.status === 'pending' && !row.paymentUrl && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 25));
      row = (await orderById(row.id))!;
    }
    // The first call's checkout failed (or never came): the same answer as it got.
    if (row.status !== 'pending' || !row.paymentUrl) throw providerFailed(new ProviderError(provider().name, `the checkout of order ${row.id} did not open`));
    return row.paymentUrl;
  }

  /**
   * A trial's or a binding's card check (1 RUB) goes back to the card holder: for providers that do not
   * refund it themselves, after its payment was applied. Answers false when the provider refused (the caller
   * logs it; a repeat is safe: its key is the charge's transaction).
   */
  async function refundCardCheck(p: PaymentProvider, event: { operation: string; status: string; transactionId: string; invoiceId: string | null; amount: number }): Promise<boolean> {
    if (event.operation !== 'payment' || event.status !== 'completed' || !event.invoiceId) return true;
    const order = await orderById(event.invoiceId).catch(() => undefined);
    if (!order || (order.kind !== 'trial' && order.kind !== 'bind_card')) return true;
    try {
      await p.refund({ transactionId: event.transactionId, amount: event.amount }, `card-check-refund:${event.transactionId}`);
      return true;
    } catch {
      return false;
    }
  }

  const withClientKey = (url: string, clientKey: string) => `${url}${url.includes('?') ? '&' : '?'}client_key=${encodeURIComponent(clientKey)}`;

  return {
    /** GET {tariff.url}: the hosted page for a trial (card check and binding) or a purchase (platform §4 Payment redirect). */
    async paymentLink(session: SessionContext, clientKey: string, tariffId: string, query: PaymentLinkQuery): Promise<{ url: string }> {
      requireRegistered(session);
      const now = deps.now();
      const tariff = await activeTariff(tariffId);
      await refuseLive(session.userId, now);
      const kind = tariff.allowTrial && (await trialAvailable(session.userId)) ? 'trial' : 'purchase';
      const claimed = await claimLinkOrder(session.userId, kind, tariff.id, now, () => ({
        userId: session.userId, kind, tariffId: tariff.id, amount: kind === 'trial' ? CARD_CHECK_AMOUNT : tariff.price, currency: tariff.currency,
        idempotencyKey: `link:${randomUUID()}`, requestHash: requestHash({ tariff_id: tariff.id, kind, ...query }), returnTo: query.return_to, backUrl: safeBackUrl(query.back_url),
        createdAt: now, updatedAt: now,
      }));
      const url = await linkPage(claimed, kind === 'trial' ? `Пробный период: ${tariff.title}` : tariff.title, kind === 'trial');
      return { url: withClientKey(url, clientKey) };
    },

    /** POST buy: a one-click charge of a saved card, or (without one) an order with the hosted page. */
    async buy(session: SessionContext, key: string, body: BuyRequest): Promise<Order> {
      requireRegistered(session);
      const now = deps.now();
      let token: string | null = null;
      let title = '';
      return idempotent(
        session.userId,
        key,
        requestHash(body),
        async () => {
          const tariff = await activeTariff(body.tariff_id);
          await refuseLive(session.userId, now);
          title = tariff.title;
          const method = body.payment_method_id ? await activeMethod(session.userId, body.payment_method_id) : null;
          token = method?.token ?? null;
          // Without a card it is the payment link's order: a trial (card check) when the account may have one.
          const kind = !method && tariff.allowTrial && (await trialAvailable(session.userId)) ? 'trial' : 'purchase';
          if (kind === 'trial') title = `Пробный период: ${tariff.title}`;
          return {
            kind, tariffId: tariff.id, paymentMethodId: method?.id ?? null, amount: kind === 'trial' ? CARD_CHECK_AMOUNT : tariff.price, currency: tariff.currency,
            returnTo: body.return_to, backUrl: safeBackUrl(body.back_url), createdAt: now, updatedAt: now,
          };
        },
        async (order) => {
          if (token) await charge(order, token, title);
          // a failed checkout leaves the order failed (provider_unavailable), which is the answer, now and on repeats
          else await checkout(order, title, order.kind === 'trial').catch(() => undefined);
        },
        () => processingOrder(session.userId, { kinds: ['purchase'], tariffId: body.tariff_id }),
      );
    },

    /** POST subscriptions/:id/extend: pay now for a subscription in its billing window (the extension banner). */
    async extend(session: SessionContext, key: string, subscriptionId: string): Promise<Order> {
      requireRegistered(session);
      const now = deps.now();
      let token: string | null = null;
      let title = '';
      return idempotent(
        session.userId,
        key,
        requestHash({ extend: subscriptionId }),
        async () => {
          const sub = await repo.subscriptionOf(session.userId, subscriptionId);
          if (!sub) throw notFound('Subscription');
          const inWindow = sub.status === 'grace' || (sub.billingExpiresAt !== null && sub.billingExpiresAt > now && sub.status !== 'cancelled');
          if (!inWindow) throw new AppError(409, ErrorCode.SubscriptionNotExtendable, 'Only a subscription whose renewal failed can be extended');
          const tariff = await repo.tariff(sub.tariffId);
          const price = await renewalPrice(db, tariff!);
          title = tariff!.title;
          const method = sub.paymentMethodId ? await repo.activeMethod(sub.paymentMethodId) : undefined;
          token = method?.token ?? null;
          return {
            kind: 'extend', tariffId: tariff!.id, subscriptionId: sub.id, period: sub.renewals + 1, paymentMethodId: method?.id ?? null, amount: price,
            currency: tariff!.currency, createdAt: now, updatedAt: now,
          };
        },
        async (order) => {
          if (token) await charge(order, token, title);
          else await checkout(order, title, false).catch(() => undefined);
        },
        () => processingOrder(session.userId, { kinds: ['extend', 'renewal'], subscriptionId }),
      );
    },

    /** GET bind_card: the hosted page to add or replace the card (a 1 RUB check, refunded). */
    async bindCard(session: SessionContext, clientKey: string, query: PaymentLinkQuery): Promise<{ url: string }> {
      requireRegistered(session);
      const now = deps.now();
      const claimed = await claimLinkOrder(session.userId, 'bind_card', null, now, () => ({
        userId: session.userId, kind: 'bind_card', amount: CARD_CHECK_AMOUNT, currency: 'RUB', idempotencyKey: `bind:${randomUUID()}`, requestHash: requestHash({ bind: true, ...query }),
        returnTo: query.return_to, backUrl: safeBackUrl(query.back_url), createdAt: now, updatedAt: now,
      }));
      const url = await linkPage(claimed, 'Привязка карты', true);
      return { url: withClientKey(url, clientKey) };
    },

    async order(session: SessionContext, id: string): Promise<Order> {
      const row = await orderById(id);
      if (!row || row.userId !== session.userId) throw notFound('Order');
      return toOrder(row);
    },

    refundCardCheck,

    /**
     * A provider's notification (platform §4 Payment notifications): verified against its signature, applied once
     * through the ledger, then the card check and any double payment go back. 404 for an unknown provider, 401 for a
     * bad signature, 422 for an amount or currency that is not the order's; a repeat is answered as applied.
     */
    async handleNotification(providerName: string, input: Omit<IncomingNotification, 'now'>, log: NotificationLog): Promise<void> {
      const p = deps.payments.byName(providerName);
      if (!p) throw notFound('Payment provider');
      const verified = p.verifyNotification({ ...input, now: deps.now() });
      if (!verified.ok) {
        log.warn({ provider: p.name, reason: verified.reason }, 'payment notification refused');
        throw new AppError(401, ErrorCode.InvalidNotification, 'Notification refused');
      }
      const { accountId: _account, ...event } = verified.notification;
      const outcome = await applyLedgerEvent(db, { ...event, provider: p.name }, deps.now(), (m) =>
        log.error({ provider: p.name, order: m.orderId, transaction: m.transactionId, operation: m.operation, reason: m.reason, expected: m.expected, got: m.got }, 'payment notification does not match its order; refused'),
      );
      // Refused, not acknowledged: a provider keeps such a notification for a person to look at (and retries it).
      if (outcome === 'mismatch') throw new AppError(422, ErrorCode.InvalidNotification, 'The amount or currency does not match the order');
      if (outcome === 'applied' && !p.refundsCardCheck && !(await refundCardCheck(p, event))) {
        log.error({ provider: p.name, transaction: event.transactionId }, 'card-check refund failed; refund it by hand');
      }
      // A double payment goes back at once; a repeat of its notification retries a refund still owed.
      if (event.operation === 'payment' && (outcome === 'surplus' || outcome === 'duplicate_notification' || outcome === 'duplicate_transaction')) {
        const refund = await refundSurplus(db, p, event.transactionId, deps.now());
        if (refund === 'failed') log.error({ provider: p.name, transaction: event.transactionId }, 'the provider refused to refund a double payment; refund it by hand');
        if (refund === 'pending') log.warn({ provider: p.name, transaction: event.transactionId }, 'double payment refund not made yet; the renewal run retries it');
      }
    },

    /** spec platform §3 Payment method: the account's cards (active first). */
    async paymentMethods(session: SessionContext): Promise<PaymentMethods> {
      const rows = await repo.methodsOf(session.userId);
      return {
        data: {
          items: rows.map((m) => ({
            id: m.id,
            type: m.type as PaymentMethods['data']['items'][number]['type'],
            brand: m.brand,
            state: m.state === 'removed' ? 'removed' : 'active',
            is_active: m.isActive && m.state === 'active',
            card_number: m.cardLast4,
            card_bin: m.cardFirst6,
            card_expire: m.cardExpire,
            can_cancel: !(UNCANCELLABLE_PAYMENT_TYPES as readonly string[]).includes(m.type),
            can_change: (CHANGEABLE_PAYMENT_TYPES as readonly string[]).includes(m.type),
          })),
        },
      };
    },

    /** Removes a card: renewals stop (subscriptions forget it); store subscriptions cannot be removed here. */
    async removePaymentMethod(session: SessionContext, id: string): Promise<void> {
      const row = await repo.methodOf(session.userId, id);
      if (!row) throw notFound('Payment method');
      if ((UNCANCELLABLE_PAYMENT_TYPES as readonly string[]).includes(row.type)) {
        throw new AppError(409, ErrorCode.PaymentMethodUncancellable, 'This payment method is managed by the store it was bought in');
      }
      const now = deps.now();
      await repo.removeMethod(session.userId, row.id, now);
    },

    /** Charges and refunds of the account, newest first, with the card. */
    async history(session: SessionContext, query: { skip: number; limit: number }): Promise<PaymentHistory> {
      // Refused words (amount or currency not the order's) are a record for staff, not money of the account.
      const { total, rows } = await repo.paymentsPage(session.userId, ['charge', 'refund'], query);
      return {
        data: {
          items_total: total,
          items: rows.map(({ p, last4, brand }) => ({
            id: p.id,
            kind: p.kind === 'refund' ? 'refund' : 'charge',
            status: p.status === 'declined' ? 'declined' : 'succeeded',
            amount: p.amount,
            currency: p.currency,
            description: p.description,
            reason: p.reason,
            card_number: last4,
            brand,
            created_at: p.occurredAt.toISOString(),
          })),
        },
      };
    },

  };
}
export type PaymentsService = ReturnType<typeof createPaymentsService>;

/** What a renewal costs: the tariff's recurrent price, else the next tariff's price, else its own (platform §3 Discount tariff). */
export async function renewalPrice(db: Db, tariff: typeof tariffs.$inferSelect): Promise<number> {
  if (tariff.recurrentPrice !== null) return tariff.recurrentPrice;
  if (tariff.nextTariffId) {
    const next = await createPaymentsRepo(db).tariffPrice(tariff.nextTariffId);
    if (next) return next.price;
  }
  return tariff.price;
}

