// The ingest end to end with ffmpeg on small generated sources: packaging, the local storage and the
// database. Skipped (with the reason in its name) where ffmpeg is not installed; .ci/run installs it.
import { episodes, extras, mediaAssets, titles } from '@ekran/db';
import { eq } from 'drizzle-orm';
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/harness.ts';
import { parseAttributes, parseMediaPlaylist } from './hls.ts';
import { parseIngestArgs, type IngestArgs } from './ingest-args.ts';
import { ingest, packageInto } from './ingest.ts';
import { InputError } from './package.ts';
import { localStorage } from './storage.ts';

const hasFfmpeg = spawnSync('ffmpeg', ['-version']).status === 0 && spawnSync('ffprobe', ['-version']).status === 0;

let t: TestApp;
let dir: string;
let mediaDir: string;
const lines: string[] = [];
const log = (line: string) => lines.push(line);

const ff = (...args: string[]) => execFileSync('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-nostdin', '-y', ...args]);
const src = (name: string) => path.join(dir, name);

/** Parses a command line as the CLI does, with faster settings (veryfast still writes H.264 Main, ultrafast would not). */
const argsOf = (line: string[]) => ({ ...(parseIngestArgs([...line, '--preset', 'veryfast', '--thumbnail-interval', '2']) as IngestArgs) });
const run = (line: string[]) => {
  const args = argsOf(line);
  return ingest({ ...args, target: args.target! }, { db: t.db, storage: localStorage(mediaDir), now: () => t.clock.now, log });
};

