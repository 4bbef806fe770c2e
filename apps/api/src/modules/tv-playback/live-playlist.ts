// Live TV and recordings as HLS, computed from the wall clock (docs/decisions/028-live-tv-and-
// recordings-delivery.md). Pure: no I/O, no clock of its own; the caller passes the time and how to sign a URL.
//
// A channel loops over its media assets (loop items) from its loop_epoch: item i of cycle k starts at
// epoch + k × cycle + (the durations of the items before it). Every track (a video rendition, an audio
// rendition) is cut from the same instants, so a segment's place on the wall clock is the same for every
// viewer and every request. Times are integer microseconds, so exact boundaries stay exact.

/** One segment of a source media playlist; uri is relative to the asset's root (e.g. "720p/seg_003.m4s"). */
export interface SourceSegment {
  duration: number;
  uri: string;
}

/** One loop item of a track: the asset, its init segment (EXT-X-MAP, asset-relative) and its segments. */
export interface TrackItemSource {
  slug: string;
  map: string | null;
  segments: readonly SourceSegment[];
}

/** A track of the channel (one rendition) over every loop item, in loop order. */
export interface LoopTrack {
  id: string;
  items: readonly TrackItemSource[];
}

interface CompiledItem {
  slug: string;
  map: string | null;
  /** Segment starts within the item (µs), ascending; starts[0] is 0. */
  starts: number[];
  durations: number[];
  uris: string[];
}

/** A track laid on the channel's loop: what locating and writing segments needs, computed once. */
export interface CompiledTrack {
  id: string;
  items: CompiledItem[];
  /** Start of each item within the cycle (µs). */
  itemStarts: number[];
  /** Length of each item (µs), the same for every track of the channel. */
  itemMicros: number[];
  cycleMicros: number;
  /** Segments of the cycle before each item. */
  countBefore: number[];
  perCycle: number;
  /** EXT-X-TARGETDURATION: the longest segment of the cycle, rounded to the nearest second (RFC 8216 §4.3.3.1). */
  targetDuration: number;
}

/** A segment of the channel's timeline. */
export interface TimelineSegment {
  /** Its number since the loop began: EXT-X-MEDIA-SEQUENCE counts these. */
  sequence: number;
  /** Its discontinuity sequence number: loop items begun before it (EXT-X-DISCONTINUITY-SEQUENCE). */
  discontinuity: number;
  /** Start, µs since the loop's epoch. */
  start: number;
  duration: number;
  /** Start of its loop item's run (this cycle's), µs since the loop's epoch. */
  itemStart: number;
  slug: string;
  map: string | null;
  uri: string;
}

/** Thrown for times before the loop began: nothing has been on air yet. */
export class NotOnAirError extends Error {
  constructor() {
    super('The channel has nothing on air yet');
    this.name = 'NotOnAirError';
  }
}

export const MICROS = 1_000_000;
export const toMicros = (seconds: number) => Math.round(seconds * MICROS);
/** Segments in a live playlist: 6 × 4 s, over the three target durations RFC 8216 §6.2.2 asks for, with room to spare. */
export const LIVE_WINDOW_SEGMENTS = 6;

/**
 * The length of each loop item: the first track's (the channel's lowest video rendition: every rendition of an
 * asset is cut at the same instants).
 */
export function itemLengths(reference: LoopTrack): number[] {
  return reference.items.map((item) => item.segments.reduce((sum, s) => sum + toMicros(s.duration), 0));
}

/**
 * Lays a track on the loop. Every track of an item must end where the item ends, or the tracks would drift
 * apart cycle after cycle: an audio rendition whose AAC frames end 21 ms past the video keeps the segments that
 * start within the item and its last segment is cut to the item's end in the playlist (only EXTINF changes; the
 * player maps each item's media by the discontinuity, not by the sum of durations). A track shorter than the item
 * has its last segment stretched the same way.
 */
