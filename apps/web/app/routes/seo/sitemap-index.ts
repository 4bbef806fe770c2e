import { visitorContext } from '../../lib/session.server.ts';
import { siteOrigin } from '../../lib/site-origin.server.ts';
import { sitemapFilePath, sitemapIndexXml } from '../../lib/sitemap.ts';
import type { Route } from './+types/sitemap-index';
import { SITEMAP_HEADERS } from './sitemap.server.ts';

/**
 * /sitemap.xml: the sitemap index. It names the static pages' sitemap and every file of every
 * catalogue part the API has URLs for (a part over 50,000 URLs spans several files).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { api } = context.get(visitorContext);
  const index = await api.sitemapIndex();
  const files = [
    { path: sitemapFilePath('static'), lastmod: index.lastmod },
    ...index.parts.flatMap((p) => Array.from({ length: p.pages }, (_, i) => ({ path: sitemapFilePath(p.part, i + 1), lastmod: p.lastmod }))),
  ];
  return new Response(sitemapIndexXml(siteOrigin(request), files), { headers: SITEMAP_HEADERS });
}
