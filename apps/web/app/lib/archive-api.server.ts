import { ApiPath, CatchupFiltersSchema, CatchupItemSchema, CatchupListSchema, CatchupSearchSchema } from '@ekran/contracts';
import type { ApiCall } from './api-call.server.ts';

/** The catch-up API's list query as the site sends it: comma lists of genres and years, a portion, the kids scope. */
export interface CatchupsQuery {
  category?: 'movies' | 'series' | undefined;
  genre?: string | undefined;
  year?: string | undefined;
  limit: number;
  skip: number;
  for_kids: boolean;
}

/**
 * The calls of the catch-up archive (spec catalogue §7: GET /v2/multiplex/catchups with category,
 * genre, year, limit, skip and for_kids; its filters; search with q, limit 40). Outside RU they answer 403
 * tv_not_available (platform §6); a child session gets its kids scope whatever it asks.
 */
export function archiveApi(call: ApiCall) {
  return {
    catchups: (query: CatchupsQuery) => call(CatchupListSchema, ApiPath.catchups, { query: { ...query } }),
    /** The filter groups; with a category, its genres and years only. */
    catchupFilters: (forKids: boolean, category?: 'movies' | 'series' | null) =>
      call(CatchupFiltersSchema, ApiPath.catchupFilters, { query: { for_kids: forKids, ...(category ? { category } : {}) } }),
    catchupSearch: (q: string, forKids: boolean) => call(CatchupSearchSchema, ApiPath.catchupSearch, { query: { q, for_kids: forKids } }),
    /** One catch-up item: by a recording id, or by a title's or a channel's alias (its newest recording). */
    catchup: (id: string) => call(CatchupItemSchema, ApiPath.catchup(id)),
  };
}
