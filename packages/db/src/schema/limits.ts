import { bigserial, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

// ---------------------------------------------------------------- brute-force limits

/**
 * Attempts counted by the brute-force limits (failed sign-ins per account and per address, device logins per
 * address, failed promo codes) when REDIS_URL is unset: one row per attempt, so every API process sees the
 * same sliding window. `member` names what an attempt was at (the account of a failed sign-in), so a limit can
 * count distinct accounts per address. Rows older than the longest window are pruned as attempts come in.
 */
export const limitAttempts = pgTable(
  'limit_attempts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    key: text('key').notNull(),
    member: text('member').notNull().default(''),
    at: timestamp('at', { withTimezone: true }).notNull(),
  },
  (t) => [index('limit_attempts_key_at_idx').on(t.key, t.at), index('limit_attempts_at_idx').on(t.at)],
);
