// deploy/nginx/media.conf, run for real: nginx checks the API's path-prefix grants with secure_link and
// serves media/demo. Skipped (with the reason in its name) where nginx is not installed; .ci/run installs it.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fromRoot } from '../../lib/paths.ts';
import { hasNginx, startMediaNginx } from '../../test/media-nginx.ts';
import { signMediaPrefix } from '../streams/media-grants.ts';

const SECRET = 'nginx-test-secret-0123456789-abcdefghijklmnop';
const SID = '6f1c1f43-92f6-4c3b-9a8e-2d7f5e0a1b2c';

let nginx: Awaited<ReturnType<typeof startMediaNginx>> | null = null;
let base: string;

const grant = (slug = 'aurora', seconds = 600) =>
  `${base}${signMediaPrefix(SECRET, '', { slug, sid: SID, expiresAt: new Date(Date.now() + seconds * 1000) })}`;

describe.skipIf(!hasNginx)(`deploy/nginx/media.conf under nginx${hasNginx ? '' : ' (skipped: nginx is not installed; apt-get install nginx-light)'}`, () => {
  beforeAll(async () => {
    nginx = await startMediaNginx(SECRET);
    base = nginx.base;
  });

  afterAll(async () => {
    await nginx?.stop();
  });

  it('serves the master playlist, segments with byte ranges, subtitles and sprites under a signed prefix', async () => {
    const prefix = grant();
    const master = await fetch(`${prefix}master.m3u8`);
    expect(master.status).toBe(200);
    expect(master.headers.get('content-type')).toMatch(/^application\/vnd\.apple\.mpegurl/);
    expect(master.headers.get('cache-control')).toBe('public, max-age=60');
    expect(await master.text()).toBe(readFileSync(fromRoot('media/demo/aurora/master.m3u8'), 'utf8'));

    const segment = await fetch(`${prefix}720p/seg_001.m4s`);
    expect(segment.status).toBe(200);
    expect(segment.headers.get('content-type')).toBe('video/iso.segment');
    expect(segment.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const whole = Buffer.from(await segment.arrayBuffer());
    const ranged = await fetch(`${prefix}720p/seg_001.m4s`, { headers: { range: 'bytes=100-199' } });
    expect(ranged.status).toBe(206);
    expect(Buffer.from(await ranged.arrayBuffer())).toEqual(whole.subarray(100, 200));

    const subs = await fetch(`${prefix}subs-ru/seg_000.vtt`);
    expect(subs.status).toBe(200);
    expect(subs.headers.get('content-type')).toMatch(/^text\/vtt/);
    const sprite = await fetch(`${prefix}thumbs/sprite-0.jpg`);
    expect(sprite.status).toBe(200);
    expect(sprite.headers.get('content-type')).toBe('image/jpeg');
  });

  it.each([
    ['a tampered signature', () => grant().replace(/\/([A-Za-z0-9_-])([A-Za-z0-9_-]{21})\/aurora\//, (_, c: string, rest: string) => `/${c === 'A' ? 'B' : 'A'}${rest}/aurora/`)],
    ['the signature of another asset', () => grant().replace('/aurora/', '/meadow/')],
    ['an expired grant', () => grant('aurora', -5)],
    ['a later expiry with the old signature', () => grant().replace(/\/s\/(\d+)\//, (_, exp: string) => `/s/${Number(exp) + 3600}/`)],
  ])('refuses %s with 403', async (_, url) => {
    expect((await fetch(`${url()}master.m3u8`)).status).toBe(403);
  });

  it.each([
    ['a parent folder', '..%2F..%2Fmanifest.json'],
    ['a file type outside the media layout', 'manifest.json'],
    ['a dot file', '.staging/master.m3u8'],
    ['a missing file', '720p/seg_999.m4s'],
  ])('does not serve %s', async (_, rest) => {
    const res = await fetch(`${grant()}${rest}`);
    expect([403, 404]).toContain(res.status);
  });

  it('serves nothing outside granted paths', async () => {
    expect((await fetch(`${base}/aurora/master.m3u8`)).status).toBe(404);
  });
});
