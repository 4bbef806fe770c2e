import { LIST_PAGE_SIZE } from '@ekran/core';
import { data } from 'react-router';
import { z } from 'zod';
import { ApiCallError } from '../../lib/api.server.ts';
import { visitorContext } from '../../lib/session.server.ts';
import type { Route } from './+types/banner-queue';
import type { BannerQueue } from '../../lib/resource-answers.ts';

export type { BannerQueue, QueueItem } from '../../lib/resource-answers.ts';

const Query = z.object({
  kind: z.enum(['product', 'playlist']),
  alias: z.string().min(1).max(160).regex(/^[a-z0-9-]+$/),
});

/**
 * What a banner's play action plays (spec platform §4 Banner click, step 1): a playlist's items in order (the
 * playlist loader), or the one title (the product loader), with the visitor's session so the kids scope holds.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const parsed = Query.safeParse(Object.fromEntries(new URL(request.url).searchParams));
  if (!parsed.success) return data<BannerQueue>({ error: { code: 'BAD_REQUEST' } }, { status: 400 });
  const { kind, alias } = parsed.data;
  const { api } = context.get(visitorContext);
  try {
    if (kind === 'playlist') {
      const playlist = await api.playlist(alias, { skip: 0, limit: LIST_PAGE_SIZE.playlist });
      return data<BannerQueue>({ items: playlist.items.map((i) => ({ uid: i.uid, title: i.title, alias: i.alias })) });
    }
    const title = await api.title(alias);
    return data<BannerQueue>({ items: [{ uid: title.uid, title: title.title, alias: title.alias }] });
  } catch (err) {
    if (err instanceof ApiCallError && err.status < 500) return data<BannerQueue>({ error: { code: err.body?.code ?? 'ERROR' } }, { status: err.status });
    throw err;
  }
}
