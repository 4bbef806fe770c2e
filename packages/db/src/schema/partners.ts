import { sql } from 'drizzle-orm';
import { check, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id } from './columns.ts';
import { users } from './identity.ts';
import { tariffs } from './billing.ts';

// ---------------------------------------------------------------- partners
// Mobile-operator (МегаФон) subscriptions: the operator bills the viewer's phone balance, we only mirror
// the state it reports (spec platform §1 "customer of a mobile-operator partner", §6 Operator customer).

/**
 * The operator subscription of an account (one per account): the msisdn the operator bills, its status
 * (active plays; suspended: the operator stopped billing for lack of money; cancelled: ended) and the
 * balance state the operator last reported (low: the low-balance banner of platform §8).
 */
export const operatorSubscriptions = pgTable(
  'operator_subscriptions',
  {
    id: id(),
    userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    /** The phone the operator bills, stored as +7 and ten digits. */
    msisdn: text('msisdn').notNull(),
    status: text('status').$type<'active' | 'suspended' | 'cancelled'>().notNull().default('active'),
    balanceState: text('balance_state').$type<'ok' | 'low' | 'no_money'>().notNull().default('ok'),
    /** The operator's own id of the subscription (the sandbox makes one up). */
    externalId: text('external_id').notNull(),
    /**
     * The tariff the operator sells (alias megafon, not on sale here): its max_streams is the
     * stream limit of the account while the subscription entitles.
     */
    tariffId: uuid('tariff_id').notNull().references(() => tariffs.id),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    /** The end of the period the operator has billed for; the operator extends it on each charge. */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('operator_subscriptions_user_key').on(t.userId),
    // One msisdn is billed for one account only.
    uniqueIndex('operator_subscriptions_msisdn_key').on(t.msisdn),
    check('operator_subscriptions_status_check', sql`${t.status} in ('active', 'suspended', 'cancelled')`),
    check('operator_subscriptions_balance_check', sql`${t.balanceState} in ('ok', 'low', 'no_money')`),
  ],
);

/** Operator notifications already applied (each once, however often the operator repeats it). */
export const operatorNotifications = pgTable(
  'operator_notifications',
  {
    notificationId: text('notification_id').primaryKey(),
    msisdn: text('msisdn').notNull(),
    event: text('event').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
);
// ---------------------------------------------------------------- end partners