export function compileTrack(track: LoopTrack, itemMicros: readonly number[]): CompiledTrack {
  if (track.items.length === 0 || track.items.length !== itemMicros.length) throw new Error(`track ${track.id}: ${track.items.length} items for ${itemMicros.length} loop items`);
  const items: CompiledItem[] = track.items.map((item, i) => {
    const length = itemMicros[i]!;
    if (!(length > 0)) throw new Error(`track ${track.id}: loop item ${i} (${item.slug}) has no duration`);
    const starts: number[] = [];
    const durations: number[] = [];
    const uris: string[] = [];
    let at = 0;
    for (const s of item.segments) {
      if (at >= length) break;
      starts.push(at);
      durations.push(toMicros(s.duration));
      uris.push(s.uri);
      at += toMicros(s.duration);
    }
    if (starts.length === 0) throw new Error(`track ${track.id}: loop item ${i} (${item.slug}) has no segments`);
    const last = starts.length - 1;
    durations[last] = length - starts[last]!;
    return { slug: item.slug, map: item.map, starts, durations, uris };
  });
  const itemStarts: number[] = [];
  const countBefore: number[] = [];
  let cycle = 0;
  let count = 0;
  for (const [i, item] of items.entries()) {
    itemStarts.push(cycle);
    countBefore.push(count);
    cycle += itemMicros[i]!;
    count += item.starts.length;
  }
  const longest = Math.max(...items.flatMap((item) => item.durations));
  return {
    id: track.id, items, itemStarts, itemMicros: [...itemMicros], cycleMicros: cycle, countBefore, perCycle: count,
    targetDuration: Math.max(1, Math.round(longest / MICROS)),
  };
}

