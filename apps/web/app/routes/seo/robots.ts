import { siteOrigin } from '../../lib/site-origin.server.ts';
import { robotsTxt } from '../../lib/sitemap.ts';
import type { Route } from './+types/robots';

/** /robots.txt with the absolute URL of the sitemap index. */
export function loader({ request }: Route.LoaderArgs) {
  return new Response(robotsTxt(siteOrigin(request)), {
    headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'public, max-age=86400' },
  });
}
