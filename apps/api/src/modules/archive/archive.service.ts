import type { CatchupFilters, CatchupItem, CatchupList, CatchupListQuery, CatchupSearch, CatchupSearchQuery } from '@ekran/contracts';
import { ARCHIVE_CATEGORY_TITLES, normalizeSearchText, type ArchiveCategory, isUuid, kidsScopeOf, type KidsScope } from '@ekran/core';
import type { Deps } from '../../deps.ts';
import { notFound } from '../../lib/errors.ts';
import type { SessionContext } from '../sessions/session-context.ts';
import { toCatchupItem } from './archive.mapper.ts';
import { createArchiveRepo, type ArchiveQuery } from './archive.repo.ts';

/** The titles an answer may hold: a child session's kids scope, or kids titles when asked for_kids. */
const scopeOf = (session: SessionContext | null, forKids: boolean): KidsScope | null => kidsScopeOf(session) ?? (forKids ? { ratings: null } : null);


// spec catalogue §3 Filter group titles (the spec does not show them; the interface may translate by alias).
const GROUP_TITLES = { category: 'Тип', genre: 'Жанр', year: 'Год' } as const;

/**
 * The catch-up archive (spec catalogue §1-§5, §7): recordings of our films and series that aired,
 * offered until expired_at (14 days after airing), newest airing first. The geo rule (RU only) is the routes'.
 */
export function createArchiveService(deps: Pick<Deps, 'database' | 'now'>) {
  const repo = createArchiveRepo(deps.database.db);

  /** Items of title ids, in that order; `ids` names the recording an item stands for. */
  async function items(titleIds: string[], now: Date, ids: Map<string, string> = new Map()): Promise<CatchupItem[]> {
    const [titles, genres, broadcasts, episodeTitles] = await Promise.all([repo.titles(titleIds), repo.genres(titleIds), repo.broadcasts(titleIds, now), repo.episodeTitles(titleIds)]);
    const byId = new Map(titles.map((t) => [t.id, t]));
    return titleIds.flatMap((titleId) => {
      const title = byId.get(titleId);
      if (!title) return [];
      return [
        toCatchupItem(title, {
          id: ids.get(titleId),
          genres: genres.filter((g) => g.titleId === titleId).map((g) => g.title),
          broadcasts: broadcasts.filter((b) => b.titleId === titleId),
          episodeTitle: (season, episode) => episodeTitles.get(`${titleId}/${season}/${episode}`),
        }),
      ];
    });
  }

  return {
    /** spec catalogue §7 GET /v2/multiplex/catchups: one portion, newest airing first; skip capped at items_total. */
    async list(session: SessionContext | null, query: CatchupListQuery): Promise<CatchupList> {
      const now = deps.now();
      const filter: ArchiveQuery = {
        category: query.category ?? null,
        genres: [...new Set([...(query.genre ?? []), ...(query.genres ?? [])])],
        years: [...new Set(query.year ?? [])],
        kids: scopeOf(session, query.for_kids),
      };
      const total = await repo.count(filter, now);
      // spec platform §4 Lists: "skip advances by page size, capped at items_total".
      const skip = Math.min(query.skip, total);
      const ids = skip < total ? await repo.page(filter, now, query.limit, skip) : [];
      return { items: await items(ids, now), items_total: total, skip, limit: query.limit };
    },

    /**
     * spec catalogue §7 GET /v2/multiplex/catchups/filters: the groups of what the archive holds now. With a category
     * chosen, the genres and years are that category's (a genre only series have is no choice among films); the
     * categories are always all of them, since choosing one replaces the other (catalogue §4).
     */
    async filters(session: SessionContext | null, forKids: boolean, category: ArchiveCategory | null = null): Promise<CatchupFilters> {
      const now = deps.now();
      const scope: ArchiveQuery = { category: null, genres: [], years: [], kids: scopeOf(session, forKids) };
      const [facets, within] = await Promise.all([repo.facets(scope, now), category ? repo.facets({ ...scope, category }, now) : null]);
      const categories = (['movies', 'series'] as const).filter((c) => facets.kinds.includes(c === 'movies' ? 'movie' : 'series'));
      return {
        items: [
          { alias: 'category', title: GROUP_TITLES.category, items: categories.map((c) => ({ alias: c, title: ARCHIVE_CATEGORY_TITLES[c] })) },
          { alias: 'genre', title: GROUP_TITLES.genre, items: (within ?? facets).genres },
          { alias: 'year', title: GROUP_TITLES.year, items: (within ?? facets).years.map((y) => ({ alias: String(y), title: String(y) })) },
        ],
      };
    },

    /** spec catalogue §7 search catchups: titles whose name contains q, newest airing first; an empty q finds nothing. */
    async search(session: SessionContext | null, query: CatchupSearchQuery): Promise<CatchupSearch> {
      const text = normalizeSearchText(query.q);
      if (!text) return { items: [] };
      const now = deps.now();
      const ids = await repo.page({ category: null, genres: [], years: [], kids: scopeOf(session, query.for_kids), text }, now, query.limit, 0);
      return { items: await items(ids, now) };
    },

    /**
     * One catch-up item: by a recording's id, its title with every recording offered now (the id stays the one
     * asked for); by a title's alias, the same with its newest recording's id; by a channel's alias, the channel's
     * newest recording. Catch-up ids are programme ids that come and go with the guide, so a link that must last (a
     * banner's catchup action) names a title or a channel. 404 once nothing is offered.
     */
    async item(session: SessionContext | null, id: string, forKids = false): Promise<CatchupItem> {
      const now = deps.now();
      const scope: ArchiveQuery = { category: null, genres: [], years: [], kids: scopeOf(session, forKids) };
      let titleId: string | null;
      let recording: string | null = null;
      if (isUuid(id)) {
        titleId = await repo.titleOfRecording(id, scope, now);
        recording = id;
      } else {
        titleId = await repo.titleOfAlias(id, scope, now);
        if (!titleId) {
          const newest = await repo.newestOfChannel(id, scope, now);
          titleId = newest?.titleId ?? null;
          recording = newest?.id ?? null;
        }
      }
      if (!titleId) throw notFound(`Recording ${id}`);
      const [item] = await items([titleId], now, recording ? new Map([[titleId, recording]]) : new Map());
      if (!item) throw notFound(`Recording ${id}`);
      return item;
    },
  };
}
