// Pages rendered for nobody in particular, marked so that shared caches (server/page-cache.js, a CDN or nginx in
// front) may keep them. docs/decisions/044-shared-page-cache.md

/**
 * The request headers a page without a visitor still depends on: the user agent (mobile view, a crawler gets the
 * whole page at once, the archive's page size) and the cookies (kids mode, the TV guide's time zone, a one-time
 * notice). The host is part of the address every cache keys on (the gift host renders another home), and nothing
 * reads Accept-Language: a page without a visitor is in Russian.
 */
export const SHARED_PAGE_VARY = ['User-Agent', 'Cookie'] as const;

/**
 * Marks a document answered to a visitor without a session as public for `seconds` (s-maxage; browsers revalidate
 * every time, max-age=0) and `staleSeconds` more while a cache fetches it again. Only a 200 HTML page that sets no
 * cookie and has no policy of its own; with `seconds` 0 nothing is marked.
 */
export function markForSharedCache(response: Response, settings: { seconds: number; staleSeconds: number }): void {
  if (settings.seconds <= 0 || response.status !== 200) return;
  if (!(response.headers.get('content-type') ?? '').startsWith('text/html')) return;
  if (response.headers.has('cache-control') || response.headers.getSetCookie().length > 0) return;
  response.headers.set('Cache-Control', `public, max-age=0, s-maxage=${settings.seconds}, stale-while-revalidate=${settings.staleSeconds}`);
  const vary = (response.headers.get('vary') ?? '').split(',').map((h) => h.trim()).filter(Boolean);
  for (const header of SHARED_PAGE_VARY) if (!vary.some((h) => h.toLowerCase() === header.toLowerCase())) vary.push(header);
  response.headers.set('Vary', vary.join(', '));
}
