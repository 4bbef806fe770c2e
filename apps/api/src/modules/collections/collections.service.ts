import type { CollectionList, CollectionPage, Image } from '@ekran/contracts';
import { hashtagAlias, hashtagLabel } from '@ekran/core';
import type { Db } from '@ekran/db';
import { notFound } from '../../lib/errors.ts';
import { createTtlCache, type CacheRevision } from '../../lib/ttl-cache.ts';
import { posterImage } from '../images/poster-url.ts';
import { createCollectionsRepo } from './collections.repo.ts';
import type { CatalogTitlesService } from '../catalog/catalog-titles.service.ts';
import { scopeCacheKey, type TitleScope } from './title-scope.ts';

const COVER_POSTERS = 3;

/** The canonical page of a collection or a hashtag collection (decision 010). */
export const collectionUrl = (alias: string) => `/collections/${alias}`;

/** Editorial collections and the automatic collections of hashtags. */
export function createCollectionsService(db: Db, options: { cacheTtlMs: number; revision?: CacheRevision | undefined }, { catalog }: { catalog: Pick<CatalogTitlesService, 'toCards'> }) {
  const repo = createCollectionsRepo(db);
  const cache = createTtlCache<unknown>({ name: 'collections', ttlMs: options.cacheTtlMs, revision: options.revision, maxEntries: 500 });
  const cached = <T>(key: string, load: () => Promise<T>): Promise<T> =>
    options.cacheTtlMs > 0 ? (cache.get(key, load) as Promise<T>) : load();

  /** The vertical posters of the first titles of each collection: its cover. */
  async function covers(ids: string[], scope: TitleScope): Promise<Map<string, Image[]>> {
    const map = new Map<string, Image[]>();
    for (const r of await repo.firstTitles(ids, scope, COVER_POSTERS)) {
      const list = map.get(r.collectionId) ?? [];
      list.push(posterImage(r.poster, 'vertical'));
      map.set(r.collectionId, list);
    }
    return map;
  }

  /** The hashtag a collection alias stands for, if a title in the scope carries it. */
  async function hashtagOf(alias: string, scope: TitleScope): Promise<string | null> {
    const tags = await cached(`hashtags:${scopeCacheKey(scope)}`, () => repo.hashtags(scope));
    return tags.filter((tag) => hashtagAlias(tag) === alias).sort()[0] ?? null;
  }

  const service = {
    /** All collections with a title in the scope, 30 a page (catalogue §9), in editorial order. */
    list(scope: TitleScope, skip: number, limit: number): Promise<CollectionList> {
      return cached(`collections:${scopeCacheKey(scope)}:${skip}:${limit}`, async () => {
        const { rows, total } = await repo.page(scope, skip, limit);
        const posters = await covers(rows.map((r) => r.id), scope);
        return {
          items: rows.map((r) => ({
            alias: r.alias,
            title: r.title,
            description: r.description,
            for_kids: r.forKids,
            items_total: r.itemsTotal,
            posters: posters.get(r.id) ?? [],
            url: collectionUrl(r.alias),
          })),
          items_total: total,
          skip,
          limit,
        };
      });
    },

    /**
     * A page of a collection's titles. An alias that is no collection may be a hashtag's (decision 010): the
     * titles carrying it, most popular first. An editorial collection wins over a hashtag of the same alias.
     * Nothing in the scope is not found, so a child never learns what an adult collection holds.
     */
    page(alias: string, scope: TitleScope, skip: number, limit: number): Promise<CollectionPage> {
      return cached(`collection:${alias}:${scopeCacheKey(scope)}:${skip}:${limit}`, async () => {
        const collection = await repo.byAlias(alias, scope);
        if (collection) {
          const { rows, total } = await repo.titles(collection.id, scope, skip, limit);
          if (total === 0) throw notFound(`Collection ${alias}`);
          return {
            alias, kind: 'collection' as const, title: collection.title, description: collection.description, hashtag: null,
            url: collectionUrl(alias), items: await catalog.toCards(rows), items_total: total, skip, limit,
          };
        }
        const tag = await hashtagOf(alias, scope);
        if (!tag) throw notFound(`Collection ${alias}`);
        const { rows, total } = await repo.titlesWithHashtag(tag, scope, skip, limit);
        const label = hashtagLabel(tag);
        return {
          alias, kind: 'hashtag' as const, title: label.charAt(0).toUpperCase() + label.slice(1), description: '', hashtag: tag,
          url: collectionUrl(alias), items: await catalog.toCards(rows), items_total: total, skip, limit,
        };
      });
    },
  };
  return service;
}
export type CollectionsService = ReturnType<typeof createCollectionsService>;
