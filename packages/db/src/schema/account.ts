import { date, index, pgEnum, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id } from './columns.ts';
import { apiClients, users } from './identity.ts';

// ---------------------------------------------------------------- Devices, account details, notifications

/**
 * A sign-in stopped by the device limit: the signed ticket the caller gets lets it remove one device and
 * finish exactly this sign-in (user, device, client), once, within minutes.
 */
export const deviceLimitTickets = pgTable(
  'device_limit_tickets',
  {
    id: id(),
    userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    deviceUid: text('device_uid').notNull(),
    deviceType: text('device_type').notNull(),
    userAgent: text('user_agent'),
    apiClientId: uuid('api_client_id').notNull().references(() => apiClients.id),
    /** The caller's session when it had one (its anonymous session); only that session may use the ticket. */
    sessionId: uuid('session_id'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('device_limit_tickets_user_idx').on(t.userId)],
);

export const gender = pgEnum('gender', ['male', 'female']);

/** The account holder's own details (spec platform §7 account paths: person name, birthday, gender). */
export const accountDetails = pgTable('account_details', {
  userId: uuid('user_id').primaryKey().references(() => users.id, { onDelete: 'cascade' }),
  personName: text('person_name'),
  birthday: date('birthday', { mode: 'string' }),
  gender: gender('gender'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const notifyChannel = pgEnum('notify_channel', ['email', 'push', 'sms']);
/** pending: waits for the double opt-in letter's link (spec platform §6 Double_Opt_In). */
export const notifyStatus = pgEnum('notify_status', ['active', 'pending', 'off']);

/** Notification subscriptions of an account, one row per channel (spec platform §1, §7). */
export const notificationSubscriptions = pgTable(
  'notification_subscriptions',
  {
    userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    channel: notifyChannel('channel').notNull(),
    status: notifyStatus('status').notNull(),
    /** The address or number the subscription was made for. */
    destination: text('destination'),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.channel] })],
);

/** Links of double opt-in letters: stored hashed, single use, expiring. */
export const emailSubscriptionTokens = pgTable(
  'email_subscription_tokens',
  {
    id: id(),
    userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('email_subscription_tokens_user_idx').on(t.userId)],
);
