import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, primaryKey, smallint, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id } from './columns.ts';
import { profiles } from './identity.ts';
import { mediaAssets, titles } from './catalog.ts';

// ---------------------------------------------------------------- live TV and the catch-up archive
// spec platform §2 (TV, Archive), §6 (geo), catalogue §1-§5. Channels play a live stream computed from the wall
// clock over looped media (every viewer sees the same moment); the programme guide comes from XMLTV; a recording
// of an aired film or series is a cut of the channel's stream between the programme's start and end, offered for
// ARCHIVE_DAYS after it aired.

/** TV categories (the tv_selection of /channel/?category={alias}), e.g. Кино, Детское, Новости. */
export const tvCategories = pgTable('tv_categories', {
  id: id(),
  alias: text('alias').notNull().unique(),
  title: text('title').notNull(),
  position: smallint('position').notNull().default(0),
  /** The kids' category: what a child profile sees under «Детское ТВ». */
  forKids: boolean('for_kids').notNull().default(false),
});

/** A live TV channel. */
export const tvChannels = pgTable(
  'tv_channels',
  {
    id: id(),
    alias: text('alias').notNull().unique(),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    /** The channel number in the list (the order of /tvchannels). */
    number: smallint('number').notNull(),
    /** The logo: a path under the site's static files or the images service. */
    logo: text('logo').notNull(),
    /** The channel's id in XMLTV sources (<channel id="…">); programmes are matched by it. */
    xmltvId: text('xmltv_id').notNull().unique(),
    forKids: boolean('for_kids').notNull().default(false),
    /** Free to watch live without a subscription (gating still applies to recordings). */
    isFree: boolean('is_free').notNull().default(false),
    isDisabled: boolean('is_disabled').notNull().default(false),
    ratingAge: text('rating_age').notNull().default('16+'),
    /** The wall-clock origin of the looped live stream: segment n starts at loop_epoch + n × segment duration. */
    loopEpoch: timestamp('loop_epoch', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('tv_channels_number_key').on(t.number)],
);

/** A channel's categories (a channel may be in several). */
export const tvChannelCategories = pgTable(
  'tv_channel_categories',
  {
    channelId: uuid('channel_id').notNull().references(() => tvChannels.id, { onDelete: 'cascade' }),
    categoryId: uuid('category_id').notNull().references(() => tvCategories.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.channelId, t.categoryId] }), index('tv_channel_categories_category_idx').on(t.categoryId)],
);

/** The media a channel's live stream loops over, in order (discontinuities between items). */
export const tvChannelLoopItems = pgTable(
  'tv_channel_loop_items',
  {
    channelId: uuid('channel_id').notNull().references(() => tvChannels.id, { onDelete: 'cascade' }),
    position: smallint('position').notNull(),
    mediaAssetId: uuid('media_asset_id').notNull().references(() => mediaAssets.id),
  },
  (t) => [primaryKey({ columns: [t.channelId, t.position] })],
);

/**
 * A programme of the guide. Imported from XMLTV (one row per channel and start; a re-import replaces it).
 * title_id links an aired film or series of our catalogue: such a programme becomes a recording in the
 * archive once it has ended, until expired_at.
 */
export const tvProgrammes = pgTable(
  'tv_programmes',
  {
    id: id(),
    channelId: uuid('channel_id').notNull().references(() => tvChannels.id, { onDelete: 'cascade' }),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    title: text('title').notNull(),
    subTitle: text('sub_title'),
    description: text('description').notNull().default(''),
    /** XMLTV <category> values, as given. */
    categories: text('categories').array().notNull().default(sql`'{}'::text[]`),
    ratingAge: text('rating_age'),
    year: smallint('year'),
    /** XMLTV <icon src>: a poster or frame of the programme. */
    poster: text('poster'),
    titleId: uuid('title_id').references(() => titles.id, { onDelete: 'set null' }),
    seasonNumber: smallint('season_number'),
    episodeNumber: smallint('episode_number'),
    /** The recording is offered until then (ends_at + the archive's days); null: not recorded. */
    expiredAt: timestamp('expired_at', { withTimezone: true }),
    /** The import that wrote it. */
    importId: uuid('import_id'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('tv_programmes_channel_start_key').on(t.channelId, t.startsAt),
    index('tv_programmes_channel_end_idx').on(t.channelId, t.endsAt),
    // the archive: recordings of catalogue titles, newest first, still offered
    index('tv_programmes_recordings_idx').on(t.expiredAt, t.titleId).where(sql`${t.titleId} is not null`),
    index('tv_programmes_title_idx').on(t.titleId),
    check('tv_programmes_interval_check', sql`${t.endsAt} > ${t.startsAt}`),
  ],
);

/** XMLTV imports: what was read, when, and how it went. */
export const tvImports = pgTable('tv_imports', {
  id: id(),
  source: text('source').notNull(),
  startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
  finishedAt: timestamp('finished_at', { withTimezone: true }),
  status: text('status').$type<'running' | 'succeeded' | 'failed'>().notNull().default('running'),
  channels: integer('channels').notNull().default(0),
  programmes: integer('programmes').notNull().default(0),
  /** Entries skipped and why (unknown channel, bad time, …), capped. */
  problems: jsonb('problems').$type<string[]>().notNull().default(sql`'[]'::jsonb`),
});

/** A profile's favorite channels (spec platform §7: RU only). */
export const favoriteChannels = pgTable(
  'favorite_channels',
  {
    profileId: uuid('profile_id').notNull().references(() => profiles.id, { onDelete: 'cascade' }),
    channelId: uuid('channel_id').notNull().references(() => tvChannels.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.profileId, t.channelId] })],
);
