import { z } from 'zod';
import { ImageSchema, QueryBooleanSchema, RatingAgeSchema, pagedSchema } from './common.ts';

export const GenreRefSchema = z.object({ alias: z.string(), title: z.string() });
export type GenreRef = z.infer<typeof GenreRefSchema>;

/** spec platform §7 GET catalog query. */
export const CatalogQuerySchema = z.object({
  device_type: z.enum(['web', 'android', 'ios', 'smarttv']).default('web'),
  locale: z.enum(['ru', 'en']).default('ru'),
  for_kids: QueryBooleanSchema.default(false),
});

/** spec catalogue §3 Catalog entry (menu): a category with its genres. */
export const CatalogEntrySchema = z.object({
  category: z.enum(['movie', 'series']),
  title: z.string(),
  genres: z.array(GenreRefSchema.extend({ total: z.number().int() })),
});
export type CatalogEntry = z.infer<typeof CatalogEntrySchema>;
export const CatalogResponseSchema = z.object({ items: z.array(CatalogEntrySchema) }).meta({ id: 'Catalog' });
export type CatalogResponse = z.infer<typeof CatalogResponseSchema>;

/** The catalogue's revision: a counter that grows whenever a table pages show changes (decision 044). */
export const CatalogRevisionSchema = z.object({ revision: z.number().int().min(0) }).meta({ id: 'CatalogRevision' });
export type CatalogRevision = z.infer<typeof CatalogRevisionSchema>;

export const TitleClsSchema = z.enum(['Product.Movie', 'Product.Series']);

/** A title as a card in rows and grids (spec catalogue §3 Title, catalogue view). */
export const TitleCardSchema = z
  .object({
    _cls: TitleClsSchema,
    _id: z.string(),
    uid: z.string(),
    alias: z.string(),
    title: z.string(),
    genres: z.array(GenreRefSchema),
    release_date: z.string(),
    ekran_release_date: z.string(),
    year: z.number().int(),
    rating_age: RatingAgeSchema,
    rating_ekran: z.number(),
    for_kids: z.boolean(),
    is_free: z.boolean(),
    duration_minutes: z.number().int().nullable(),
    seasons_count: z.number().int(),
    horizontal_poster: ImageSchema,
    vertical_poster: ImageSchema,
  })
  .meta({ id: 'TitleCard' });
export type TitleCard = z.infer<typeof TitleCardSchema>;

/** Categories of the category pages (spec platform §2 Category pages). */
export const CategorySchema = z.enum(['movies', 'series', 'animation']);
export type Category = z.infer<typeof CategorySchema>;

/** Sort aliases; a leading minus means descending (spec catalogue §3 Sort option). */
export const SortSchema = z.enum(['-popularity', 'popularity', '-ekran_release_date', '-rating_ekran', '-year', 'year', 'title']);

/** A genre alias in a query or path: lowercase latin, digits and -. */
export const GenreAliasSchema = z.string().regex(/^[a-z0-9-]+$/).max(40);
/**
 * A country code in a query: two latin letters in either case, answered lowercase (spec catalogue §2: the path
 * segment is lowercase; §7: the filters call sends it uppercase).
 */
export const CountryCodeSchema = z
  .string()
  .regex(/^[a-zA-Z]{2}$/)
  .transform((code) => code.toLowerCase());
/** An opaque keyset cursor of a listing (the next portion after the last item a client has). */
export const ListCursorSchema = z.string().min(1).max(300).regex(/^[A-Za-z0-9_-]+$/);

export const TitleListQuerySchema = z.object({
  category: CategorySchema.optional(),
  genre: GenreAliasSchema.optional(),
  year: z.coerce.number().int().min(1900).max(2100).optional(),
  country: CountryCodeSchema.optional(),
  for_kids: QueryBooleanSchema.default(false),
  // Without a sort the API picks the session's: its Catalog_sorting group, else -popularity (catalogue §4).
  sort: SortSchema.optional(),
  limit: z.coerce.number().int().min(1).max(100).default(40),
  skip: z.coerce.number().int().min(0).max(100_000).default(0),
  // The next portion after this cursor (keyset; `skip` then only says where it starts).
  after: ListCursorSchema.optional(),
});
export type TitleListQuery = z.infer<typeof TitleListQuerySchema>;
export const TitleListSchema = pagedSchema(TitleCardSchema)
  .extend({
    // The sort the answer is in, and the cursor of the next portion (null at the end).
    sort: SortSchema.optional(),
    next_cursor: z.string().nullable().optional(),
  })
  .meta({ id: 'TitleList' });
export type TitleList = z.infer<typeof TitleListSchema>;

export const HomeQuerySchema = z.object({ for_kids: QueryBooleanSchema.default(false) });
/** A home row: a collection of titles; a row of a selection has kind selection and its page as url. */
export const HomeRowSchema = z.object({
  alias: z.string(),
  title: z.string(),
  kind: z.enum(['collection', 'new', 'popular', 'free', 'selection']),
  url: z.string().nullable(),
  items: z.array(TitleCardSchema),
});
export type HomeRow = z.infer<typeof HomeRowSchema>;
export const HomeSchema = z.object({ rows: z.array(HomeRowSchema) }).meta({ id: 'Home' });
export type Home = z.infer<typeof HomeSchema>;
