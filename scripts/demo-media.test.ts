// Checks the committed demo media (media/demo, made by scripts/make-demo-media.sh) without ffmpeg:
// the manifest, the master playlists and every media playlist and the files they reference.
import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const DEMO = resolve(dirname(fileURLToPath(import.meta.url)), '../media/demo');

interface Rendition {
  name: string;
  width: number;
  height: number;
  bandwidth: number;
  codecs: string;
  playlist: string;
}
interface Asset {
  slug: string;
  kind: 'feature' | 'trailer';
  durationSeconds: number;
  renditions: Rendition[];
}

interface Variant {
  attributes: Record<string, string>;
  uri: string;
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

function parseMaster(path: string): Variant[] {
  const all = lines(path);
  const variants: Variant[] = [];
  all.forEach((line, i) => {
    if (!line.startsWith('#EXT-X-STREAM-INF:')) return;
    const uri = all[i + 1];
    if (uri === undefined || uri.startsWith('#')) throw new Error(`${path}: EXT-X-STREAM-INF without a URI`);
    variants.push({ attributes: parseAttributes(line.slice('#EXT-X-STREAM-INF:'.length)), uri });
  });
  return variants;
}

interface MediaPlaylist {
  targetDuration: number | undefined;
  mapUri: string | undefined;
  segments: { duration: number; uri: string }[];
  endList: boolean;
}

function parseMedia(path: string): MediaPlaylist {
  const all = lines(path);
  const result: MediaPlaylist = { targetDuration: undefined, mapUri: undefined, segments: [], endList: false };
  let pending: number | undefined;
  for (const line of all) {
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

const manifest = JSON.parse(readFileSync(join(DEMO, 'manifest.json'), 'utf8')) as Asset[];

describe('demo media manifest', () => {
  it('lists the three features and the teaser', () => {
    expect(manifest.map((a) => a.slug).sort()).toEqual(['aurora', 'meadow', 'metropolis', 'teaser']);
    for (const asset of manifest) {
      expect(['feature', 'trailer']).toContain(asset.kind);
      expect(asset.durationSeconds).toBeGreaterThan(0);
    }
    expect(manifest.find((a) => a.slug === 'teaser')?.kind).toBe('trailer');
  });

  it('has a README saying how to regenerate', () => {
    expect(readFileSync(join(DEMO, 'README.md'), 'utf8')).toContain('npm run media:demo');
  });
});

describe.each(manifest)('demo asset $slug', (asset) => {
  const dir = join(DEMO, asset.slug);

  it('has every asset of the manifest on disk', () => {
    expectNonEmptyFile(join(dir, 'master.m3u8'));
    expect(asset.renditions.length).toBeGreaterThanOrEqual(2);
    for (const r of asset.renditions) {
      expectNonEmptyFile(join(dir, r.playlist));
      expect(r.playlist).toBe(`${r.name}/index.m3u8`);
    }
  });

  it('has a master playlist listing 360p and 720p with CODECS and RESOLUTION', () => {
    const text = readFileSync(join(dir, 'master.m3u8'), 'utf8');
    expect(text.startsWith('#EXTM3U')).toBe(true);
    const variants = parseMaster(join(dir, 'master.m3u8'));
    expect(variants.length).toBeGreaterThanOrEqual(2);
    expect(variants.map((v) => v.uri)).toEqual(expect.arrayContaining(['360p/index.m3u8', '720p/index.m3u8']));
    for (const v of variants) {
      const { BANDWIDTH, RESOLUTION, CODECS, 'FRAME-RATE': frameRate } = v.attributes;
      expect(Number(BANDWIDTH)).toBeGreaterThan(0);
      expect(RESOLUTION).toMatch(/^\d+x\d+$/);
      expect(CODECS).toMatch(/^avc1\.[0-9a-f]{6},mp4a\.40\.2$/);
      expect(Number(frameRate)).toBeCloseTo(25, 3);
      // H.264 Main or High, level 4.0 at most
      const profileIdc = Number.parseInt(CODECS!.slice(5, 7), 16);
      const levelIdc = Number.parseInt(CODECS!.slice(9, 11), 16);
      expect([0x4d, 0x64]).toContain(profileIdc);
      expect(levelIdc).toBeLessThanOrEqual(40);
      // the master agrees with the manifest
      const r = asset.renditions.find((x) => x.playlist === v.uri);
      expect(r, `${v.uri} is in the manifest`).toBeDefined();
      expect(RESOLUTION).toBe(`${r!.width}x${r!.height}`);
      expect(CODECS).toBe(r!.codecs);
      expect(Number(BANDWIDTH)).toBe(r!.bandwidth);
    }
    const res = Object.fromEntries(variants.map((v) => [v.uri, v.attributes.RESOLUTION]));
    expect(res['360p/index.m3u8']).toBe('640x360');
    expect(res['720p/index.m3u8']).toBe('1280x720');
  });

  describe.each(asset.renditions)('rendition $name', (rendition) => {
    const playlistPath = join(dir, rendition.playlist);
    const playlistDir = dirname(playlistPath);
    // parsed in each test, so a missing playlist fails a test instead of the collection
    const load = (): MediaPlaylist => parseMedia(playlistPath);

    it('is a complete VOD playlist with 4-second fMP4 segments', () => {
      const playlist = load();
      expect(playlist.targetDuration).toBe(4);
      expect(playlist.mapUri).toBe('init.mp4');
      expect(playlist.endList).toBe(true);
      expect(playlist.segments.length).toBeGreaterThan(0);
      playlist.segments.forEach((s, i) => {
        expect(s.duration).toBeLessThanOrEqual(4.0 + 1e-9);
        if (i < playlist.segments.length - 1) expect(Math.abs(s.duration - 4.0)).toBeLessThanOrEqual(0.01);
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
      const playlist = load();
      const total = playlist.segments.reduce((sum, s) => sum + s.duration, 0);
      expect(Math.abs(total - asset.durationSeconds)).toBeLessThanOrEqual(0.5);
    });
  });
});
