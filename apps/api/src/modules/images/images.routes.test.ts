import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { snapWidth } from './images.routes.ts';
import { posterImage } from './poster-url.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** The signed URL the API writes for art (as its mappers do). */
const art = (orientation: 'vertical' | 'horizontal', pattern: string, hue: number, hue2: number, seed: number) => posterImage({ pattern, hue, hue2, seed }, orientation).url;
const url = art('vertical', 'rays', 200, 20, 7);

describe('GET /api/v1/images/art (spec platform §7 image parameters)', () => {
  it('renders webp at the requested width with long cache headers', async () => {
    const res = await t.app.inject(`${url}?w=300&q=75&type=webp`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/webp');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const meta = await sharp(res.rawPayload).metadata();
    expect(meta.format).toBe('webp');
    expect(meta.width).toBe(320); // snapped up to the next rendered width
    expect(meta.height).toBe(480); // 2:3
  });

  it('renders jpeg and defaults quality to 75', async () => {
    const res = await t.app.inject(`${art('horizontal', 'waves', 10, 300, 3)}?w=640&type=jpeg`);
    expect(res.headers['content-type']).toBe('image/jpeg');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const meta = await sharp(res.rawPayload).metadata();
    expect(meta).toMatchObject({ format: 'jpeg', width: 640, height: 360 });
    const explicit = await t.app.inject(`${art('horizontal', 'waves', 10, 300, 3)}?w=640&type=jpeg&q=75`);
    expect(explicit.rawPayload.equals(res.rawPayload)).toBe(true);
  });

  it('gives smaller files at a lower quality', async () => {
    const low = await t.app.inject(`${url}?w=480&q=30&type=webp`);
    const high = await t.app.inject(`${url}?w=480&q=95&type=webp`);
    expect(low.rawPayload.length).toBeLessThan(high.rawPayload.length);
  });

  it.each([
    ['the tag', (e: string) => e],
    ['a weak tag', (e: string) => `W/${e}`],
    ['a list with the tag', (e: string) => `"other", ${e}`],
    ['*', () => '*'],
  ])('answers 304 to If-None-Match with %s, keeping the cache headers', async (_, header) => {
    const first = await t.app.inject(`${url}?w=240`);
    const again = await t.app.inject({ url: `${url}?w=240`, headers: { 'if-none-match': header(first.headers.etag as string) } });
    expect(again.statusCode).toBe(304);
    expect(again.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(again.rawPayload.length).toBe(0);
  });

  it('answers 200 to an If-None-Match of another tag', async () => {
    expect((await t.app.inject({ url: `${url}?w=240`, headers: { 'if-none-match': '"other"' } })).statusCode).toBe(200);
  });

  it('answers 304 to a matching If-None-Match', async () => {
    const first = await t.app.inject(`${url}?w=200`);
    const again = await t.app.inject({ url: `${url}?w=200`, headers: { 'if-none-match': first.headers.etag as string } });
    expect(again.statusCode).toBe(304);
  });

  it('keeps the same bytes for the same parameters (deterministic art)', async () => {
    const a = await t.app.inject(`${url}?w=160&q=60`);
    const b = await t.app.inject(`${url}?w=160&q=60`);
    expect(a.rawPayload.equals(b.rawPayload)).toBe(true);
  });

  it.each(['?w=5', '?w=99999', '?q=0', '?q=101', '?q=7.5', '?type=gif', '?type=png'])('answers 400 for %s', async (q) => {
    expect((await t.app.inject(`${url}${q}`)).statusCode).toBe(400);
  });

  it('answers 400 for an art spec of an unknown pattern', async () => {
    expect((await t.app.inject('/api/v1/images/art/vertical/spiral-1-2-3')).statusCode).toBe(400);
  });

  it.each([
    [1, 80],
    [80, 80],
    [81, 120],
    [1300, 1600],
    [4000, 2560],
  ])('snaps width %i to %i', (w, expected) => {
    expect(snapWidth(w)).toBe(expected);
  });
});

describe('only art the catalogue names is rendered', () => {
  const files = () => readdirSync(t.env.IMAGE_CACHE_DIR).length;

  it('refuses unsigned art that is not cached, rendering and storing nothing (404)', async () => {
    const before = files();
    for (const seed of [101, 102, 103]) {
      const res = await t.app.inject(`/api/v1/images/art/vertical/rays-200-20-${seed}?w=320`);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ status: 404, code: 'NOT_FOUND' });
    }
    expect(files()).toBe(before);
  });

  it('refuses a forged signature, or the signature of other art (404)', async () => {
    const genuine = art('vertical', 'rays', 200, 20, 8);
    const sig = genuine.split('.').pop()!;
    expect((await t.app.inject(`/api/v1/images/art/vertical/rays-200-20-9.${sig}?w=320`)).statusCode).toBe(404);
    expect((await t.app.inject(`/api/v1/images/art/horizontal/rays-200-20-8.${sig}?w=320`)).statusCode).toBe(404);
    expect((await t.app.inject(`/api/v1/images/art/vertical/rays-200-20-8.${'A'.repeat(16)}?w=320`)).statusCode).toBe(404);
    expect((await t.app.inject(`${genuine}?w=320`)).statusCode).toBe(200);
  });

  it('still answers an unsigned URL from the cache an earlier signed request filled', async () => {
    const signed = await t.app.inject(`${art('vertical', 'circles', 30, 60, 5)}?w=240`);
    const unsigned = await t.app.inject('/api/v1/images/art/vertical/circles-30-60-5?w=240');
    expect(unsigned.statusCode).toBe(200);
    expect(unsigned.rawPayload.equals(signed.rawPayload)).toBe(true);
    expect(unsigned.headers.etag).toBe(signed.headers.etag);
  });
});

