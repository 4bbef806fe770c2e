import { PlaybackCheckSchema } from '@ekran/contracts';
import { mediaAssets } from '@ekran/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, loginDevice, type TestApp } from '../../test/harness.ts';
import { mediaSignature, signMediaPrefix } from '../streams/media-grants.ts';

let t: TestApp;
/** A real stream session (a check's, pending): the media route refuses grants of stopped or unknown streams. */
let SID: string;

beforeAll(async () => {
  t = await createTestApp();
  const title = await t.make.title({ alias: 'media-grant', isFree: true });
  const { auth } = await loginDevice(t);
  SID = PlaybackCheckSchema.parse((await t.app.inject({ url: `/api/v1/playback/${title.id}`, headers: auth })).json()).stream!.id;
});
afterAll(() => t.close());

const grant = (slug = 'aurora', seconds = 600, sid = SID) =>
  signMediaPrefix(t.env.MEDIA_TOKEN_SECRET, '/api/media', { slug, sid, expiresAt: new Date(t.clock.now.getTime() + seconds * 1000) });

/** Resolves a playlist URI against the playlist's URL, as a player does. */
const resolve = (uri: string, base: string) => new URL(uri, `http://x${base}`).pathname;

describe('signed HLS media under a path-prefix grant', () => {
  it('serves the master playlist as packaged: relative URIs, no token rewriting', async () => {
    const res = await t.app.inject(`${grant()}master.m3u8`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/vnd\.apple\.mpegurl/);
    expect(res.headers['cache-control']).toBe('public, max-age=60');
    expect(res.body.startsWith('#EXTM3U')).toBe(true);
    const uris = res.body.split('\n').filter((l) => l && !l.startsWith('#'));
    expect(uris).toContain('720p/index.m3u8');
    expect(res.body).toContain('URI="audio-en/index.m3u8"');
    expect(res.body).not.toContain('token');
  });

  it('serves variant, init, segment, audio, subtitles and thumbnails through relative URIs, with byte ranges', async () => {
    const prefix = grant();
    const master = `${prefix}master.m3u8`;
    const variant = resolve('720p/index.m3u8', master);
    const media = await t.app.inject(variant);
    expect(media.statusCode).toBe(200);
    const init = resolve(media.body.match(/URI="([^"]+)"/)![1]!, variant);
    const segment = resolve(media.body.split('\n').find((l) => l.endsWith('.m4s'))!, variant);

    const initRes = await t.app.inject(init);
    expect(initRes.statusCode).toBe(200);
    expect(initRes.headers['content-type']).toBe('video/mp4');
    const seg = await t.app.inject(segment);
    expect(seg.statusCode).toBe(200);
    expect(seg.headers['content-type']).toBe('video/iso.segment');
    expect(seg.headers['accept-ranges']).toBe('bytes');
    // immutable, but kept no longer than the grant lives (600 s)
    expect(seg.headers['cache-control']).toBe('public, max-age=600, immutable');
    const ranged = await t.app.inject({ url: segment, headers: { range: 'bytes=0-99' } });
    expect(ranged.statusCode).toBe(206);
    expect(ranged.rawPayload.length).toBe(100);
    expect(ranged.headers['content-range']).toMatch(/^bytes 0-99\/\d+$/);
    expect(ranged.rawPayload).toEqual(seg.rawPayload.subarray(0, 100));

    const audio = await t.app.inject(resolve('audio-en/seg_000.m4s', master));
    expect(audio.statusCode).toBe(200);
    const subs = await t.app.inject(resolve('subs-ru/seg_000.vtt', master));
    expect(subs.statusCode).toBe(200);
    expect(subs.headers['content-type']).toMatch(/^text\/vtt/);
    expect(subs.body.startsWith('WEBVTT')).toBe(true);
    const thumbs = await t.app.inject(resolve('thumbs/thumbs.vtt', master));
    expect(thumbs.statusCode).toBe(200);
    expect(thumbs.headers['cache-control']).toBe('public, max-age=60');
    const sprite = thumbs.body.match(/^(sprite-\d+\.jpg)#xywh=/m)![1]!;
    const image = await t.app.inject(resolve(`thumbs/${sprite}`, master));
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/jpeg');
    expect(image.rawPayload.subarray(0, 2)).toEqual(Buffer.from([0xff, 0xd8]));
  });

  it('caps the playlist cache at what is left of the grant', async () => {
    const res = await t.app.inject(`${grant('aurora', 20)}master.m3u8`);
    expect(res.headers['cache-control']).toBe('public, max-age=20');
  });

  describe('refuses a grant that is not genuine: 403 INVALID_MEDIA_TOKEN', () => {
    const swap = (prefix: string, index: number, value: string) => {
      const parts = prefix.split('/'); // ['', 'api', 'media', 's', exp, sid, sig, slug, '']
      parts[index] = value;
      return parts.join('/');
    };
    const flip = (s: string) => (s[0] === 'A' ? 'B' : 'A') + s.slice(1);

    it.each([
      ['a tampered signature', () => `${swap(grant(), 6, flip(grant().split('/')[6]!))}720p/seg_000.m4s`],
      ['the signature of another asset', () => `${swap(grant(), 7, 'meadow')}master.m3u8`],
      ['a later expiry with the old signature', () => `${swap(grant(), 4, String(Number(grant().split('/')[4]) + 3600))}master.m3u8`],
      ['another stream session', () => `${swap(grant(), 5, '00000000-0000-4000-8000-000000000000')}master.m3u8`],
      ['an expired grant', () => `${grant('aurora', -1)}720p/seg_000.m4s`],
      ['an expiry that is not a number', () => `${swap(grant(), 4, 'soon')}master.m3u8`],
      // nginx's secure_link signs the expiry as written: these spellings of a genuine one are other grants there.
      ['a leading zero before a genuine expiry', () => `${swap(grant(), 4, `0${grant().split('/')[4]}`)}master.m3u8`],
      ['a plus sign before a genuine expiry', () => `${swap(grant(), 4, `+${grant().split('/')[4]}`)}master.m3u8`],
      ['a space before a genuine expiry', () => `${swap(grant(), 4, `%20${grant().split('/')[4]}`)}master.m3u8`],
      ['a signature of the wrong length', () => `${swap(grant(), 6, 'short')}master.m3u8`],
      ['a signature made with another secret', () => {
        const exp = String(Math.floor(t.clock.now.getTime() / 1000) + 600);
        return `/api/media/s/${exp}/${SID}/${mediaSignature('another-secret-of-at-least-32-characters!!', 'aurora', SID, Number(exp))}/aurora/master.m3u8`;
      }],
    ])('%s', async (_, url) => {
      const res = await t.app.inject(url());
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ status: 403, code: 'INVALID_MEDIA_TOKEN' });
    });

    it('an expiry past twelve digits is bad input (400), never read as a number that overflows', async () => {
      const res = await t.app.inject(`${swap(grant(), 4, '99999999999999999999')}master.m3u8`);
      expect(res.json()).toMatchObject({ status: 400 });
    });

    it('a grant that expires while the clock moves on', async () => {
      const prefix = grant('aurora', 60);
      expect((await t.app.inject(`${prefix}master.m3u8`)).statusCode).toBe(200);
      t.clock.now = new Date(t.clock.now.getTime() + 61_000);
      try {
        expect((await t.app.inject(`${prefix}master.m3u8`)).statusCode).toBe(403);
      } finally {
        t.clock.now = new Date(t.clock.now.getTime() - 61_000);
      }
    });
  });

  it('refuses a plain parent folder into another asset: the client resolves it, and the grant is not for that slug', async () => {
    const res = await t.app.inject(`${grant()}../meadow/master.m3u8`);
    expect(res.statusCode).toBe(403);
  });

  it.each([
    ['a parent folder, encoded', '..%2F..%2Fmanifest.json'],
    ['a parent folder inside', '720p/..%2F..%2Fmeadow%2Fmaster.m3u8'],
    ['a dot folder', '.staging/master.m3u8'],
    ['a type outside the media layout', 'manifest.json'],
    ['a backslash', '720p%5Cindex.m3u8'],
    ['too deep a path', 'a/b/c/d.m4s'],
    ['a missing segment', '720p/seg_999.m4s'],
    ['a folder', '720p'],
  ])('answers 404 for %s, whatever the grant', async (_, rest) => {
    const res = await t.app.inject(`${grant()}${rest}`);
    expect(res.statusCode).toBe(404);
  });

  it('refuses a NUL byte in the path as bad input (400), before the grant is read', async () => {
    const res = await t.app.inject(`${grant()}master.m3u8%00.jpg`);
    expect(res.json()).toMatchObject({ status: 400, code: 'BAD_REQUEST' });
  });
});

