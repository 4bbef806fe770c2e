import type { GenreList, GenrePage, GenreSection } from '@ekran/contracts';
import { GENRE_CATALOGUE_KINDS, scopeKey, type KidsScope } from '@ekran/core';
import type { Db } from '@ekran/db';
import { notFound } from '../../lib/errors.ts';
import { createTtlCache, type CacheRevision } from '../../lib/ttl-cache.ts';
import type { CatalogService } from '../catalog/catalog.service.ts';
import { posterImage } from '../images/poster-url.ts';
import { toCounts, toGenreText } from './genres.mapper.ts';
import { createGenresRepo } from './genres.repo.ts';

/** Cards per kind on a genre page: two rows' worth of the most popular titles. */
export const GENRE_SECTION_CARDS = 12;

/**
 * Genre pages (catalogue §2 /genres/{genre?}, §9 genre marketing texts). A child session sees only the kids
 * titles its age cap allows, so only genres that have such titles (kids scope).
 */
export function createGenresService(db: Db, options: { cacheTtlMs: number; revision?: CacheRevision | undefined }, { catalog }: { catalog: Pick<CatalogService, 'listTitles'> }) {
  // The catalogue's own listing answers the sections, so a section is exactly the category page's first cards.
  const repo = createGenresRepo(db);
  const cache = createTtlCache<unknown>({ name: 'genres', ttlMs: options.cacheTtlMs, revision: options.revision, maxEntries: 200 });
  const cached = <T>(key: string, load: () => Promise<T>): Promise<T> =>
    options.cacheTtlMs > 0 ? (cache.get(key, load) as Promise<T>) : load();

  return {
    /** Every genre with titles the viewer may see, with counts per kind and a cover. */
    list(forKidsAsked: boolean, kids: KidsScope | null = null): Promise<GenreList> {
      const forKids = forKidsAsked || kids !== null;
      return cached(`genres:${forKids}:${scopeKey(kids)}`, async () => {
        const audience = { forKids, ratings: kids?.ratings };
        const [rows, covers] = await Promise.all([repo.counts(audience), repo.covers(audience)]);
        const coverOf = new Map(covers.map((c) => [c.genreId, c.poster]));
        const order: string[] = [];
        const byGenre = new Map<string, typeof rows>();
        for (const r of rows) {
          if (!byGenre.has(r.genreId)) order.push(r.genreId);
          byGenre.set(r.genreId, [...(byGenre.get(r.genreId) ?? []), r]);
        }
        return {
          items: order.map((id) => {
            const group = byGenre.get(id) ?? [];
            const counts = toCounts(group);
            const art = coverOf.get(id);
            return {
              alias: group[0]!.alias,
              title: group[0]!.title,
              counts,
              items_total: counts.movies + counts.series + counts.animation,
              cover: art ? posterImage(art, 'horizontal') : null,
            };
          }),
        };
      });
    },

    /** A genre with a section per kind that has titles the viewer may see; 404 for an unknown genre or one without any. */
    page(alias: string, forKidsAsked: boolean, kids: KidsScope | null = null): Promise<GenrePage> {
      const forKids = forKidsAsked || kids !== null;
      return cached(`genre:${alias}:${forKids}:${scopeKey(kids)}`, async () => {
        const genre = await repo.genreByAlias(alias);
        if (!genre) throw notFound(`Genre ${alias}`);
        const [texts, ...lists] = await Promise.all([
          repo.textsOf(genre.id),
          ...GENRE_CATALOGUE_KINDS.map((kind) =>
            catalog.listTitles({ category: kind, genre: alias, for_kids: forKids, sort: '-popularity', limit: GENRE_SECTION_CARDS, skip: 0 }, kids),
          ),
        ]);
        const sections: GenreSection[] = GENRE_CATALOGUE_KINDS.flatMap((kind, i) => {
          const list = lists[i]!;
          if (list.items_total === 0) return [];
          const text = texts.find((t) => t.kind === kind);
          return [{ kind, text: text ? toGenreText(text) : null, items_total: list.items_total, items: list.items }];
        });
        if (sections.length === 0) throw notFound(`Genre ${alias}`);
        const counts = toCounts(sections.map((s) => ({ kind: s.kind, total: s.items_total })));
        return { alias: genre.alias, title: genre.title, counts, items_total: counts.movies + counts.series + counts.animation, sections };
      });
    },
  };
}
export type GenresService = ReturnType<typeof createGenresService>;
