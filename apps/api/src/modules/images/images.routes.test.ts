import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { snapWidth } from './images.routes.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const url = '/api/v1/images/art/vertical/rays-200-20-7';

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
    const res = await t.app.inject(`/api/v1/images/art/horizontal/waves-10-300-3?w=640&type=jpeg`);
    expect(res.headers['content-type']).toBe('image/jpeg');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const meta = await sharp(res.rawPayload).metadata();
    expect(meta).toMatchObject({ format: 'jpeg', width: 640, height: 360 });
    const explicit = await t.app.inject(`/api/v1/images/art/horizontal/waves-10-300-3?w=640&type=jpeg&q=75`);
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
