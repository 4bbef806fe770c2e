import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, smallint, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id } from './columns.ts';
import { devices, profiles, users } from './identity.ts';
import { mediaAssets, titles } from './catalog.ts';

// ---------------------------------------------------------------- watching

/** Subscriptions bought through a partner (platform §3 externals): they do not play here (platform §4). */
export const externalSubscriptions = pgTable(
  'external_subscriptions',
  {
    id: id(),
    userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    partner: text('partner').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('external_subscriptions_user_idx').on(t.userId)],
);

/**
 * A stream session: one per account and device (a device plays one thing at a time). Media URLs are signed
 * for it. It counts against the tariff's max_streams while active and heartbeats are fresh; pending until
 * the player's first heartbeat, stopped when closed or stopped from another device.
 */
export const streamSessions = pgTable(
  'stream_sessions',
  {
    id: id(),
    userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    deviceId: uuid('device_id').notNull().references(() => devices.id, { onDelete: 'cascade' }),
    profileId: uuid('profile_id').references(() => profiles.id, { onDelete: 'set null' }),
    /** The movie, episode or extra playing, and its media. */
    itemUid: uuid('item_uid').notNull(),
    itemTitle: text('item_title').notNull(),
    mediaSlug: text('media_slug').notNull(),
    state: text('state').$type<'pending' | 'active' | 'stopped'>().notNull().default('pending'),
    positionSeconds: integer('position_seconds'),
    startedAt: timestamp('started_at', { withTimezone: true }),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    stoppedAt: timestamp('stopped_at', { withTimezone: true }),
    /** Who stopped it: the device itself (closed), another device of the account, or the server (expired). */
    stoppedBy: text('stopped_by').$type<'self' | 'other_device' | 'server'>(),
    /** When the device's latest playback check signed for this session: a stop from a player of an older check is late. */
    checkedAt: timestamp('checked_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('stream_sessions_user_device_key').on(t.userId, t.deviceId),
    index('stream_sessions_user_active_idx').on(t.userId, t.lastSeenAt).where(sql`${t.state} = 'active'`),
  ],
);

/** Prerolls and postrolls: our own promos the player shows around an item. */
export const playerSlots = pgTable(
  'player_slots',
  {
    id: id(),
    position: text('position').$type<'preroll' | 'postroll'>().notNull(),
    title: text('title').notNull(),
    mediaAssetId: uuid('media_asset_id').notNull().references(() => mediaAssets.id),
    /** The promoted title a click opens; null: none. */
    titleId: uuid('title_id').references(() => titles.id, { onDelete: 'set null' }),
    /** Who sees it: everyone or only viewers without a subscription. */
    audience: text('audience').$type<'all' | 'non_subscribers'>().notNull().default('non_subscribers'),
    skipAfterSeconds: smallint('skip_after_seconds'),
    /** Shown only to adult profiles unless for_kids. */
    forKids: boolean('for_kids').notNull().default(false),
    startsAt: timestamp('starts_at', { withTimezone: true }),
    endsAt: timestamp('ends_at', { withTimezone: true }),
    isActive: boolean('is_active').notNull().default(true),
    priority: smallint('priority').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [index('player_slots_position_idx').on(t.position, t.isActive)],
);
