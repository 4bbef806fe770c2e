import { UUID_SOURCE } from '@ekran/core';
import { TvPlaybackPath } from '@ekran/contracts';
import type { Env } from '../../env.ts';
import { signMediaPrefix } from '../playback/media-token.ts';

// The signed playlists of live TV and recordings (docs/decisions/028-live-tv-and-recordings-
// delivery.md). They are computed by the API, so they live under the API's own base, with the very grant of the
// media (decision 016): {TvPlaybackPath.playlists}/s/{exp}/{sid}/{sig}/{key}/master.m3u8, where the key names the
// stream — live.{channel alias} or rec.{programme id}. A key holds a dot, which no media slug may, so a TV grant
// never opens media and a media grant never opens a TV playlist. The segments in the playlists are the assets'
// own files under their own grants (signed-media.ts), served by the media route, nginx or a CDN as VOD is.

const LIVE = /^live\.([a-z0-9]+(?:-[a-z0-9]+)*)$/;
const RECORDING = new RegExp(`^rec\\.(${UUID_SOURCE})$`);

/** What a TV key names. */
export type TvKey = { kind: 'live'; alias: string } | { kind: 'recording'; id: string };

export const liveKey = (alias: string) => `live.${alias}`;
export const recordingKey = (id: string) => `rec.${id.toLowerCase()}`;

/** The stream a key names, or null for anything else (a media slug, a forged key). */
export function parseTvKey(key: string): TvKey | null {
  const live = LIVE.exec(key);
  if (live) return { kind: 'live', alias: live[1]! };
  const rec = RECORDING.exec(key);
  return rec ? { kind: 'recording', id: rec[1]! } : null;
}

/** Whether a stream session's media key is a TV stream's (the heartbeat signs those under the TV base). */
export const isTvKey = (key: string) => parseTvKey(key) !== null;

/** A TV stream's signed prefix and master playlist for a stream session, valid MEDIA_TOKEN_TTL_SECONDS (as VOD). */
export function signedTv(env: Env, now: Date, key: string, sid: string) {
  const expiresAt = new Date(now.getTime() + env.MEDIA_TOKEN_TTL_SECONDS * 1000);
  const prefix = signMediaPrefix(env.MEDIA_TOKEN_SECRET, TvPlaybackPath.playlists, { slug: key, sid, expiresAt });
  return { prefix, url: `${prefix}master.m3u8`, expiresAt };
}

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
