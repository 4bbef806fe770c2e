// The shared page cache (server/page-cache.js) over a fake React Router handler, behind the site's own security
// headers (a nonce per response), on a real express server. Time is the cache's clock, moved by hand.
import express from 'express';
import { request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomBytes } from 'node:crypto';
import { crc32, gunzipSync } from 'node:zlib';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { crcShares, createPageCache, multmodp, type LookupResult } from './page-cache.js';
import { securityHeaders } from './security-headers.js';

const PUBLIC = 'public, max-age=0, s-maxage=60, stale-while-revalidate=600';
const GOOGLEBOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';
const GOOGLEBOT_PHONE = 'Mozilla/5.0 (Linux; Android 6.0.1; Nexus 5X Build/MMB29P) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Mobile Safari/537.36 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';

interface Answer { status?: number; headers?: HeadersInit; text?: string }
type Answerer = (request: Request) => Answer | Promise<Answer>;

/** A page as entry.server.tsx writes one: its nonce on two scripts, and what the user agent chose. */
const page = (request: Request, text = 'Главная') => {
  const nonce = request.headers.get('x-ekran-csp-nonce');
  return `<!DOCTYPE html><html><head><script nonce="${nonce}">1</script></head><body>${text} ${request.headers.get('user-agent')}<script nonce="${nonce}">2</script>${'<div class="card">Фильм</div>'.repeat(200)}</body></html>`;
};
const publicPage: Answerer = (request) => ({ headers: { 'content-type': 'text/html', 'cache-control': PUBLIC, vary: 'User-Agent, Cookie' }, text: page(request) });

let server: Server | null = null;
afterEach(() => {
  server?.close();
  server = null;
});

/** The cache in front of `answer`, as server.js mounts it; `fallback` answers what it passes on. */
async function site(answer: Answerer, options: { enabled?: boolean; revision?: () => Promise<number>; log?: (m: string) => void } = {}) {
  const clock = { now: 1_000_000 };
  const calls: Request[] = [];
  const lookups: LookupResult[] = [];
  const arrivals: Array<() => void> = [];
  const handler = vi.fn(async (request: Request) => {
    calls.push(request);
    const { status = 200, headers, text = '' } = await answer(request);
    return new Response(request.method === 'HEAD' ? null : text, { status, headers });
  });
  const cache = createPageCache({
    handler,
    enabled: options.enabled ?? true,
    maxBytes: 64 * 1024 * 1024,
    revision: options.revision ?? null,
    revisionSeconds: 2,
    now: () => clock.now,
    log: options.log ?? ((m: string) => expect.fail(`unexpected log: ${m}`)),
    onLookup: (result: LookupResult) => lookups.push(result),
  });
  const app = express();
  app.use((_req, _res, next) => {
    arrivals.shift()?.();
    next();
  });
  app.use(securityHeaders({ production: false }));
  app.use(cache.middleware);
  app.use((_req, res) => void res.status(299).type('text/plain').send('React Router'));
  server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server!.once('listening', resolve));
  const port = (server.address() as AddressInfo).port;
  /** One request; the body as it came, not decoded. */
  const get = (path: string, headers: Record<string, string> = {}, method = 'GET') =>
    new Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }>((resolve, reject) => {
      const req = httpRequest({ host: '127.0.0.1', port, path, method, headers: { 'user-agent': GOOGLEBOT, ...headers } }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      });
      req.on('error', reject);
      req.end();
    });
  /** Resolves when `count` more requests have reached the server. */
  const arrived = (count: number) => new Promise<void>((resolve) => {
    let left = count;
    for (let i = 0; i < count; i++) arrivals.push(() => --left === 0 && resolve());
  });
  return { cache, clock, calls, handler, lookups, get, arrived };
}

const nonceOf = (csp: unknown) => /'nonce-([^']+)'/.exec(String(csp))?.[1];

describe('crcShares', () => {
  it('gives the CRC-32 of a page whatever nonce fills its places, as node:zlib computes it over the joined page', () => {
    for (const sizes of [[0], [5, 0], [0, 0, 0], [1, 1], [300, 250_000, 7], [65_537, 3, 0, 1_000, 24]]) {
      const parts = sizes.map((n) => randomBytes(n));
      const { partsCrc, nonceWeight } = crcShares(parts, 24);
      for (const nonce of [randomBytes(24), randomBytes(24)]) {
        const joined = Buffer.concat(parts.flatMap((part, i) => (i > 0 ? [nonce, part] : [part])));
        expect((partsCrc ^ multmodp(nonceWeight, crc32(nonce))) >>> 0).toBe(crc32(joined));
      }
    }
  });
});

