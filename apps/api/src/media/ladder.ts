// The rendition ladder: which heights and bit rates a source is encoded into. Pure; see
// docs/decisions/016-media-pipeline-and-signed-delivery.md for the numbers.

/** One rung of the ladder: an H.264 rendition. */
export interface Rung {
  /** The folder and the name in the manifest: "720p". */
  name: string;
  width: number;
  height: number;
  /** Capped CRF: the encoder never exceeds this rate over the VBV buffer (kbit/s). */
  maxrateKbps: number;
  bufsizeKbps: number;
  /** H.264 Main below 720p (older phones and TVs), High from 720p up. */
  profile: 'main' | 'high';
}

/**
 * Heights of spec platform §9's quality levels (FHD 1080, HD 720, SD 480, then 360 and 240) with the peak
 * rate each may use at up to 30 frames per second. Apple's HLS authoring guide puts 1080p at 6–8 Mbit/s for
 * worst-case content; with capped CRF most films stay well under the cap and only hard scenes reach it.
 */
export const LADDER: readonly { height: number; maxrateKbps: number }[] = [
  { height: 240, maxrateKbps: 400 },
  { height: 360, maxrateKbps: 800 },
  { height: 480, maxrateKbps: 1400 },
  { height: 720, maxrateKbps: 3000 },
  { height: 1080, maxrateKbps: 6000 },
];

const even = (n: number) => Math.max(2, 2 * Math.round(n / 2));

/**
 * The ladder for a source: every rung up to the source's height (never upscaled), widths keeping the
 * source's display aspect ratio. A source shorter than the lowest rung gets one rendition at its own height.
 * Above 30 frames per second the caps grow by half (twice the frames, not twice the information).
 */
export function buildLadder(source: { width: number; height: number; sampleAspectRatio?: number; frameRate: number }, options: { maxHeight?: number } = {}): Rung[] {
  if (!(source.width > 0 && source.height > 0)) throw new Error(`the source has no picture size (${source.width}x${source.height})`);
  const aspect = (source.width * (source.sampleAspectRatio ?? 1)) / source.height;
  const cap = Math.min(source.height, options.maxHeight ?? Number.POSITIVE_INFINITY);
  const fpsFactor = source.frameRate > 31 ? 1.5 : 1;
  let rungs = LADDER.filter((r) => r.height <= cap);
  if (rungs.length === 0) rungs = [{ height: even(cap), maxrateKbps: LADDER[0]!.maxrateKbps }];
  return rungs.map((r) => {
    const maxrateKbps = Math.round(r.maxrateKbps * fpsFactor);
    return {
      name: `${r.height}p`,
      width: even(r.height * aspect),
      height: r.height,
      maxrateKbps,
      bufsizeKbps: maxrateKbps * 2,
      profile: r.height >= 720 ? 'high' : 'main',
    };
  });
}

/** Frames between keyframes for a keyframe every `seconds` (2 s: segments of 4 or 6 s cut on keyframes). */
export function gopFrames(frameRate: number, seconds = 2): number {
  if (!(frameRate > 0)) throw new Error(`a frame rate of ${frameRate}`);
  return Math.max(1, Math.round(frameRate * seconds));
}
