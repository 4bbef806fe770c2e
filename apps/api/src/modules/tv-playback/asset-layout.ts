// What a packaged asset holds, read from its own playlists (the master and every media playlist), for laying it on
// a channel's loop. Segment durations come from the files, never from media_assets.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Env } from '../../env.ts';
import { parseAttributes, parseMediaPlaylist } from '../../media/hls.ts';
import type { SourceSegment } from './live-playlist.ts';
import { signMediaPrefix, mediaBaseOf } from '../streams/media-grants.ts';

/** A media playlist of the asset, its URIs made relative to the asset's root. */
export interface AssetMediaPlaylist {
  map: string | null;
  segments: SourceSegment[];
}

/** A video variant (EXT-X-STREAM-INF) of the asset's master. */
export interface AssetVariant {
  uri: string;
  bandwidth: number;
  averageBandwidth: number | null;
  width: number;
  height: number;
  frameRate: number | null;
  codecs: string | null;
  /** The AUDIO group it plays with; null: its audio is muxed into the video segments (or it has none). */
  audioGroup: string | null;
  playlist: AssetMediaPlaylist;
}

/** An audio rendition (EXT-X-MEDIA TYPE=AUDIO) of the asset's master. */
export interface AssetAudio {
  groupId: string;
  lang: string | null;
  name: string;
  isDefault: boolean;
  channels: string | null;
  uri: string;
  playlist: AssetMediaPlaylist;
}

export interface AssetLayout {
  slug: string;
  variants: AssetVariant[];
  audio: AssetAudio[];
}

/** A master playlist's entries, before their media playlists are read. */
export interface MasterEntries {
  variants: Omit<AssetVariant, 'playlist'>[];
  audio: Omit<AssetAudio, 'playlist'>[];
}

/**
 * A URI of a playlist, relative to the asset's root; null for anything that leaves the asset (an absolute URL or
 * path, "..") — our packaging writes only relative names, so anything else is not ours to follow.
 */
export function assetRelative(playlistUri: string, uri: string): string | null {
  if (/^[a-z][a-z0-9+.-]*:/i.test(uri) || uri.startsWith('/')) return null;
  const joined = path.posix.normalize(path.posix.join(path.posix.dirname(playlistUri), uri));
  if (joined.startsWith('..') || joined.startsWith('/') || joined === '.') return null;
  return joined;
}

const numberOr = (value: string | undefined, fallback: number | null) => {
  const n = value === undefined ? NaN : Number(value);
  return Number.isFinite(n) ? n : fallback;
};

/** Reads the entries of a master playlist (RFC 8216 §4.3.4): its video variants and audio renditions. */
export function parseMasterPlaylist(text: string): MasterEntries {
  const out: MasterEntries = { variants: [], audio: [] };
  let pending: Record<string, string> | null = null;
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trim();
    if (line === '') continue;
    if (line.startsWith('#EXT-X-STREAM-INF:')) {
      pending = parseAttributes(line.slice('#EXT-X-STREAM-INF:'.length));
    } else if (line.startsWith('#EXT-X-MEDIA:')) {
      const a = parseAttributes(line.slice('#EXT-X-MEDIA:'.length));
      if (a.TYPE !== 'AUDIO' || !a.URI || !a['GROUP-ID']) continue;
      out.audio.push({
        groupId: a['GROUP-ID'], lang: a.LANGUAGE ?? null, name: a.NAME ?? a.LANGUAGE ?? 'Audio', isDefault: a.DEFAULT === 'YES',
        channels: a.CHANNELS ?? null, uri: a.URI,
      });
    } else if (!line.startsWith('#') && pending) {
      const [w, h] = (pending.RESOLUTION ?? '').split('x').map(Number);
      out.variants.push({
        uri: line,
        bandwidth: numberOr(pending.BANDWIDTH, 0)!,
        averageBandwidth: numberOr(pending['AVERAGE-BANDWIDTH'], null),
        width: Number.isFinite(w) ? w! : 0,
        height: Number.isFinite(h) ? h! : 0,
        frameRate: numberOr(pending['FRAME-RATE'], null),
        codecs: pending.CODECS ?? null,
        audioGroup: pending.AUDIO ?? null,
      });
      pending = null;
    }
  }
  return out;
}

/** Reads a media playlist of the asset (at `uri`, asset-relative), its map and segments made asset-relative. */
export function toAssetPlaylist(uri: string, text: string): AssetMediaPlaylist {
  const parsed = parseMediaPlaylist(text);
  const rel = (u: string) => {
    const r = assetRelative(uri, u);
    if (!r) throw new Error(`${uri}: ${u} is outside the asset`);
    return r;
  };
  if (parsed.segments.length === 0) throw new Error(`${uri}: no segments`);
  return { map: parsed.mapUri ? rel(parsed.mapUri) : null, segments: parsed.segments.map((s) => ({ duration: s.duration, uri: rel(s.uri) })) };
}

/** Reads a file of an asset by its path relative to the asset's root. */
export type AssetFileReader = (slug: string, file: string) => Promise<string>;

/** An asset's layout: its master, then each media playlist it names. */
export async function readAssetLayout(slug: string, read: AssetFileReader): Promise<AssetLayout> {
  const master = parseMasterPlaylist(await read(slug, 'master.m3u8'));
  const playlist = async (uri: string) => {
    const rel = assetRelative('master.m3u8', uri);
    if (!rel) throw new Error(`${slug}/master.m3u8: ${uri} is outside the asset`);
    return toAssetPlaylist(rel, await read(slug, rel));
  };
  return {
    slug,
    variants: await Promise.all(master.variants.map(async (v) => ({ ...v, uri: assetRelative('master.m3u8', v.uri) ?? v.uri, playlist: await playlist(v.uri) }))),
    audio: await Promise.all(master.audio.map(async (a) => ({ ...a, uri: assetRelative('master.m3u8', a.uri) ?? a.uri, playlist: await playlist(a.uri) }))),
  };
}

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** Local media (MEDIA_STORAGE=local): the files under MEDIA_DIR, as the media route serves them. */
export function localAssetReader(mediaDir: string): AssetFileReader {
  const root = path.resolve(mediaDir);
  return async (slug, file) => {
    if (!SLUG.test(slug)) throw new Error(`not a media slug: ${slug}`);
    return readFile(path.join(root, slug, file), 'utf8');
  };
}

/**
 * Media in a bucket behind a CDN or nginx (MEDIA_STORAGE=s3, an absolute MEDIA_BASE_URL): the playlists are
 * fetched through a grant of our own, exactly as a player would.
 */
export function httpAssetReader(env: Env, fetchImpl: typeof fetch = fetch): AssetFileReader {
  return async (slug, file) => {
    const prefix = signMediaPrefix(env.MEDIA_TOKEN_SECRET, mediaBaseOf(env), { slug, sid: 'tv-playlists', expiresAt: new Date(Date.now() + 300_000) });
    const res = await fetchImpl(`${prefix}${file}`, { signal: AbortSignal.timeout(10_000) });
    if (!res.ok) throw new Error(`${slug}/${file}: the media host answered ${res.status}`);
    return res.text();
  };
}

/** The reader of the settings: local files, or the media host when the media live in a bucket. */
export function assetReaderFor(env: Env): AssetFileReader {
  return env.MEDIA_STORAGE === 's3' && /^https?:\/\//.test(env.MEDIA_BASE_URL) ? httpAssetReader(env) : localAssetReader(env.MEDIA_DIR);
}
