// Quality levels of the player (spec platform §9: "Quality levels: Auto, FHD, HD, SD, HQ, MQ, LQ (also AUTO,
// FHD, HD, SD, LD, XLD with pixel height)").

/** The spec's names of the quality levels below «Авто», best first (spec platform §9). */
export const QUALITY_NAMES = ['FHD', 'HD', 'SD', 'HQ', 'MQ', 'LQ'] as const;
/** A quality level's name. */
export type QualityName = (typeof QUALITY_NAMES)[number];

/**
 * The lowest picture height of each name. FHD, HD and SD are the broadcast meanings (1080, 720, 480 lines);
 * below SD the spec's HQ/MQ/LQ take the usual web rungs: 360 (HQ), 240 (MQ), anything smaller (LQ).
 * Heights between rungs take the lower name (a 900-line rendition is HD, not FHD); above 1080 stays FHD.
 */
export const QUALITY_MIN_HEIGHT: Record<QualityName, number> = { FHD: 1080, HD: 720, SD: 480, HQ: 360, MQ: 240, LQ: 0 };

/** The spec name of a rendition of this picture height (spec platform §9), e.g. 720 → HD. */
export function qualityName(height: number): QualityName {
  const h = Number.isFinite(height) ? height : 0;
  return QUALITY_NAMES.find((name) => h >= QUALITY_MIN_HEIGHT[name]) ?? 'LQ';
}

/** What the quality menu shows for a rendition: the name with the pixel height, e.g. «HD 720». */
export function qualityLabel(height: number): string {
  const h = Math.max(0, Math.round(Number.isFinite(height) ? height : 0));
  return h > 0 ? `${qualityName(h)} ${h}` : qualityName(h);
}

/** A rendition as a player library lists it: its index there, picture height and bitrate. */
export interface Rendition {
  index: number;
  height: number;
  bitrate: number;
}

/** One entry of the quality menu below «Авто». */
export interface QualityOption {
  /** The rendition index to pin. */
  index: number;
  height: number;
  name: QualityName;
  label: string;
}

/**
 * The quality menu's entries from a stream's real renditions, best first: one entry per picture height (the
 * highest bitrate of that height; a ladder may carry several bitrates of one size), none for audio-only
 * renditions (height 0) unless the stream has nothing else.
 */
export function qualityOptions(renditions: readonly Rendition[]): QualityOption[] {
  const byHeight = new Map<number, Rendition>();
  const video = renditions.filter((r) => r.height > 0);
  for (const r of video.length > 0 ? video : renditions) {
    const height = Math.round(r.height);
    const seen = byHeight.get(height);
    if (!seen || r.bitrate > seen.bitrate) byHeight.set(height, r);
  }
  return [...byHeight.entries()]
    .sort(([a], [b]) => b - a)
    .map(([height, r]) => ({ index: r.index, height, name: qualityName(height), label: qualityLabel(height) }));
}
