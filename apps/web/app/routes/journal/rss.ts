import { API_KEY_HEADER, ApiPath } from '@ekran/contracts';
import { env } from '../../lib/env.server.ts';

/**
 * /journal/rss.xml: the journal's RSS feed, written by the API (the `feed` package is its dependency) and served here
 * as it is, so readers subscribe to the site's own address.
 */
export async function loader() {
  const res = await fetch(new URL(ApiPath.journalRss, env.API_URL), { headers: { [API_KEY_HEADER]: env.WEB_API_KEY }, signal: AbortSignal.timeout(10_000) });
  if (!res.ok) throw new Response('Service Unavailable', { status: 503, headers: { 'content-type': 'text/plain; charset=utf-8', 'retry-after': '60' } });
  return new Response(await res.text(), { headers: { 'content-type': 'application/rss+xml; charset=utf-8', 'cache-control': 'public, max-age=600' } });
}