/** The last index whose value is at most x in an ascending list (0 when x is below the first). */
function lastAtMost(list: readonly number[], x: number): number {
  let lo = 0;
  let hi = list.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (list[mid]! <= x) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

/** Segment number `sequence` of the track's timeline. */
export function segmentBySequence(track: CompiledTrack, sequence: number): TimelineSegment {
  if (!Number.isSafeInteger(sequence) || sequence < 0) throw new RangeError(`no segment ${sequence}`);
  const k = Math.floor(sequence / track.perCycle);
  const r = sequence - k * track.perCycle;
  const i = lastAtMost(track.countBefore, r);
  const j = r - track.countBefore[i]!;
  const item = track.items[i]!;
  return {
    sequence,
    discontinuity: k * track.items.length + i,
    start: k * track.cycleMicros + track.itemStarts[i]! + item.starts[j]!,
    duration: item.durations[j]!,
    itemStart: k * track.cycleMicros + track.itemStarts[i]!,
    slug: item.slug,
    map: item.map,
    uri: item.uris[j]!,
  };
}

/** The number of the segment playing at `t` µs since the epoch (its start ≤ t < its end). */
export function sequenceAt(track: CompiledTrack, t: number): number {
  if (!(t >= 0)) throw new NotOnAirError();
  const k = Math.floor(t / track.cycleMicros);
  const inCycle = t - k * track.cycleMicros;
  const i = lastAtMost(track.itemStarts, inCycle);
  const j = lastAtMost(track.items[i]!.starts, inCycle - track.itemStarts[i]!);
  return k * track.perCycle + track.countBefore[i]! + j;
}

/** µs since the loop's epoch at a wall-clock instant (ms). */
export const sinceEpoch = (epochMs: number, atMs: number) => Math.round((atMs - epochMs) * 1000);

/**
 * The live window at `nowMs`: the last `size` segments that have ended by then (a segment becomes available once
 * it is whole, as from a live encoder; one ending exactly now is in). Throws NotOnAirError before the first one.
 */
export function liveWindow(track: CompiledTrack, epochMs: number, nowMs: number, size = LIVE_WINDOW_SEGMENTS): TimelineSegment[] {
  const t = sinceEpoch(epochMs, nowMs);
  if (t < 0) throw new NotOnAirError();
  const playing = sequenceAt(track, t);
  // The segment playing now ends after now; the one before it ended at its start, at or before now.
  const last = playing - 1;
  if (last < 0) throw new NotOnAirError();
  const first = Math.max(0, last - size + 1);
  const out: TimelineSegment[] = [];
  for (let s = first; s <= last; s++) out.push(segmentBySequence(track, s));
  return out;
}

/** The segments covering [fromMs, toMs): from the one playing at the start to the one playing just before the end. */
export function rangeSegments(track: CompiledTrack, epochMs: number, fromMs: number, toMs: number): TimelineSegment[] {
  const from = sinceEpoch(epochMs, fromMs);
  const to = sinceEpoch(epochMs, toMs);
  if (from < 0) throw new NotOnAirError();
  if (!(to > from)) throw new RangeError('an empty range');
  const first = sequenceAt(track, from);
  const last = sequenceAt(track, to - 1);
  const out: TimelineSegment[] = [];
  for (let s = first; s <= last; s++) out.push(segmentBySequence(track, s));
  return out;
}

/**
 * What a URL in a playlist stands for on the wall clock (ms): a segment by its end, an init segment by the start of
 * its item's run. A live playlist is reloaded every few seconds and a player takes a segment whose URL changed
 * between reloads for a broken stream (hls.js: "media sequence mismatch"), so a URL's grant must follow from what
 * it names, not from the moment of the request (tv-media.ts liveGrantExpiry).
 */
export interface UrlAnchor {
  kind: 'segment' | 'map';
  atMs: number;
}

/** How a playlist names a segment or init segment of an asset (a signed URL, decision 016). */
export type UrlOf = (slug: string, uri: string, anchor: UrlAnchor) => string;

const extinf = (micros: number) => `#EXTINF:${(micros / MICROS).toFixed(6)},`;
const dateOf = (epochMs: number, micros: number) => new Date(epochMs + Math.round(micros / 1000)).toISOString();
const quoted = (value: string) => {
  if (/["\r\n]/.test(value)) throw new Error(`an HLS quoted string cannot hold quotes or line breaks: ${value}`);
  return `"${value}"`;
};

/**
 * The segment lines of a playlist: each loop item begins with EXT-X-DISCONTINUITY (its media timestamps start
 * over), its EXT-X-MAP and EXT-X-PROGRAM-DATE-TIME; the first segment gets the map and the date without the tag
 * (its discontinuity is counted by EXT-X-DISCONTINUITY-SEQUENCE instead).
 */
function segmentLines(segments: readonly TimelineSegment[], epochMs: number, url: UrlOf): string[] {
  const out: string[] = [];
  let previous: TimelineSegment | null = null;
  for (const s of segments) {
    if (!previous || previous.discontinuity !== s.discontinuity) {
      if (previous) out.push('#EXT-X-DISCONTINUITY');
      if (s.map) out.push(`#EXT-X-MAP:URI=${quoted(url(s.slug, s.map, { kind: 'map', atMs: epochMs + s.itemStart / 1000 }))}`);
      out.push(`#EXT-X-PROGRAM-DATE-TIME:${dateOf(epochMs, s.start)}`);
    }
    out.push(extinf(s.duration), url(s.slug, s.uri, { kind: 'segment', atMs: epochMs + (s.start + s.duration) / 1000 }));
    previous = s;
  }
  return out;
}

/**
 * A live media playlist (RFC 8216 §6.2.2): the window's segments, EXT-X-MEDIA-SEQUENCE and
 * EXT-X-DISCONTINUITY-SEQUENCE of its first segment, no EXT-X-ENDLIST. The sequence numbers only grow with the
 * clock, so a player reloading it sees the window slide.
 */
export function liveMediaPlaylist(track: CompiledTrack, epochMs: number, nowMs: number, url: UrlOf, size = LIVE_WINDOW_SEGMENTS): string {
  const window = liveWindow(track, epochMs, nowMs, size);
  const first = window[0]!;
  return [
    '#EXTM3U',
    '#EXT-X-VERSION:7',
    `#EXT-X-TARGETDURATION:${track.targetDuration}`,
    `#EXT-X-MEDIA-SEQUENCE:${first.sequence}`,
    `#EXT-X-DISCONTINUITY-SEQUENCE:${first.discontinuity}`,
    '#EXT-X-INDEPENDENT-SEGMENTS',
    ...segmentLines(window, epochMs, url),
    '',
  ].join('\n');
}

/**
 * A recording as a VOD media playlist: the channel's segments between the programme's start and end (whole
 * segments, so it may begin up to a segment early and end up to one late), numbered from 0, with EXT-X-ENDLIST.
 */
export function recordingMediaPlaylist(track: CompiledTrack, epochMs: number, fromMs: number, toMs: number, url: UrlOf): string {
  const segments = rangeSegments(track, epochMs, fromMs, toMs);
  return [
    '#EXTM3U',
    '#EXT-X-VERSION:7',
    `#EXT-X-TARGETDURATION:${track.targetDuration}`,
    '#EXT-X-MEDIA-SEQUENCE:0',
    '#EXT-X-PLAYLIST-TYPE:VOD',
    '#EXT-X-INDEPENDENT-SEGMENTS',
    ...segmentLines(segments, epochMs, url),
    '#EXT-X-ENDLIST',
    '',
  ].join('\n');
}

/** How long a recording plays (s): its segments of the track. */
export function rangeSeconds(track: CompiledTrack, epochMs: number, fromMs: number, toMs: number): number {
  return rangeSegments(track, epochMs, fromMs, toMs).reduce((sum, s) => sum + s.duration, 0) / MICROS;
}

/** A video variant of the channel's master playlist. */
export interface ChannelVariant {
  track: string;
  bandwidth: number;
  averageBandwidth: number | null;
  width: number;
  height: number;
  frameRate: number | null;
  codecs: string | null;
}

/** An audio rendition of the channel's master playlist. */
export interface ChannelAudio {
  track: string;
  lang: string | null;
  name: string;
  isDefault: boolean;
  channels: string | null;
}

const AUDIO_GROUP = 'audio';

/**
 * The channel's master playlist: its audio renditions (when the loop's audio is a separate group) and its video
 * variants, each naming a media playlist `{track}/index.m3u8` relative to the master (the same signed grant).
 */
export function channelMasterPlaylist(input: { variants: readonly ChannelVariant[]; audio: readonly ChannelAudio[] }): string {
  if (input.variants.length === 0) throw new Error('a master playlist needs at least one video variant');
  const out = ['#EXTM3U', '#EXT-X-VERSION:7', '#EXT-X-INDEPENDENT-SEGMENTS'];
  for (const a of input.audio) {
    const attrs = [`TYPE=AUDIO`, `GROUP-ID=${quoted(AUDIO_GROUP)}`];
    if (a.lang) attrs.push(`LANGUAGE=${quoted(a.lang)}`);
    attrs.push(`NAME=${quoted(a.name)}`, `DEFAULT=${a.isDefault ? 'YES' : 'NO'}`, 'AUTOSELECT=YES');
    if (a.channels) attrs.push(`CHANNELS=${quoted(a.channels)}`);
    attrs.push(`URI=${quoted(`${a.track}/index.m3u8`)}`);
    out.push(`#EXT-X-MEDIA:${attrs.join(',')}`);
  }
  for (const v of input.variants) {
    const attrs = [`BANDWIDTH=${v.bandwidth}`];
    if (v.averageBandwidth) attrs.push(`AVERAGE-BANDWIDTH=${v.averageBandwidth}`);
    attrs.push(`RESOLUTION=${v.width}x${v.height}`);
    if (v.frameRate) attrs.push(`FRAME-RATE=${v.frameRate.toFixed(3)}`);
    if (v.codecs) attrs.push(`CODECS=${quoted(v.codecs)}`);
    if (input.audio.length) attrs.push(`AUDIO=${quoted(AUDIO_GROUP)}`);
    out.push(`#EXT-X-STREAM-INF:${attrs.join(',')}`, `${v.track}/index.m3u8`);
  }
  return `${out.join('\n')}\n`;
}
