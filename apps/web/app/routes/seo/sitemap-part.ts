import { visitorContext } from '../../lib/session.server.ts';
import { siteOrigin } from '../../lib/site-origin.server.ts';
import { parseSitemapFile, STATIC_SITEMAP_PATHS, urlsetXml } from '../../lib/sitemap.ts';
import type { Route } from './+types/sitemap-part';
import { notFoundFile, orNotFound, SITEMAP_HEADERS } from './sitemap.server.ts';

/** /sitemaps/{part}.xml and /sitemaps/{part}-{page}.xml: one sitemap file. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const file = parseSitemapFile(params.file);
  if (!file) throw notFoundFile();
  const { api } = context.get(visitorContext);
  let urls: { path: string; lastmod: string | null }[];
  if (file.part === 'static') {
    // The static pages list the catalogue: they change when it does.
    const { lastmod } = await api.sitemapIndex();
    urls = STATIC_SITEMAP_PATHS.map((path) => ({ path, lastmod }));
  } else {
    const { part, page } = file;
    urls = (await orNotFound(() => api.sitemapUrls(part, page))).items;
  }
  return new Response(urlsetXml(siteOrigin(request), urls), { headers: SITEMAP_HEADERS });
}
