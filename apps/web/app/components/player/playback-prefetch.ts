import { defaultPlayerSize, pickStartLevel, seededEstimate, startEstimate, type PlayerSize, type StartLevelCandidate } from './hls-config.ts';

// The title page warms what pressing play needs (docs/decisions/020-startup-hls-tuning.md):
// the master playlist, the variant playlist hls.js will start with and its init segment go into the HTTP
// cache (the media routes answer `private, max-age` ≥ 60 s, so hls.js's requests for the same URLs are
// served from it), and the player's and hls.js's code is loaded. Media segments are not fetched: a viewer
// who only reads the page should not pay for video. GET requests for media only: no stream starts (a stream
// session counts from the player's first heartbeat).

export interface MasterVariant extends StartLevelCandidate {
  /** As written in the playlist (usually relative to it). */
  uri: string;
}

/** The variants (EXT-X-STREAM-INF) of a master playlist with their BANDWIDTH and RESOLUTION. */
export function parseMasterPlaylist(text: string): MasterVariant[] {
  const lines = text.split(/\r?\n/).map((l) => l.trim());
  if (lines[0] !== '#EXTM3U') return [];
  const variants: MasterVariant[] = [];
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (!line.startsWith('#EXT-X-STREAM-INF:')) continue;
    const attrs = line.slice('#EXT-X-STREAM-INF:'.length);
    const bandwidth = Number(/(?:^|,)BANDWIDTH=(\d+)/.exec(attrs)?.[1]);
    const resolution = /(?:^|,)RESOLUTION=(\d+)x(\d+)/.exec(attrs);
    let j = i + 1;
    while (j < lines.length && (lines[j] === '' || lines[j]!.startsWith('#'))) j++;
    const uri = lines[j];
    if (!uri || !Number.isFinite(bandwidth) || bandwidth <= 0) continue;
    variants.push({ uri, bitrate: bandwidth, ...(resolution ? { width: Number(resolution[1]), height: Number(resolution[2]) } : {}) });
    i = j;
  }
  return variants;
}

/** The init segment (EXT-X-MAP URI) of a media playlist, if it has one. */
export function initSegmentUri(text: string): string | null {
  return /^#EXT-X-MAP:.*?URI="([^"]+)"/m.exec(text)?.[1] ?? null;
}

/** The variant hls.js will load first with tunedHlsConfig, for this seed and player. */
export function predictStartVariant(variants: readonly MasterVariant[], seedBps: number, player: PlayerSize | null): MasterVariant | null {
  const index = pickStartLevel(variants, startEstimate(seedBps), player);
  return index < 0 ? null : variants[index]!;
}

export interface PrefetchOptions {
  signal?: AbortSignal;
  fetch?: typeof fetch;
  /** Default: the browser's seeded estimate (stored measurement, connection, default). */
  seedBps?: number;
  /** Default: the title page's stage. */
  player?: PlayerSize | null;
}

/**
 * Fetches the master playlist, the variant hls.js will start with and that variant's init segment, in
 * order, each at low priority, each read to its end so the HTTP cache keeps it; resolves with the URLs it
 * fetched. Any failure stops the chain quietly: the player loads what is missing itself.
 */
export async function prefetchPlayback(masterUrl: string, options: PrefetchOptions = {}): Promise<string[]> {
  const doFetch = options.fetch ?? globalThis.fetch.bind(globalThis);
  const fetched: string[] = [];
  const base = typeof location === 'undefined' ? 'http://localhost/' : location.href;
  const get = async (url: string) => {
    // The same mode and credentials as hls.js's XHR (cors, same-origin cookies) so the cache entry matches.
    const init: RequestInit & { priority?: 'low' } = { method: 'GET', credentials: 'same-origin', signal: options.signal ?? null, priority: 'low' };
    const response = await doFetch(url, init);
    const body = await response.text();
    if (!response.ok) throw new Error(`${response.status}`);
    fetched.push(url);
    return body;
  };
  try {
    const master = new URL(masterUrl, base);
    const variants = parseMasterPlaylist(await get(master.href));
    const seedBps = options.seedBps ?? seededEstimate().bps;
    const player = options.player === undefined ? defaultPlayerSize() : options.player;
    const variant = predictStartVariant(variants, seedBps, player);
    if (!variant) return fetched;
    const variantUrl = new URL(variant.uri, master);
    const init = initSegmentUri(await get(variantUrl.href));
    if (init) await get(new URL(init, variantUrl).href);
  } catch {
    // aborted, offline, expired grant: nothing to warm
  }
  return fetched;
}

type IdleWindow = Window & { requestIdleCallback?: (cb: () => void, opts?: { timeout: number }) => number; cancelIdleCallback?: (id: number) => void };

/** Runs `task` once the page is idle (after load; at most `timeoutMs` later); returns a cancel function. */
export function whenIdle(task: () => void, timeoutMs = 3000): () => void {
  const w = window as IdleWindow;
  let idleId: number | null = null;
  let timer: ReturnType<typeof setTimeout> | null = null;
  const schedule = () => {
    if (w.requestIdleCallback) idleId = w.requestIdleCallback(task, { timeout: timeoutMs });
    else timer = setTimeout(task, 200); // Safari: no idle callback; shortly after load is close enough
  };
  const onLoad = () => schedule();
  if (document.readyState === 'complete') schedule();
  else window.addEventListener('load', onLoad, { once: true });
  return () => {
    window.removeEventListener('load', onLoad);
    if (idleId !== null) w.cancelIdleCallback?.(idleId);
    if (timer !== null) clearTimeout(timer);
  };
}

/** Whether the viewer's connection asks us not to fetch ahead (Save-Data, 2G). */
export function connectionForbidsPrefetch(): boolean {
  const c = (navigator as Navigator & { connection?: { saveData?: boolean; effectiveType?: string } }).connection;
  return Boolean(c?.saveData) || c?.effectiveType === 'slow-2g' || c?.effectiveType === '2g';
}

/**
 * On an idle page: the playlists (above) and the code (`warm`, e.g. importing the player and hls.js).
 * Returns a cancel function (leaving the page aborts what is still loading). `onSettled` hears when both
 * are done, with the URLs fetched (the TTFF harness waits on it).
 */
export function schedulePlaybackPrefetch(
  masterUrl: string,
  warm: () => Promise<unknown>,
  options: Omit<PrefetchOptions, 'signal'> & { onSettled?: (fetched: string[]) => void } = {},
): () => void {
  const controller = new AbortController();
  const { onSettled, ...prefetchOptions } = options;
  const cancelIdle = whenIdle(() => {
    if (connectionForbidsPrefetch()) return;
    const playlists = prefetchPlayback(masterUrl, { ...prefetchOptions, signal: controller.signal });
    const code = warm().catch(() => undefined); // a failed chunk loads again when the viewer presses play
    if (onSettled) void Promise.all([playlists, code]).then(([fetched]) => onSettled(fetched));
  });
  return () => {
    cancelIdle();
    controller.abort();
  };
}
