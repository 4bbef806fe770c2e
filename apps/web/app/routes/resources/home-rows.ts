import { data } from 'react-router';
import { z } from 'zod';
import { ApiCallError } from '../../lib/api.server.ts';
import type { RowView } from '../../lib/card-view.ts';
import { visitorContext } from '../../lib/session.server.ts';
import { loadLaterHomeRows } from '../home/home-page.server.ts';
import type { Route } from './+types/home-rows';

const QuerySchema = z.object({ kids: z.enum(['0', '1']) });

export type HomeRowsAnswer = { rows: RowView[] } | { error: 'bad-request' | 'failed' };

/**
 * The home rows below the first screens (routes/home/home-page.server.ts), fetched as the viewer scrolls to them:
 * the adult home's or the kids home's. A child profile always gets its kids rows, as its home does. A failure is an
 * answer the page shows as rows that stay empty, never the error screen.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const parsed = QuerySchema.safeParse(Object.fromEntries(new URL(request.url).searchParams));
  if (!parsed.success) return data<HomeRowsAnswer>({ error: 'bad-request' }, { status: 400 });
  const { api, auth } = context.get(visitorContext);
  const kids = parsed.data.kids === '1' || (auth?.profile_for_child ?? false);
  try {
    return data<HomeRowsAnswer>({ rows: await loadLaterHomeRows(api, kids) }, { headers: { 'cache-control': 'private, max-age=60' } });
  } catch (err) {
    const status = err instanceof ApiCallError && err.status < 500 ? err.status : 502;
    return data<HomeRowsAnswer>({ error: 'failed' }, { status });
  }
}
