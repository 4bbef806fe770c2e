import type Hls from 'hls.js';
import type { ErrorData, FragLoadedData } from 'hls.js';
import { qualityOptions, type QualityOption } from '@ekran/core';
import { fragmentBandwidth, recordBandwidth, tunedHlsConfig } from './hls-config.ts';
import { withFreshPrefix, withFreshPrefixes } from './stream-session.ts';

/** An audio or subtitle track as the menus show it. */
export interface MediaTrack {
  id: number;
  name: string;
  lang: string;
}

/** How the engine is doing: loading the source, playing it, recovering from an error, or given up. */
export type EngineStatus = 'loading' | 'ready' | 'recovering' | 'offline' | 'failed';

export interface EngineOptions {
  src: string;
  startAt: number;
  /** The freshest signed prefix of the media (from the stream heartbeats), or null. */
  freshPrefix: () => string | null;
  /** Fresh prefixes of the other assets the stream plays from (a TV recording's loop). */
  morePrefixes?: (() => readonly string[]) | undefined;
  /** The remembered picture height (null: «Авто»). */
  preferredHeight: number | null;
  /** The remembered subtitle language (null: off). */
  preferredSubtitles: string | null;
  /** Tracks for the quality, audio and subtitle menus: false for prerolls and postrolls. */
  menus: boolean;
  /** A live TV stream (start at the live edge; the duration is infinite). */
  live?: boolean | undefined;
}

export interface EngineEvents {
  status: (status: EngineStatus) => void;
  levels: (options: QualityOption[]) => void;
  /** The rendition playing now (hls level index) and whether the choice is automatic. */
  level: (index: number, auto: boolean) => void;
  audioTracks: (tracks: MediaTrack[], current: number) => void;
  subtitleTracks: (tracks: MediaTrack[], current: number) => void;
}

/** What the player can ask of the running engine. */
export interface Engine {
  readonly kind: 'hls' | 'native';
  setLevel(index: number): void;
  setAudioTrack(id: number): void;
  setSubtitleTrack(id: number): void;
  destroy(): void;
  /** Live: where the live edge is to play from (hls.js liveSyncPosition), null when unknown. */
  liveEdge(): number | null;
  /** The wall-clock time of the picture, from EXT-X-PROGRAM-DATE-TIME; null without one. */
  playingDate(): Date | null;
  /** The hls.js instance, for tests and the data attributes (null when the browser plays HLS itself). */
  readonly hls: Hls | null;
}

/** Delays before each retry of a failed network load (then the error message). */
export const NETWORK_RETRY_DELAYS_MS = [1_000, 2_000, 4_000, 8_000, 16_000];
/** Media errors this long after the previous one count as a new problem, not the same one again. */
const MEDIA_ERROR_WINDOW_MS = 30_000;

const tracksOf = (list: readonly { id?: number; name?: string; lang?: string }[]): MediaTrack[] =>
  list.map((t, i) => ({ id: t.id ?? i, name: t.name || t.lang || String(i + 1), lang: t.lang ?? '' }));

/**
 * Plays an HLS source in a video element: through hls.js (imported here, on demand) where Media Source works,
 * else natively (Safari on iPhone). Recovery: a fatal network error retries with backoff
 * (hls.startLoad) and waits for the connection when offline; a fatal media error tries recoverMediaError, then
 * swapAudioCodec with another recoverMediaError; anything else, or retries used up, is `failed` and the
 * player offers «Повторить». Every media request goes through xhrSetup, which swaps in the freshest signed
 * prefix, so a long film outlives its first short-lived token.
 */
