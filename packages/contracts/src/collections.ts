// Collections, hashtags, selections, playlists and people (decision 010).
import type { SelectionRule } from '@ekran/core';
import { z } from 'zod';
import { CategorySchema, SortSchema, TitleCardSchema } from './catalog.ts';
import { ImageSchema, MAX_ALIAS_LENGTH, QueryBooleanSchema, RatingAgeSchema, pagedSchema } from './common.ts';

const ALIAS = /^[a-z0-9]+(-[a-z0-9]+)*$/;

/** An alias in a path: lowercase Latin, digits and single dashes. */
export const AliasSchema = z.string().min(1).max(MAX_ALIAS_LENGTH).regex(ALIAS, 'alias is lowercase latin, digits and single dashes');

/** skip and limit of a paged list; limit defaults to the list's page size (catalogue §9) and is capped at 100. */
export const pagingQuerySchema = (defaultLimit: number) =>
  z.object({
    skip: z.coerce.number().int().min(0).max(100_000).default(0),
    limit: z.coerce.number().int().min(1).max(100).default(defaultLimit),
  });

// ---------------------------------------------------------------- selection rules

/**
 * A rule-based selection: the filters and order of its titles. Strict: an unknown key is an error,
 * so a typo in an editor's rule is caught instead of silently widening the list.
 */
