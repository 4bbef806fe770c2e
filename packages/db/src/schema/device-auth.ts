import { index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id } from './columns.ts';
import { apiClients, users } from './identity.ts';

// ---------------------------------------------------------------- signing a TV in by a code (RFC 8628)

/**
 * One request of a TV to be signed in by a code typed on the site (docs/decisions/053-tv-sign-in-by-code.md). The
 * device code is the TV's secret and is kept only as a hash; the user code is what the viewer reads off the screen.
 * pending → approved (by a viewer, who becomes `user_id`) → used (the TV got its session), or → denied; a row past
 * `expires_at` is dead whatever its status. `last_polled_at` and `interval_seconds` hold the polling pace (slow_down).
 */
export const deviceAuthorizations = pgTable(
  'device_authorizations',
  {
    id: id(),
    deviceCodeHash: text('device_code_hash').notNull().unique(),
    userCode: text('user_code').notNull(),
    apiClientId: uuid('api_client_id').notNull().references(() => apiClients.id, { onDelete: 'cascade' }),
    deviceUid: text('device_uid').notNull(),
    deviceType: text('device_type').notNull(),
    deviceName: text('device_name'),
    userAgent: text('user_agent'),
    status: text('status').$type<'pending' | 'approved' | 'denied' | 'used'>().notNull().default('pending'),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    intervalSeconds: integer('interval_seconds').notNull(),
    lastPolledAt: timestamp('last_polled_at', { withTimezone: true }),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('device_authorizations_user_code_key').on(t.userCode), index('device_authorizations_expires_idx').on(t.expiresAt)],
);
