import { DAY_MS, HOUR_MS, MINUTE_MS } from '@ekran/core';
import type { HlsConfig } from 'hls.js';

// Start-up tuning of hls.js 1.7 (docs/decisions/020-startup-hls-tuning.md).
//
// hls.js picks its first rendition from a bandwidth estimate before it has measured anything: by default
// 500 kbit/s, raised to the first variant's bitrate (at most 5 Mbit/s), and it allows that rendition's
// fragment to take as long as the fragment plays (a 4 s segment at 100% of the link takes 4 s). We seed
// the estimate instead from what this browser last measured ('ekran.bw' in localStorage, decayed with age),
// else from the Network Information API, else from a default for Moscow broadband and 4G, and scale it so
// the first fragment arrives within FIRST_FRAGMENT_BUDGET_SECONDS. hls.js climbs after the first fragment
// with real samples, so a modest first rendition costs a few seconds of quality and saves start-up time.
//
// This module is imported by the player (lazy) and by the title page's prefetch (to predict the rendition
// hls.js will load first); it touches window only inside functions, so it is safe to import on the server.

/** localStorage key of the last measured bandwidth: {"v":1,"bps":…,"at":epoch ms,"net":"4g"|…}. */
export const BANDWIDTH_STORAGE_KEY = 'ekran.bw';

/**
 * Without any measurement: Moscow home broadband is typically 100+ Mbit/s and the city's 4G/LTE medians are
 * tens of Mbit/s, but a phone indoors or on the metro's Wi-Fi sees far less; 4 Mbit/s is what nearly every
 * viewer gets, and (with the budget below) it starts SD-to-HD rather than the 360p of hls.js defaults.
 */
export const DEFAULT_BANDWIDTH_BPS = 4_000_000;

/** A measurement this recent is trusted as it is (a viewer moving between titles on the same network). */
export const FRESH_MS = 15 * MINUTE_MS;
/** After FRESH_MS a measurement's weight halves every HALF_LIFE_MS towards the fallback … */
export const HALF_LIFE_MS = 2 * HOUR_MS;
/** … and one older than this says nothing about today's network: ignored. */
export const MAX_AGE_MS = DAY_MS;

/** How long the first fragment may take to arrive at the estimated bandwidth (seconds). */
export const FIRST_FRAGMENT_BUDGET_SECONDS = 1;
/** Our media pipeline cuts 4 s segments (2 s keyframes); the budget is shared over one of them. */
export const DEFAULT_SEGMENT_SECONDS = 4;

/** Bounds of any seed: below this nothing plays anyway; above it a sample was a cache hit, not the network. */
const MIN_SEED_BPS = 150_000;
const MAX_SEED_BPS = 200_000_000;
/** A viewer who asked the browser to save data starts no higher than this (hls.js may climb later). */
const SAVE_DATA_CAP_BPS = 1_500_000;
/** Weight of a new sample against a fresh stored value (log-space EWMA: one odd fragment cannot swing it). */
const SAMPLE_WEIGHT = 0.3;
/** Fragments smaller than this measure latency rather than throughput. */
const MIN_SAMPLE_BYTES = 32 * 1024;

/** What the Network Information API tells (Chromium browsers; absent in Safari and Firefox). */
export interface ConnectionInfo {
  /** Effective downlink in Mbit/s (Chromium rounds it and caps it at 10). */
  downlink?: number;
  effectiveType?: string;
  type?: string;
  saveData?: boolean;
}

export interface SeedInput {
  now: number;
  /** The raw stored value of BANDWIDTH_STORAGE_KEY, or null. */
  stored: string | null;
  connection: ConnectionInfo | null;
}

export type SeedSource = 'measured' | 'network' | 'default';

export interface Seed {
  bps: number;
  source: SeedSource;
}

interface StoredBandwidth {
  v: 1;
  bps: number;
  at: number;
  net: string | null;
}

