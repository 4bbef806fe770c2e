/**
 * Scrub-bar thumbnails: a WebVTT file whose cues point into sprite images with a media fragment,
 * `sprite.jpg#xywh=x,y,w,h`. The file is tiny (one cue per few seconds), so it is parsed here rather than
 * through a VTT library; image URLs are resolved against the VTT's own URL (relative names resolve under the
 * signed media prefix).
 */
export interface ThumbnailCue {
  start: number;
  end: number;
  /** Absolute URL of the sprite image. */
  url: string;
  x: number;
  y: number;
  w: number;
  h: number;
}

const TIMING = /^\s*((?:\d+:)?\d{1,2}:\d{2}(?:\.\d{1,3})?)\s+-->\s+((?:\d+:)?\d{1,2}:\d{2}(?:\.\d{1,3})?)/;
const XYWH = /#xywh=(\d+),(\d+),(\d+),(\d+)\s*$/;

/** Seconds of a WebVTT timestamp (`mm:ss.ttt` or `hh:mm:ss.ttt`). */
export function vttSeconds(stamp: string): number {
  const parts = stamp.split(':').map(Number);
  return parts.reduce((total, part) => total * 60 + part, 0);
}

/**
 * The cues of a thumbnails WebVTT, in time order. Cues without an `#xywh` fragment (a whole image per cue) get
 * w and h 0, meaning the whole image. Anything not a WebVTT file gives no cues.
 */
export function parseThumbnailsVtt(text: string, baseUrl: string): ThumbnailCue[] {
  const lines = text.replace(/^\uFEFF/, '').split(/\r\n|\r|\n/);
  if (!lines[0]?.startsWith('WEBVTT')) return [];
  const cues: ThumbnailCue[] = [];
  for (let i = 1; i < lines.length; i++) {
    const timing = TIMING.exec(lines[i]!);
    if (!timing) continue;
    const target = lines[i + 1]?.trim();
    if (!target) continue;
    i++;
    const start = vttSeconds(timing[1]!);
    const end = vttSeconds(timing[2]!);
    if (!(end > start)) continue;
    let url: string;
    try {
      url = new URL(target.replace(XYWH, ''), baseUrl).toString();
    } catch {
      continue;
    }
    const frag = XYWH.exec(target);
    cues.push({ start, end, url, x: Number(frag?.[1] ?? 0), y: Number(frag?.[2] ?? 0), w: Number(frag?.[3] ?? 0), h: Number(frag?.[4] ?? 0) });
  }
  return cues.sort((a, b) => a.start - b.start);
}

/** The cue showing at a time (binary search over sorted cues), or null. */
export function thumbnailAt(cues: readonly ThumbnailCue[], time: number): ThumbnailCue | null {
  let lo = 0;
  let hi = cues.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const cue = cues[mid]!;
    if (time < cue.start) hi = mid - 1;
    else if (time >= cue.end) lo = mid + 1;
    else return cue;
  }
  return null;
}
