import { scopeKey, type KidsScope } from '@ekran/core';
import { SITEMAP_URL_LIMIT, SitemapPartSchema, type SitemapIndex, type SitemapPart, type SitemapUrls } from '@ekran/contracts';
import type { Db } from '@ekran/db';
import { notFound } from '../../lib/errors.ts';
import { createTtlCache, type CacheRevision } from '../../lib/ttl-cache.ts';
import { createSitemapRepo, type TitleScope } from './sitemap.repo.ts';

// Dates of the service are Moscow's: a title that arrives today is today's there.
const moscowDate = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Moscow', year: 'numeric', month: '2-digit', day: '2-digit' });

/**
 * The sitemap's catalogue parts: what each part holds and its pages of SITEMAP_URL_LIMIT URLs.
 * A child session gets its own kids scope, like every catalogue endpoint; the site asks without a session.
 */
export function createSitemapService(db: Db, options: { cacheTtlMs: number; revision?: CacheRevision | undefined; now: () => Date; pageSize?: number }) {
  const repo = createSitemapRepo(db);
  const pageSize = options.pageSize ?? SITEMAP_URL_LIMIT;
  const cache = createTtlCache<unknown>({ name: 'sitemap', ttlMs: options.cacheTtlMs, revision: options.revision, maxEntries: 100 });
  const cached = <T>(key: string, load: () => Promise<T>): Promise<T> => (options.cacheTtlMs > 0 ? (cache.get(key, load) as Promise<T>) : load());
  const scopeOf = (kids: KidsScope | null): TitleScope => ({ kidsOnly: kids !== null, ratings: kids?.ratings ?? null });

  return {
    /** Every part with its URL count, number of files and newest lastmod. */
    index(kids: KidsScope | null = null): Promise<SitemapIndex> {
      return cached(`index:${scopeKey(kids)}`, async () => {
        const now = options.now();
        const day = moscowDate.format(now);
        const parts = await Promise.all(
          SitemapPartSchema.options.map(async (part) => {
            const { total, lastmod } = await repo.summary(part, scopeOf(kids), day, now);
            return { part, items_total: total, pages: Math.ceil(total / pageSize), lastmod };
          }),
        );
        const dates = parts.map((p) => p.lastmod).filter((d): d is string => d !== null).sort();
        return { lastmod: dates.at(-1) ?? null, parts };
      });
    },

    /** One page of a part; a page past the last is not found. */
    urls(part: SitemapPart, page: number, kids: KidsScope | null = null): Promise<SitemapUrls> {
      return cached(`urls:${part}:${page}:${scopeKey(kids)}`, async () => {
        const now = options.now();
        const day = moscowDate.format(now);
        const { total } = await repo.summary(part, scopeOf(kids), day, now);
        const pages = Math.ceil(total / pageSize);
        if (page > pages) throw notFound(`Sitemap ${part} page ${page}`);
        const items = await repo.page(part, scopeOf(kids), day, now, pageSize, (page - 1) * pageSize);
        return { part, page, pages, items };
      });
    },
  };
}
