// Checks the committed demo media (media/demo: sources made by scripts/make-demo-media.sh, packaged by the
// media pipeline) without ffmpeg: the manifest, the master playlists, every video, audio and subtitle
// rendition and the files they reference, the thumbnails, and the folder's size.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const DEMO = resolve(dirname(fileURLToPath(import.meta.url)), '../media/demo');

interface Rendition {
  name: string;
  width: number;
  height: number;
  bandwidth: number;
  averageBandwidth: number;
  codecs: string;
  playlist: string;
}
interface Asset {
  slug: string;
  kind: 'feature' | 'trailer';
  durationSeconds: number;
  renditions: Rendition[];
  audioTracks: { lang: string; name: string; isDefault: boolean }[];
  subtitles: { lang: string; name: string }[];
  thumbnailsVtt: string;
  introStartSeconds: number | null;
  introEndSeconds: number | null;
  creditsStartSeconds: number | null;
}

/** Attribute list of an HLS tag (RFC 8216 4.2): KEY=value pairs, values possibly quoted. */
function parseAttributes(list: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const match of list.matchAll(/([A-Z0-9-]+)=("[^"]*"|[^,]*)/g)) {
    const [, key, raw] = match;
    if (key !== undefined && raw !== undefined) out[key] = raw.startsWith('"') ? raw.slice(1, -1) : raw;
  }
  return out;
}

function lines(path: string): string[] {
  return readFileSync(path, 'utf8')
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter((l) => l !== '');
}

interface Master {
  variants: { attributes: Record<string, string>; uri: string }[];
  media: Record<string, string>[];
}

function parseMaster(path: string): Master {
  const all = lines(path);
  const master: Master = { variants: [], media: [] };
  all.forEach((line, i) => {
    if (line.startsWith('#EXT-X-MEDIA:')) master.media.push(parseAttributes(line.slice('#EXT-X-MEDIA:'.length)));
    if (!line.startsWith('#EXT-X-STREAM-INF:')) return;
    const uri = all[i + 1];
    if (uri === undefined || uri.startsWith('#')) throw new Error(`${path}: EXT-X-STREAM-INF without a URI`);
    master.variants.push({ attributes: parseAttributes(line.slice('#EXT-X-STREAM-INF:'.length)), uri });
  });
  return master;
}

interface MediaPlaylist {
  targetDuration: number | undefined;
  mapUri: string | undefined;
  segments: { duration: number; uri: string }[];
  endList: boolean;
}

function parseMedia(path: string): MediaPlaylist {
  const result: MediaPlaylist = { targetDuration: undefined, mapUri: undefined, segments: [], endList: false };
  let pending: number | undefined;
  for (const line of lines(path)) {
    if (line.startsWith('#EXT-X-TARGETDURATION:')) result.targetDuration = Number(line.split(':')[1]);
    else if (line.startsWith('#EXT-X-MAP:')) result.mapUri = parseAttributes(line.slice('#EXT-X-MAP:'.length)).URI;
    else if (line.startsWith('#EXTINF:')) pending = Number.parseFloat(line.slice('#EXTINF:'.length));
    else if (line === '#EXT-X-ENDLIST') result.endList = true;
    else if (!line.startsWith('#')) {
      if (pending === undefined) throw new Error(`${path}: segment ${line} without EXTINF`);
      result.segments.push({ duration: pending, uri: line });
      pending = undefined;
    }
  }
  return result;
}

function expectNonEmptyFile(path: string): void {
  expect(existsSync(path), `${path} exists`).toBe(true);
  expect(statSync(path).size, `${path} is non-empty`).toBeGreaterThan(0);
}

/** Width and height of a baseline JPEG from its SOF0 marker. */
function jpegSize(path: string): { width: number; height: number } {
  const b = readFileSync(path);
  let at = 2;
  while (at < b.length) {
    if (b[at] !== 0xff) throw new Error(`${path}: not a JPEG marker at ${at}`);
    const marker = b[at + 1]!;
    const length = b.readUInt16BE(at + 2);
    if (marker >= 0xc0 && marker <= 0xc2) return { height: b.readUInt16BE(at + 5), width: b.readUInt16BE(at + 7) };
    at += 2 + length;
  }
  throw new Error(`${path}: no SOF marker`);
}

const total = (dir: string): number =>
  readdirSync(dir, { withFileTypes: true }).reduce((sum, e) => sum + (e.isDirectory() ? total(join(dir, e.name)) : statSync(join(dir, e.name)).size), 0);

const manifest = JSON.parse(readFileSync(join(DEMO, 'manifest.json'), 'utf8')) as Asset[];
const bySlug = (slug: string) => manifest.find((a) => a.slug === slug)!;

