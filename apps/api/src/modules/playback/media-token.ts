import { hmac, safeEqual } from '../../lib/tokens.ts';

/**
 * A media token grants one asset until it expires: "{expiry epoch seconds}.{HMAC(slug:expiry)}".
 * It rides in the query of the master playlist; every playlist the API serves is rewritten so each
 * segment and init URL carries it too.
 */
export function signMediaToken(secret: string, slug: string, expiresAt: Date): string {
  const exp = Math.floor(expiresAt.getTime() / 1000);
  return `${exp}.${hmac(secret, `${slug}:${exp}`)}`;
}

/** Whether a token is genuine for this asset and not expired. */
export function verifyMediaToken(secret: string, slug: string, token: string | undefined, now: Date): boolean {
  if (!token || token.length > 128) return false;
  const dot = token.indexOf('.');
  if (dot < 1) return false;
  const exp = Number(token.slice(0, dot));
  if (!Number.isSafeInteger(exp) || exp * 1000 <= now.getTime()) return false;
  return safeEqual(token.slice(dot + 1), hmac(secret, `${slug}:${exp}`));
}

/** Appends the token to every URI of an HLS playlist: plain URI lines and URI="…" attributes. */
export function rewritePlaylist(text: string, token: string): string {
  const withToken = (uri: string) => `${uri}${uri.includes('?') ? '&' : '?'}token=${encodeURIComponent(token)}`;
  return text
    .split('\n')
    .map((line) => {
      const trimmed = line.trim();
      if (trimmed === '') return line;
      if (!trimmed.startsWith('#')) return withToken(trimmed);
      return line.replace(/URI="([^"]+)"/g, (_, uri: string) => `URI="${withToken(uri)}"`);
    })
    .join('\n');
}
