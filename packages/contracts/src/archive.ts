import { archiveCategoryOf, CATCHUP_DEFAULT_LIMIT, CATCHUP_LIMIT_MAX, CATCHUP_SEARCH_LIMIT, SEARCH_QUERY_MAX } from '@ekran/core';
import { z } from 'zod';
import { GenreAliasSchema } from './catalog.ts';
import { ImageSchema, MAX_ALIAS_LENGTH, MAX_SKIP, QueryBooleanSchema, pagedSchema } from './common.ts';

// The catch-up archive: recordings of the films and series of our catalogue that aired on our
// channels, offered for 14 days after airing. spec catalogue §1-§5, §7 (GET /v2/multiplex/catchups with
// category, genre, year, limit, skip, for_kids; /v2/multiplex/catchups/filters; search catchups with q and
// limit 40), §3 Catch-up item and Filter group. RU only: elsewhere 403 tv_not_available.

/** A catch-up item's category (catalogue §3: alias movie or series, title). */
export const CatchupCategorySchema = z.object({ alias: z.enum(['movie', 'series']), title: z.string() });
export type CatchupCategory = z.infer<typeof CatchupCategorySchema>;

/** One airing of a recording: the channel and the programme (its id is the catch-up id /archive/watch/{id} plays). */
export const CatchupBroadcastSchema = z.object({
  channel: z.object({ logo: z.string(), title: z.string(), alias: z.string() }),
  program: z.object({
    id: z.string(),
    /** Epoch seconds. */
    start_ts: z.number().int(),
    end_ts: z.number().int(),
    poster: z.string().nullable(),
    /** ISO 8601 (UTC): this recording is gone from then on. */
    expired_at: z.string(),
  }),
});
export type CatchupBroadcast = z.infer<typeof CatchupBroadcastSchema>;

/** The airings of a film, or of one episode of a series (season and episode null for a film). */
export const CatchupStreamSchema = z.object({
  season_number: z.number().int().nullable(),
  episode_number: z.number().int().nullable(),
  episode_title: z.string().nullable(),
  broadcasts: z.array(CatchupBroadcastSchema),
});
export type CatchupStream = z.infer<typeof CatchupStreamSchema>;

/**
 * spec catalogue §3 Catch-up item: a film or series in the archive with its recordings offered now. Its id is a
 * recording's (a programme id): in lists the newest airing's, answering one item the one asked for.
 * genres: our API sends a list of titles; the spec also allows a (JSON-like) string, which clients read with
 * @ekran/core catchupGenreTitles.
 */
export const CatchupItemSchema = z
  .object({
    id: z.string(),
    title: z.string(),
    /** The catalogue title's alias (its /watch page). */
    alias: z.string(),
    category: CatchupCategorySchema,
    genres: z.union([z.array(z.string()), z.string()]),
    /** Defaults to 18+ (catalogue §3). */
    rating_age: z.string(),
    /** ISO 8601 (UTC): when the last of its recordings is gone. */
    expired_at: z.string(),
    year: z.number().int().nullable(),
    duration_minutes: z.number().int().nullable(),
    images: z.object({ frame_wide: ImageSchema, cover: ImageSchema, poster: ImageSchema, cover_vertical: ImageSchema }),
    quote: z.string().nullable(),
    description: z.string(),
    /** Newest airing first: a film has one stream, a series one per aired episode. */
    streams: z.array(CatchupStreamSchema),
  })
  .meta({ id: 'CatchupItem' });
export type CatchupItem = z.infer<typeof CatchupItemSchema>;

/** A comma list in a query (genre=a,b; year=x,y): trimmed, empties dropped. */
const commaSplit = z
  .string()
  .max(400)
  .transform((value) => value.split(',').map((v) => v.trim()).filter(Boolean));
/** Genre aliases, at most 20. */
const GenreListSchema = commaSplit.pipe(z.array(GenreAliasSchema).max(20));
/** Years, at most 20. */
const YearListSchema = commaSplit.transform((list) => list.map((v) => (/^\d+$/.test(v) ? Number(v) : Number.NaN))).pipe(z.array(z.number().int().min(1900).max(2100)).max(20));