const clamp = (bps: number) => Math.min(MAX_SEED_BPS, Math.max(MIN_SEED_BPS, bps));

/** The network a measurement was taken on ("wifi", "4g", …), so a phone leaving Wi-Fi does not reuse it. */
export function networkKind(connection: ConnectionInfo | null): string | null {
  return connection?.type ?? connection?.effectiveType ?? null;
}

function parseStored(raw: string | null): StoredBandwidth | null {
  if (!raw) return null;
  try {
    const value: unknown = JSON.parse(raw);
    if (typeof value !== 'object' || value === null) return null;
    const { v, bps, at, net } = value as Record<string, unknown>;
    if (v !== 1 || typeof bps !== 'number' || typeof at !== 'number') return null;
    if (!Number.isFinite(bps) || bps <= 0 || !Number.isFinite(at)) return null;
    return { v: 1, bps, at, net: typeof net === 'string' ? net : null };
  } catch {
    return null;
  }
}

/** The estimate without a stored measurement: the browser's own downlink estimate, else the default. */
function fallbackSeed(connection: ConnectionInfo | null): Seed {
  const downlink = connection?.downlink;
  if (typeof downlink === 'number' && Number.isFinite(downlink) && downlink > 0) return { bps: clamp(downlink * 1e6), source: 'network' };
  return { bps: DEFAULT_BANDWIDTH_BPS, source: 'default' };
}

/**
 * The bandwidth to start from (pure: the caller passes the clock, the stored value and the connection).
 * A measurement younger than FRESH_MS is used as is; then it blends (geometrically) into the fallback with a
 * half-life of HALF_LIFE_MS; older than MAX_AGE_MS, from the future (clock changes) or from another kind of
 * network, it is ignored. saveData caps the result.
 */
export function seedBandwidth({ now, stored, connection }: SeedInput): Seed {
  const fallback = fallbackSeed(connection);
  let seed = fallback;
  const measured = parseStored(stored);
  const net = networkKind(connection);
  if (measured && measured.at <= now && now - measured.at < MAX_AGE_MS && (measured.net === null || net === null || measured.net === net)) {
    const age = now - measured.at;
    const weight = age <= FRESH_MS ? 1 : 0.5 ** ((age - FRESH_MS) / HALF_LIFE_MS);
    const bps = weight === 1 ? measured.bps : Math.exp(weight * Math.log(clamp(measured.bps)) + (1 - weight) * Math.log(fallback.bps));
    seed = { bps: Math.round(clamp(bps)), source: 'measured' };
  }
  if (connection?.saveData) seed = { ...seed, bps: Math.min(seed.bps, SAVE_DATA_CAP_BPS) };
  return seed;
}

/** The stored value after a new sample (pure): a log-space EWMA with a fresh value on the same network. */
export function nextStoredBandwidth(previousRaw: string | null, sampleBps: number, now: number, net: string | null): string | null {
  if (!Number.isFinite(sampleBps) || sampleBps <= 0 || sampleBps > MAX_SEED_BPS * 5) return null;
  const sample = clamp(sampleBps);
  const previous = parseStored(previousRaw);
  const usable = previous && previous.at <= now && now - previous.at <= FRESH_MS && previous.net === net;
  const bps = usable ? Math.exp((1 - SAMPLE_WEIGHT) * Math.log(clamp(previous.bps)) + SAMPLE_WEIGHT * Math.log(sample)) : sample;
  const value: StoredBandwidth = { v: 1, bps: Math.round(bps), at: now, net };
  return JSON.stringify(value);
}

function browserConnection(): ConnectionInfo | null {
  if (typeof navigator === 'undefined') return null;
  return (navigator as Navigator & { connection?: ConnectionInfo }).connection ?? null;
}

function readStored(): string | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage.getItem(BANDWIDTH_STORAGE_KEY);
  } catch {
    return null; // storage disabled (privacy settings): behave as a first visit
  }
}

