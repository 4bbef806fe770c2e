import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, primaryKey, smallint, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id } from './columns.ts';
import { profiles } from './identity.ts';
import { episodes, titles } from './catalog.ts';

// ---------------------------------------------------------------- personal lists
// Lists belong to a profile (spec platform §3 client state "profile": favorites, history, continue watching,
// rated content) and go with it, or with the title.

/** A profile's favorite titles: one row per profile and title. */
export const favorites = pgTable(
  'favorites',
  {
    profileId: uuid('profile_id').notNull().references(() => profiles.id, { onDelete: 'cascade' }),
    titleId: uuid('title_id').notNull().references(() => titles.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.profileId, t.titleId] }), index('favorites_profile_created_idx').on(t.profileId, t.createdAt.desc())],
);

/**
 * Where a profile stopped in a film or an episode: one row per profile, title and episode (none for a film).
 * The history and continue watching are read from it. updated_at is the time of the report (an older report
 * never overwrites a newer one).
 */
export const watchProgress = pgTable(
  'watch_progress',
  {
    id: id(),
    profileId: uuid('profile_id').notNull().references(() => profiles.id, { onDelete: 'cascade' }),
    titleId: uuid('title_id').notNull().references(() => titles.id, { onDelete: 'cascade' }),
    episodeId: uuid('episode_id').references(() => episodes.id, { onDelete: 'cascade' }),
    positionSeconds: integer('position_seconds').notNull(),
    durationSeconds: integer('duration_seconds').notNull(),
    isFinished: boolean('is_finished').notNull().default(false),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // A film has no episode: NULLS NOT DISTINCT keeps it to one row as well.
    unique('watch_progress_profile_title_episode_key').on(t.profileId, t.titleId, t.episodeId).nullsNotDistinct(),
    index('watch_progress_profile_updated_idx').on(t.profileId, t.updatedAt.desc()),
    check('watch_progress_position_check', sql`${t.positionSeconds} >= 0 and ${t.durationSeconds} > 0 and ${t.positionSeconds} <= ${t.durationSeconds}`),
  ],
);

/** A profile's own ratings of titles, 1 to 10. */
export const ratings = pgTable(
  'ratings',
  {
    profileId: uuid('profile_id').notNull().references(() => profiles.id, { onDelete: 'cascade' }),
    titleId: uuid('title_id').notNull().references(() => titles.id, { onDelete: 'cascade' }),
    value: smallint('value').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.profileId, t.titleId] }),
    index('ratings_profile_updated_idx').on(t.profileId, t.updatedAt.desc()),
    check('ratings_value_check', sql`${t.value} between 1 and 10`),
  ],
);
