import { sql } from 'drizzle-orm';
import { bigint, boolean, check, date, index, integer, jsonb, numeric, pgEnum, pgTable, primaryKey, smallint, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id } from './columns.ts';
import { personSearchVector, searchForm, searchFormOrEmpty, titleSearchVector, tsvector } from '../search-sql.ts';

// ---------------------------------------------------------------- catalogue

export const genres = pgTable('genres', {
  id: id(),
  alias: text('alias').notNull().unique(),
  title: text('title').notNull(),
  titleEn: text('title_en').notNull(),
  position: smallint('position').notNull().default(0),
});

export const countries = pgTable('countries', {
  code: text('code').primaryKey(),
  title: text('title').notNull(),
});

export const people = pgTable(
  'people',
  {
    id: id(),
    alias: text('alias').notNull().unique(),
    name: text('name').notNull(),
    nameOriginal: text('name_original'),
    biography: text('biography'),
    birthDate: date('birth_date', { mode: 'string' }),
  },
  // search: full text and trigrams over the search forms of the names (search-sql.ts)
  (t) => [
    index('people_search_vector_idx').using('gin', personSearchVector(t.name, t.nameOriginal)),
    index('people_search_name_trgm_idx').using('gin', sql`${searchForm(t.name)} gin_trgm_ops`),
    index('people_search_original_trgm_idx').using('gin', sql`${searchFormOrEmpty(t.nameOriginal)} gin_trgm_ops`),
  ],
);

/** HLS assets in the media storage (MEDIA_DIR locally or a bucket), referenced by slug. */
export const mediaAssets = pgTable('media_assets', {
  id: id(),
  slug: text('slug').notNull().unique(),
  kind: text('kind').notNull(),
  durationSeconds: numeric('duration_seconds', { precision: 10, scale: 3, mode: 'number' }).notNull(),
  renditions: jsonb('renditions').$type<{ name: string; width: number; height: number; bandwidth: number; codecs: string }[]>().notNull(),
  // ---- (npm run media:ingest)
  /** Audio tracks in the master playlist's audio group (language, name); empty: the audio is muxed in. */
  audioTracks: jsonb('audio_tracks').$type<{ lang: string; name: string; isDefault: boolean }[]>().notNull().default(sql`'[]'::jsonb`),
  /** WebVTT subtitle tracks in the master playlist (language, name). */
  subtitles: jsonb('subtitles').$type<{ lang: string; name: string }[]>().notNull().default(sql`'[]'::jsonb`),
  /** Scrub-bar thumbnails: the WebVTT map relative to the asset (e.g. thumbs/thumbs.vtt); null: none. */
  thumbnailsVtt: text('thumbnails_vtt'),
  /** Skip marks in seconds: the intro and the end credits. */
  introStartSeconds: numeric('intro_start_seconds', { precision: 10, scale: 3, mode: 'number' }),
  introEndSeconds: numeric('intro_end_seconds', { precision: 10, scale: 3, mode: 'number' }),
  creditsStartSeconds: numeric('credits_start_seconds', { precision: 10, scale: 3, mode: 'number' }),
  /** Where the files live: local (MEDIA_DIR) or s3 (MEDIA_S3_BUCKET); the API signs URLs the same way. */
  storage: text('storage').$type<'local' | 's3'>().notNull().default('local'),
  ingestedAt: timestamp('ingested_at', { withTimezone: true }),
});

export const titleKind = pgEnum('title_kind', ['movie', 'series']);

