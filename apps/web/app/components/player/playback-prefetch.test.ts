// The title page's playlist prefetch: what it parses, which rendition it warms (the one
// hls.js will start with) and that it only ever GETs media, stopping at the first refusal.
import { readFileSync } from 'node:fs';
import { describe, expect, it, vi } from 'vitest';
import { initSegmentUri, parseMasterPlaylist, predictStartVariant, prefetchPlayback } from './playback-prefetch.ts';

const demoMaster = readFileSync(new URL('../../../../../media/demo/metropolis/master.m3u8', import.meta.url), 'utf8');
const demoVariant = readFileSync(new URL('../../../../../media/demo/metropolis/360p/index.m3u8', import.meta.url), 'utf8');

const LADDER = `#EXTM3U
#EXT-X-VERSION:7
#EXT-X-INDEPENDENT-SEGMENTS
#EXT-X-MEDIA:TYPE=AUDIO,GROUP-ID="aud",NAME="Русский",DEFAULT=YES,URI="audio/ru/index.m3u8"
#EXT-X-STREAM-INF:BANDWIDTH=6000000,AVERAGE-BANDWIDTH=4800000,RESOLUTION=1920x1080,CODECS="avc1.640028,mp4a.40.2",AUDIO="aud"
1080p/index.m3u8
#EXT-X-STREAM-INF:BANDWIDTH=800000,RESOLUTION=640x360,CODECS="avc1.4d401e,mp4a.40.2",AUDIO="aud"

360p/index.m3u8
#EXT-X-STREAM-INF:BANDWIDTH=3000000,RESOLUTION=1280x720,CODECS="avc1.4d401f,mp4a.40.2",AUDIO="aud"
720p/index.m3u8
#EXT-X-STREAM-INF:AVERAGE-BANDWIDTH=100,RESOLUTION=10x10
broken/index.m3u8
`;

describe('parseMasterPlaylist', () => {
  it('reads the committed demo master', () => {
    expect(parseMasterPlaylist(demoMaster)).toEqual([
      { uri: '240p/index.m3u8', bitrate: 193578, width: 426, height: 240 },
      { uri: '360p/index.m3u8', bitrate: 289884, width: 640, height: 360 },
      { uri: '480p/index.m3u8', bitrate: 481012, width: 854, height: 480 },
      { uri: '720p/index.m3u8', bitrate: 625178, width: 1280, height: 720 },
    ]);
  });

  it('reads BANDWIDTH (not AVERAGE-BANDWIDTH), skips blank lines and variants without a bandwidth', () => {
    expect(parseMasterPlaylist(LADDER).map((v) => [v.uri, v.bitrate, v.height])).toEqual([
      ['1080p/index.m3u8', 6000000, 1080],
      ['360p/index.m3u8', 800000, 360],
      ['720p/index.m3u8', 3000000, 720],
    ]);
  });

  it('is not a playlist: nothing', () => {
    expect(parseMasterPlaylist('{"status":403}')).toEqual([]);
    expect(parseMasterPlaylist('')).toEqual([]);
  });
});

describe('initSegmentUri', () => {
  it('finds EXT-X-MAP', () => {
    expect(initSegmentUri(demoVariant)).toBe('init.mp4');
    expect(initSegmentUri('#EXTM3U\n#EXT-X-MAP:BYTERANGE="720@0",URI="../init-720.mp4"\n')).toBe('../init-720.mp4');
  });
  it('none in a TS playlist', () => {
    expect(initSegmentUri('#EXTM3U\n#EXTINF:4,\nseg0.ts\n')).toBeNull();
  });
});

describe('predictStartVariant', () => {
  const variants = parseMasterPlaylist(LADDER);
  const desktop = { width: 1440, height: 810, pixelRatio: 1 };
  it.each([
    { seed: 40_000_000, uri: '1080p/index.m3u8' }, // 10 Mbit/s for the first 4 s fragment
    { seed: 12_000_000, uri: '720p/index.m3u8' }, // 3 Mbit/s
    { seed: 4_000_000, uri: '360p/index.m3u8' }, // 1 Mbit/s: the Moscow default starts SD on this ladder
  ])('seed $seed bit/s → $uri', ({ seed, uri }) => {
    expect(predictStartVariant(variants, seed, desktop)?.uri).toBe(uri);
  });
  it('no variants: none', () => {
    expect(predictStartVariant([], 1e7, desktop)).toBeNull();
  });
});

describe('prefetchPlayback', () => {
  const MASTER = '/api/media/s/1900000000/sid-1/c2lnbmF0dXJl/metropolis/master.m3u8';
  const files: Record<string, string> = {
    'http://localhost:3000/api/media/s/1900000000/sid-1/c2lnbmF0dXJl/metropolis/master.m3u8': demoMaster,
    'http://localhost:3000/api/media/s/1900000000/sid-1/c2lnbmF0dXJl/metropolis/360p/index.m3u8': demoVariant,
    'http://localhost:3000/api/media/s/1900000000/sid-1/c2lnbmF0dXJl/metropolis/360p/init.mp4': 'init',
  };
  const fakeFetch = (status = (_url: string) => 200) =>
    vi.fn(async (input: string | URL | Request, _init?: RequestInit) => {
      const url = String(input);
      const body = files[url];
      return new Response(body ?? 'not found', { status: body === undefined ? 404 : status(url) });
    });
  vi.stubGlobal('location', new URL('http://localhost:3000/watch/metropolis'));

  it('master, the start variant under the signed prefix, its init segment; GETs at low priority', async () => {
    const fetch = fakeFetch();
    // 1.2 Mbit/s → 300 kbit/s for the first fragment: the 360p rendition (411 kbit/s is the lowest anyway).
    const urls = await prefetchPlayback(MASTER, { fetch, seedBps: 1_200_000, player: { width: 1440, height: 810, pixelRatio: 1 } });
    expect(urls).toEqual(Object.keys(files));
    for (const [, init] of fetch.mock.calls) expect(init).toMatchObject({ method: 'GET', credentials: 'same-origin', priority: 'low' });
  });

  it('warms the rendition the estimate allows', async () => {
    const fetch = fakeFetch();
    await prefetchPlayback(MASTER, { fetch, seedBps: 20_000_000, player: { width: 1440, height: 810, pixelRatio: 1 } });
    expect(fetch.mock.calls.map(([u]) => String(u))).toContain('http://localhost:3000/api/media/s/1900000000/sid-1/c2lnbmF0dXJl/metropolis/720p/index.m3u8');
  });

  it('a refused master (expired or tampered grant) stops the chain', async () => {
    const fetch = fakeFetch(() => 403);
    expect(await prefetchPlayback(MASTER, { fetch, seedBps: 1e6, player: null })).toEqual([]);
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('an abort stops it quietly', async () => {
    const controller = new AbortController();
    controller.abort();
    const fetch = vi.fn(async (_input: string | URL | Request, init?: RequestInit) => {
      if (init?.signal?.aborted) throw new DOMException('aborted', 'AbortError');
      return new Response('');
    });
    expect(await prefetchPlayback(MASTER, { fetch, signal: controller.signal, seedBps: 1e6, player: null })).toEqual([]);
  });
});
