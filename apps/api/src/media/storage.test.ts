// The storages against real servers: a folder, and an S3 API over HTTP (s3rver: it stores objects, checks
// the access key and answers list and delete like S3), talked to by the AWS SDK as in production.
import { HeadObjectCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadEnv } from '../env.ts';
import { createMediaStorage, isImmutableMediaFile, localStorage, mediaContentType, s3Storage, uploadOrder } from './storage.ts';

let root: string;
const quiet = () => undefined;

/** A packaged asset folder in miniature (the names of the real layout, small contents). */
function makeAsset(files: Record<string, string>): string {
  const dir = mkdtempSync(path.join(root, 'asset-'));
  for (const [name, body] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    writeFileSync(path.join(dir, name), body);
  }
  return dir;
}
const v1 = { 'master.m3u8': '#EXTM3U\n360p/index.m3u8\n', '360p/index.m3u8': '#EXTM3U\nseg_000.m4s\nseg_001.m4s\n', '360p/init.mp4': 'init', '360p/seg_000.m4s': 'a', '360p/seg_001.m4s': 'b', 'thumbs/thumbs.vtt': 'WEBVTT\n', 'thumbs/sprite-0.jpg': 'jpg' };
const v2 = { 'master.m3u8': '#EXTM3U\n360p/index.m3u8\n', '360p/index.m3u8': '#EXTM3U\nseg_000.m4s\n', '360p/init.mp4': 'init2', '360p/seg_000.m4s': 'a2', 'subs-ru/index.m3u8': '#EXTM3U\n', 'subs-ru/seg_000.vtt': 'WEBVTT\n' };

