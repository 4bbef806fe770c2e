// Pure HLS and WebVTT text work of the media pipeline (no I/O): reading media playlists, measuring
// bandwidths, the RFC 6381 codec string of an H.264 init segment, writing the master playlist, segmenting
// WebVTT subtitles and mapping scrub-bar thumbnails. docs/decisions/016-media-pipeline-and-signed-delivery.md

import { HOUR_MS, MINUTE_MS, SECOND_MS } from '@ekran/core';

/** One segment of a media playlist. */
export interface PlaylistSegment {
  duration: number;
  uri: string;
}

/** The parts of an HLS media playlist (RFC 8216 §4.3.3) the pipeline and its tests read. */
export interface MediaPlaylist {
  targetDuration: number | undefined;
  mapUri: string | undefined;
  segments: PlaylistSegment[];
  endList: boolean;
}

/** Attribute list of an HLS tag (RFC 8216 §4.2): KEY=value pairs, values possibly quoted. */
export function parseAttributes(list: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const match of list.matchAll(/([A-Z0-9-]+)=("[^"]*"|[^,]*)/g)) {
    const [, key, raw] = match;
    if (key !== undefined && raw !== undefined) out[key] = raw.startsWith('"') ? raw.slice(1, -1) : raw;
  }
  return out;
}

/** Reads a media playlist; throws on a segment without #EXTINF. */
export function parseMediaPlaylist(text: string): MediaPlaylist {
  const result: MediaPlaylist = { targetDuration: undefined, mapUri: undefined, segments: [], endList: false };
  let pending: number | undefined;
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trim();
    if (line === '') continue;
    if (line.startsWith('#EXT-X-TARGETDURATION:')) result.targetDuration = Number(line.slice('#EXT-X-TARGETDURATION:'.length));
    else if (line.startsWith('#EXT-X-MAP:')) result.mapUri = parseAttributes(line.slice('#EXT-X-MAP:'.length)).URI;
    else if (line.startsWith('#EXTINF:')) pending = Number.parseFloat(line.slice('#EXTINF:'.length));
    else if (line === '#EXT-X-ENDLIST') result.endList = true;
    else if (!line.startsWith('#')) {
      if (pending === undefined || !Number.isFinite(pending)) throw new Error(`segment ${line} has no #EXTINF duration`);
      result.segments.push({ duration: pending, uri: line });
      pending = undefined;
    }
  }
  return result;
}

/** Bit rates of a rendition measured from its files (RFC 8216 §4.3.4.2). */
export interface RenditionStats {
  /** The largest segment bit rate, bits per second (BANDWIDTH). */
  peak: number;
  /** The whole rendition's bits over its duration (AVERAGE-BANDWIDTH). */
  average: number;
  /** Sum of the segment durations, seconds. */
  duration: number;
}

/**
 * BANDWIDTH is the peak segment bit rate and AVERAGE-BANDWIDTH the mean over the rendition (RFC 8216
 * §4.3.4.2). The peak is taken, as the RFC defines it, over every run of contiguous segments lasting 0.5 to
 * 1.5 target durations, so a sliver of a last segment (one AAC frame, a few hundred bytes of boxes) does not
 * pass for a burst. A rendition shorter than half a target duration is measured whole.
 */
export function renditionStats(segments: { duration: number; bytes: number }[], targetDuration: number): RenditionStats {
  if (segments.length === 0) throw new Error('a rendition without segments');
  if (!(targetDuration > 0)) throw new Error(`a target duration of ${targetDuration}`);
  let bytes = 0;
  let duration = 0;
  for (const s of segments) {
    if (!(s.duration > 0)) throw new Error(`a segment of duration ${s.duration}`);
    bytes += s.bytes;
    duration += s.duration;
  }
  let peak = 0;
  for (let i = 0; i < segments.length; i++) {
    let runBytes = 0;
    let runDuration = 0;
    for (let j = i; j < segments.length && runDuration < 1.5 * targetDuration; j++) {
      runBytes += segments[j]!.bytes;
      runDuration += segments[j]!.duration;
      if (runDuration >= 0.5 * targetDuration && runDuration <= 1.5 * targetDuration) peak = Math.max(peak, (runBytes * 8) / runDuration);
    }
  }
  const average = (bytes * 8) / duration;
  return { peak: Math.ceil(Math.max(peak, peak === 0 ? average : 0)), average: Math.ceil(average), duration: Math.round(duration * 1000) / 1000 };
}

