// Packaging one source into an HLS asset folder: the video ladder, audio renditions, WebVTT subtitles,
// scrub-bar thumbnails and a master playlist measured from the files written.
// docs/decisions/016-media-pipeline-and-signed-delivery.md
import { existsSync, statSync } from 'node:fs';
import { mkdir, readFile, readdir, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { ffmpeg, parseRate, probe, ToolError, toWebVtt, type Probe } from './ffmpeg.ts';
import {
  avcCodecString, masterPlaylist, parseMediaPlaylist, parseVtt, renditionStats, segmentSubtitles, spriteCount, thumbnailsVtt,
  type AudioRendition, type SubtitleRendition, type VideoVariant,
} from './hls.ts';
import type { AudioSpec, IngestArgs } from './ingest-args.ts';
import { buildLadder, gopFrames, type Rung } from './ladder.ts';

/** A wrong input (missing file, no video, marks past the end): the message says what; nothing was written. */
export class InputError extends Error {
  override name = 'InputError';
}

/** What packaging reads of the command line (the target, slug and folders are the ingest's business). */
export type PackageOptions = Pick<
  IngestArgs,
  'source' | 'audio' | 'sourceLang' | 'subtitles' | 'intro' | 'creditsStart' | 'maxHeight' | 'crf' | 'rateFactor' | 'preset' | 'audioBitrateKbps' | 'segmentSeconds' | 'thumbnailInterval' | 'deterministic'
>;

/** What a packaged asset holds: the media_assets row and the demo manifest are made from it. */
export interface PackagedAsset {
  durationSeconds: number;
  renditions: { name: string; width: number; height: number; bandwidth: number; averageBandwidth: number; codecs: string; playlist: string }[];
  audioTracks: { lang: string; name: string; isDefault: boolean }[];
  subtitles: { lang: string; name: string }[];
  thumbnailsVtt: string;
  introStartSeconds: number | null;
  introEndSeconds: number | null;
  creditsStartSeconds: number | null;
}

export type Log = (line: string) => void;

/** Names of languages the player shows when a track comes without one. */
const LANGUAGE_NAMES: Record<string, string> = { ru: 'Русский', en: 'English', uk: 'Українська', kk: 'Қазақша', de: 'Deutsch', fr: 'Français', es: 'Español', it: 'Italiano', ja: '日本語', ko: '한국어', zh: '中文' };

const THUMB_WIDTH = 160;
const SPRITE_COLUMNS = 10;
const SPRITE_ROWS = 10;
const even = (n: number) => Math.max(2, 2 * Math.round(n / 2));
const round3 = (n: number) => Math.round(n * 1000) / 1000;

function fileMustExist(file: string, what: string) {
  if (!existsSync(file)) throw new InputError(`${what} not found: ${file}`);
  if (!statSync(file).isFile()) throw new InputError(`${what} is not a file: ${file}`);
}

interface SourceInfo {
  width: number;
  height: number;
  sar: number;
  frameRate: number;
  duration: number;
  audioStreams: number;
}

/** Reads the source and refuses what cannot be packaged. */
export async function inspectSource(file: string): Promise<SourceInfo> {
  fileMustExist(file, 'the source file');
  let info: Probe;
  try {
    info = await probe(file);
  } catch (err) {
    throw new InputError((err as Error).message);
  }
  const video = info.streams.find((s) => s.codec_type === 'video' && !s.disposition?.attached_pic);
  if (!video) throw new InputError(`the source has no video stream: ${file}`);
  const frameRate = parseRate(video.avg_frame_rate) || parseRate(video.r_frame_rate);
  if (!(frameRate > 0 && frameRate <= 120)) throw new InputError(`the source's frame rate is unknown or unusable (${video.avg_frame_rate}): ${file}`);
  const duration = Number(info.format.duration ?? video.duration);
  if (!(duration > 0)) throw new InputError(`the source's duration is unknown: ${file}`);
  const [sn, sd] = (video.sample_aspect_ratio ?? '1:1').split(':').map(Number);
  return {
    width: video.width ?? 0,
    height: video.height ?? 0,
    sar: sn && sd ? sn / sd : 1,
    frameRate,
    duration,
    audioStreams: info.streams.filter((s) => s.codec_type === 'audio').length,
  };
}

const hlsArgs = (segmentSeconds: number, dir: string) => [
  '-f', 'hls', '-hls_time', String(segmentSeconds), '-hls_segment_type', 'fmp4', '-hls_playlist_type', 'vod',
  '-hls_flags', 'independent_segments', '-hls_fmp4_init_filename', 'init.mp4',
  '-hls_segment_filename', path.join(dir, 'seg_%03d.m4s'), path.join(dir, 'index.m3u8'),
];

const bitexact = (on: boolean) => (on ? ['-map_metadata', '-1', '-fflags', '+bitexact', '-flags:v', '+bitexact', '-flags:a', '+bitexact'] : ['-map_metadata', '-1']);

async function measure(dir: string) {
  const playlist = parseMediaPlaylist(await readFile(path.join(dir, 'index.m3u8'), 'utf8'));
  if (!playlist.endList || playlist.segments.length === 0) throw new ToolError(`ffmpeg wrote an incomplete playlist in ${dir}`);
  const segments = await Promise.all(playlist.segments.map(async (s) => ({ duration: s.duration, bytes: (await stat(path.join(dir, s.uri))).size })));
  return { playlist, stats: renditionStats(segments, playlist.targetDuration ?? Math.ceil(Math.max(...segments.map((s) => s.duration)))) };
}

/** Probes a rendition through its init and first segment, as a player starts it. */
async function probeRendition(dir: string, work: string) {
  const playlist = parseMediaPlaylist(await readFile(path.join(dir, 'index.m3u8'), 'utf8'));
  const joined = path.join(work, `probe-${path.basename(dir)}.mp4`);
  await writeFile(joined, Buffer.concat([await readFile(path.join(dir, playlist.mapUri ?? 'init.mp4')), await readFile(path.join(dir, playlist.segments[0]!.uri))]));
  try {
    return await probe(joined);
  } finally {
    await rm(joined, { force: true });
  }
}

/**
 * Packages `options.source` into `outDir` (created; must not exist yet): `{name}/index.m3u8` per rung,
 * `audio-{lang}/` per audio track, `subs-{lang}/` per subtitle track, `thumbs/` and `master.m3u8`.
 */
export async function packageMedia(options: PackageOptions, outDir: string, log: Log): Promise<PackagedAsset> {
  const started = Date.now();
  const step = (text: string) => log(`[${((Date.now() - started) / 1000).toFixed(1).padStart(6)} s] ${text}`);

  step(`probing ${options.source}`);
  const source = await inspectSource(options.source);
  step(`source: ${source.width}x${source.height} at ${source.frameRate.toFixed(3)} fps, ${source.duration.toFixed(3)} s, ${source.audioStreams} audio stream(s)`);
  if (options.intro && options.intro.end > source.duration) throw new InputError(`--intro ends at ${options.intro.end} s, after the video (${source.duration.toFixed(3)} s)`);
  if (options.creditsStart !== null && options.creditsStart >= source.duration) throw new InputError(`--credits starts at ${options.creditsStart} s, not before the end of the video (${source.duration.toFixed(3)} s)`);

  // Audio tracks: the ones asked for, else the source's first audio stream (if any).
  const audio: AudioSpec[] = options.audio.length
    ? options.audio
    : source.audioStreams > 0 ? [{ lang: options.sourceLang, name: LANGUAGE_NAMES[options.sourceLang] ?? options.sourceLang, source: { kind: 'stream', index: 0 } }] : [];
  for (const a of audio) {
    if (a.source.kind === 'stream' && a.source.index >= source.audioStreams) {
      throw new InputError(`--audio ${a.lang}: the source has ${source.audioStreams} audio stream(s), so there is no stream ${a.source.index} (they count from 0)`);
    }
    if (a.source.kind === 'file') {
      fileMustExist(a.source.path, `the audio file of --audio ${a.lang}`);
      const info = await probe(a.source.path).catch((err: Error) => { throw new InputError(err.message); });
      if (!info.streams.some((s) => s.codec_type === 'audio')) throw new InputError(`--audio ${a.lang}: ${a.source.path} has no audio stream`);
    }
  }
  for (const s of options.subtitles) fileMustExist(s.path, `the subtitle file of --subtitles ${s.lang}`);
  // Subtitles are read before any encoding, so a broken file fails in a second, not after the video.
  const subtitleCues = await Promise.all(
    options.subtitles.map(async (s) => {
      try {
        return parseVtt(/\.srt$/i.test(s.path) ? await toWebVtt(s.path) : await readFile(s.path, 'utf8'));
      } catch (err) {
        throw new InputError(`--subtitles ${s.lang}: ${(err as Error).message}`);
      }
    }),
  );

  const ladder = buildLadder({ width: source.width, height: source.height, sampleAspectRatio: source.sar, frameRate: source.frameRate }, { maxHeight: options.maxHeight ?? undefined })
    .map((r): Rung => ({ ...r, maxrateKbps: Math.round(r.maxrateKbps * options.rateFactor), bufsizeKbps: Math.round(r.bufsizeKbps * options.rateFactor) }));
  await mkdir(outDir, { recursive: false });
  const work = path.join(outDir, '.work');
  await mkdir(work);

  // ---- video: one decode, split into every rung, each a video-only fMP4 HLS rendition
  const gop = gopFrames(source.frameRate);
  step(`video: ${ladder.map((r) => `${r.name} ${r.width}x${r.height} ≤${r.maxrateKbps}k`).join(', ')}; keyframe every ${gop} frames (2 s), ${options.segmentSeconds}-s segments`);
  const graph = [
    `[0:v:0]setsar=1,format=yuv420p,split=${ladder.length}${ladder.map((_, i) => `[s${i}]`).join('')}`,
    ...ladder.map((r, i) => `[s${i}]scale=${r.width}:${r.height}:flags=lanczos,setsar=1[o${i}]`),
  ].join(';');
  const videoArgs = ['-i', options.source, '-filter_complex', graph];
  for (const [i, r] of ladder.entries()) {
    await mkdir(path.join(outDir, r.name));
    videoArgs.push(
      '-map', `[o${i}]`, '-an', '-sn', '-dn',
      '-c:v', 'libx264', ...(options.deterministic ? ['-threads', '1'] : []), '-profile:v', r.profile, '-preset', options.preset,
      '-crf', String(options.crf), '-maxrate', `${r.maxrateKbps}k`, '-bufsize', `${r.bufsizeKbps}k`, '-pix_fmt', 'yuv420p',
      '-g', String(gop), '-keyint_min', String(gop), '-sc_threshold', '0', '-force_key_frames', 'expr:gte(t,n_forced*2)',
      ...bitexact(options.deterministic),
      ...hlsArgs(options.segmentSeconds, path.join(outDir, r.name)),
    );
  }
  let shown = -1;
  await ffmpeg(videoArgs, {
    durationSeconds: source.duration,
    onPercent: (p) => {
      if (p >= shown + 10 || p === 100) {
        shown = p;
        step(`video: ${p}%`);
      }
    },
  });

  const variants: VideoVariant[] = [];
  let videoStart = 0;
  for (const r of ladder) {
    const dir = path.join(outDir, r.name);
    const { stats } = await measure(dir);
    const info = await probeRendition(dir, work);
    const v = info.streams.find((s) => s.codec_type === 'video');
    if (!v || v.codec_name !== 'h264' || v.pix_fmt !== 'yuv420p') throw new ToolError(`${r.name}: expected H.264 yuv420p, got ${v?.codec_name} ${v?.pix_fmt}`);
    if (r === ladder[0]) videoStart = Number(v.start_time ?? 0) || 0;
    variants.push({
      width: v.width!, height: v.height!, frameRate: parseRate(v.avg_frame_rate) || source.frameRate,
      codecs: avcCodecString(await readFile(path.join(dir, 'init.mp4'))), uri: `${r.name}/index.m3u8`, stats,
    });
    step(`video ${r.name}: ${v.width}x${v.height} ${v.profile} ${variants.at(-1)!.codecs}, peak ${Math.round(stats.peak / 1000)}k, average ${Math.round(stats.average / 1000)}k`);
  }
  const duration = variants[0]!.stats.duration;

  // ---- audio: one AAC-LC stereo rendition per track, in the master's audio group
  const audioRenditions: AudioRendition[] = [];
  for (const [i, a] of audio.entries()) {
    const dir = path.join(outDir, `audio-${a.lang}`);
    await mkdir(dir);
    step(`audio ${a.lang} «${a.name}» from ${a.source.kind === 'stream' ? `source stream ${a.source.index}` : a.source.path}`);
    const input = a.source.kind === 'stream' ? options.source : a.source.path;
    const index = a.source.kind === 'stream' ? a.source.index : 0;
    // The video's first frame is presented after the encoder's B-frame delay (videoStart, e.g. 0.08 s), and
    // audio in its own rendition would start at 0: the same silence ahead of the sound keeps them in sync.
    const delay = Math.round(videoStart * 48_000);
    await ffmpeg([
      '-i', input, '-map', `0:a:${index}`, '-vn', '-sn', '-dn',
      '-af', delay > 0 ? `aresample=48000,adelay=delays=${delay}S:all=1` : 'aresample=48000', '-t', duration.toFixed(3),
      '-c:a', 'aac', '-profile:a', 'aac_low', '-b:a', `${options.audioBitrateKbps}k`, '-ar', '48000', '-ac', '2',
      ...bitexact(options.deterministic),
      ...hlsArgs(options.segmentSeconds, dir),
    ]);
    const { stats } = await measure(dir);
    const info = await probeRendition(dir, work);
    const s = info.streams.find((x) => x.codec_type === 'audio');
    if (!s || s.codec_name !== 'aac' || s.profile !== 'LC') throw new ToolError(`audio ${a.lang}: expected AAC-LC, got ${s?.codec_name} ${s?.profile}`);
    audioRenditions.push({ lang: a.lang, name: a.name, isDefault: i === 0, channels: s.channels ?? 2, uri: `audio-${a.lang}/index.m3u8`, codecs: 'mp4a.40.2', stats });
  }

  // ---- subtitles: WebVTT segmented like the video, timed against the video's first frame
  const subtitleRenditions: SubtitleRendition[] = [];
  for (const [i, s] of options.subtitles.entries()) {
    const dir = path.join(outDir, `subs-${s.lang}`);
    await mkdir(dir);
    const cues = subtitleCues[i]!;
    const out = segmentSubtitles(cues, { duration, segmentSeconds: options.segmentSeconds, mpegts: videoStart * 90_000 });
    for (const f of out.files) await writeFile(path.join(dir, f.name), f.text);
    await writeFile(path.join(dir, 'index.m3u8'), out.playlist);
    subtitleRenditions.push({ lang: s.lang, name: s.name, isDefault: false, uri: `subs-${s.lang}/index.m3u8` });
    step(`subtitles ${s.lang} «${s.name}»: ${cues.length} cues in ${out.files.length} segments`);
  }

  // ---- scrub-bar thumbnails: a frame every N s, scaled, then tiled into sprites
  const thumbsDir = path.join(outDir, 'thumbs');
  await mkdir(thumbsDir);
  const thumbHeight = even((THUMB_WIDTH * source.height) / (source.width * source.sar));
  const frames = path.join(work, 'frames');
  await mkdir(frames);
  await ffmpeg(['-i', options.source, '-map', '0:v:0', '-an', '-t', duration.toFixed(3), '-vf', `fps=1/${options.thumbnailInterval},scale=${THUMB_WIDTH}:${thumbHeight}:flags=lanczos,setsar=1`, ...bitexact(options.deterministic), path.join(frames, 't-%05d.bmp')]);
  const count = Math.min((await readdir(frames)).filter((f) => f.endsWith('.bmp')).length, Math.ceil(duration / options.thumbnailInterval - 1e-9));
  const layout = { count, interval: options.thumbnailInterval, duration, width: THUMB_WIDTH, height: thumbHeight, columns: SPRITE_COLUMNS, rows: SPRITE_ROWS };
  await ffmpeg(['-framerate', '1', '-i', path.join(frames, 't-%05d.bmp'), '-frames:v', String(count), '-vf', `tile=${SPRITE_COLUMNS}x${SPRITE_ROWS}`, '-q:v', '5', ...bitexact(options.deterministic), '-start_number', '0', path.join(thumbsDir, 'sprite-%d.jpg')]);
  await writeFile(path.join(thumbsDir, 'thumbs.vtt'), thumbnailsVtt(layout));
  const sprites = (await readdir(thumbsDir)).filter((f) => f.endsWith('.jpg')).length;
  if (sprites !== spriteCount(layout)) throw new ToolError(`thumbnails: expected ${spriteCount(layout)} sprite(s), ffmpeg wrote ${sprites}`);
  step(`thumbnails: ${count} of ${THUMB_WIDTH}x${thumbHeight}, one every ${options.thumbnailInterval} s, in ${sprites} sprite(s)`);

  // ---- master playlist last: it names only what is there
  await writeFile(path.join(outDir, 'master.m3u8'), masterPlaylist({ variants, audio: audioRenditions, subtitles: subtitleRenditions }));
  await rm(work, { recursive: true, force: true });
  step(`packaged ${duration.toFixed(3)} s into ${outDir}`);

  const audioPeak = Math.max(0, ...audioRenditions.map((a) => a.stats.peak));
  const audioAverage = Math.max(0, ...audioRenditions.map((a) => a.stats.average));
  return {
    durationSeconds: round3(duration),
    renditions: variants.map((v, i) => ({
      name: ladder[i]!.name, width: v.width, height: v.height, bandwidth: v.stats.peak + audioPeak, averageBandwidth: v.stats.average + audioAverage,
      codecs: [v.codecs, ...new Set(audioRenditions.map((a) => a.codecs))].join(','), playlist: v.uri,
    })),
    audioTracks: audioRenditions.map((a) => ({ lang: a.lang, name: a.name, isDefault: a.isDefault })),
    subtitles: subtitleRenditions.map((s) => ({ lang: s.lang, name: s.name })),
    thumbnailsVtt: 'thumbs/thumbs.vtt',
    introStartSeconds: options.intro?.start ?? null,
    introEndSeconds: options.intro?.end ?? null,
    creditsStartSeconds: options.creditsStart,
  };
}
