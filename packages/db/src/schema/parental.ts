import { index, pgTable, smallint, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id } from './columns.ts';
import { users } from './identity.ts';

// ---------------------------------------------------------------- parental control

/** The account's parental PIN (argon2id hash), whether the viewer declined one, and the wrong-try lock. */
export const parentalControls = pgTable('parental_controls', {
  userId: uuid('user_id').primaryKey().references(() => users.id, { onDelete: 'cascade' }),
  pinHash: text('pin_hash'),
  /** Set when the viewer declined to make a PIN (pin_status skip). */
  skippedAt: timestamp('skipped_at', { withTimezone: true }),
  /** Wrong tries since the last right one; counted atomically, shared by every session of the account. */
  failedAttempts: smallint('failed_attempts').notNull().default(0),
  lockedUntil: timestamp('locked_until', { withTimezone: true }),
  /** Locks since the last right PIN: each one lasts longer (15 min, 1 h, 24 h); a right PIN starts over. */
  lockCount: smallint('lock_count').notNull().default(0),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Links that remove a forgotten PIN (/pin_remove?token=…): stored as a keyed hash, short-lived, single use. */
export const pinResetTokens = pgTable(
  'pin_reset_tokens',
  {
    id: id(),
    userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('pin_reset_tokens_user_idx').on(t.userId)],
);