export async function createEngine(video: HTMLVideoElement, opts: EngineOptions, on: EngineEvents): Promise<Engine> {
  const { default: HlsImpl } = await import('hls.js');
  if (!HlsImpl.isSupported()) return nativeEngine(video, opts, on);

  const hls = new HlsImpl({
    ...tunedHlsConfig({ startAt: opts.live ? 0 : opts.startAt }),
    // Live TV starts three segments behind the edge (every viewer about the same moment) and its
    // duration is infinite, so nothing offers a seek bar over the sliding window.
    ...(opts.live ? { liveSyncDurationCount: 3, liveDurationInfinity: true } : {}),
    xhrSetup(xhr, url) {
      const prefix = opts.freshPrefix();
      const fresh = withFreshPrefixes(url, [...(prefix ? [prefix] : []), ...(opts.morePrefixes?.() ?? [])], window.location.href);
      // hls.js opens the request itself only while readyState is 0; opening it here sends the fresh URL.
      if (fresh !== url) xhr.open('GET', fresh, true);
    },
  });
  let destroyed = false;
  let networkRetries = 0;
  let retryTimer: ReturnType<typeof setTimeout> | null = null;
  let mediaErrors = 0;
  let lastMediaError = 0;
  let waitingOnline: (() => void) | null = null;

  const fail = () => on.status('failed');
  const retryNetwork = () => {
    if (!navigator.onLine) {
      on.status('offline');
      if (!waitingOnline) {
        waitingOnline = () => {
          window.removeEventListener('online', waitingOnline!);
          waitingOnline = null;
          if (destroyed) return;
          on.status('recovering');
          hls.startLoad();
        };
        window.addEventListener('online', waitingOnline);
      }
      return;
    }
    const delay = NETWORK_RETRY_DELAYS_MS[networkRetries++];
    if (delay === undefined) return fail();
    on.status('recovering');
    if (retryTimer) clearTimeout(retryTimer); // one pending retry at a time
    retryTimer = setTimeout(() => {
      if (!destroyed) hls.startLoad();
    }, delay);
  };

  hls.on(HlsImpl.Events.ERROR, (_e, error: ErrorData) => {
    if (!error.fatal || destroyed) return;
    if (error.type === HlsImpl.ErrorTypes.NETWORK_ERROR) return retryNetwork();
    if (error.type === HlsImpl.ErrorTypes.MEDIA_ERROR) {
      const now = Date.now();
      if (now - lastMediaError > MEDIA_ERROR_WINDOW_MS) mediaErrors = 0;
      lastMediaError = now;
      mediaErrors++;
      if (mediaErrors === 1) {
        on.status('recovering');
        return hls.recoverMediaError();
      }
      if (mediaErrors === 2) {
        on.status('recovering');
        hls.swapAudioCodec();
        return hls.recoverMediaError();
      }
    }
    fail();
  });
  hls.on(HlsImpl.Events.FRAG_LOADED, (_e, data: FragLoadedData) => {
    networkRetries = 0;
    // A small fragment or one served from cache says nothing about the network (hls-config.ts).
    const bps = fragmentBandwidth(data.frag.stats);
    if (bps !== null) recordBandwidth(bps);
  });
  hls.on(HlsImpl.Events.MANIFEST_PARSED, () => {
    if (!opts.menus) return;
    const options = qualityOptions(hls.levels.map((l, index) => ({ index, height: l.height, bitrate: l.bitrate })));
    on.levels(options);
    if (opts.preferredHeight !== null && options.length > 0) {
      // The remembered height, or the best one below it (another title may not have that rendition).
      const pick = options.find((o) => o.height <= opts.preferredHeight!) ?? options[options.length - 1]!;
      hls.currentLevel = pick.index;
    }
  });
  hls.on(HlsImpl.Events.LEVEL_SWITCHED, (_e, data) => on.level(data.level, hls.autoLevelEnabled));
  hls.on(HlsImpl.Events.FRAG_BUFFERED, () => on.status('ready'));
  hls.on(HlsImpl.Events.AUDIO_TRACKS_UPDATED, () => on.audioTracks(tracksOf(hls.audioTracks), hls.audioTrack));
  hls.on(HlsImpl.Events.AUDIO_TRACK_SWITCHED, () => on.audioTracks(tracksOf(hls.audioTracks), hls.audioTrack));
  hls.on(HlsImpl.Events.SUBTITLE_TRACKS_UPDATED, () => {
    const tracks = tracksOf(hls.subtitleTracks);
    const preferred = opts.preferredSubtitles ? tracks.find((t) => t.lang === opts.preferredSubtitles) : undefined;
    if (opts.menus) {
      hls.subtitleDisplay = true;
      hls.subtitleTrack = preferred ? preferred.id : -1;
    }
    on.subtitleTracks(tracks, hls.subtitleTrack);
  });
  hls.on(HlsImpl.Events.SUBTITLE_TRACK_SWITCH, () => on.subtitleTracks(tracksOf(hls.subtitleTracks), hls.subtitleTrack));

  on.status('loading');
  hls.loadSource(opts.src);
  hls.attachMedia(video);

  return {
    kind: 'hls',
    hls,
    setLevel(index) {
      // -1: back to «Авто»; a rendition: switch now (the buffer ahead is replaced), as a viewer expects.
      hls.currentLevel = index;
      if (index === -1) on.level(hls.currentLevel, true);
    },
    setAudioTrack(id) {
      hls.audioTrack = id;
    },
    setSubtitleTrack(id) {
      hls.subtitleDisplay = id >= 0;
      hls.subtitleTrack = id;
    },
    liveEdge: () => hls.liveSyncPosition,
    playingDate: () => hls.playingDate,
    destroy() {
      destroyed = true;
      if (retryTimer) clearTimeout(retryTimer);
      if (waitingOnline) window.removeEventListener('online', waitingOnline);
      hls.destroy();
    },
  };
}

