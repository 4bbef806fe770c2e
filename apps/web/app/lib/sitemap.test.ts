// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { parseSitemapFile, robotsTxt, ROBOTS_DISALLOW, sitemapFilePath, sitemapIndexXml, urlsetXml } from './sitemap.ts';

const NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';
const parse = (text: string) => {
  const doc = new DOMParser().parseFromString(text, 'application/xml');
  expect(doc.getElementsByTagName('parsererror')).toHaveLength(0);
  return doc;
};

describe('sitemap file names (issue 4 SEO, 50,000 URLs a file)', () => {
  it.each([
    ['static.xml', { part: 'static', page: 1 }],
    ['titles.xml', { part: 'titles', page: 1 }],
    ['titles-2.xml', { part: 'titles', page: 2 }],
    ['people-17.xml', { part: 'people', page: 17 }],
    ['collections.xml', { part: 'collections', page: 1 }],
    ['titles-1.xml', null], // page 1 has one name only
    ['titles-0.xml', null],
    ['titles-02.xml', null],
    ['static-2.xml', null],
    ['search.xml', null],
    ['titles.xml.gz', null],
    ['Titles.xml', null],
    ['titles', null],
  ])('%s is %j', (file, want) => {
    expect(parseSitemapFile(file)).toEqual(want);
  });

  it('names the first page without a number and the next ones with it, and reads them back', () => {
    expect(sitemapFilePath('titles')).toBe('/sitemaps/titles.xml');
    expect(sitemapFilePath('titles', 3)).toBe('/sitemaps/titles-3.xml');
    for (const [part, page] of [['genres', 1], ['people', 4]] as const) {
      expect(parseSitemapFile(sitemapFilePath(part, page).replace('/sitemaps/', ''))).toEqual({ part, page });
    }
  });
});

describe('sitemap XML (sitemaps.org 0.9)', () => {
  it('writes a urlset of absolute URLs with lastmod, escaped, that parses', () => {
    const doc = parse(urlsetXml('https://ekran.ru', [{ path: '/watch/tayna', lastmod: '2026-01-02' }, { path: '/movies?a=1&b=2', lastmod: null }]));
    expect(doc.documentElement.localName).toBe('urlset');
    expect(doc.documentElement.namespaceURI).toBe(NS);
    const urls = [...doc.getElementsByTagNameNS(NS, 'url')];
    expect(urls.map((u) => u.getElementsByTagNameNS(NS, 'loc')[0]!.textContent)).toEqual(['https://ekran.ru/watch/tayna', 'https://ekran.ru/movies?a=1&b=2']);
    expect(urls.map((u) => u.getElementsByTagNameNS(NS, 'lastmod')[0]?.textContent ?? null)).toEqual(['2026-01-02', null]);
  });

  it('writes a sitemap index that parses', () => {
    const doc = parse(sitemapIndexXml('https://ekran.ru/', [{ path: '/sitemaps/static.xml', lastmod: '2026-01-02' }, { path: '/sitemaps/titles.xml', lastmod: '2026-01-01' }]));
    expect(doc.documentElement.localName).toBe('sitemapindex');
    expect([...doc.getElementsByTagNameNS(NS, 'loc')].map((l) => l.textContent)).toEqual(['https://ekran.ru/sitemaps/static.xml', 'https://ekran.ru/sitemaps/titles.xml']);
  });
});

describe('robots.txt', () => {
  const lines = robotsTxt('https://ekran.ru').split('\n');

  it('allows the catalogue for every crawler and names the sitemap index by its absolute URL', () => {
    expect(lines[0]).toBe('User-agent: *');
    expect(lines).toContain('Allow: /');
    expect(lines).toContain('Sitemap: https://ekran.ru/sitemap.xml');
  });

  it.each(['/account', '/auth', '/api/', '/search', '/favorites', '/dev/', '/resources/', '/logout', '/signin', '/signup', '/password/'])('disallows %s', (path) => {
    expect(lines).toContain(`Disallow: ${path}`);
  });

  it.each(['/', '/movies/drama/2020', '/watch/tayna', '/genres/drama', '/person/ivan-petrov', '/collections/luchshee', '/new', '/series'])(
    'leaves %s open',
    (path) => {
      expect(ROBOTS_DISALLOW.some((d) => path.startsWith(d))).toBe(false);
    },
  );

  it('asks Yandex to ignore the traffic-source and analytics parameters', () => {
    expect(lines.find((l) => l.startsWith('Clean-param:'))).toBe('Clean-param: s&ap&utm_source&utm_medium&utm_campaign&utm_content&utm_term');
  });
});