describe('the playback check hands out working grants', () => {
  it('signs the master, the thumbnails map and carries the skip marks of the asset', async () => {
    const free = await t.make.title({ alias: 'besplatnyy', isFree: true });
    await t.db.update(mediaAssets).set({ thumbnailsVtt: 'thumbs/thumbs.vtt', introStartSeconds: 1, introEndSeconds: 9, creditsStartSeconds: 43 }).where(eq(mediaAssets.id, free.mediaAssetId!));
    const { auth } = await loginDevice(t);
    const check = PlaybackCheckSchema.parse((await t.app.inject({ url: `/api/v1/playback/${free.id}`, headers: auth })).json());
    const playlist = check.playlists[0]!;
    expect(playlist.url).toMatch(/^\/api\/media\/s\/\d+\/[0-9a-f-]{36}\/[A-Za-z0-9_-]{22}\/aurora\/master\.m3u8$/);
    expect(playlist.thumbnails_url).toBe(playlist.url.replace('master.m3u8', 'thumbs/thumbs.vtt'));
    expect(check.markers).toEqual({ intro_start: 1, intro_end: 9, credits_start: 43 });
    expect((await t.app.inject(playlist.url)).statusCode).toBe(200);
    expect((await t.app.inject(playlist.thumbnails_url!)).statusCode).toBe(200);
    // the device keeps its one stream session: a later check signs for the same sid (streams)
    const again = PlaybackCheckSchema.parse((await t.app.inject({ url: `/api/v1/playback/${free.id}`, headers: auth })).json());
    expect(again.stream!.id).toBe(check.stream!.id);
  });

  it('has no thumbnails or marks for an asset without them', async () => {
    const plain = await t.make.title({ alias: 'bez-metok', isFree: true, mediaAssetId: (await t.make.media('meadow')).id });
    const { auth } = await loginDevice(t);
    const check = PlaybackCheckSchema.parse((await t.app.inject({ url: `/api/v1/playback/${plain.id}`, headers: auth })).json());
    expect(check.playlists[0]!.thumbnails_url).toBeNull();
    expect(check.markers).toBeNull();
  });
});