beforeAll(() => {
  root = mkdtempSync(path.join(tmpdir(), 'ekran-storage-'));
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('media file rules', () => {
  it.each([
    ['master.m3u8', 'application/vnd.apple.mpegurl', false],
    ['720p/seg_000.m4s', 'video/iso.segment', true],
    ['720p/init.mp4', 'video/mp4', true],
    ['subs-ru/seg_000.vtt', 'text/vtt; charset=utf-8', true],
    ['thumbs/thumbs.vtt', 'text/vtt; charset=utf-8', false],
    ['thumbs/sprite-0.jpg', 'image/jpeg', true],
    ['manifest.json', null, true],
  ])('%s: %s, immutable %s', (file, type, immutable) => {
    expect(mediaContentType(file)).toBe(type);
    expect(isImmutableMediaFile(file)).toBe(immutable);
  });

  it('uploads what playlists name first and the master last', () => {
    expect(uploadOrder(['master.m3u8', '360p/index.m3u8', 'thumbs/thumbs.vtt', '360p/seg_000.m4s', 'thumbs/sprite-0.jpg'])).toEqual(
      ['360p/seg_000.m4s', 'thumbs/sprite-0.jpg', '360p/index.m3u8', 'thumbs/thumbs.vtt', 'master.m3u8'],
    );
  });
});

describe('local storage', () => {
  it('moves the folder in and replaces an earlier version whole', async () => {
    const mediaDir = path.join(root, 'media');
    const storage = localStorage(mediaDir);
    expect(await storage.publish('film', makeAsset(v1), quiet)).toEqual({ files: 7, bytes: expect.any(Number) });
    expect(readFileSync(path.join(mediaDir, 'film/360p/seg_001.m4s'), 'utf8')).toBe('b');
    await storage.publish('film', makeAsset(v2), quiet);
    expect(readFileSync(path.join(mediaDir, 'film/360p/init.mp4'), 'utf8')).toBe('init2');
    expect(existsSync(path.join(mediaDir, 'film/360p/seg_001.m4s'))).toBe(false);
    expect(existsSync(path.join(mediaDir, 'film/subs-ru/seg_000.vtt'))).toBe(true);
  });
});

describe('S3 storage against an S3 server', () => {
  let server: S3rver;
  let endpoint: string;
  const created: string[] = [];
  const client = () => new S3Client({ endpoint, region: 'us-east-1', forcePathStyle: true, credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' } });

  beforeAll(async () => {
    server = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory: path.join(root, 's3'), configureBuckets: [{ name: 'ekran-media', configs: [] }] });
    // s3rver is a Koa app and emits S3 event notifications (its typings leave the emitter out)
    (server as unknown as NodeJS.EventEmitter).on('event', (e: { Records: { eventName: string; s3: { object: { key: string } } }[] }) => {
      for (const r of e.Records) if (r.eventName.startsWith('ObjectCreated')) created.push(decodeURIComponent(r.s3.object.key));
    });
    const address = (await server.run()) as unknown as { port: number };
    endpoint = `http://127.0.0.1:${address.port}`;
  });
  afterAll(async () => {
    await server.close();
  });

  const settings = () => ({ bucket: 'ekran-media', endpoint, region: 'us-east-1', accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER', prefix: 'vod/' });

  it('uploads every file with its content type and cache policy, the master last', async () => {
    const storage = s3Storage(settings(), { concurrency: 2 });
    expect(storage.location).toBe('s3://ekran-media/vod/');
    const dir = makeAsset(v1);
    expect(await storage.publish('film', dir, quiet)).toMatchObject({ files: 7 });
    expect(existsSync(dir)).toBe(false);
    expect(created.at(-1)).toBe('vod/film/master.m3u8');
    expect(created.indexOf('vod/film/360p/index.m3u8')).toBeGreaterThan(created.indexOf('vod/film/360p/seg_001.m4s'));

    const s3 = client();
    const head = async (key: string) => s3.send(new HeadObjectCommand({ Bucket: 'ekran-media', Key: key }));
    expect(await head('vod/film/360p/seg_000.m4s')).toMatchObject({ ContentType: 'video/iso.segment', CacheControl: 'public, max-age=31536000, immutable', ContentLength: 1 });
    expect(await head('vod/film/master.m3u8')).toMatchObject({ ContentType: 'application/vnd.apple.mpegurl', CacheControl: 'public, max-age=60' });
    expect(await head('vod/film/thumbs/sprite-0.jpg')).toMatchObject({ ContentType: 'image/jpeg' });
    s3.destroy();
  });

  it('replaces an earlier version: new files up, files it no longer has deleted, other assets untouched', async () => {
    const storage = s3Storage(settings());
    await storage.publish('other', makeAsset({ 'master.m3u8': '#EXTM3U\n' }), quiet);
    await storage.publish('film', makeAsset(v2), quiet);
    const s3 = client();
    const keys = (await s3.send(new ListObjectsV2Command({ Bucket: 'ekran-media', Prefix: 'vod/' }))).Contents!.map((o) => o.Key).sort();
    expect(keys).toEqual(['vod/film/360p/index.m3u8', 'vod/film/360p/init.mp4', 'vod/film/360p/seg_000.m4s', 'vod/film/master.m3u8', 'vod/film/subs-ru/index.m3u8', 'vod/film/subs-ru/seg_000.vtt', 'vod/other/master.m3u8']);
    s3.destroy();
  });

  it('fails loudly with an unknown key and leaves the staging folder for a retry', async () => {
    const storage = s3Storage({ ...settings(), accessKeyId: 'NOBODY' });
    const dir = makeAsset({ 'master.m3u8': '#EXTM3U\n' });
    await expect(storage.publish('film', dir, quiet)).rejects.toThrow(/access key/i);
    expect(existsSync(dir)).toBe(true);
  });

  it('is what MEDIA_STORAGE=s3 selects', () => {
    const env = loadEnv({ MEDIA_STORAGE: 's3', MEDIA_S3_BUCKET: 'ekran-media', MEDIA_S3_PREFIX: 'vod/', MEDIA_BASE_URL: 'https://media.example.ru' });
    expect(createMediaStorage(env)).toMatchObject({ kind: 's3', location: 's3://ekran-media/vod/' });
    expect(createMediaStorage(loadEnv({ MEDIA_DIR: '/srv/media' }))).toMatchObject({ kind: 'local', location: '/srv/media' });
  });
});

describe('media settings', () => {
  it.each([
    [{ MEDIA_STORAGE: 's3', MEDIA_BASE_URL: 'https://media.example.ru' }, /MEDIA_S3_BUCKET: required/],
    [{ MEDIA_STORAGE: 's3', MEDIA_S3_BUCKET: 'b' }, /MEDIA_BASE_URL: the API serves only MEDIA_DIR/],
    [{ MEDIA_STORAGE: 's3', MEDIA_S3_BUCKET: 'b', MEDIA_BASE_URL: 'https://m.example.ru', MEDIA_S3_ACCESS_KEY_ID: 'k' }, /set both or neither/],
    [{ MEDIA_BASE_URL: 'https://media.example.ru/' }, /MEDIA_BASE_URL/],
    [{ MEDIA_BASE_URL: 'media' }, /MEDIA_BASE_URL/],
    [{ MEDIA_S3_PREFIX: 'vod' }, /MEDIA_S3_PREFIX/],
    [{ MEDIA_S3_ENDPOINT: 'ftp://x' }, /MEDIA_S3_ENDPOINT/],
    [{ MEDIA_STORAGE: 'gcs' }, /MEDIA_STORAGE/],
  ])('refuses %j', (settings, message) => {
    expect(() => loadEnv(settings)).toThrow(message);
  });

  it('accepts a path or an origin with a path as the base', () => {
    expect(loadEnv({}).MEDIA_BASE_URL).toBe('/api/media');
    expect(loadEnv({ MEDIA_BASE_URL: 'https://cdn.example.ru/vod' }).MEDIA_BASE_URL).toBe('https://cdn.example.ru/vod');
  });
});
