import { SEARCH_QUERY_MAX, isBlankSearchQuery } from '@ekran/core';
import type { SearchSuggestResponse } from '@ekran/contracts';
import { data } from 'react-router';
import { ApiCallError } from '../../lib/api.server.ts';
import { visitorContext } from '../../lib/session.server.ts';
import type { Route } from './+types/search-suggest';

/**
 * Suggestions of the search input, loaded by its fetcher while the viewer types. The API answers
 * for the visitor's session, so a child profile gets only its titles. Suggestions are a convenience: any
 * failure answers an empty list (with its status), never an error screen.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const q = (new URL(request.url).searchParams.get('q') ?? '').trim();
  const none = (status = 200) => data<SearchSuggestResponse>({ query: q, items: [] }, { status });
  // spec catalogue §5: an empty query has empty results; a too long one is not worth asking about.
  if (isBlankSearchQuery(q)) return none();
  if (q.length > SEARCH_QUERY_MAX) return none(400);
  const { api } = context.get(visitorContext);
  try {
    const result = await api.searchSuggest(q, request.signal);
    return data<SearchSuggestResponse>(result, { headers: { 'Cache-Control': 'private, max-age=60' } });
  } catch (err) {
    if (request.signal.aborted) return none(499);
    return none(err instanceof ApiCallError ? err.status : 502);
  }
}
