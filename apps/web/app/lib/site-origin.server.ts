import { env } from './env.server.ts';

/** The site's public origin: SITE_ORIGIN when set, else the request's (as the root loader gives it to pages). */
export function siteOrigin(request: Request): string {
  return (env.SITE_ORIGIN ?? new URL(request.url).origin).replace(/\/$/, '');
}