/** The seeded estimate in this browser now (the stored measurement, the connection, or the default). */
export function seededEstimate(): Seed {
  return seedBandwidth({ now: Date.now(), stored: readStored(), connection: browserConnection() });
}

/**
 * Remembers a measured bandwidth (bits/s) for the next start: call it with each fragment's throughput
 * (see fragmentBandwidth) or with hls.bandwidthEstimate once hls.js has measured. Bad values are ignored.
 */
export function recordBandwidth(bps: number): void {
  try {
    if (typeof localStorage === 'undefined') return;
    const next = nextStoredBandwidth(localStorage.getItem(BANDWIDTH_STORAGE_KEY), bps, Date.now(), networkKind(browserConnection()));
    if (next) localStorage.setItem(BANDWIDTH_STORAGE_KEY, next);
  } catch {
    // storage full or disabled: the next start uses the connection or the default
  }
}

/** hls.js LoaderStats, the part we read (FRAG_LOADED's data.frag.stats). */
export interface FragmentStats {
  loaded: number;
  loading: { start: number; first: number; end: number };
}

/**
 * A fragment's throughput in bits/s, or null when it measures nothing: too small (latency, not throughput)
 * or delivered by the browser cache (no time spent). Includes the time to first byte, as a start does.
 */
export function fragmentBandwidth(stats: FragmentStats): number | null {
  const ms = stats.loading.end - stats.loading.start;
  if (stats.loaded < MIN_SAMPLE_BYTES || !(ms >= 5)) return null;
  return (stats.loaded * 8 * 1000) / ms;
}

/** The estimate hls.js starts from: what lets a first fragment arrive within the budget at the seed. */
export function startEstimate(seedBps: number, segmentSeconds: number = DEFAULT_SEGMENT_SECONDS): number {
  const seconds = Number.isFinite(segmentSeconds) && segmentSeconds > 0 ? segmentSeconds : DEFAULT_SEGMENT_SECONDS;
  return Math.max(MIN_SEED_BPS, Math.round((seedBps * Math.min(FIRST_FRAGMENT_BUDGET_SECONDS, seconds)) / seconds));
}

/** A rendition as hls.js (hls.levels) or the master playlist describes it. */
export interface StartLevelCandidate {
  bitrate: number;
  width?: number;
  height?: number;
}

export interface PlayerSize {
  width: number;
  height: number;
  pixelRatio: number;
}

/**
 * Devices beyond 2x pixels get no visible gain from a larger rendition at start (a phone's 6" screen shows
 * 720p and 1080p alike), only a heavier first fragment; hls.js applies the same cap (maxDevicePixelRatio).
 */
export const MAX_DEVICE_PIXEL_RATIO = 2;

/**
 * The index (into `levels`) of the rendition to start with, as hls.js 1.7 chooses it with our config:
 * among renditions no larger than the player (capLevelToPlayerSize: the smallest whose width or height
 * covers the player's longer side in device pixels, else the largest), the highest bitrate not above
 * `estimateBps`; if none fits, the lowest. Levels are compared in hls.js's order (height, then bitrate).
 */
export function pickStartLevel(levels: readonly StartLevelCandidate[], estimateBps: number, player: PlayerSize | null): number {
  if (levels.length === 0) return -1;
  const order = levels.map((level, index) => ({ level, index })).sort((a, b) => (a.level.height ?? 0) - (b.level.height ?? 0) || a.level.bitrate - b.level.bitrate);
  let cap = order.length - 1;
  if (player && player.width > 0 && player.height > 0) {
    const side = Math.max(player.width, player.height) * Math.min(Math.max(player.pixelRatio, 1), MAX_DEVICE_PIXEL_RATIO);
    const found = order.findIndex(({ level }, i) => {
      const next = order[i + 1]?.level;
      const covers = (level.width ?? 0) >= side || (level.height ?? 0) >= side;
      const greatestOfSize = !next || next.width !== level.width || next.height !== level.height;
      return covers && greatestOfSize;
    });
    if (found >= 0) cap = found;
  }
  for (let i = cap; i >= 0; i--) if (order[i]!.level.bitrate <= estimateBps) return order[i]!.index;
  return order[0]!.index;
}