describe('demo media manifest', () => {
  it('lists the three features and the teaser', () => {
    expect(manifest.map((a) => a.slug).sort()).toEqual(['aurora', 'meadow', 'metropolis', 'teaser']);
    for (const asset of manifest) {
      expect(['feature', 'trailer']).toContain(asset.kind);
      expect(asset.durationSeconds).toBeGreaterThan(0);
    }
    expect(bySlug('teaser').kind).toBe('trailer');
  });

  it('has a 1080p ladder, a second audio track «English» and Russian subtitles on aurora', () => {
    const aurora = bySlug('aurora');
    expect(aurora.renditions.map((r) => r.name)).toEqual(['240p', '360p', '480p', '720p', '1080p']);
    expect(aurora.audioTracks).toEqual([{ lang: 'ru', name: 'Русский', isDefault: true }, { lang: 'en', name: 'English', isDefault: false }]);
    expect(aurora.subtitles).toEqual([{ lang: 'ru', name: 'Русские' }]);
  });

  it('marks the intro and the credits of every feature, inside the video', () => {
    for (const asset of manifest.filter((a) => a.kind === 'feature')) {
      expect(asset.introEndSeconds!, asset.slug).toBeGreaterThan(asset.introStartSeconds!);
      expect(asset.creditsStartSeconds!, asset.slug).toBeGreaterThan(asset.introEndSeconds!);
      expect(asset.creditsStartSeconds!, asset.slug).toBeLessThan(asset.durationSeconds);
    }
  });

  it('has a README saying how to regenerate', () => {
    expect(readFileSync(join(DEMO, 'README.md'), 'utf8')).toContain('npm run media:demo');
  });

  it('keeps the repository small', () => {
    expect(total(DEMO)).toBeLessThan(25 * 1024 * 1024);
  });
});

