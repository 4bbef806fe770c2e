import { SEARCH_LIMIT, SEARCH_QUERY_MAX, SEARCH_SUGGEST_LIMIT } from '@ekran/core';
import { z } from 'zod';
import { TitleCardSchema, TitleClsSchema } from './catalog.ts';
import { ImageSchema } from './common.ts';

// Search (spec platform §2 /search with query q, catalogue §5 "Search with an empty query
// returns empty items", catalogue §7 search catchups with q and limit 40).

/** The query text: trimmed, at most 100 characters; empty or missing means an empty answer, not an error. */
const QueryTextSchema = z.string().trim().max(SEARCH_QUERY_MAX).default('');

/** GET /api/v1/search query. */
export const SearchQuerySchema = z.object({
  q: QueryTextSchema,
  limit: z.coerce.number().int().min(1).max(SEARCH_LIMIT).default(SEARCH_LIMIT),
});
export type SearchQuery = z.infer<typeof SearchQuerySchema>;

/** GET /api/v1/search/suggest query. */
export const SearchSuggestQuerySchema = z.object({
  q: QueryTextSchema,
  limit: z.coerce.number().int().min(1).max(SEARCH_SUGGEST_LIMIT).default(SEARCH_SUGGEST_LIMIT),
});
export type SearchSuggestQuery = z.infer<typeof SearchSuggestQuerySchema>;

/** What a person did in the titles the viewer may see, in the order the title page lists credits. */
export const SearchPersonRoleSchema = z.enum(['actor', 'director', 'writer', 'producer', 'composer', 'operator']);
export type SearchPersonRole = z.infer<typeof SearchPersonRoleSchema>;

/** A person found by name (spec platform §3: person lists count only entries having both name and alias). */
export const SearchPersonSchema = z
  .object({
    alias: z.string(),
    name: z.string(),
    name_original: z.string().nullable(),
    roles: z.array(SearchPersonRoleSchema),
    /** Titles with this person that the viewer may see. */
    titles_count: z.number().int(),
  })
  .meta({ id: 'SearchPerson' });
export type SearchPerson = z.infer<typeof SearchPersonSchema>;

const groupOf = <T extends z.ZodType>(item: T) => z.object({ items: z.array(item), items_total: z.number().int() });

/**
 * The search page's answer: one group per kind of result, best match first in each. TV recordings join as a
 * `catchups` group of the same shape when the archive lands.
 */
export const SearchResponseSchema = z
  .object({
    /** The query as searched (trimmed). */
    query: z.string(),
    titles: groupOf(TitleCardSchema),
    people: groupOf(SearchPersonSchema),
  })
  .meta({ id: 'SearchResponse' });
export type SearchResponse = z.infer<typeof SearchResponseSchema>;
export type SearchGroup<T> = { items: T[]; items_total: number };

/** A suggestion under the header input: a title or a person, with where it leads. */
export const SearchSuggestionSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('title'),
    alias: z.string(),
    title: z.string(),
    _cls: TitleClsSchema,
    year: z.number().int(),
    vertical_poster: ImageSchema,
    url: z.string(),
  }),
  z.object({
    type: z.literal('person'),
    alias: z.string(),
    name: z.string(),
    roles: z.array(SearchPersonRoleSchema),
    url: z.string(),
  }),
]);
export type SearchSuggestion = z.infer<typeof SearchSuggestionSchema>;

/** GET /api/v1/search/suggest: at most 8 suggestions, titles and people mixed by how well they match. */
export const SearchSuggestResponseSchema = z
  .object({ query: z.string(), items: z.array(SearchSuggestionSchema) })
  .meta({ id: 'SearchSuggestResponse' });
export type SearchSuggestResponse = z.infer<typeof SearchSuggestResponseSchema>;