/**
 * The RFC 6381 codec string of the H.264 track of an fMP4 init segment, "avc1.PPCCLL" from its avcC box:
 * profile_idc, the constraint flags and level_idc as the encoder wrote them.
 */
export function avcCodecString(init: Uint8Array): string {
  const at = Buffer.from(init.buffer, init.byteOffset, init.byteLength).indexOf('avcC', 0, 'latin1');
  if (at < 0 || at + 8 > init.length) throw new Error('no avcC box in the init segment (not H.264?)');
  // 'avcC', configurationVersion (1 byte), then AVCProfileIndication, profile_compatibility, AVCLevelIndication
  const hex = (b: number) => b.toString(16).padStart(2, '0');
  return `avc1.${hex(init[at + 5]!)}${hex(init[at + 6]!)}${hex(init[at + 7]!)}`;
}

/** An alternative audio rendition (EXT-X-MEDIA TYPE=AUDIO). */
export interface AudioRendition {
  lang: string;
  name: string;
  isDefault: boolean;
  channels: number;
  uri: string;
  codecs: string;
  stats: RenditionStats;
}

/** A WebVTT subtitle rendition (EXT-X-MEDIA TYPE=SUBTITLES). */
export interface SubtitleRendition {
  lang: string;
  name: string;
  isDefault: boolean;
  uri: string;
}

/** A video variant (EXT-X-STREAM-INF). */
export interface VideoVariant {
  width: number;
  height: number;
  frameRate: number;
  codecs: string;
  uri: string;
  stats: RenditionStats;
}

