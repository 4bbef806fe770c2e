import { ApiPath, SearchResponseSchema, SearchSuggestResponseSchema } from '@ekran/contracts';
import type { ApiCall } from './api-call.server.ts';

/** Search: the search page's results and the header input's suggestions, for loaders. */
export function searchApi(call: ApiCall) {
  return {
    search: (q: string, limit?: number) => call(SearchResponseSchema, ApiPath.search, { query: { q, limit } }),
    searchSuggest: (q: string, signal?: AbortSignal) => call(SearchSuggestResponseSchema, ApiPath.searchSuggest, { query: { q }, ...(signal ? { signal } : {}) }),
  };
}
