import { isNothingThere } from '../../lib/api.server.ts';

/** Sitemaps are read by crawlers a few times a day; they are not pages to show in results. */
export const SITEMAP_HEADERS = {
  'content-type': 'application/xml; charset=utf-8',
  'cache-control': 'public, max-age=3600',
  'x-robots-tag': 'noindex',
} as const;

/** The answer to a sitemap file that does not exist. */
export const notFoundFile = () => new Response('Not Found', { status: 404, headers: { 'content-type': 'text/plain; charset=utf-8' } });

/** An API 404 (a page past the last) is this file's 404; other failures are errors. */
export async function orNotFound<T>(load: () => Promise<T>): Promise<T> {
  try {
    return await load();
  } catch (err) {
    if (isNothingThere(err)) throw notFoundFile();
    throw err;
  }
}