const AUDIO_GROUP = 'audio';
const SUBTITLE_GROUP = 'subs';
const quoted = (value: string) => {
  if (/["\r\n]/.test(value)) throw new Error(`an HLS quoted string cannot hold quotes or line breaks: ${value}`);
  return `"${value}"`;
};

/**
 * The master playlist: audio and subtitle renditions first, then the variants from the lowest up. A variant's
 * BANDWIDTH adds the largest audio peak (any audio rendition may play with it) and AVERAGE-BANDWIDTH the
 * largest audio average; CODECS names the video and the audio codec (RFC 8216 §4.3.4.2).
 */
export function masterPlaylist(input: { variants: VideoVariant[]; audio: AudioRendition[]; subtitles: SubtitleRendition[] }): string {
  if (input.variants.length === 0) throw new Error('a master playlist needs at least one video variant');
  const out = ['#EXTM3U', '#EXT-X-VERSION:7', '#EXT-X-INDEPENDENT-SEGMENTS'];
  for (const a of input.audio) {
    out.push(
      `#EXT-X-MEDIA:TYPE=AUDIO,GROUP-ID=${quoted(AUDIO_GROUP)},LANGUAGE=${quoted(a.lang)},NAME=${quoted(a.name)},` +
        `DEFAULT=${a.isDefault ? 'YES' : 'NO'},AUTOSELECT=YES,CHANNELS=${quoted(String(a.channels))},URI=${quoted(a.uri)}`,
    );
  }
  for (const s of input.subtitles) {
    out.push(
      `#EXT-X-MEDIA:TYPE=SUBTITLES,GROUP-ID=${quoted(SUBTITLE_GROUP)},LANGUAGE=${quoted(s.lang)},NAME=${quoted(s.name)},` +
        `DEFAULT=${s.isDefault ? 'YES' : 'NO'},AUTOSELECT=YES,FORCED=NO,URI=${quoted(s.uri)}`,
    );
  }
  const audioPeak = Math.max(0, ...input.audio.map((a) => a.stats.peak));
  const audioAverage = Math.max(0, ...input.audio.map((a) => a.stats.average));
  const audioCodecs = [...new Set(input.audio.map((a) => a.codecs))];
  for (const v of [...input.variants].sort((a, b) => a.height - b.height || a.stats.peak - b.stats.peak)) {
    const attrs = [
      `BANDWIDTH=${v.stats.peak + audioPeak}`,
      `AVERAGE-BANDWIDTH=${v.stats.average + audioAverage}`,
      `RESOLUTION=${v.width}x${v.height}`,
      `FRAME-RATE=${v.frameRate.toFixed(3)}`,
      `CODECS=${quoted([v.codecs, ...audioCodecs].join(','))}`,
    ];
    if (input.audio.length) attrs.push(`AUDIO=${quoted(AUDIO_GROUP)}`);
    if (input.subtitles.length) attrs.push(`SUBTITLES=${quoted(SUBTITLE_GROUP)}`);
    out.push(`#EXT-X-STREAM-INF:${attrs.join(',')}`, v.uri);
  }
  return `${out.join('\n')}\n`;
}

// ---------------------------------------------------------------- WebVTT

/** One cue of a WebVTT file: times in seconds, the settings after the timing, and its text lines. */
export interface VttCue {
  id: string | undefined;
  start: number;
  end: number;
  settings: string;
  text: string;
}

const TIMING = /^((?:\d+:)?\d{1,2}:\d{2}[.,]\d{3})\s+-->\s+((?:\d+:)?\d{1,2}:\d{2}[.,]\d{3})(.*)$/;

function parseVttTime(value: string): number {
  const parts = value.replace(',', '.').split(':').map(Number);
  const seconds = parts.pop()!;
  const minutes = parts.pop() ?? 0;
  const hours = parts.pop() ?? 0;
  return Math.round((hours * 3600 + minutes * 60 + seconds) * 1000) / 1000;
}

/** 00:01:02.345: a WebVTT timestamp with hours. */
export function formatVttTime(seconds: number): string {
  const ms = Math.round(seconds * 1000);
  const h = Math.floor(ms / HOUR_MS);
  const m = Math.floor((ms % HOUR_MS) / MINUTE_MS);
  const s = Math.floor((ms % MINUTE_MS) / SECOND_MS);
  const pad = (n: number, w = 2) => String(n).padStart(w, '0');
  return `${pad(h)}:${pad(m)}:${pad(s)}.${pad(ms % 1000, 3)}`;
}

/**
 * Reads the cues of a WebVTT file (NOTE, STYLE and REGION blocks are left out). Throws when the file does
 * not start with WEBVTT or a cue's timing is unreadable or runs backwards.
 */
export function parseVtt(text: string): VttCue[] {
  const body = text.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n').replace(/\s+$/, '');
  if (!/^WEBVTT(?:[ \t].*)?(?:\n|$)/.test(body)) throw new Error('not a WebVTT file (no WEBVTT header)');
  const blocks = body.split(/\n{2,}/).slice(1);
  const cues: VttCue[] = [];
  for (const block of blocks) {
    const lines = block.split('\n').filter((l, i) => i > 0 || l.trim() !== '');
    if (lines.length === 0) continue;
    const head = lines[0]!;
    if (/^(NOTE|STYLE|REGION)(\s|$)/.test(head)) continue;
    const timingAt = TIMING.test(head) ? 0 : 1;
    const timing = lines[timingAt]?.match(TIMING);
    if (!timing) throw new Error(`unreadable WebVTT cue: ${head}`);
    const start = parseVttTime(timing[1]!);
    const end = parseVttTime(timing[2]!);
    if (!(end > start)) throw new Error(`a WebVTT cue ends before it starts: ${lines[timingAt]}`);
    cues.push({ id: timingAt === 1 ? head : undefined, start, end, settings: timing[3]!.trim(), text: lines.slice(timingAt + 1).join('\n') });
  }
  return cues;
}

function cueText(c: VttCue): string {
  return `${c.id ? `${c.id}\n` : ''}${formatVttTime(c.start)} --> ${formatVttTime(c.end)}${c.settings ? ` ${c.settings}` : ''}\n${c.text}`;
}

/**
 * Splits subtitles into WebVTT segments aligned with the video's segments, and their media playlist. A cue
 * that spans a boundary goes into each segment it overlaps (the player drops the duplicates). Each segment
 * maps its local time 0 to the video's first presentation time (X-TIMESTAMP-MAP, RFC 8216 §3.5) so the
 * cues line up with fMP4 media whose timeline does not start at 0.
 */
export function segmentSubtitles(cues: VttCue[], options: { duration: number; segmentSeconds: number; mpegts: number }) {
  const { duration, segmentSeconds, mpegts } = options;
  if (!(duration > 0) || !(segmentSeconds > 0)) throw new Error('subtitles need a positive duration and segment length');
  const count = Math.max(1, Math.ceil(duration / segmentSeconds - 1e-9));
  const files: { name: string; text: string }[] = [];
  const playlist = ['#EXTM3U', '#EXT-X-VERSION:7', `#EXT-X-TARGETDURATION:${Math.ceil(segmentSeconds)}`, '#EXT-X-MEDIA-SEQUENCE:0', '#EXT-X-PLAYLIST-TYPE:VOD'];
  for (let i = 0; i < count; i++) {
    const from = i * segmentSeconds;
    const to = Math.min(duration, from + segmentSeconds);
    const inside = cues.filter((c) => c.start < to && c.end > from);
    const name = `seg_${String(i).padStart(3, '0')}.vtt`;
    const header = `WEBVTT\nX-TIMESTAMP-MAP=MPEGTS:${Math.round(mpegts)},LOCAL:00:00:00.000\n`;
    files.push({ name, text: `${header}${inside.map((c) => `\n${cueText(c)}\n`).join('')}` });
    playlist.push(`#EXTINF:${(to - from).toFixed(3)},`, name);
  }
  playlist.push('#EXT-X-ENDLIST');
  return { playlist: `${playlist.join('\n')}\n`, files };
}

// ---------------------------------------------------------------- scrub-bar thumbnails

/** How thumbnails are laid out in their sprites. */
export interface SpriteLayout {
  /** Thumbnails taken, one every `interval` seconds from 0. */
  count: number;
  interval: number;
  duration: number;
  width: number;
  height: number;
  columns: number;
  rows: number;
}

/** The number of sprite sheets a layout fills. */
export const spriteCount = (l: SpriteLayout) => Math.ceil(l.count / (l.columns * l.rows));

/**
 * The thumbnails' WebVTT map: thumbnail k covers [k·interval, (k+1)·interval) (the last one ends with the
 * video) and points into its sprite as `sprite-N.jpg#xywh=x,y,w,h` (Media Fragments), relative to the map.
 */
export function thumbnailsVtt(l: SpriteLayout): string {
  const perSprite = l.columns * l.rows;
  const out = ['WEBVTT', ''];
  for (let k = 0; k < l.count; k++) {
    const start = k * l.interval;
    if (start >= l.duration) break;
    const end = Math.min(l.duration, start + l.interval);
    const cell = k % perSprite;
    const x = (cell % l.columns) * l.width;
    const y = Math.floor(cell / l.columns) * l.height;
    out.push(`${formatVttTime(start)} --> ${formatVttTime(end)}`, `sprite-${Math.floor(k / perSprite)}.jpg#xywh=${x},${y},${l.width},${l.height}`, '');
  }
  return out.join('\n');
}