describe('renders per address (IMAGE_RENDERS_PER_MINUTE)', () => {
  let limited: TestApp;
  beforeAll(async () => {
    limited = await createTestApp({ IMAGE_RENDERS_PER_MINUTE: '2' });
  });
  afterAll(() => limited.close());
  const from = (address: string, path: string) => limited.app.inject({ url: path, remoteAddress: address });

  it('limits new renders from one address with 429 RATE_LIMITED, not answers from the cache, not other addresses', async () => {
    const first = `${art('vertical', 'rays', 1, 2, 1)}?w=160`;
    expect((await from('203.0.113.7', first)).statusCode).toBe(200);
    expect((await from('203.0.113.7', `${art('vertical', 'rays', 1, 2, 2)}?w=160`)).statusCode).toBe(200);
    const third = await from('203.0.113.7', `${art('vertical', 'rays', 1, 2, 3)}?w=160`);
    expect(third.statusCode).toBe(429);
    expect(third.json()).toMatchObject({ status: 429, code: 'RATE_LIMITED' });
    expect(Number(third.headers['retry-after'])).toBeGreaterThan(0);
    // Cached images are no work: still served to the limited address.
    for (let i = 0; i < 5; i++) expect((await from('203.0.113.7', first)).statusCode).toBe(200);
    expect((await from('198.51.100.9', `${art('vertical', 'rays', 1, 2, 3)}?w=160`)).statusCode).toBe(200);
  });
});

describe('the disk cache is bounded (IMAGE_CACHE_MAX_MB)', () => {
  let small: TestApp;
  beforeAll(async () => {
    small = await createTestApp({ IMAGE_CACHE_MAX_MB: String(8 / 1024) }); // 8 KB, about six small images
  });
  afterAll(() => small.close());
  const bytesOnDisk = () => readdirSync(small.env.IMAGE_CACHE_DIR).reduce((sum, f) => sum + statSync(path.join(small.env.IMAGE_CACHE_DIR, f)).size, 0);

  it('keeps at most the cap on disk, dropping the least recently used first', async () => {
    const keep = `${art('horizontal', 'waves', 10, 300, 1)}?w=320`;
    expect((await small.app.inject(keep)).statusCode).toBe(200);
    for (let seed = 2; seed < 14; seed++) {
      expect((await small.app.inject(`${art('horizontal', 'waves', 10, 300, seed)}?w=320`)).statusCode).toBe(200);
      await small.app.inject(keep); // used again: the most recent
      await new Promise((r) => setTimeout(r, 5)); // unlink of the evicted runs in the background
      expect(bytesOnDisk()).toBeLessThanOrEqual(8 * 1024);
    }
    const names = readdirSync(small.env.IMAGE_CACHE_DIR);
    expect(names.length).toBeGreaterThan(0);
    expect(names.length).toBeLessThan(13);
    // The one used all along is still there: answered as before, and unsigned (cache only) too.
    expect((await small.app.inject(keep.replace(/\.[\w-]{16}\?/, '?'))).statusCode).toBe(200);
  });
});