export const SelectionRuleSchema = z
  .object({
    sort: SortSchema.optional(),
    category: CategorySchema.optional(),
    kind: z.enum(['movie', 'series']).optional(),
    genres: z.array(z.string().regex(ALIAS).max(40)).min(1).max(10).optional(),
    country: z.string().regex(/^[a-z]{2}$/).optional(),
    for_kids: z.boolean().optional(),
    free: z.boolean().optional(),
    year_from: z.number().int().min(1900).max(2100).optional(),
    year_to: z.number().int().min(1900).max(2100).optional(),
    rating_min: z.number().min(0).max(10).optional(),
    hashtag: z.string().trim().min(1).max(60).regex(/^[^\s#]+$/, 'a hashtag without # and spaces').optional(),
    max_items: z.number().int().min(1).max(500).optional(),
  })
  .strict()
  .refine((r) => r.year_from === undefined || r.year_to === undefined || r.year_from <= r.year_to, {
    message: 'year_from must not be after year_to',
    path: ['year_from'],
  })
  .meta({ id: 'SelectionRule' });

// The rule type lives in @ekran/core (the database column is typed with it); the schema must describe exactly it:
// this fails to compile when a key or a key's type differs between the two.
type Same<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
const ruleMatchesCore: Same<Required<z.infer<typeof SelectionRuleSchema>>, Required<SelectionRule>> = true;
void ruleMatchesCore;

export type { SelectionRule };

// ---------------------------------------------------------------- collections and hashtags

/** A collection in the list of collections: title, count and the posters of its first titles (cover art). */
export const CollectionSummarySchema = z
  .object({
    alias: z.string(),
    title: z.string(),
    description: z.string(),
    for_kids: z.boolean(),
    items_total: z.number().int(),
    /** The vertical posters of its first (up to three) titles: the cover. */
    posters: z.array(ImageSchema).max(3),
    url: z.string(),
  })
  .meta({ id: 'CollectionSummary' });
export type CollectionSummary = z.infer<typeof CollectionSummarySchema>;

export const CollectionListQuerySchema = pagingQuerySchema(30);
export const CollectionListSchema = pagedSchema(CollectionSummarySchema).meta({ id: 'CollectionList' });
export type CollectionList = z.infer<typeof CollectionListSchema>;

/** A page of a collection's titles: an editorial collection, or a hashtag's automatic one (kind hashtag). */
export const CollectionPageSchema = pagedSchema(TitleCardSchema)
  .extend({
    alias: z.string(),
    kind: z.enum(['collection', 'hashtag']),
    title: z.string(),
    description: z.string(),
    /** The hashtag itself (without #) when kind is hashtag. */
    hashtag: z.string().nullable(),
    url: z.string(),
  })
  .meta({ id: 'CollectionPage' });
export type CollectionPage = z.infer<typeof CollectionPageSchema>;
export const CollectionPageQuerySchema = pagingQuerySchema(30);

// ---------------------------------------------------------------- selections

export const SelectionLocationSchema = z.enum(['home', 'kids', 'both']);
export const SelectionSourceSchema = z.enum(['rule', 'items', 'collection']);

/** A selection in the list of selections. */
export const SelectionSummarySchema = z
  .object({
    alias: z.string(),
    title: z.string(),
    description: z.string(),
    location: SelectionLocationSchema,
    source: SelectionSourceSchema,
    /** Its canonical page: /main/{alias}, /selections/{alias} or /collections/{alias}. */
    url: z.string(),
    items_total: z.number().int(),
    posters: z.array(ImageSchema).max(3),
  })
  .meta({ id: 'SelectionSummary' });
export type SelectionSummary = z.infer<typeof SelectionSummarySchema>;

export const SelectionListQuerySchema = z.object({ for_kids: QueryBooleanSchema.default(false) });
export const SelectionListSchema = z.object({ items: z.array(SelectionSummarySchema) }).meta({ id: 'SelectionList' });
export type SelectionList = z.infer<typeof SelectionListSchema>;

/** A page of a selection's titles. */
export const SelectionPageSchema = pagedSchema(TitleCardSchema)
  .extend({
    alias: z.string(),
    title: z.string(),
    description: z.string(),
    location: SelectionLocationSchema,
    source: SelectionSourceSchema,
    url: z.string(),
    rule: SelectionRuleSchema.nullable(),
  })
  .meta({ id: 'SelectionPage' });
export type SelectionPage = z.infer<typeof SelectionPageSchema>;
export const SelectionPageQuerySchema = pagingQuerySchema(40);

// ---------------------------------------------------------------- playlists

/**
 * spec platform §3 Playlist response item: cls Episode, Movie or Trailer; alias, playback_options, title,
 * rating_age, id, uid. playback_options.url is the playback check the player calls (platform §7 GET
 * {playback_options url}); alias is the title's (/watch/{alias}). Poster and duration are for the list page.
 */
export const PlaylistItemSchema = z
  .object({
    cls: z.enum(['Episode', 'Movie', 'Trailer']),
    id: z.string(),
    uid: z.string(),
    alias: z.string(),
    title: z.string(),
    rating_age: RatingAgeSchema,
    playback_options: z.object({ url: z.string() }),
    poster: ImageSchema,
    duration_minutes: z.number().int(),
  })
  .meta({ id: 'PlaylistItem' });
export type PlaylistItem = z.infer<typeof PlaylistItemSchema>;

/** spec platform §7 GET {playlist path}/{alias}: "answer has items" (paged; limit up to 100). */
export const PlaylistResponseSchema = pagedSchema(PlaylistItemSchema)
  .extend({
    alias: z.string(),
    title: z.string(),
    description: z.string(),
    /** Running time of the whole playlist, in minutes. */
    duration_minutes: z.number().int(),
  })
  .meta({ id: 'PlaylistResponse' });
export type PlaylistResponse = z.infer<typeof PlaylistResponseSchema>;
export const PlaylistQuerySchema = pagingQuerySchema(40);

/** A playlist in the list of playlists. */
export const PlaylistSummarySchema = z
  .object({
    alias: z.string(),
    title: z.string(),
    description: z.string(),
    items_total: z.number().int(),
    duration_minutes: z.number().int(),
    posters: z.array(ImageSchema).max(3),
    url: z.string(),
  })
  .meta({ id: 'PlaylistSummary' });
export type PlaylistSummary = z.infer<typeof PlaylistSummarySchema>;
export const PlaylistListSchema = z.object({ items: z.array(PlaylistSummarySchema) }).meta({ id: 'PlaylistList' });
export type PlaylistList = z.infer<typeof PlaylistListSchema>;

// ---------------------------------------------------------------- people

export const PersonRoleSchema = z.enum(['actor', 'director', 'writer', 'producer', 'composer', 'operator']);

/** A title of a person's filmography: the card, and the character for an actor. */
export const FilmographyCardSchema = TitleCardSchema.extend({ character_name: z.string().nullable() });

/** A person's page (spec platform §3: name, alias, biography, filmography), filmography grouped by role. */
export const PersonSchema = z
  .object({
    alias: z.string(),
    name: z.string(),
    name_original: z.string().nullable(),
    biography: z.string().nullable(),
    birth_date: z.string().nullable(),
    photo: ImageSchema.nullable(),
    /** Roles in the order of the page (actor, director, writer, producer, composer, operator). */
    roles: z.array(PersonRoleSchema),
    /** Titles of the filmography (each counted once, whatever the roles). */
    titles_total: z.number().int(),
    years: z.object({ from: z.number().int(), to: z.number().int() }).nullable(),
    genres: z.array(z.object({ alias: z.string(), title: z.string(), count: z.number().int() })),
    filmography: z.array(z.object({ role: PersonRoleSchema, items: z.array(FilmographyCardSchema) })),
  })
  .meta({ id: 'Person' });
export type Person = z.infer<typeof PersonSchema>;
