import { z } from 'zod';
import { CategorySchema, CountryCodeSchema, GenreAliasSchema, SortSchema } from './catalog.ts';
import { QueryBooleanSchema } from './common.ts';

// The all-option (alias all, spec catalogue §3) in a query means "this filter is not set".
const orAll = <T extends z.ZodType>(schema: T) =>
  z.union([z.literal('all'), schema]).optional().transform((v) => (v === 'all' ? undefined : (v as z.output<T> | undefined)));

/**
 * spec catalogue §7 "categories filters detail path": query category, genre, year, country (uppercase or
 * lowercase), for_kids, device_type and locale. A child session's kids scope applies whatever for_kids says.
 */
export const CatalogFiltersQuerySchema = z.object({
  category: CategorySchema,
  genre: orAll(GenreAliasSchema),
  year: orAll(z.coerce.number().int().min(1900).max(2100)),
  country: orAll(CountryCodeSchema),
  for_kids: QueryBooleanSchema.default(false),
  device_type: z.enum(['web', 'android', 'ios', 'smarttv']).default('web'),
  locale: z.enum(['ru', 'en']).default('ru'),
});
export type CatalogFiltersQuery = z.infer<typeof CatalogFiltersQuerySchema>;

/** spec catalogue §3: a catalogue filter item (alias, title, total); the all-option is alias all, title Все. */
export const FilterItemSchema = z.object({ alias: z.string(), title: z.string(), total: z.number().int() });
export type FilterItemData = z.infer<typeof FilterItemSchema>;

/**
 * spec catalogue §3 Filter group: alias, title and items. Each item's total counts the titles matching it and
 * the other groups' selected filters (faceted); the all-option comes first and counts the other filters only.
 * `selected` is the group's chosen alias, or all.
 */
export const FilterGroupSchema = z.object({
  alias: z.enum(['genre', 'year', 'country']),
  title: z.string(),
  selected: z.string(),
  items: z.array(FilterItemSchema),
});
export type FilterGroup = z.infer<typeof FilterGroupSchema>;

/** spec catalogue §3 Sort option: alias (a leading minus means descending) and title. */
export const SortOptionSchema = z.object({ alias: SortSchema, title: z.string() });
export type SortOptionData = z.infer<typeof SortOptionSchema>;

/** The filters of a category page, the sort options and the caller's default sort (catalogue §4 Sorting). */
export const CatalogFiltersSchema = z
  .object({
    items: z.array(FilterGroupSchema),
    sort_options: z.array(SortOptionSchema),
    default_sort: SortSchema,
  })
  .meta({ id: 'CatalogFilters' });
export type CatalogFilters = z.infer<typeof CatalogFiltersSchema>;
