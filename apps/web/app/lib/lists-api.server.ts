import {
  ApiPath, ContinueWatchingListSchema, FavoriteAliasesSchema, FavoriteStateSchema, FavoritesListSchema, HistoryListSchema, ProgressStateSchema,
  RatedListSchema, RatingStateSchema, TitleStateSchema, type ListQuery, type ProgressReport,
} from '@ekran/contracts';
import { z } from 'zod';
import type { ApiCall } from './api-call.server.ts';

/** Personal lists of the current profile, for loaders and actions. */
export function listsApi(call: ApiCall) {
  const page = (q: Partial<ListQuery> = {}) => ({ query: { limit: q.limit, skip: q.skip, for_kids: q.for_kids || undefined } });
  return {
    favorites: (q?: Partial<ListQuery>) => call(FavoritesListSchema, ApiPath.favorites, page(q)),
    favoriteAliases: () => call(FavoriteAliasesSchema, ApiPath.favoriteAliases),
    addFavorite: (alias: string) => call(FavoriteStateSchema, ApiPath.favorite(alias), { method: 'PUT' }),
    removeFavorite: (alias: string) => call(FavoriteStateSchema, ApiPath.favorite(alias), { method: 'DELETE' }),
    continueWatching: (q?: Partial<ListQuery>) => call(ContinueWatchingListSchema, ApiPath.continueWatching, page(q)),
    history: (q?: Partial<ListQuery>) => call(HistoryListSchema, ApiPath.history, page(q)),
    removeHistoryItem: (alias: string) => call(z.null(), ApiPath.historyItem(alias), { method: 'DELETE' }),
    clearHistory: () => call(z.null(), ApiPath.history, { method: 'DELETE' }),
    rated: (q?: Partial<ListQuery>) => call(RatedListSchema, ApiPath.rated, page(q)),
    rate: (alias: string, value: number) => call(RatingStateSchema, ApiPath.rating(alias), { method: 'PUT', body: JSON.stringify({ value }) }),
    removeRating: (alias: string) => call(RatingStateSchema, ApiPath.rating(alias), { method: 'DELETE' }),
    titleState: (alias: string) => call(TitleStateSchema, ApiPath.titleState(alias)),
    reportProgress: (body: ProgressReport) => call(ProgressStateSchema, ApiPath.progress, { method: 'PUT', body: JSON.stringify(body) }),
  };
}
