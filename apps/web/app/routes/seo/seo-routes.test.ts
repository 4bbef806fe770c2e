// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';
import { ApiCallError } from '../../lib/api.server.ts';
import { STATIC_SITEMAP_PATHS } from '../../lib/sitemap.ts';
import { contextWith, outcome } from '../../test/visitor.ts';
import { loader as robots } from './robots.ts';
import { loader as sitemapIndex } from './sitemap-index.ts';
import { loader as sitemapPart } from './sitemap-part.ts';

const NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';
const index = {
  lastmod: '2026-11-20',
  parts: [
    { part: 'titles', items_total: 120_000, pages: 3, lastmod: '2026-11-20' },
    { part: 'categories', items_total: 40, pages: 1, lastmod: '2026-11-19' },
    { part: 'genres', items_total: 0, pages: 0, lastmod: null },
  ],
};
const request = (path: string) => new Request(`http://localhost:3000${path}`);
const locs = async (res: Response) => {
  const doc = new DOMParser().parseFromString(await res.text(), 'application/xml');
  expect(doc.getElementsByTagName('parsererror')).toHaveLength(0);
  return [...doc.getElementsByTagNameNS(NS, 'loc')].map((l) => l.textContent);
};

describe('/sitemap.xml', () => {
  it('lists the static sitemap and every file of every part with URLs, cached for an hour', async () => {
    const api = { sitemapIndex: vi.fn().mockResolvedValue(index) };
    const res = (await sitemapIndex({ request: request('/sitemap.xml'), context: contextWith(api), params: {} } as never));
    expect(res.headers.get('content-type')).toBe('application/xml; charset=utf-8');
    expect(res.headers.get('cache-control')).toBe('public, max-age=3600');
    expect(await locs(res)).toEqual([
      'http://localhost:3000/sitemaps/static.xml',
      'http://localhost:3000/sitemaps/titles.xml',
      'http://localhost:3000/sitemaps/titles-2.xml',
      'http://localhost:3000/sitemaps/titles-3.xml',
      'http://localhost:3000/sitemaps/categories.xml',
    ]);
  });
});

describe('/sitemaps/{file}', () => {
  it('gives the static pages with the catalogue lastmod', async () => {
    const api = { sitemapIndex: vi.fn().mockResolvedValue(index) };
    const res = (await sitemapPart({ request: request('/sitemaps/static.xml'), context: contextWith(api), params: { file: 'static.xml' } } as never));
    expect(await locs(res)).toEqual(STATIC_SITEMAP_PATHS.map((p) => `http://localhost:3000${p}`));
  });

  it('asks the API for the page the file names', async () => {
    const api = { sitemapUrls: vi.fn().mockResolvedValue({ part: 'titles', page: 2, pages: 3, items: [{ path: '/watch/tayna', lastmod: '2026-01-01' }] }) };
    const res = (await sitemapPart({ request: request('/sitemaps/titles-2.xml'), context: contextWith(api), params: { file: 'titles-2.xml' } } as never));
    expect(api.sitemapUrls).toHaveBeenCalledWith('titles', 2);
    expect(await locs(res)).toEqual(['http://localhost:3000/watch/tayna']);
  });

  it.each(['titles-1.xml', 'search.xml', 'titles.txt'])('answers 404 for %s without asking the API', async (file) => {
    const api = { sitemapUrls: vi.fn(), sitemapIndex: vi.fn() };
    const r = await outcome(() => sitemapPart({ request: request(`/sitemaps/${file}`), context: contextWith(api), params: { file } } as never));
    expect('thrown' in r && (r.thrown as Response).status).toBe(404);
    expect(api.sitemapUrls).not.toHaveBeenCalled();
  });

  it('answers 404 for a page past the last', async () => {
    const api = { sitemapUrls: vi.fn().mockRejectedValue(new ApiCallError(404, { status: 404, code: 'NOT_FOUND', message: 'x' })) };
    const r = await outcome(() => sitemapPart({ request: request('/sitemaps/titles-9.xml'), context: contextWith(api), params: { file: 'titles-9.xml' } } as never));
    expect('thrown' in r && (r.thrown as Response).status).toBe(404);
  });
});

describe('/robots.txt', () => {
  it('is plain text naming the sitemap on the request origin', async () => {
    const res = robots({ request: request('/robots.txt'), context: contextWith({}), params: {} } as never);
    expect(res.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect((await res.text()).split('\n')).toContain('Sitemap: http://localhost:3000/sitemap.xml');
  });
});
