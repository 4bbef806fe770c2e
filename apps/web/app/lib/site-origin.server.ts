import { env } from './env.server.ts';

/**
 * The site's public origin for absolute URLs (robots, sitemaps; the root loader gives the same to pages):
 * SITE_ORIGIN, never the request's Host, which a client can forge into canonical links and cached pages.
 */
export function siteOrigin(_request?: Request): string {
  return env.SITE_ORIGIN;
}