describe.each(manifest)('demo asset $slug', (asset) => {
  const dir = join(DEMO, asset.slug);
  const master = () => parseMaster(join(dir, 'master.m3u8'));

  it('has every rendition of the manifest on disk', () => {
    expectNonEmptyFile(join(dir, 'master.m3u8'));
    expect(asset.renditions.length).toBeGreaterThanOrEqual(4);
    for (const r of asset.renditions) {
      expectNonEmptyFile(join(dir, r.playlist));
      expect(r.playlist).toBe(`${r.name}/index.m3u8`);
    }
  });

  it('has a master playlist listing the ladder from the lowest with measured CODECS, RESOLUTION and bandwidths', () => {
    expect(readFileSync(join(dir, 'master.m3u8'), 'utf8').startsWith('#EXTM3U')).toBe(true);
    const { variants } = master();
    expect(variants.map((v) => v.uri)).toEqual(asset.renditions.map((r) => r.playlist));
    expect(variants.map((v) => v.uri)).toEqual(expect.arrayContaining(['240p/index.m3u8', '360p/index.m3u8', '480p/index.m3u8', '720p/index.m3u8']));
    for (const v of variants) {
      const { BANDWIDTH, 'AVERAGE-BANDWIDTH': average, RESOLUTION, CODECS, 'FRAME-RATE': frameRate, AUDIO } = v.attributes;
      expect(Number(average)).toBeGreaterThan(0);
      expect(Number(average)).toBeLessThanOrEqual(Number(BANDWIDTH));
      expect(RESOLUTION).toMatch(/^\d+x\d+$/);
      expect(CODECS).toMatch(/^avc1\.[0-9a-f]{6},mp4a\.40\.2$/);
      expect(Number(frameRate)).toBeCloseTo(25, 3);
      expect(AUDIO).toBe('audio');
      // H.264 Main below 720p, High from 720p up; level 4.0 at most
      const profileIdc = Number.parseInt(CODECS!.slice(5, 7), 16);
      const levelIdc = Number.parseInt(CODECS!.slice(9, 11), 16);
      const height = Number(RESOLUTION!.split('x')[1]);
      expect(profileIdc).toBe(height >= 720 ? 0x64 : 0x4d);
      expect(levelIdc).toBeLessThanOrEqual(40);
      // the master agrees with the manifest
      const r = asset.renditions.find((x) => x.playlist === v.uri)!;
      expect(RESOLUTION).toBe(`${r.width}x${r.height}`);
      expect(CODECS).toBe(r.codecs);
      expect(Number(BANDWIDTH)).toBe(r.bandwidth);
      expect(Number(average)).toBe(r.averageBandwidth);
    }
    const res = Object.fromEntries(variants.map((v) => [v.uri, v.attributes.RESOLUTION]));
    expect(res['360p/index.m3u8']).toBe('640x360');
    expect(res['720p/index.m3u8']).toBe('1280x720');
    if (asset.slug === 'aurora') expect(res['1080p/index.m3u8']).toBe('1920x1080');
  });

  it('declares its audio tracks and subtitles as renditions of the master', () => {
    const { media } = master();
    expect(media.filter((m) => m.TYPE === 'AUDIO').map((m) => [m.LANGUAGE, m.NAME, m.DEFAULT, m.URI])).toEqual(
      asset.audioTracks.map((a) => [a.lang, a.name, a.isDefault ? 'YES' : 'NO', `audio-${a.lang}/index.m3u8`]),
    );
    expect(media.filter((m) => m.TYPE === 'SUBTITLES').map((m) => [m.LANGUAGE, m.NAME, m.URI])).toEqual(
      asset.subtitles.map((s) => [s.lang, s.name, `subs-${s.lang}/index.m3u8`]),
    );
  });

  const videoAndAudio = [...asset.renditions.map((r) => r.playlist), ...asset.audioTracks.map((a) => `audio-${a.lang}/index.m3u8`)];
  describe.each(videoAndAudio)('rendition %s', (playlistName) => {
    const playlistPath = join(dir, playlistName);
    const playlistDir = dirname(playlistPath);
    // parsed in each test, so a missing playlist fails a test instead of the collection
    const load = (): MediaPlaylist => parseMedia(playlistPath);

    it('is a complete VOD playlist of 4-second fMP4 segments', () => {
      const playlist = load();
      expect(playlist.mapUri).toBe('init.mp4');
      expect(playlist.endList).toBe(true);
      expect(playlist.segments.length).toBeGreaterThan(0);
      const isAudio = playlistName.startsWith('audio-');
      // RFC 8216 §4.3.3.1: each EXTINF rounded to the nearest integer is at most the target duration. AAC
      // frames (1024 samples) do not fall on the 2-s grid, so audio segments wander by a frame around 4 s.
      expect(playlist.targetDuration).toBe(4);
      for (const s of playlist.segments) expect(Math.round(s.duration)).toBeLessThanOrEqual(4);
      playlist.segments.forEach((s, i) => {
        if (i < playlist.segments.length - 1) expect(Math.abs(s.duration - 4.0)).toBeLessThanOrEqual(isAudio ? 0.05 : 0.01);
        // relative names only, so the folder can be served from anywhere
        expect(s.uri).toMatch(/^seg_\d{3}\.m4s$/);
      });
    });

    it('references only files that exist and are non-empty', () => {
      const playlist = load();
      expectNonEmptyFile(join(playlistDir, playlist.mapUri ?? 'init.mp4'));
      for (const s of playlist.segments) expectNonEmptyFile(join(playlistDir, s.uri));
    });

    it('lasts as long as the manifest says', () => {
      const total = load().segments.reduce((sum, s) => sum + s.duration, 0);
      expect(Math.abs(total - asset.durationSeconds)).toBeLessThanOrEqual(0.1);
    });
  });

  it.skipIf(asset.subtitles.length === 0)('has segmented WebVTT subtitles timed against the video', () => {
    for (const s of asset.subtitles) {
      const playlist = parseMedia(join(dir, `subs-${s.lang}/index.m3u8`));
      expect(playlist.endList).toBe(true);
      const total = playlist.segments.reduce((sum, seg) => sum + seg.duration, 0);
      expect(Math.abs(total - asset.durationSeconds)).toBeLessThanOrEqual(0.1);
      const texts = playlist.segments.map((seg) => readFileSync(join(dir, `subs-${s.lang}`, seg.uri), 'utf8'));
      for (const text of texts) expect(text).toMatch(/^WEBVTT\nX-TIMESTAMP-MAP=MPEGTS:\d+,LOCAL:00:00:00\.000\n/);
      expect(texts.join('\n')).toContain('северное сияние');
    }
  });

  it('has scrub-bar thumbnails covering the whole video inside their sprites', () => {
    expect(asset.thumbnailsVtt).toBe('thumbs/thumbs.vtt');
    const text = readFileSync(join(dir, asset.thumbnailsVtt), 'utf8');
    expect(text.startsWith('WEBVTT\n')).toBe(true);
    const cues = [...text.matchAll(/^(\d{2}):(\d{2}):(\d{2}\.\d{3}) --> (\d{2}):(\d{2}):(\d{2}\.\d{3})\n(sprite-\d+\.jpg)#xywh=(\d+),(\d+),(\d+),(\d+)$/gm)];
    expect(cues.length).toBe(Math.ceil(asset.durationSeconds / 2 - 1e-9));
    const secs = (h: string, m: string, s: string) => Number(h) * 3600 + Number(m) * 60 + Number(s);
    let previousEnd = 0;
    for (const c of cues) {
      const [, h1, m1, s1, h2, m2, s2, sprite, x, y, w, h] = c;
      expect(secs(h1!, m1!, s1!)).toBeCloseTo(previousEnd, 3);
      previousEnd = secs(h2!, m2!, s2!);
      const size = jpegSize(join(dir, 'thumbs', sprite!));
      expect(Number(x) + Number(w)).toBeLessThanOrEqual(size.width);
      expect(Number(y) + Number(h)).toBeLessThanOrEqual(size.height);
      expect(`${w}x${h}`).toBe('160x90');
    }
    expect(previousEnd).toBeCloseTo(asset.durationSeconds, 2);
  });
});