describe('the shared page cache (decision 044)', () => {
  it('keeps a public page and answers it again from memory without rendering it', async () => {
    const s = await site(publicPage);
    const first = await s.get('/movies');
    const second = await s.get('/movies');
    expect([first.headers['x-cache'], second.headers['x-cache']]).toEqual(['MISS', 'HIT']);
    expect(s.handler).toHaveBeenCalledTimes(1);
    expect(second.headers['cache-control']).toBe(PUBLIC);
    expect(second.headers.vary).toBe('User-Agent, Cookie, Accept-Encoding');
    expect(second.headers.age).toBe('0');
    expect(s.lookups).toEqual(['miss', 'hit']);
  });

  it.each<[string, Answer]>([
    ['sets a cookie, even when it says public', { headers: [['content-type', 'text/html'], ['cache-control', PUBLIC], ['set-cookie', 'ekran_token=t; HttpOnly']], text: '<p>a</p>' }],
    ['says nothing about caches (a personal page)', { headers: { 'content-type': 'text/html' }, text: '<p>a</p>' }],
    ['is private', { headers: { 'content-type': 'text/html', 'cache-control': 'private, max-age=60' }, text: '<p>a</p>' }],
  ])('renders every time a page that %s, and passes its headers on', async (_name, answer) => {
    const s = await site(() => answer);
    const first = await s.get('/');
    await s.get('/');
    expect(s.handler).toHaveBeenCalledTimes(2);
    expect(first.headers['x-cache']).toBeUndefined();
    expect(first.body.toString()).toBe('<p>a</p>');
    expect(s.lookups).toEqual(['pass', 'pass']);
    expect(first.headers['set-cookie']).toEqual(new Headers(answer.headers).getSetCookie().length ? ['ekran_token=t; HttpOnly'] : undefined);
  });

  it("keeps a phone crawler's page apart from a desktop crawler's (Vary: User-Agent)", async () => {
    const s = await site(publicPage);
    await s.get('/', { 'user-agent': GOOGLEBOT });
    const phone = await s.get('/', { 'user-agent': GOOGLEBOT_PHONE });
    expect(phone.headers['x-cache']).toBe('MISS');
    const [desktopAgain, phoneAgain] = [await s.get('/', { 'user-agent': GOOGLEBOT }), await s.get('/', { 'user-agent': GOOGLEBOT_PHONE })];
    expect([desktopAgain.headers['x-cache'], phoneAgain.headers['x-cache']]).toEqual(['HIT', 'HIT']);
    expect(desktopAgain.body.toString()).toContain(GOOGLEBOT);
    expect(desktopAgain.body.toString()).not.toContain('Android');
    expect(phoneAgain.body.toString()).toContain(GOOGLEBOT_PHONE);
    expect(s.handler).toHaveBeenCalledTimes(2);
  });

  it('keeps pages of different addresses and cookies apart', async () => {
    const s = await site(publicPage);
    await s.get('/movies');
    expect((await s.get('/series')).headers['x-cache']).toBe('MISS');
    expect((await s.get('/movies', { cookie: 'FOR_KIDS=True' })).headers['x-cache']).toBe('MISS');
    expect((await s.get('/movies')).headers['x-cache']).toBe('HIT');
  });

  it('gives each served copy a nonce of its own, in the policy and in the page', async () => {
    const s = await site(publicPage);
    const copies = [await s.get('/'), await s.get('/'), await s.get('/')];
    const nonces = copies.map((c) => nonceOf(c.headers['content-security-policy']));
    expect(new Set(nonces).size).toBe(3);
    copies.forEach((copy, i) => {
      const body = copy.body.toString();
      expect(body.match(/nonce="([^"]+)"/g)).toEqual([`nonce="${nonces[i]}"`, `nonce="${nonces[i]}"`]);
    });
    expect(copies[1]!.body.toString().replaceAll(nonces[1]!, 'N')).toBe(copies[0]!.body.toString().replaceAll(nonces[0]!, 'N'));
  });

  it('serves a gzip made once to whoever accepts gzip, with that copy’s nonce, and the page as is to the rest', async () => {
    const s = await site(publicPage);
    await s.get('/');
    const gzipped = await s.get('/', { 'accept-encoding': 'gzip, deflate, br' });
    const plain = await s.get('/');
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(Number(gzipped.headers['content-length'])).toBe(gzipped.body.length);
    expect(gzipped.body.length).toBeLessThan(plain.body.length / 4);
    const unzipped = gunzipSync(gzipped.body).toString();
    const nonce = nonceOf(gzipped.headers['content-security-policy'])!;
    expect(unzipped).toContain(`nonce="${nonce}"`);
    expect(unzipped.replaceAll(nonce, 'N')).toBe(plain.body.toString().replaceAll(nonceOf(plain.headers['content-security-policy'])!, 'N'));
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(gzipped.headers.vary).toContain('Accept-Encoding');
  });

  it('serves a stale page at once and renders it again once in the background, then serves the new one', async () => {
    let version = 'Старая';
    let release: () => void = () => undefined;
    const s = await site(async (request) => {
      if (version === 'Новая') await new Promise<void>((resolve) => (release = resolve));
      return { ...publicPage(request), text: page(request, version) } as Answer;
    });
    await s.get('/');
    s.clock.now += 61_000;
    version = 'Новая';
    const stale = await s.get('/');
    const staleAgain = await s.get('/');
    expect([stale.headers['x-cache'], staleAgain.headers['x-cache']]).toEqual(['STALE', 'STALE']);
    expect(stale.body.toString()).toContain('Старая');
    expect(Number(stale.headers.age)).toBe(61);
    expect(s.handler).toHaveBeenCalledTimes(2);
    // The render in the background is no visitor's request: a nonce and an id of its own.
    expect(s.calls[1]!.headers.get('x-ekran-csp-nonce')).not.toBe(s.calls[0]!.headers.get('x-ekran-csp-nonce'));
    release();
    await s.cache.settled();
    const renewed = await s.get('/');
    expect(renewed.headers['x-cache']).toBe('HIT');
    expect(renewed.body.toString()).toContain('Новая');
    expect(s.lookups).toEqual(['miss', 'stale', 'stale', 'hit']);
  });

  it('renders again, waiting, a page past stale-while-revalidate', async () => {
    const s = await site(publicPage);
    await s.get('/');
    s.clock.now += 661_000;
    expect((await s.get('/')).headers['x-cache']).toBe('MISS');
    expect(s.handler).toHaveBeenCalledTimes(2);
  });

  it('renders a page once for concurrent misses of it (single flight)', async () => {
    let release: () => void = () => undefined;
    const rendering = new Promise<void>((resolve) => (release = resolve));
    const s = await site(async (request) => {
      await rendering;
      return publicPage(request);
    });
    const arrived = s.arrived(3);
    const answers = Promise.all([s.get('/'), s.get('/'), s.get('/')]);
    await arrived;
    release();
    const results = await answers;
    expect(s.handler).toHaveBeenCalledTimes(1);
    expect(results.map((r) => r.headers['x-cache']).sort()).toEqual(['HIT', 'HIT', 'MISS']);
    expect(new Set(results.map((r) => nonceOf(r.headers['content-security-policy']))).size).toBe(3);
  });

  it("lets concurrent visitors who get a page of their own (a browser's first visit) each render theirs", async () => {
    let release: () => void = () => undefined;
    const rendering = new Promise<void>((resolve) => (release = resolve));
    let n = 0;
    const s = await site(async () => {
      await rendering;
      return { headers: [['content-type', 'text/html'], ['set-cookie', `ekran_token=t${++n}`]], text: '<p>ваша</p>' };
    });
    const arrived = s.arrived(2);
    const answers = Promise.all([s.get('/'), s.get('/')]);
    await arrived;
    release();
    const cookies = (await answers).map((r) => r.headers['set-cookie']).flat().sort();
    expect(cookies).toEqual(['ekran_token=t1', 'ekran_token=t2']);
    expect(s.handler).toHaveBeenCalledTimes(2);
  });

  it('drops every page rendered under an older catalogue revision once the revision changes', async () => {
    let revision = 7;
    const s = await site(publicPage, { revision: async () => revision });
    await s.get('/');
    await s.get('/'); // holds a page: asks for the revision, and drops the page it cannot date
    await s.cache.settled();
    expect((await s.get('/')).headers['x-cache']).toBe('MISS');
    expect((await s.get('/')).headers['x-cache']).toBe('HIT');
    s.clock.now += 1_000;
    revision = 8;
    await s.get('/');
    await s.cache.settled();
    expect((await s.get('/')).headers['x-cache']).toBe('HIT'); // asked at most every PAGE_CACHE_REVISION_SECONDS
    s.clock.now += 1_000;
    await s.get('/');
    await s.cache.settled();
    expect((await s.get('/')).headers['x-cache']).toBe('MISS');
    expect(s.handler).toHaveBeenCalledTimes(3);
  });

  it('keeps serving within the TTLs when the revision does not come, and says so once', async () => {
    const log = vi.fn();
    const s = await site(publicPage, { revision: () => Promise.reject(new Error('connect ECONNREFUSED')), log });
    await s.get('/');
    for (let i = 0; i < 3; i++) {
      s.clock.now += 2_000;
      expect((await s.get('/')).headers['x-cache']).toBe('HIT');
      await s.cache.settled();
    }
    expect(log).toHaveBeenCalledTimes(1);
    expect(log.mock.calls[0]![0]).toMatch(/revision did not come \(connect ECONNREFUSED\)/);
  });

  it('answers HEAD from a stored page, without a body', async () => {
    const s = await site(publicPage);
    await s.get('/');
    const head = await s.get('/', {}, 'HEAD');
    expect(head.headers['x-cache']).toBe('HIT');
    expect(head.body.length).toBe(0);
    expect(s.handler).toHaveBeenCalledTimes(1);
  });

  it.each([
    ['a visitor with a session', '/', { cookie: 'ekran_device=web-1; ekran_token=abc' }],
    ['a data request of a client navigation', '/movies.data', {}],
    ['a resource route', '/resources/home-rows', {}],
  ])('passes %s on to React Router untouched', async (_name, path, headers) => {
    const s = await site(publicPage);
    const res = await s.get(path, headers);
    expect(res.status).toBe(299);
    expect(s.handler).not.toHaveBeenCalled();
  });

  it('is off with PAGE_CACHE_SECONDS=0: everything goes on to React Router', async () => {
    const s = await site(publicPage, { enabled: false });
    expect((await s.get('/')).status).toBe(299);
    expect(s.handler).not.toHaveBeenCalled();
  });
});
