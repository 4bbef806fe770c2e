import { bigserial, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { profiles, sessions, users } from './identity.ts';

// ---------------------------------------------------------------- analytics

/**
 * Analytics events the site sends (spec platform §3 Analytics event, §7 click events), with the account,
 * profile and session of the caller and the time the server received them. Rows outlive a deleted account
 * without pointing at it.
 */
export const analyticsEvents = pgTable(
  'analytics_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull(),
    accountId: uuid('account_id').references(() => users.id, { onDelete: 'set null' }),
    profileId: uuid('profile_id').references(() => profiles.id, { onDelete: 'set null' }),
    sessionId: uuid('session_id').references(() => sessions.id, { onDelete: 'set null' }),
    actionId: text('action_id').notNull(),
    /** When it happened on the client. */
    eventTime: timestamp('event_time', { withTimezone: true }).notNull(),
    sequenceNumber: integer('sequence_number').notNull(),
    blockType: text('block_type'),
    elementType: text('element_type'),
    elementId: text('element_id'),
    elementText: text('element_text'),
    productId: text('product_id'),
    abTag: text('ab_tag'),
    actionResult: text('action_result'),
    actionAttributesStr: text('action_attributes_str'),
    eventVersion: text('event_version'),
  },
  (t) => [index('analytics_events_received_idx').on(t.receivedAt), index('analytics_events_account_idx').on(t.accountId, t.receivedAt)],
);
