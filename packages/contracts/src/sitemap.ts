import { z } from 'zod';

/** The sitemaps protocol's limit of URLs in one sitemap file (sitemaps.org); a larger part is split into pages. */
export const SITEMAP_URL_LIMIT = 50_000;

/**
 * The catalogue parts of the sitemap: title pages, category pages per genre, genre pages, person
 * pages, collection pages and the journal's articles. Static pages (home, category roots, …) are the site's own list, not the API's.
 */
export const SitemapPartSchema = z.enum(['titles', 'categories', 'genres', 'people', 'collections', 'channels', 'landings', 'journal', 'support']);
export type SitemapPart = z.infer<typeof SitemapPartSchema>;

/** A date (YYYY-MM-DD) for a sitemap's lastmod. */
const SitemapDateSchema = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

/** GET sitemap: each part with its URL count, its number of files and the newest lastmod of its pages. */
export const SitemapIndexSchema = z
  .object({
    /** The newest lastmod of the whole catalogue (the static pages list it). */
    lastmod: SitemapDateSchema.nullable(),
    parts: z.array(
      z.object({
        part: SitemapPartSchema,
        items_total: z.number().int().min(0),
        pages: z.number().int().min(0),
        lastmod: SitemapDateSchema.nullable(),
      }),
    ),
  })
  .meta({ id: 'SitemapIndex' });
export type SitemapIndex = z.infer<typeof SitemapIndexSchema>;

export const SitemapPartParamsSchema = z.object({ part: SitemapPartSchema });
/** A page of a part: 1-based, SITEMAP_URL_LIMIT URLs each. */
export const SitemapPageQuerySchema = z.object({ page: z.coerce.number().int().min(1).max(100_000).default(1) });

/** GET sitemap part: the site-relative paths of one page of a part, with their lastmod. */
export const SitemapUrlsSchema = z
  .object({
    part: SitemapPartSchema,
    page: z.number().int().min(1),
    pages: z.number().int().min(0),
    items: z.array(z.object({ path: z.string().startsWith('/'), lastmod: SitemapDateSchema.nullable() })),
  })
  .meta({ id: 'SitemapUrls' });
export type SitemapUrls = z.infer<typeof SitemapUrlsSchema>;
