
/** An init segment's grant in a live playlist is renewed in steps this long (a new URL, one more init request). */
export const MAP_GRANT_STEP_SECONDS = 300;
/** A URL in a live playlist keeps at least this long of its grant. */
export const MIN_GRANT_LEFT_SECONDS = 60;

/**
 * The expiry (epoch s) of a URL's grant in a live playlist, the same on every reload (see live-playlist.ts
 * UrlAnchor): a segment's is its end plus the grant's life (MEDIA_TOKEN_TTL_SECONDS, as VOD): it is listed only
 * for a window's length after it ends, well within that. An init segment's runs from its item's start, and a long
 * item (a film on air for hours) moves it on in MAP_GRANT_STEP_SECONDS steps so it never has less than
 * MIN_GRANT_LEFT_SECONDS left.
 */
export function liveGrantExpiry(anchor: { kind: 'segment' | 'map'; atMs: number }, nowMs: number, ttlSeconds: number): number {
  const base = Math.ceil(anchor.atMs / 1000) + ttlSeconds;
  const needed = Math.ceil(nowMs / 1000) + MIN_GRANT_LEFT_SECONDS;
  if (base >= needed) return base;
  return base + Math.ceil((needed - base) / MAP_GRANT_STEP_SECONDS) * MAP_GRANT_STEP_SECONDS;
}