export const titles = pgTable(
  'titles',
  {
    id: id(),
    alias: text('alias').notNull().unique(),
    kind: titleKind('kind').notNull(),
    title: text('title').notNull(),
    titleOriginal: text('title_original'),
    description: text('description').notNull(),
    releaseDate: date('release_date', { mode: 'string' }).notNull(),
    ekranReleaseDate: date('ekran_release_date', { mode: 'string' }).notNull(),
    year: smallint('year').notNull(),
    durationMinutes: smallint('duration_minutes'),
    ratingAge: text('rating_age').notNull(),
    ratingEkran: numeric('rating_ekran', { precision: 3, scale: 1, mode: 'number' }).notNull(),
    popularity: integer('popularity').notNull().default(0),
    isAnimation: boolean('is_animation').notNull().default(false),
    forKids: boolean('for_kids').notNull().default(false),
    isFree: boolean('is_free').notNull().default(false),
    isDisabled: boolean('is_disabled').notNull().default(false),
    hashtags: text('hashtags').array().notNull().default(sql`'{}'::text[]`),
    locales: text('locales').array().notNull().default(sql`'{ru}'::text[]`),
    seoSubject: text('seo_subject').notNull(),
    poster: jsonb('poster').$type<{ hue: number; hue2: number; pattern: string; seed: number }>().notNull(),
    mediaAssetId: uuid('media_asset_id').references(() => mediaAssets.id),
    createdAt: createdAt(),
    // The category page a title is listed on (spec platform §2), kept by the
    // database so one index can start with it (docs/decisions/009-catalogue-paging.md).
    category: text('category')
      .$type<'movies' | 'series' | 'animation'>()
      .notNull()
      .generatedAlwaysAs(sql`case when is_animation then 'animation' when kind = 'movie' then 'movies' else 'series' end`),
    // Search suggestions (spec catalogue §5): the names' search forms and their text vector, kept by the database.
    // Computing ekran_search_normalize per matching row made a suggestion cost seconds on a large catalogue;
    // stored, a suggestion reads them (docs/decisions/039-stored-search-names.md).
    searchName: text('search_name').notNull().generatedAlwaysAs(sql`ekran_search_normalize(title)`),
    searchNameOriginal: text('search_name_original').notNull().generatedAlwaysAs(sql`ekran_search_normalize(coalesce(title_original, ''))`),
    searchNames: tsvector('search_names')
      .notNull()
      .generatedAlwaysAs(
        sql`setweight(to_tsvector('russian'::regconfig, ekran_search_normalize(title)), 'A') || setweight(to_tsvector('russian'::regconfig, ekran_search_normalize(coalesce(title_original, ''))), 'B')`,
      ),
  },
  (t) => [
    index('titles_popularity_idx').on(t.popularity),
    index('titles_kind_idx').on(t.kind, t.isAnimation, t.forKids),
    // search: full text and trigrams over the search forms of the names (search-sql.ts)
    index('titles_search_vector_idx').using('gin', titleSearchVector(t.title, t.titleOriginal, t.description)),
    index('titles_search_title_trgm_idx').using('gin', sql`${searchForm(t.title)} gin_trgm_ops`),
    index('titles_search_original_trgm_idx').using('gin', sql`${searchFormOrEmpty(t.titleOriginal)} gin_trgm_ops`),
    // Suggestions: names only, from the stored columns above.
    index('titles_search_names_idx').using('gin', t.searchNames),
    index('titles_search_name_trgm_idx').using('gin', sql`${t.searchName} gin_trgm_ops`),
    index('titles_search_name_original_trgm_idx').using('gin', sql`${t.searchNameOriginal} gin_trgm_ops`),
    // One index per catalogue sort, in the listing's order (the sort column, then
    // the unique alias as tie-breaker, then id so an id-only page is read from the index alone), so a
    // keyset page and an id-only offset page are index range scans (docs/decisions/009-catalogue-paging.md).
    ...(['popularity', 'ekranReleaseDate', 'ratingEkran', 'year'] as const).map((column) =>
      index(`titles_listing_${t[column].name}_idx`).on(t.category, t[column], t.alias, t.id).where(sql`${t.isDisabled} = false`),
    ),
    // Titles sort in the ICU root collation (Russian dictionary order whatever the database collation is).
    index('titles_listing_title_idx').on(t.category, sql`${t.title} collate "und-x-icu"`, t.alias, t.id).where(sql`${t.isDisabled} = false`),
    index('titles_listing_all_ekran_release_date_idx').on(t.ekranReleaseDate, t.alias, t.id).where(sql`${t.isDisabled} = false`),
  ],
);