/** Safari on iPhone plays HLS itself: no quality menu; an error after the token expired reloads a fresh URL. */
function nativeEngine(video: HTMLVideoElement, opts: EngineOptions, on: EngineEvents): Engine {
  if (!video.canPlayType('application/vnd.apple.mpegurl')) {
    on.status('failed');
    return { kind: 'native', hls: null, setLevel() {}, setAudioTrack() {}, setSubtitleTrack() {}, liveEdge: () => null, playingDate: () => null, destroy() {} };
  }
  let reloaded = false;
  const onMetadata = () => {
    if (opts.startAt > 0 && opts.startAt < video.duration) video.currentTime = opts.startAt;
  };
  const onReady = () => on.status('ready');
  const onError = () => {
    const prefix = opts.freshPrefix();
    const fresh = prefix ? withFreshPrefix(video.currentSrc || opts.src, prefix, window.location.href) : null;
    if (!reloaded && fresh && fresh !== video.currentSrc) {
      // The signed URL expired under a long film: go on from the same place with the fresh one.
      reloaded = true;
      const at = video.currentTime;
      on.status('recovering');
      video.src = fresh;
      video.addEventListener('loadedmetadata', () => (video.currentTime = at), { once: true });
      return;
    }
    on.status('failed');
  };
  video.addEventListener('loadedmetadata', onMetadata, { once: true });
  video.addEventListener('canplay', onReady);
  video.addEventListener('error', onError);
  on.status('loading');
  video.src = opts.src;
  return {
    kind: 'native',
    hls: null,
    setLevel() {},
    setAudioTrack() {},
    setSubtitleTrack(id) {
      Array.from(video.textTracks).forEach((track, i) => (track.mode = i === id ? 'showing' : 'disabled'));
    },
    // Safari's own live HLS: the seekable range ends at the live edge; getStartDate() is the first segment's date.
    liveEdge: () => (opts.live && video.seekable.length ? video.seekable.end(video.seekable.length - 1) : null),
    playingDate: () => {
      const start = (video as HTMLVideoElement & { getStartDate?: () => Date }).getStartDate?.();
      return start && Number.isFinite(start.getTime()) ? new Date(start.getTime() + video.currentTime * 1000) : null;
    },
    destroy() {
      video.removeEventListener('canplay', onReady);
      video.removeEventListener('error', onError);
      video.removeAttribute('src');
      video.load();
    },
  };
}
