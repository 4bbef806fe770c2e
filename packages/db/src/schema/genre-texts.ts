import type { GenreTextKind } from '@ekran/core';
import { pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { id } from './columns.ts';
import { genres } from './catalog.ts';

// ---------------------------------------------------------------- genre texts

/**
 * Long marketing texts per genre and content kind (spec catalogue §9 "Genre marketing texts"): movies, series,
 * animation, and the catch-up kinds tvmovie and tvseries (catalogue §3). A combination without titles has none.
 */
export const genreTexts = pgTable(
  'genre_texts',
  {
    id: id(),
    genreId: uuid('genre_id').notNull().references(() => genres.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<GenreTextKind>().notNull(),
    /** A heading fit for the page's H1. */
    heading: text('heading').notNull(),
    /** The meta description (140–160 characters). */
    description: text('description').notNull(),
    /** The body, one paragraph per element. */
    body: text('body').array().notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('genre_texts_genre_kind_key').on(t.genreId, t.kind)],
);