describe.skipIf(!hasFfmpeg)(`media:ingest with ffmpeg${hasFfmpeg ? '' : ' (skipped: ffmpeg is not installed; apt-get install ffmpeg)'}`, () => {
  beforeAll(async () => {
    t = await createTestApp();
    dir = mkdtempSync(path.join(tmpdir(), 'ekran-ingest-'));
    mediaDir = path.join(dir, 'media');
    // 640x360, 25 fps, 7 s, two audio streams (the second becomes «English»)
    ff('-f', 'lavfi', '-i', 'testsrc2=s=640x360:r=25:d=7', '-f', 'lavfi', '-i', 'sine=f=440:d=7', '-f', 'lavfi', '-i', 'sine=f=660:d=7',
      '-map', '0', '-map', '1', '-map', '2', '-c:v', 'libx264', '-preset', 'ultrafast', '-c:a', 'pcm_s16le', src('film.mkv'));
    ff('-f', 'lavfi', '-i', 'sine=d=2', src('sound-only.m4a'));
    writeFileSync(src('subs.vtt'), 'WEBVTT\n\n00:00:01.000 --> 00:00:03.000\nПривет.\n\n00:00:04.500 --> 00:00:06.000\nПока.\n');
    writeFileSync(src('broken.srt'), 'this is not a subtitle file\n');
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('packages a movie, stores it and attaches it in one go', { timeout: 120_000 }, async () => {
    const title = await t.make.title({ alias: 'ingest-film', durationMinutes: 120 });
    const result = await run([src('film.mkv'), '--title', 'ingest-film', '--audio', 'ru:0:Русский', '--audio', 'en:1:English', '--subtitles', `ru:${src('subs.vtt')}:Русские`, '--intro', '1-3', '--credits', '6']);

    const folder = path.join(mediaDir, 'ingest-film');
    expect(readdirSync(folder).sort()).toEqual(['240p', '360p', 'audio-en', 'audio-ru', 'master.m3u8', 'subs-ru', 'thumbs']);
    const master = readFileSync(path.join(folder, 'master.m3u8'), 'utf8');
    const variants = master.split('\n').filter((l) => l.startsWith('#EXT-X-STREAM-INF:')).map((l) => parseAttributes(l.slice(18)));
    expect(variants.map((v) => v.RESOLUTION)).toEqual(['426x240', '640x360']);
    for (const v of variants) {
      expect(v.CODECS).toMatch(/^avc1\.4d40[0-9a-f]{2},mp4a\.40\.2$/);
      expect(v['FRAME-RATE']).toBe('25.000');
      expect(Number(v['AVERAGE-BANDWIDTH'])).toBeLessThanOrEqual(Number(v.BANDWIDTH));
      expect(v.AUDIO).toBe('audio');
      expect(v.SUBTITLES).toBe('subs');
    }
    expect(master).toContain('LANGUAGE="en",NAME="English",DEFAULT=NO');

    // 4-second fMP4 segments cut on the 2-second keyframes
    const playlist = parseMediaPlaylist(readFileSync(path.join(folder, '360p/index.m3u8'), 'utf8'));
    expect(playlist.mapUri).toBe('init.mp4');
    expect(playlist.segments[0]!.duration).toBe(4);
    expect(playlist.segments.reduce((sum, s) => sum + s.duration, 0)).toBeCloseTo(7, 1);
    const joined = path.join(dir, 'joined.mp4');
    writeFileSync(joined, Buffer.concat(['init.mp4', ...playlist.segments.map((s) => s.uri)].map((f) => readFileSync(path.join(folder, '360p', f)))));
    const keyframes = execFileSync('ffprobe', ['-v', 'error', '-select_streams', 'v:0', '-skip_frame', 'nokey', '-show_entries', 'frame=pts_time', '-of', 'csv=p=0', joined], { encoding: 'utf8' })
      .split('\n').map((l) => Number.parseFloat(l)).filter((n) => Number.isFinite(n));
    expect(keyframes.map((k) => Math.round((k - keyframes[0]!) * 100) / 100)).toEqual([0, 2, 4, 6]);

    // the sound starts with the first frame (after the encoder's B-frame delay), not before it; the source's
    // sound is PCM from 0 s, and our AAC may keep its 1024-sample priming (21 ms) in this decode
    const audioJoined = path.join(dir, 'audio.mp4');
    writeFileSync(audioJoined, Buffer.concat(['init.mp4', 'seg_000.m4s'].map((f) => readFileSync(path.join(folder, 'audio-ru', f)))));
    const silence = spawnSync('ffmpeg', ['-hide_banner', '-nostdin', '-i', audioJoined, '-af', 'silencedetect=n=-50dB:d=0.005', '-f', 'null', '-'], { encoding: 'utf8' }).stderr;
    const soundFrom = Number(silence.match(/silence_end: ([\d.]+)/)![1]);
    expect(keyframes[0]).toBeGreaterThan(0);
    expect(Math.abs(soundFrom - keyframes[0]!)).toBeLessThan(0.03);

    const thumbs = readFileSync(path.join(folder, 'thumbs/thumbs.vtt'), 'utf8');
    expect(thumbs).toMatch(/^00:00:06\.000 --> 00:00:07\.\d{3}\nsprite-0\.jpg#xywh=480,0,160,90$/m);
    expect(existsSync(path.join(folder, 'thumbs/sprite-0.jpg'))).toBe(true);
    expect(readFileSync(path.join(folder, 'subs-ru/seg_001.vtt'), 'utf8')).toContain('Пока.');

    const [row] = await t.db.select().from(mediaAssets).where(eq(mediaAssets.slug, 'ingest-film'));
    expect(row).toMatchObject({
      kind: 'feature', storage: 'local', thumbnailsVtt: 'thumbs/thumbs.vtt',
      audioTracks: [{ lang: 'ru', name: 'Русский', isDefault: true }, { lang: 'en', name: 'English', isDefault: false }],
      subtitles: [{ lang: 'ru', name: 'Русские' }],
      introStartSeconds: 1, introEndSeconds: 3, creditsStartSeconds: 6, ingestedAt: t.clock.now,
    });
    expect(row!.durationSeconds).toBeCloseTo(7, 1);
    expect(row!.renditions.map((r) => r.name)).toEqual(['240p', '360p']);
    const [film] = await t.db.select().from(titles).where(eq(titles.id, title.id));
    expect(film).toMatchObject({ mediaAssetId: row!.id, durationMinutes: 1 });
    expect(result.mediaAssetId).toBe(row!.id);
    expect(lines.some((l) => l.includes('video: ') && l.includes('%'))).toBe(true);
  });

  it('replaces the asset on a re-run with the same slug', { timeout: 120_000 }, async () => {
    const [before] = await t.db.select().from(mediaAssets).where(eq(mediaAssets.slug, 'ingest-film'));
    await run([src('film.mkv'), '--title', 'ingest-film', '--max-height', '240', '--lang', 'en']);
    const [after] = await t.db.select().from(mediaAssets).where(eq(mediaAssets.slug, 'ingest-film'));
    expect(after!.id).toBe(before!.id);
    expect(after).toMatchObject({ subtitles: [], audioTracks: [{ lang: 'en', name: 'English', isDefault: true }], introStartSeconds: null, creditsStartSeconds: null });
    expect(readdirSync(path.join(mediaDir, 'ingest-film')).sort()).toEqual(['240p', 'audio-en', 'master.m3u8', 'thumbs']);
    expect(readdirSync(mediaDir).filter((f) => f !== '.staging')).toEqual(['ingest-film']);
    expect(readdirSync(path.join(mediaDir, '.staging'))).toEqual([]);
  });

  it('attaches an episode and an extra', { timeout: 120_000 }, async () => {
    const { title, episodes: [, second] } = await t.make.series({ alias: 'ingest-series', episodes: 2 });
    await run([src('film.mkv'), '--title', 'ingest-series', '--season', '1', '--episode', '2', '--max-height', '240']);
    const [episode] = await t.db.select().from(episodes).where(eq(episodes.id, second!.id));
    const [asset] = await t.db.select().from(mediaAssets).where(eq(mediaAssets.slug, 'ingest-series-s01e02'));
    expect(episode!.mediaAssetId).toBe(asset!.id);

    const extra = await t.make.extra(title.id, { position: 3 });
    await run([src('film.mkv'), '--title', 'ingest-series', '--extra', '3', '--max-height', '240']);
    const [attached] = await t.db.select().from(extras).where(eq(extras.id, extra.id));
    const [trailer] = await t.db.select().from(mediaAssets).where(eq(mediaAssets.slug, 'ingest-series-extra-3'));
    expect(attached!.mediaAssetId).toBe(trailer!.id);
    expect(trailer!.kind).toBe('trailer');
  });

  it.each([
    ['an unknown title', () => [src('film.mkv'), '--title', 'no-such-title'], /unknown title "no-such-title"/],
    ['a series without an episode', () => [src('film.mkv'), '--title', 'ingest-series'], /is a series: name the episode with --season/],
    ['a missing episode', () => [src('film.mkv'), '--title', 'ingest-series', '--season', '4', '--episode', '1'], /has no episode 1 in season 4/],
    ['a movie with an episode', () => [src('film.mkv'), '--title', 'ingest-film', '--season', '1', '--episode', '1'], /is a movie, it has no seasons/],
    ['a missing extra', () => [src('film.mkv'), '--title', 'ingest-film', '--extra', '9'], /has no extra at position 9/],
    ['a missing source file', () => [src('nothing.mp4'), '--title', 'ingest-film'], /the source file not found/],
    ['a source without video', () => [src('sound-only.m4a'), '--title', 'ingest-film'], /the source has no video stream/],
    ['an audio stream the source lacks', () => [src('film.mkv'), '--title', 'ingest-film', '--audio', 'ru:5:Русский'], /has 2 audio stream\(s\), so there is no stream 5/],
    ['unreadable subtitles', () => [src('film.mkv'), '--title', 'ingest-film', '--subtitles', `ru:${src('broken.srt')}:Русские`], /--subtitles ru: cannot read subtitles/],
    ['an intro past the end', () => [src('film.mkv'), '--title', 'ingest-film', '--intro', '5-30'], /--intro ends at 30 s, after the video/],
  ])('refuses %s and changes nothing', { timeout: 60_000 }, async (_, line, message) => {
    const [before] = await t.db.select().from(mediaAssets).where(eq(mediaAssets.slug, 'ingest-film'));
    const files = readdirSync(path.join(mediaDir, 'ingest-film', '240p'));
    const error = await run(line()).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(InputError);
    expect((error as Error).message).toMatch(message);
    const [after] = await t.db.select().from(mediaAssets).where(eq(mediaAssets.slug, 'ingest-film'));
    expect(after).toEqual(before);
    expect(readdirSync(path.join(mediaDir, 'ingest-film', '240p'))).toEqual(files);
    expect(readdirSync(path.join(mediaDir, '.staging'))).toEqual([]);
  });

  it('--out packages into a folder and its manifest.json without the database', { timeout: 120_000 }, async () => {
    const out = path.join(dir, 'demo');
    mkdirSync(out);
    writeFileSync(path.join(out, 'manifest.json'), JSON.stringify([{ slug: 'other', kind: 'feature' }]));
    const args = argsOf([src('film.mkv'), '--out', out, '--slug', 'clip', '--kind', 'trailer', '--max-height', '240']);
    await packageInto({ ...args, outDir: out }, log);
    const manifest = JSON.parse(readFileSync(path.join(out, 'manifest.json'), 'utf8')) as { slug: string; kind: string; renditions?: { name: string; playlist: string }[] }[];
    expect(manifest.map((m) => [m.slug, m.kind])).toEqual([['other', 'feature'], ['clip', 'trailer']]);
    expect(manifest[1]!.renditions).toEqual([expect.objectContaining({ name: '240p', width: 426, height: 240, playlist: '240p/index.m3u8' })]);
    expect(readdirSync(out).sort()).toEqual(['clip', 'manifest.json']);
  });
});