/** spec catalogue §7 GET /v2/multiplex/catchups query. */
export const CatchupListQuerySchema = z.object({
  /** movies or series (the route words; movie is read as movies). */
  category: z
    .string()
    .transform((v, ctx) => {
      const category = archiveCategoryOf(v);
      if (!category) {
        ctx.addIssue({ code: 'custom', message: 'movies or series' });
        return z.NEVER;
      }
      return category;
    })
    .optional(),
  /** Genre aliases, several comma-separated (any of them matches). */
  genre: GenreListSchema.optional(),
  /** The same as genre (catalogue §2 puts several genres in genres=a,b). */
  genres: GenreListSchema.optional(),
  /** Years, several comma-separated (any of them matches). */
  year: YearListSchema.optional(),
  /** At most 100 (a larger limit is capped); 25 by default, the desktop page (catalogue §9). */
  limit: z.coerce.number().int().min(1).default(CATCHUP_DEFAULT_LIMIT).transform((v) => Math.min(v, CATCHUP_LIMIT_MAX)),
  /** Where the portion starts; the answer's skip is capped at items_total (platform §4 Lists). */
  skip: z.coerce.number().int().min(0).max(MAX_SKIP).default(0),
  /** Only kids titles (a child profile gets only its kids scope anyway). */
  for_kids: QueryBooleanSchema.default(false),
});
export type CatchupListQuery = z.infer<typeof CatchupListQuerySchema>;

/** Newest broadcast first; outside the kids scope kids titles come after the rest (kids channels air a cartoon every few minutes). */
export const CatchupListSchema = pagedSchema(CatchupItemSchema).meta({ id: 'CatchupList' });
export type CatchupList = z.infer<typeof CatchupListSchema>;

/** spec catalogue §3 Filter group: alias (category, genre or year), title, items (alias, title). */
export const CatchupFilterGroupSchema = z
  .object({
    alias: z.enum(['category', 'genre', 'year']),
    title: z.string(),
    items: z.array(z.object({ alias: z.string(), title: z.string() })),
  })
  .meta({ id: 'CatchupFilterGroup' });
export type CatchupFilterGroup = z.infer<typeof CatchupFilterGroupSchema>;

/** spec catalogue §7 GET /v2/multiplex/catchups/filters: the groups, built from what the archive holds now. */
export const CatchupFiltersSchema = z.object({ items: z.array(CatchupFilterGroupSchema) }).meta({ id: 'CatchupFilters' });
export type CatchupFilters = z.infer<typeof CatchupFiltersSchema>;

export const CatchupFiltersQuerySchema = z.object({ for_kids: QueryBooleanSchema.default(false) });

/**
 * spec catalogue §7 GET /v2/multiplex/catchups/filters query: the kids scope and, when a category is chosen, that
 * category: the genre and year groups then hold only what it has (the category group always lists both).
 */
export const CatchupFilterGroupsQuerySchema = CatchupFiltersQuerySchema.extend({ category: CatchupListQuerySchema.shape.category });

/** spec catalogue §7 search catchups: q and limit 40; an empty q finds nothing (catalogue §5). */
export const CatchupSearchQuerySchema = z.object({
  q: z.string().trim().max(SEARCH_QUERY_MAX).default(''),
  limit: z.coerce.number().int().min(1).max(CATCHUP_SEARCH_LIMIT).default(CATCHUP_SEARCH_LIMIT),
  for_kids: QueryBooleanSchema.default(false),
});
export type CatchupSearchQuery = z.infer<typeof CatchupSearchQuerySchema>;

export const CatchupSearchSchema = z.object({ items: z.array(CatchupItemSchema) }).meta({ id: 'CatchupSearch' });
export type CatchupSearch = z.infer<typeof CatchupSearchSchema>;

/**
 * One catch-up item: a recording's id (a programme id), or a title's or a channel's alias for its newest recording
 * (what a lasting link, such as a banner's catchup action, names).
 */
export const CatchupParamsSchema = z.object({ id: z.union([z.uuid(), z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'a recording id, a title alias or a channel alias').max(MAX_ALIAS_LENGTH)]) });
