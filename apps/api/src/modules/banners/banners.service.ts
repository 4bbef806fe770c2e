import { scopeAllows, scopeKey, type KidsScope } from '@ekran/core';
import type { BannerList, BannerLocation, PostersQuery } from '@ekran/contracts';
import type { Db } from '@ekran/db';
import { createTtlCache, type CacheRevision } from '../../lib/ttl-cache.ts';
import { toBanner } from './banners.mapper.ts';
import { createBannersRepo, type BannerRow } from './banners.repo.ts';

/** What a banner points at, by kind: the titles, collections and trailers its click or buttons reach. */
export interface BannerTargets {
  titles: string[];
  collections: string[];
  trailers: string[];
}

const WATCH_LINK = /^\/watch\/([a-z0-9-]+)(?:[/?#]|$)/;

/**
 * The targets of a banner (spec platform §4 Banner click): a product banner's alias and its actions' aliases
 * are titles; on any other type a play action (the product loader, unless it is a playlist) and
 * add_to_favorites name titles; a collection banner's alias is a collection; a link to /watch/{alias} is a
 * title too; play_trailer names a trailer.
 */
export function bannerTargets(row: Pick<BannerRow, 'type' | 'targetAlias' | 'targetUrl' | 'actions'>): BannerTargets {
  const titles = new Set<string>();
  const collections = new Set<string>();
  const trailers = new Set<string>();
  if (row.type === 'product' && row.targetAlias) titles.add(row.targetAlias);
  if (row.type === 'collection' && row.targetAlias) collections.add(row.targetAlias);
  for (const url of [row.targetUrl, ...row.actions.map((a) => a.url)]) {
    const watch = url ? WATCH_LINK.exec(url) : null;
    if (watch?.[1]) titles.add(watch[1]);
  }
  for (const a of row.actions) {
    if (a.trailer_id) trailers.add(a.trailer_id);
    if (!a.alias) continue;
    if (row.type === 'product') titles.add(a.alias);
    else if (row.type === 'collection' && a.type === 'open') collections.add(a.alias);
    else if ((a.type === 'play' && row.type !== 'playlist') || a.type === 'add_to_favorites') titles.add(a.alias);
  }
  return { titles: [...titles], collections: [...collections], trailers: [...trailers] };
}

/** Banners by location (spec platform §7 posters by location), within their window and the visitor's kids scope. */
export function createBannersService(db: Db, options: { cacheTtlMs: number; revision?: CacheRevision | undefined; now: () => Date }) {
  const repo = createBannersRepo(db);
  const cache = createTtlCache<BannerList>({ name: 'banners', ttlMs: options.cacheTtlMs, revision: options.revision, maxEntries: 100 });

  async function load(location: BannerLocation, kidsOnly: boolean, kids: KidsScope | null): Promise<BannerList> {
    const rows = await repo.active(location, options.now(), kidsOnly);
    const targets = new Map(rows.map((r) => [r.id, bannerTargets(r)]));
    const all = [...targets.values()];
    const [titleRows, collectionRows, trailerRows] = await Promise.all([
      repo.titlesByAlias([...new Set(all.flatMap((t) => t.titles))]),
      repo.collectionsByAlias([...new Set(all.flatMap((t) => t.collections))], kids),
      kids ? repo.extrasById([...new Set(all.flatMap((t) => t.trailers))]) : Promise.resolve([]),
    ]);
    const titleOk = new Map(titleRows.map((t) => [t.alias, !t.isDisabled && scopeAllows(kids, t)]));
    const collectionOk = new Map(collectionRows.map((c) => [c.alias, Number(c.visible) > 0 && (!kids || c.forKids)]));
    const trailerOk = new Map(trailerRows.map((e) => [e.id, !e.isDisabled && scopeAllows(kids, e)]));
    const visible = rows.filter((row) => {
      const t = targets.get(row.id)!;
      // A banner whose title or collection is gone (or outside a child's scope) is not shown. For adults a
      // missing trailer is left to the click rule (it only logs an error); a child never gets one unchecked.
      return (
        t.titles.every((a) => titleOk.get(a) === true) &&
        t.collections.every((a) => collectionOk.get(a) === true) &&
        (!kids || t.trailers.every((id) => trailerOk.get(id) === true))
      );
    });
    return { items: visible.map(toBanner) };
  }

  return {
    /**
     * The banners of a location. for_kids (or a child session, whatever it asks) keeps kids banners only; a
     * child session also gets only banners whose targets are inside its kids scope.
     */
    list(location: BannerLocation, query: PostersQuery, kids: KidsScope | null): Promise<BannerList> {
      const kidsOnly = query.for_kids || kids !== null;
      const key = `${location}:${kidsOnly}:${scopeKey(kids)}`;
      return options.cacheTtlMs > 0 ? cache.get(key, () => load(location, kidsOnly, kids)) : load(location, kidsOnly, kids);
    },
  };
}
