import { data } from 'react-router';
import { ApiCallError } from './api.server.ts';
import type { CardView } from './card-view.ts';
import type { ListingPortion, PortionResult } from './listing.ts';

// The answers of the portion resources of the infinite grid (routes/resources/titles.ts, list-titles.ts).

/** A request the portion resource cannot read: 400, and the API is not asked. */
export const badPortionRequest = <T = CardView>() => data<PortionResult<T>>({ error: 'bad-request' }, { status: 400 });

/**
 * The next portion, or an error the grid shows with a retry, never the error screen: the API's own status below
 * 500 (400 is a bad request), 502 when the API failed.
 */
export async function portionAnswer<T = CardView>(load: () => Promise<ListingPortion<T>>) {
  try {
    return data<PortionResult<T>>(await load(), { headers: { 'cache-control': 'private, max-age=30' } });
  } catch (err) {
    const status = err instanceof ApiCallError && err.status < 500 ? err.status : 502;
    return data<PortionResult<T>>({ error: status === 400 ? 'bad-request' : 'failed' }, { status });
  }
}
