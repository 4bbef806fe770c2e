import type { Env } from '../../env.ts';
import { signMediaPrefix } from './media-token.ts';

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
