import { sql } from 'drizzle-orm';
import { boolean, index, integer, numeric, pgEnum, pgTable, smallint, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id } from './columns.ts';
import { users } from './identity.ts';

// ---------------------------------------------------------------- billing (modelled now, sold in a later issue)

/** spec platform §3 Tariff. */
export const tariffs = pgTable('tariffs', {
  id: id(),
  alias: text('alias').notNull().unique(),
  title: text('title').notNull(),
  price: numeric('price', { precision: 12, scale: 2, mode: 'number' }).notNull(),
  currency: text('currency').notNull().default('RUB'),
  durationDays: integer('duration_days').notNull(),
  weight: integer('weight').notNull().default(0),
  allowTrial: boolean('allow_trial').notNull().default(false),
  trialDays: integer('trial_days').notNull().default(7),
  isActive: boolean('is_active').notNull().default(true),
  /** How many streams an account on this tariff may play at once. */
  maxStreams: smallint('max_streams').notNull().default(2),
  /** The sales channel a tariff is offered in (pb_special); null: the regular list. */
  channel: text('channel'),
  // ---- Discount tariffs (platform §3 Discount tariff, §9) and experiments
  /** A discount tariff's regular tariff (platform §3 original_id); null for a regular tariff. */
  originalId: uuid('original_id'),
  /** What each renewal costs when it differs from the first charge (platform §3 recurrent_price). */
  recurrentPrice: numeric('recurrent_price', { precision: 12, scale: 2, mode: 'number' }),
  /** The tariff a subscription renews on after this one's first period (platform §3 next_tariff_id). */
  nextTariffId: uuid('next_tariff_id'),
  /** Sold only to this experiment's group (spec platform §7 GET tariffs: experiment); null: to everyone. */
  experiment: text('experiment'),
  /** Shown on /tariffs; discount tariffs reached only through an offer, a promo or a chain are not. */
  isListed: boolean('is_listed').notNull().default(true),
  createdAt: createdAt(),
});

export const subscriptionStatus = pgEnum('subscription_status', ['active', 'trial', 'grace', 'expired', 'cancelled']);

/** A user's subscription; entitlement is status active/trial/grace with expires_at in the future. */
export const subscriptions = pgTable(
  'subscriptions',
  {
    id: id(),
    userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    tariffId: uuid('tariff_id').notNull().references(() => tariffs.id),
    status: subscriptionStatus('status').notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    isRecurrent: boolean('is_recurrent').notNull().default(true),
    source: text('source').notNull().default('card'),
    createdAt: createdAt(),
    // ---- Renewals, the grace (billing) window and the card they charge
    /** The end of the billing window: after expires_at renewals are retried and the viewer keeps watching (grace) until then. */
    billingExpiresAt: timestamp('billing_expires_at', { withTimezone: true }),
    /** The card renewals charge; null: none bound (a promo, a partner, or the card was removed). */
    paymentMethodId: uuid('payment_method_id'),
    /** Renewals charged for this subscription so far (the period number, for rate steps). */
    renewals: integer('renewals').notNull().default(0),
    /** Failed renewal attempts in the current billing window. */
    failedAttempts: integer('failed_attempts').notNull().default(0),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('subscriptions_user_idx').on(t.userId, t.expiresAt), index('subscriptions_renewal_idx').on(t.status, t.expiresAt)],
);

/**
 * A saved way to pay (spec platform §3 Payment method). Cards keep only what may be shown (first 6 for the bank,
 * last 4, expiry) and the provider's token for recurring charges; the card number never reaches us.
 */
export const paymentMethods = pgTable(
  'payment_methods',
  {
    id: id(),
    userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    /** sandbox, cloudpayments, google, apple, huawei, megafon. */
    provider: text('provider').notNull(),
    /** card, card_googlepay, card_cloudpayments_applepay, google_token, itunes_receipt, huawei_token, megafon_payment. */
    type: text('type').notNull(),
    /** mir, visa, master (from the provider; else from the first digit). */
    brand: text('brand'),
    cardFirst6: text('card_first6'),
    cardLast4: text('card_last4'),
    /** MM/YY; null: none. */
    cardExpire: text('card_expire'),
    /** The provider's token for charges without the card holder (recurring). */
    token: text('token'),
    /** active, removed. */
    state: text('state').notNull().default('active'),
    /** The one renewals charge. */
    isActive: boolean('is_active').notNull().default(true),
    createdAt: createdAt(),
  },
  // A provider's card token is one saved card, however many payments report it
  (t) => [index('payment_methods_user_idx').on(t.userId), uniqueIndex('payment_methods_provider_token_key').on(t.provider, t.token)],
);

