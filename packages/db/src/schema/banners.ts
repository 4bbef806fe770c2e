import { sql } from 'drizzle-orm';
import { boolean, index, jsonb, pgEnum, pgTable, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt, id } from './columns.ts';

// ---------------------------------------------------------------- banners

/** Where a banner shows (spec platform §7 posters by location; catalogue §7 catchups). */
export const bannerLocation = pgEnum('banner_location', ['home', 'kids', 'promos', 'catchups']);
/** spec platform §3 Banner type. */
export const bannerType = pgEnum('banner_type', ['product', 'collection', 'playlist', 'channel', 'tv_selection', 'link', 'mainselection', 'profile']);

/** spec platform §3 Banner action: type (play, open, add_to_favorites, catchup, play_trailer), alias, url, target_id, trailer_id, child. */
export interface BannerActionRow {
  type: 'play' | 'open' | 'add_to_favorites' | 'catchup' | 'play_trailer';
  alias?: string | null;
  url?: string | null;
  target_id?: string | null;
  trailer_id?: string | null;
  child?: boolean | null;
}

/**
 * Editorial banners of the home, kids and promo pages (spec platform §3 Banner). The art is generated from
 * four numbers like the posters' (docs/decisions/003), drawn as web_desktop, web_mobile and image_narrow.
 * A banner shows while now is inside its [starts_at, ends_at) window (either end open).
 */
export const banners = pgTable(
  'banners',
  {
    id: id(),
    /** A stable editorial key (the seed upserts on it). */
    alias: text('alias').notNull().unique(),
    location: bannerLocation('location').notNull(),
    type: bannerType('type').notNull(),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    actions: jsonb('actions').$type<BannerActionRow[]>().notNull().default(sql`'[]'::jsonb`),
    art: jsonb('art').$type<{ hue: number; hue2: number; pattern: string; seed: number }>().notNull(),
    isNarrow: boolean('is_narrow').notNull().default(false),
    /** Shown to kids (the kids home, a child profile). */
    forKids: boolean('for_kids').notNull().default(false),
    position: smallint('position').notNull().default(0),
    startsAt: timestamp('starts_at', { withTimezone: true }),
    endsAt: timestamp('ends_at', { withTimezone: true }),
    /** What the banner is about: the alias of its title, collection, playlist, channel or selection. */
    targetAlias: text('target_alias'),
    /** A link banner's internal URL. */
    targetUrl: text('target_url'),
    createdAt: createdAt(),
  },
  (t) => [index('banners_location_idx').on(t.location, t.position)],
);
