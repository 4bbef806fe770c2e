import type { SelectionRule } from '@ekran/core';
import { sql } from 'drizzle-orm';
import { boolean, check, index, jsonb, pgEnum, pgTable, primaryKey, smallint, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id } from './columns.ts';
import { collections, episodes, extras, titles } from './catalog.ts';

// ---------------------------------------------------------------- Selections and playlists

/** Where a selection shows: the adult home, the kids home, or both (decision 010). */
export const selectionLocation = pgEnum('selection_location', ['home', 'kids', 'both']);

/**
 * A selection: a row of the home page and a page of its own (/main/{rules}, /selections/{alias}). Its titles
 * come from a rule (jsonb, validated by SelectionRuleSchema where it is read), from an editorial collection, or,
 * with neither, from its hand-picked selection_items.
 */
export const selections = pgTable(
  'selections',
  {
    id: id(),
    alias: text('alias').notNull().unique(),
    title: text('title').notNull(),
    description: text('description').notNull(),
    location: selectionLocation('location').notNull(),
    position: smallint('position').notNull().default(0),
    rule: jsonb('rule').$type<SelectionRule>(),
    collectionId: uuid('collection_id').references(() => collections.id, { onDelete: 'cascade' }),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [
    index('selections_location_idx').on(t.location, t.position),
    check('selections_one_source', sql`num_nonnulls(${t.rule}, ${t.collectionId}) <= 1`),
  ],
);

/** The hand-picked titles of a selection without a rule or a collection, in order. */
export const selectionItems = pgTable(
  'selection_items',
  {
    selectionId: uuid('selection_id').notNull().references(() => selections.id, { onDelete: 'cascade' }),
    titleId: uuid('title_id').notNull().references(() => titles.id, { onDelete: 'cascade' }),
    position: smallint('position').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.selectionId, t.titleId] })],
);

/** A playlist: things to watch one after another (spec platform §3 Playlist response). */
export const playlists = pgTable('playlists', {
  id: id(),
  alias: text('alias').notNull().unique(),
  title: text('title').notNull(),
  description: text('description').notNull(),
  position: smallint('position').notNull().default(0),
  createdAt: createdAt(),
});

/** One item of a playlist, in order: exactly one of a movie (title_id), an episode, or a trailer or extra. */
export const playlistItems = pgTable(
  'playlist_items',
  {
    id: id(),
    playlistId: uuid('playlist_id').notNull().references(() => playlists.id, { onDelete: 'cascade' }),
    position: smallint('position').notNull(),
    titleId: uuid('title_id').references(() => titles.id, { onDelete: 'cascade' }),
    episodeId: uuid('episode_id').references(() => episodes.id, { onDelete: 'cascade' }),
    extraId: uuid('extra_id').references(() => extras.id, { onDelete: 'cascade' }),
  },
  (t) => [
    uniqueIndex('playlist_items_position_key').on(t.playlistId, t.position),
    check('playlist_items_one_target', sql`num_nonnulls(${t.titleId}, ${t.episodeId}, ${t.extraId}) = 1`),
  ],
);
