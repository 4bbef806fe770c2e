import type { TvSchedule } from '@ekran/contracts';
import { isIsoDate } from '@ekran/core';
import { data } from 'react-router';
import { ApiCallError } from '../../lib/api.server.ts';
import { visitorContext } from '../../lib/session.server.ts';
import { isTvAlias } from '../tv/tv-pages.server.ts';
import type { Route } from './+types/tv-schedule';

/**
 * A channel's day (?date=, default today) in the viewer's tz, for the channel page to move on when the
 * programme on air ends (components/tv/use-tv-live.ts useRefreshed asks at that moment). A failure answers null: the
 * page keeps what it shows and asks again later.
 */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const date = new URL(request.url).searchParams.get('date');
  if (!isTvAlias(params.alias) || (date !== null && !isIsoDate(date))) return data<TvSchedule | null>(null, { status: 404 });
  const { api, tz } = context.get(visitorContext);
  try {
    return data<TvSchedule | null>(await api.tvSchedule(params.alias, { tz, date: date ?? undefined }), { headers: { 'Cache-Control': 'no-store' } });
  } catch (err) {
    if (err instanceof ApiCallError) return data<TvSchedule | null>(null, { status: err.status >= 500 ? 502 : err.status });
    throw err;
  }
}