export const titleGenres = pgTable(
  'title_genres',
  {
    titleId: uuid('title_id').notNull().references(() => titles.id, { onDelete: 'cascade' }),
    genreId: uuid('genre_id').notNull().references(() => genres.id, { onDelete: 'cascade' }),
    position: smallint('position').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.titleId, t.genreId] }), index('title_genres_genre_idx').on(t.genreId)],
);

export const titleCountries = pgTable(
  'title_countries',
  {
    titleId: uuid('title_id').notNull().references(() => titles.id, { onDelete: 'cascade' }),
    countryCode: text('country_code').notNull().references(() => countries.code),
    position: smallint('position').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.titleId, t.countryCode] }),
    // The country filter and its counts start from the country.
    index('title_countries_country_idx').on(t.countryCode, t.titleId),
  ],
);

export const creditRole = pgEnum('credit_role', ['actor', 'director', 'writer', 'producer', 'composer', 'operator']);

export const credits = pgTable(
  'credits',
  {
    titleId: uuid('title_id').notNull().references(() => titles.id, { onDelete: 'cascade' }),
    personId: uuid('person_id').notNull().references(() => people.id, { onDelete: 'cascade' }),
    role: creditRole('role').notNull(),
    characterName: text('character_name'),
    position: smallint('position').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.titleId, t.personId, t.role] }), index('credits_person_idx').on(t.personId)],
);

export const seasons = pgTable(
  'seasons',
  {
    id: id(),
    titleId: uuid('title_id').notNull().references(() => titles.id, { onDelete: 'cascade' }),
    number: smallint('number').notNull(),
    title: text('title').notNull(),
  },
  (t) => [uniqueIndex('seasons_title_number_key').on(t.titleId, t.number)],
);

export const episodes = pgTable(
  'episodes',
  {
    id: id(),
    seasonId: uuid('season_id').notNull().references(() => seasons.id, { onDelete: 'cascade' }),
    number: smallint('number').notNull(),
    title: text('title').notNull(),
    description: text('description').notNull(),
    durationMinutes: smallint('duration_minutes').notNull(),
    isPreview: boolean('is_preview').notNull().default(false),
    mediaAssetId: uuid('media_asset_id').notNull().references(() => mediaAssets.id),
  },
  (t) => [uniqueIndex('episodes_season_number_key').on(t.seasonId, t.number)],
);

/** Trailers and extras (spec platform §3 additional_content); always free to watch. */
export const extras = pgTable(
  'extras',
  {
    id: id(),
    titleId: uuid('title_id').notNull().references(() => titles.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<'trailer' | 'extra'>().notNull(),
    title: text('title').notNull(),
    description: text('description').notNull(),
    position: smallint('position').notNull().default(0),
    mediaAssetId: uuid('media_asset_id').notNull().references(() => mediaAssets.id),
  },
  (t) => [uniqueIndex('extras_title_position_key').on(t.titleId, t.position)],
);

export const collections = pgTable('collections', {
  id: id(),
  alias: text('alias').notNull().unique(),
  title: text('title').notNull(),
  description: text('description').notNull(),
  forKids: boolean('for_kids').notNull().default(false),
  position: smallint('position').notNull().default(0),
});

export const collectionItems = pgTable(
  'collection_items',
  {
    collectionId: uuid('collection_id').notNull().references(() => collections.id, { onDelete: 'cascade' }),
    titleId: uuid('title_id').notNull().references(() => titles.id, { onDelete: 'cascade' }),
    position: smallint('position').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.collectionId, t.titleId] })],
);

/**
 * The catalogue's revision: one row whose counter statement triggers on the catalogue's tables bump (migration
 * 0022_catalog_revision), so a cache of pages rendered from the catalogue knows when they are out of date
 * (docs/decisions/044-shared-page-cache.md).
 */
export const catalogRevision = pgTable(
  'catalog_revision',
  {
    id: smallint('id').primaryKey().default(1),
    revision: bigint('revision', { mode: 'number' }).notNull().default(0),
    changedAt: timestamp('changed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('catalog_revision_one_row', sql`${t.id} = 1`)],
);
