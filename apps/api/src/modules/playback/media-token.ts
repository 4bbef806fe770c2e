import { createHash } from 'node:crypto';
import { safeEqual } from '../../lib/tokens.ts';

// Path-prefix signed URLs (they replaced the query tokens of decision 004).
//
// Media URLs carry their grant in the path, so the playlists can be static files, relative URIs resolve under
// the same grant, and a CDN or nginx (secure_link) can check it without calling the API:
//   {base}/s/{exp}/{sid}/{sig}/{slug}/master.m3u8
// exp: expiry in epoch seconds; sid: the stream session (bound to account and device);
// sig: base64url, unpadded, of MD5("{exp}/{sid}/{slug} {secret}"), which is what
//   secure_link $sig,$exp;  secure_link_md5 "$secure_link_expires/$sid/$slug <secret>";
// computes (docs/decisions/016-media-pipeline-and-signed-delivery.md). MD5 is what nginx offers; the secret sits last and URLs live minutes.

export interface MediaGrant {
  slug: string;
  sid: string;
  expiresAt: Date;
}

/**
 * The signature of a grant (nginx secure_link_md5 compatible). exp is signed as the text in the URL, as nginx's
 * $secure_link_expires is: "0123" and "123" are different grants.
 */
export function mediaSignature(secret: string, slug: string, sid: string, exp: number | string): string {
  return createHash('md5').update(`${exp}/${sid}/${slug} ${secret}`).digest('base64url');
}

/** The signed path prefix of an asset, ending in a slash: `${base}/s/{exp}/{sid}/{sig}/{slug}/`. */
export function signMediaPrefix(secret: string, base: string, grant: MediaGrant): string {
  const exp = Math.floor(grant.expiresAt.getTime() / 1000);
  return `${base}/s/${exp}/${grant.sid}/${mediaSignature(secret, grant.slug, grant.sid, exp)}/${grant.slug}/`;
}

/**
 * An expiry as nginx's secure_link reads it (ngx_atotm, then `expires <= 0` is refused): decimal digits only, no
 * sign, no space, no overflow, above zero. Stricter in one way: no leading zero, which signMediaPrefix never
 * writes, so one grant has one spelling. 12 digits reach the year 33658. null when it is not such a number.
 */
export function parseGrantExpiry(text: string): number | null {
  return /^[1-9][0-9]{0,11}$/.test(text) ? Number(text) : null;
}

/** Whether a grant read from a path is genuine and not expired; the signature covers exp as written. */
export function verifyMediaGrant(secret: string, parts: { exp: string; sid: string; sig: string; slug: string }, now: Date): boolean {
  const exp = parseGrantExpiry(parts.exp);
  if (exp === null || exp * 1000 <= now.getTime()) return false;
  return safeEqual(parts.sig, mediaSignature(secret, parts.slug, parts.sid, parts.exp));
}