/**
 * hls.js settings for video on demand, tuned for a fast start. `startAt`: resume position in seconds.
 * `levels`: the renditions, when the caller knows them before creating hls.js (then the start level is
 * fixed here; otherwise hls.js derives the same choice from the seeded estimate). `player`: its size, for
 * that choice (default: the title page's full-width 16:9 stage).
 */
export function tunedHlsConfig(opts: {
  startAt?: number;
  levels?: readonly StartLevelCandidate[];
  player?: PlayerSize;
  segmentSeconds?: number;
}): Partial<HlsConfig> {
  const estimate = startEstimate(seededEstimate().bps, opts.segmentSeconds);
  const startAt = opts.startAt ?? 0;
  const resume = Number.isFinite(startAt) && startAt > 0;
  return {
    // The seeded, budget-scaled estimate replaces hls.js's 500 kbit/s guess (and its raise to the first
    // variant's bitrate, which applies only when this is not set). It is used until the first fragment
    // is measured; from then on hls.js's own EWMA decides.
    abrEwmaDefaultEstimate: estimate,
    // -1: hls.js picks the highest rendition under the estimate within the player cap (pickStartLevel
    // mirrors it, so the title page can prefetch that rendition's playlist). testBandwidth would instead
    // load the lowest rendition's first fragment as a speed test before choosing: a wasted request.
    startLevel: opts.levels?.length ? pickStartLevel(opts.levels, estimate, opts.player ?? defaultPlayerSize()) : -1,
    testBandwidth: false,
    // Load the first fragment while the MediaSource is still opening instead of after it.
    startFragPrefetch: true,
    // Never fetch renditions larger than the player shows; 2x pixels at most (see MAX_DEVICE_PIXEL_RATIO).
    capLevelToPlayerSize: true,
    maxDevicePixelRatio: MAX_DEVICE_PIXEL_RATIO,
    // VOD: 30 s ahead rides out a tunnel or a congested cell (hls.js's default); hls.js would otherwise
    // grow the buffer to 600 s while bytes allow, which costs a phone's traffic for a film the viewer may
    // leave, and holds segments of signed URLs long after a stream is stopped. 120 s is ample.
    maxBufferLength: 30,
    maxMaxBufferLength: 120,
    // Keep 30 s behind the playhead for instant ←10 s seeks; the default (Infinity) lets a two-hour film
    // fill the SourceBuffer until the browser evicts (QuotaExceededError on phones and TVs).
    backBufferLength: 30,
    // No low-latency live features for VOD (partial segments, blocking playlist reloads).
    lowLatencyMode: false,
    // Progressive (fetch-streamed) loading helps only with chunked CMAF fragments, which our 4 s fMP4
    // segments are not, and it bypasses xhrSetup, which the player uses to renew signed media URLs.
    progressive: false,
    // Transmuxing off the main thread keeps the page responsive while the first fragments arrive.
    enableWorker: true,
    // Resuming: start at the saved position's segment boundary (at most one segment earlier, a useful
    // reminder) so the first frame is a keyframe already in the buffer, not a decode-and-seek into it.
    ...(resume ? { startPosition: startAt, startOnSegmentBoundary: true } : {}),
  };
}

/** The player on the title page: the full-width stage at 16:9, at most 82% of the viewport's height. */
export function defaultPlayerSize(): PlayerSize | null {
  if (typeof window === 'undefined') return null;
  const width = document.documentElement?.clientWidth || window.innerWidth;
  if (!width) return null;
  return { width, height: Math.min((width * 9) / 16, window.innerHeight * 0.82), pixelRatio: window.devicePixelRatio || 1 };
}
