import { scopeAllows, type KidsScope } from '@ekran/core';
import type { Image, TitleLists } from '@ekran/contracts';
import type { Db } from '@ekran/db';
import { notFound } from '../../lib/errors.ts';
import { createTtlCache, type CacheRevision } from '../../lib/ttl-cache.ts';
import type { CatalogTitlesService } from '../catalog/catalog-titles.service.ts';
import { posterImage } from '../images/poster-url.ts';
import { collectionUrl } from './collections.service.ts';
import { createCollectionsRepo } from './collections.repo.ts';
import type { SelectionsService } from './selections.service.ts';
import { scopeCacheKey, titleScope } from './title-scope.ts';

const COVER_POSTERS = 3;

/**
 * The editorial collections and the selections that hold a title, for the collections and
 * selections sub-pages of its page (spec platform §2 Watching). A title outside the caller's kids scope is not
 * found, exactly like the title itself; counts and covers count only what the caller may see.
 */
export function createTitleListsService(
  db: Db,
  options: { cacheTtlMs: number; revision?: CacheRevision | undefined },
  { catalog, selections }: { catalog: Pick<CatalogTitlesService, 'titleByRef'>; selections: Pick<SelectionsService, 'holding'> },
) {
  const collections = createCollectionsRepo(db);
  const cache = createTtlCache<TitleLists>({ name: 'title-lists', ttlMs: options.cacheTtlMs, revision: options.revision, maxEntries: 500 });

  async function load(ref: string, kids: KidsScope | null): Promise<TitleLists> {
    const title = await catalog.titleByRef(ref);
    if (!title || !scopeAllows(kids, title)) throw notFound(`Title ${ref}`);
    const scope = titleScope(kids);
    const [held, selected] = await Promise.all([collections.holding(title.id, scope), selections.holding(title, scope)]);
    const covers = new Map<string, Image[]>();
    for (const r of await collections.firstTitles(held.map((c) => c.id), scope, COVER_POSTERS)) {
      covers.set(r.collectionId, [...(covers.get(r.collectionId) ?? []), posterImage(r.poster, 'vertical')]);
    }
    return {
      collections: held.map((c) => ({
        alias: c.alias,
        title: c.title,
        description: c.description,
        for_kids: c.forKids,
        items_total: c.itemsTotal,
        posters: covers.get(c.id) ?? [],
        url: collectionUrl(c.alias),
      })),
      selections: selected,
    };
  }

  return {
    /** The collections and selections holding a title (by alias or id) that the caller may see. */
    of(ref: string, kids: KidsScope | null): Promise<TitleLists> {
      const key = `title-lists:${ref}:${scopeCacheKey(titleScope(kids))}`;
      return options.cacheTtlMs > 0 ? cache.get(key, () => load(ref, kids)) : load(ref, kids);
    },
  };
}
