import { useEffect } from 'react';
import { schedulePlaybackPrefetch } from './playback-prefetch.ts';

/**
 * The signed master playlist URL of a playback check, only when it entitles the viewer to play (spec
 * platform §3 Playback-check response: empty playlists mean "not entitled"; a refused check has none).
 */
export function entitledMasterUrl(check: unknown): string | null {
  if (typeof check !== 'object' || check === null || !('playlists' in check) || !('reason' in check)) return null;
  const { playlists, reason } = check;
  if (reason !== 'ok' || !Array.isArray(playlists)) return null;
  const first: unknown = playlists[0];
  if (typeof first !== 'object' || first === null) return null;
  const { url, type } = first as { url?: unknown; type?: unknown };
  if (type !== 'hls' || typeof url !== 'string' || url === '') return null;
  // Our own origin or an https CDN; anything else is not ours to fetch.
  return url.startsWith('/') && !url.startsWith('//') ? url : /^https:\/\//.test(url) ? url : null;
}

// The same modules the player's lazy import and its hls.js import load, so pressing play finds them ready.
const warmPlayerCode = () => Promise.all([import('./player.tsx'), import('hls.js')]);

/**
 * Makes pressing play on the title page fast: for an entitled viewer the master playlist
 * is prefetched from the server-rendered page (a low-priority <link rel="prefetch">, hoisted into <head>),
 * and once the page is idle the variant playlist hls.js will start with, its init segment and the player's
 * code are loaded too. Renders and fetches nothing for anyone else. Mount it once, near the stage:
 * `<ManifestPrefetch check={check} />`.
 */
export function ManifestPrefetch({ check }: { check: unknown }) {
  const url = entitledMasterUrl(check);
  useEffect(() => {
    if (!url) return;
    return schedulePlaybackPrefetch(url, warmPlayerCode);
  }, [url]);
  // crossOrigin: a cors request like hls.js's XHR, so a CDN's cache entry (Vary: Origin) matches too.
  return url ? <link rel="prefetch" href={url} crossOrigin="anonymous" /> : null;
}