/**
 * What the account asked to pay for: a purchase, a trial (a card binding with a small refunded charge), a
 * renewal, a card binding or an extension. One per idempotency key and account: a repeated request with the same
 * key and body gets the same order, a different body is refused.
 */
export const orders = pgTable(
  'orders',
  {
    id: id(),
    userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    /** purchase, trial, renewal, bind_card, extend. */
    kind: text('kind').notNull(),
    tariffId: uuid('tariff_id').references(() => tariffs.id),
    subscriptionId: uuid('subscription_id'),
    paymentMethodId: uuid('payment_method_id'),
    amount: numeric('amount', { precision: 12, scale: 2, mode: 'number' }).notNull(),
    currency: text('currency').notNull().default('RUB'),
    /** pending, processing (a charge the provider did not answer; reconciliation settles it), succeeded, failed, cancelled. */
    status: text('status').notNull().default('pending'),
    idempotencyKey: text('idempotency_key').notNull(),
    /** sha256 of the request that made it, so the same key with another body is refused. */
    requestHash: text('request_hash').notNull(),
    /** Where the payment host sends the browser back: web or mobile (the result pages of platform §2). */
    returnTo: text('return_to').notNull().default('web'),
    /** The page to go back to after success (a title, /tariffs), checked against the allowed prefixes. */
    backUrl: text('back_url'),
    failureReason: text('failure_reason'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    // ---- (helper "api"): the provider's checkout of an order and the period a renewal pays for
    /** The provider's checkout id (sandbox: /api/checkouts id; CloudPayments: the order Id). */
    checkoutId: text('checkout_id'),
    /** The hosted payment page of the checkout, reused while the order is pending (no pile of orders). */
    paymentUrl: text('payment_url'),
    /** renewal/extend: the renewal number (subscriptions.renewals + 1) this order pays for, so one period is never paid into twice. */
    period: integer('period'),
  },
  (t) => [
    uniqueIndex('orders_idempotency_key').on(t.userId, t.idempotencyKey),
    index('orders_user_idx').on(t.userId, t.createdAt),
    // Reconciliation (docs/decisions/032-payment-reconciliation.md) takes the recent orders of a few statuses every few minutes.
    index('orders_status_created_idx').on(t.status, t.createdAt),
  ],
);

/**
 * The ledger: one row per provider transaction and kind (a charge, its refund), whatever the duplicates,
 * reordering and retries of notifications (unique provider + transaction + kind).
 */
export const payments = pgTable(
  'payments',
  {
    id: id(),
    orderId: uuid('order_id').references(() => orders.id),
    userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    providerTxnId: text('provider_txn_id').notNull(),
    /** charge, refund; refused: a completed word whose amount or currency was not its order's (never applied). */
    kind: text('kind').notNull(),
    /** succeeded, declined; refused with kind refused. */
    status: text('status').notNull(),
    amount: numeric('amount', { precision: 12, scale: 2, mode: 'number' }).notNull(),
    currency: text('currency').notNull().default('RUB'),
    paymentMethodId: uuid('payment_method_id'),
    /** What the history shows: the tariff and period, or why it was refunded or declined. */
    description: text('description').notNull().default(''),
    /** The provider's reason for a decline. */
    reason: text('reason'),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
    // ---- Double payments are refunded (docs/decisions/025-payments-ledger.md)
    /** A refund: the provider transaction of the charge it returns. */
    refundOf: text('refund_of'),
    /**
     * A charge that bought nothing (its order or period was already paid): pending until its refund is made,
     * refunded once a refund of it is in the ledger, failed when the provider refused the refund (by hand then).
     */
    surplusRefund: text('surplus_refund').$type<'pending' | 'refunded' | 'failed'>(),
  },
  (t) => [
    uniqueIndex('payments_provider_txn_key').on(t.provider, t.providerTxnId, t.kind),
    index('payments_user_idx').on(t.userId, t.occurredAt),
    // The renewal run retries the refunds still owed.
    index('payments_surplus_pending_idx').on(t.createdAt).where(sql`${t.surplusRefund} = 'pending'`),
  ],
);

/** Notifications already applied, by the provider's notification id: a replay is answered and changes nothing. */
export const paymentNotifications = pgTable(
  'payment_notifications',
  {
    id: id(),
    provider: text('provider').notNull(),
    notificationId: text('notification_id').notNull(),
    kind: text('kind').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('payment_notifications_key').on(t.provider, t.notificationId)],
);
