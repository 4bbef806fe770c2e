// Which renditions a channel's stream offers, given the assets it loops over. Pure.
import type { AssetAudio, AssetLayout, AssetVariant } from './asset-layout.ts';
import { compileTrack, itemLengths, type ChannelAudio, type ChannelVariant, type CompiledTrack, type LoopTrack } from './live-playlist.ts';

/** A channel that cannot be played as one stream (its loop's assets have nothing in common). */
export class ChannelPlanError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ChannelPlanError';
  }
}

/** A channel's stream: the master's entries and every track laid on the loop, by track id. */
export interface ChannelPlan {
  variants: ChannelVariant[];
  audio: ChannelAudio[];
  tracks: Map<string, CompiledTrack>;
  /** The loop's length (µs) and its items' lengths. */
  cycleMicros: number;
  itemMicros: number[];
  /** The assets of the loop, in order (a recording's segments come from all of them). */
  slugs: string[];
}

/** The best variant of each picture height of an asset (the highest bandwidth when there are several). */
function byHeight(layout: AssetLayout): Map<number, AssetVariant> {
  const out = new Map<number, AssetVariant>();
  for (const v of layout.variants) {
    const seen = out.get(v.height);
    if (v.height > 0 && (!seen || v.bandwidth > seen.bandwidth)) out.set(v.height, v);
  }
  return out;
}

const trackIdOfLang = (lang: string) => `audio-${lang.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '') || 'und'}`;

/**
 * The channel's stream over its loop items (spec every channel a real live stream):
 * - video: the picture heights every item has (an asset missing 1080p drops 1080p from the channel); each
 *   variant's BANDWIDTH is its largest over the items, so ABR never underestimates an item;
 * - audio: when every item's audio is a separate rendition group (our packaging, decision 016), the languages
 *   every item has, each its own track, the first item's default language the default; with no language in common,
 *   one track of each item's default rendition. When every item muxes its audio into the video, no audio group.
 *   A loop that mixes the two cannot be one stream (a player would lose the sound at the boundary): refused;
 * - subtitles: none (an item without them would leave the track empty mid-stream).
 */
export function planChannel(layouts: readonly AssetLayout[]): ChannelPlan {
  if (layouts.length === 0) throw new ChannelPlanError('the channel loops over no media');
  const heights = layouts.map(byHeight);
  const shared = [...heights[0]!.keys()].filter((h) => heights.every((m) => m.has(h))).sort((a, b) => a - b);
  if (shared.length === 0) throw new ChannelPlanError(`the loop's assets (${layouts.map((l) => l.slug).join(', ')}) share no picture height`);

  const variantsOf = (h: number) => heights.map((m) => m.get(h)!);
  const videoTracks: LoopTrack[] = shared.map((h) => ({
    id: `${h}p`,
    items: variantsOf(h).map((v, i) => ({ slug: layouts[i]!.slug, map: v.playlist.map, segments: v.playlist.segments })),
  }));
  const itemMicros = itemLengths(videoTracks[0]!);

  // Audio: separate groups everywhere, muxed everywhere, or refused.
  const groupOf = (i: number): AssetAudio[] => {
    const group = variantsOf(shared[0]!)[i]!.audioGroup;
    return group ? layouts[i]!.audio.filter((a) => a.groupId === group) : [];
  };
  const groups = layouts.map((_, i) => groupOf(i));
  const separate = groups.filter((g) => g.length > 0).length;
  if (separate !== 0 && separate !== layouts.length) {
    throw new ChannelPlanError(`the loop mixes assets with separate audio and with muxed audio (${layouts.map((l, i) => `${l.slug}: ${groups[i]!.length ? 'separate' : 'muxed'}`).join(', ')})`);
  }
  const audioTracks: { info: ChannelAudio; track: LoopTrack }[] = [];
  if (separate > 0) {
    const langsOf = (g: AssetAudio[]) => new Set(g.map((a) => a.lang).filter((l): l is string => Boolean(l)));
    const first = groups[0]!;
    const common = [...langsOf(first)].filter((lang) => groups.every((g) => langsOf(g).has(lang)));
    const pick = (g: AssetAudio[], lang: string | null) => (lang ? g.find((a) => a.lang === lang) : (g.find((a) => a.isDefault) ?? g[0]))!;
    const defaultLang = first.find((a) => a.isDefault && a.lang && common.includes(a.lang))?.lang ?? common[0] ?? null;
    const langs: (string | null)[] = common.length > 0 ? common : [null];
    for (const lang of langs) {
      const renditions = groups.map((g) => pick(g, lang));
      const head = renditions[0]!;
      const id = lang ? trackIdOfLang(lang) : 'audio';
      audioTracks.push({
        info: { track: id, lang, name: head.name, isDefault: lang === defaultLang, channels: head.channels },
        track: { id, items: renditions.map((a, i) => ({ slug: layouts[i]!.slug, map: a.playlist.map, segments: a.playlist.segments })) },
      });
    }
  }

  const tracks = new Map<string, CompiledTrack>();
  for (const t of [...videoTracks, ...audioTracks.map((a) => a.track)]) tracks.set(t.id, compileTrack(t, itemMicros));
  const variants: ChannelVariant[] = shared.map((h) => {
    const vs = variantsOf(h);
    const head = vs[0]!;
    const averages = vs.map((v) => v.averageBandwidth);
    return {
      track: `${h}p`,
      bandwidth: Math.max(...vs.map((v) => v.bandwidth)),
      averageBandwidth: averages.every((a): a is number => a !== null) ? Math.max(...averages) : null,
      width: head.width,
      height: h,
      frameRate: head.frameRate,
      codecs: head.codecs,
    };
  });
  return {
    variants,
    audio: audioTracks.map((a) => a.info),
    tracks,
    cycleMicros: itemMicros.reduce((a, b) => a + b, 0),
    itemMicros,
    slugs: layouts.map((l) => l.slug),
  };
}
