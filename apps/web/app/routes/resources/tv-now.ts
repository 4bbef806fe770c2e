import { data } from 'react-router';
import type { TvNowNext } from '@ekran/contracts';
import { ApiCallError } from '../../lib/api.server.ts';
import { visitorContext } from '../../lib/session.server.ts';
import type { Route } from './+types/tv-now';

const ALIAS = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/**
 * issue 7 tvstream: what is on air on a channel now and next, for the channel page to move on when a programme
 * ends (a fetcher asks at that moment). A failure answers null: the page keeps what it shows and asks again later.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  if (!ALIAS.test(params.alias)) return data<TvNowNext | null>(null, { status: 404 });
  const { api } = context.get(visitorContext);
  try {
    return data<TvNowNext | null>(await api.tvNowNext(params.alias), { headers: { 'Cache-Control': 'no-store' } });
  } catch (err) {
    if (err instanceof ApiCallError) return data<TvNowNext | null>(null, { status: err.status >= 500 ? 502 : err.status });
    throw err;
  }
}
