import { PlaybackCheckSchema } from '@ekran/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, loginDevice, type TestApp } from '../../test/harness.ts';
import { signMediaToken } from './media-token.ts';

let t: TestApp;
let master: string;
let token: string;

beforeAll(async () => {
  t = await createTestApp();
  const free = await t.make.title({ alias: 'besplatnyy', isFree: true });
  const { auth } = await loginDevice(t);
  master = PlaybackCheckSchema.parse((await t.app.inject({ url: `/api/v1/playback/${free.id}`, headers: auth })).json()).playlists[0]!.url;
  token = new URL(master, 'http://x').searchParams.get('token')!;
});
afterAll(() => t.close());

/** Resolves a playlist line against the playlist's URL, as a player does. */
const resolve = (uri: string, base: string) => {
  const u = new URL(uri, `http://x${base}`);
  return u.pathname + u.search;
};

describe('signed HLS media', () => {
  it('serves the master playlist with every URI carrying the token', async () => {
    const res = await t.app.inject(master);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/application\/vnd\.apple\.mpegurl/);
    const uris = res.body.split('\n').filter((l) => l && !l.startsWith('#'));
    expect(uris.length).toBeGreaterThanOrEqual(2);
    for (const uri of uris) expect(uri).toContain(`token=${encodeURIComponent(token)}`);
  });

  it('serves media playlists, init and segments through the rewritten URIs, with byte ranges', async () => {
    const masterBody = (await t.app.inject(master)).body;
    const variant = resolve(masterBody.split('\n').find((l) => l.includes('720p'))!, master.split('?')[0]!);
    const media = await t.app.inject(variant);
    expect(media.statusCode).toBe(200);
    const init = media.body.match(/URI="([^"]+)"/)![1]!;
    const segment = media.body.split('\n').find((l) => l.includes('.m4s'))!;
    const initRes = await t.app.inject(resolve(init, variant.split('?')[0]!));
    expect(initRes.statusCode).toBe(200);
    expect(initRes.headers['content-type']).toBe('video/mp4');
    const segUrl = resolve(segment, variant.split('?')[0]!);
    const seg = await t.app.inject(segUrl);
    expect(seg.statusCode).toBe(200);
    expect(seg.headers['content-type']).toBe('video/iso.segment');
    expect(seg.headers['accept-ranges']).toBe('bytes');
    expect(seg.headers['cache-control']).toContain('max-age=86400');
    const ranged = await t.app.inject({ url: segUrl, headers: { range: 'bytes=0-99' } });
    expect(ranged.statusCode).toBe(206);
    expect(ranged.rawPayload.length).toBe(100);
    expect(ranged.headers['content-range']).toMatch(/^bytes 0-99\/\d+$/);
  });

  it.each([
    ['no token', '/api/media/aurora/720p/seg_000.m4s'],
    ['a forged signature', `/api/media/aurora/720p/seg_000.m4s?token=${token?.split('.')[0]}.forged`],
    ['garbage', '/api/media/aurora/720p/seg_000.m4s?token=garbage'],
  ])('refuses a segment with %s: 403', async (_, url) => {
    const res = await t.app.inject(url);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ status: 403, code: 'INVALID_MEDIA_TOKEN' });
  });

  it('refuses a token of another asset and an expired token', async () => {
    const other = signMediaToken(t.env.MEDIA_TOKEN_SECRET, 'meadow', new Date(t.clock.now.getTime() + 60_000));
    expect((await t.app.inject(`/api/media/aurora/720p/seg_000.m4s?token=${other}`)).statusCode).toBe(403);
    const expired = signMediaToken(t.env.MEDIA_TOKEN_SECRET, 'aurora', new Date(t.clock.now.getTime() - 1000));
    expect((await t.app.inject(`/api/media/aurora/720p/seg_000.m4s?token=${expired}`)).statusCode).toBe(403);
    expect((await t.app.inject(`/api/media/aurora/master.m3u8?token=${expired}`)).statusCode).toBe(403);
  });

  it('rejects paths outside the media layout', async () => {
    expect((await t.app.inject(`/api/media/aurora/720p/..%2F..%2Fmanifest.json?token=${token}`)).statusCode).toBe(400);
    expect((await t.app.inject(`/api/media/aurora/720p/missing_999.m4s?token=${token}`)).statusCode).toBe(404);
  });
});
