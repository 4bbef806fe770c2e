import { UUID_SOURCE } from '@ekran/core';
import { TvPlaybackPath } from '@ekran/contracts';
import { createHash } from 'node:crypto';
import type { Env } from '../../env.ts';
import { safeEqual } from '../../lib/tokens.ts';

// The grants a stream session holds (docs/decisions/040-api-composition-root.md: streams own the signed grants that
// VOD playback and TV both hand out): the signature, the media URLs of VOD and the playlist URLs of TV.

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

/** How often the player reports a stream; STREAM_ALIVE_SECONDS forgives one missed beat. */
export const HEARTBEAT_INTERVAL_SECONDS = 30;

/** The public base of signed media URLs (MEDIA_BASE_URL: /api/media, or a CDN or nginx host in front of the media). */
export function mediaBaseOf(env: Env): string {
  return env.MEDIA_BASE_URL.replace(/\/+$/, '');
}

/** A media asset's signed path prefix and master playlist for a stream session, valid MEDIA_TOKEN_TTL_SECONDS. */
export function signedMedia(env: Env, now: Date, slug: string, sid: string) {
  const expiresAt = new Date(now.getTime() + env.MEDIA_TOKEN_TTL_SECONDS * 1000);
  const prefix = signMediaPrefix(env.MEDIA_TOKEN_SECRET, mediaBaseOf(env), { slug, sid, expiresAt });
  return { prefix, url: `${prefix}master.m3u8`, expiresAt };
}

// The signed playlists of live TV and recordings (docs/decisions/028-live-tv-and-recordings-
// delivery.md). They are computed by the API, so they live under the API's own base, with the very grant of the
// media (decision 016): {TvPlaybackPath.playlists}/s/{exp}/{sid}/{sig}/{key}/master.m3u8, where the key names the
// stream — live.{channel alias} or rec.{programme id}. A key holds a dot, which no media slug may, so a TV grant
// never opens media and a media grant never opens a TV playlist. The segments in the playlists are the assets'
// own files under their own grants (signedMedia above), served by the media route, nginx or a CDN as VOD is.

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

