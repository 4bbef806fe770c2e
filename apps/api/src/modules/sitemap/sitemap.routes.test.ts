// The sitemap's catalogue parts, checked against the seeded demo catalogue.
import { SITEMAP_URL_LIMIT, SitemapIndexSchema, SitemapUrlsSchema, type SitemapUrls } from '@ekran/contracts';
import { titles } from '@ekran/db';
import { generateCatalogue, JOURNAL_ARTICLES, LANDINGS, seedDatabase, SUPPORT_SECTIONS, TV_CHANNELS, type MediaManifestEntry, type SeedCatalogue } from '@ekran/db/seed';
import { eq } from 'drizzle-orm';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fromRoot } from '../../lib/paths.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { childSession } from '../profiles/profiles.test-helpers.ts';
import { createSitemapService } from './sitemap.service.ts';

let t: TestApp;
let catalogue: SeedCatalogue;
let visible: SeedCatalogue['titles'];
let hidden: string;
// The harness's clock: 2026-11-21 in Moscow.
const TODAY = '2026-11-21';

beforeAll(async () => {
  t = await createTestApp();
  const media = JSON.parse(readFileSync(fromRoot('media/demo/manifest.json'), 'utf8')) as MediaManifestEntry[];
  catalogue = generateCatalogue();
  await seedDatabase(t.db, { media, apiClients: [{ key: 'sitemap-test-key-01', name: 'web', platform: 'web' }], catalogue });
  // A title taken off the service leaves the sitemap.
  hidden = catalogue.titles[0]!.alias;
  await t.db.update(titles).set({ isDisabled: true }).where(eq(titles.alias, hidden));
  visible = catalogue.titles.filter((x) => x.alias !== hidden);
}, 120_000);
afterAll(() => t.close());

const categoryOf = (x: SeedCatalogue['titles'][number]) => (x.isAnimation ? 'animation' : x.kind === 'movie' ? 'movies' : 'series');
const lastmodOf = (x: SeedCatalogue['titles'][number]) => (x.ekranReleaseDate < TODAY ? x.ekranReleaseDate : TODAY);
const newest = (dates: string[]) => [...dates].sort().at(-1);

/** What each part must hold, worked out from the seed catalogue itself. */
function expected() {
  const people = new Set(visible.flatMap((x) => x.credits.map((c) => c.personAlias)));
  const named = catalogue.people.filter((p) => people.has(p.alias) && p.name && p.alias).map((p) => `/person/${p.alias}`);
  const collections = catalogue.collections.filter((c) => c.titleAliases.some((a) => a !== hidden)).map((c) => `/collections/${c.alias}`);
  return {
    titles: visible.map((x) => `/watch/${x.alias}`),
    categories: [...new Set(visible.flatMap((x) => x.genres.map((g) => `/${categoryOf(x)}/${g}`)))],
    genres: [...new Set(visible.flatMap((x) => x.genres.map((g) => `/genres/${g}`)))],
    people: named,
    collections,
    // Every live channel; the landings whose offer runs on the Moscow day.
    channels: TV_CHANNELS.map((c) => `/channel/${c.alias}`),
    landings: LANDINGS.filter((l) => (l.startsAt === null || Date.parse(l.startsAt) < Date.parse(`${TODAY}T00:00:00+03:00`) + 86_400_000) && (l.endsAt === null || Date.parse(l.endsAt) > Date.parse(`${TODAY}T00:00:00+03:00`))).map(
      (l) => `/pages/${l.slug}`,
    ),
    // The journal's articles, all published before the harness's day, and the pages of their rubrics.
    journal: [...JOURNAL_ARTICLES.map((a) => `/journal/${a.alias}`), ...new Set(JOURNAL_ARTICLES.map((a) => `/journal/${a.rubric}`))],
    // The help centre's sections and articles.
    support: SUPPORT_SECTIONS.flatMap((s) => [`/support/${s.alias}`, ...s.categories.flatMap((c) => c.articles.map((a) => `/support/${s.alias}/${a.alias}`))]),
  };
}

const get = async (url: string, headers: Record<string, string> = t.headers) => t.app.inject({ url, headers });

describe('GET /api/v1/sitemap', () => {
  it('counts the URLs of every part as the seed has them, one file each under 50,000', async () => {
    const res = await get('/api/v1/sitemap');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=3600');
    const index = SitemapIndexSchema.parse(res.json());
    const want = expected();
    expect(Object.fromEntries(index.parts.map((p) => [p.part, p.items_total]))).toEqual(Object.fromEntries(Object.entries(want).map(([k, v]) => [k, v.length])));
    for (const p of index.parts) expect(p.pages).toBe(1);
    expect(want.titles.length).toBeGreaterThanOrEqual(300);
    // The newest of the catalogue's dates, the journal's and the help centre's.
    const lastmodOfPart = (part: string) => index.parts.find((p) => p.part === part)!.lastmod!;
    expect(index.lastmod).toBe(newest([...visible.map(lastmodOf), lastmodOfPart('journal'), lastmodOfPart('support')]));
  });

  it('answers 401 without the API key', async () => {
    expect((await get('/api/v1/sitemap', {})).statusCode).toBe(401);
  });
});

describe('GET /api/v1/sitemap/:part', () => {
  it.each(['titles', 'categories', 'genres', 'people', 'collections', 'channels', 'landings', 'journal', 'support'] as const)('lists the %s pages of the seed, each once', async (part) => {
    const res = await get(`/api/v1/sitemap/${part}`);
    expect(res.statusCode).toBe(200);
    const urls = SitemapUrlsSchema.parse(res.json());
    expect(urls).toMatchObject({ part, page: 1, pages: 1 });
    const paths = urls.items.map((i) => i.path);
    expect(new Set(paths).size).toBe(paths.length);
    expect([...paths].sort()).toEqual([...expected()[part]].sort());
    expect(paths).not.toContain(`/watch/${hidden}`);
  });

  it('dates an article by its last edit, its publication when never edited (Moscow days)', async () => {
    const urls = SitemapUrlsSchema.parse((await get('/api/v1/sitemap/journal')).json());
    const lastmod = Object.fromEntries(urls.items.map((i) => [i.path, i.lastmod]));
    // Published 2026-11-01 09:00 Moscow; published 55 days before 2026-11-01 and edited 20 days later.
    expect(lastmod['/journal/otrazhenie-retsenziya']).toBe('2026-11-01');
    expect(lastmod['/journal/besplatno-na-ekrane']).toBe('2026-09-27');
    // A rubric's page: its newest article's.
    expect(lastmod['/journal/retsenzii']).toBe('2026-11-01');
  });

  it('dates a title page by its arrival on the service, never later than today', async () => {
    const urls = SitemapUrlsSchema.parse((await get('/api/v1/sitemap/titles')).json());
    const byPath = new Map(urls.items.map((i) => [i.path, i.lastmod]));
    for (const x of visible) expect(byPath.get(`/watch/${x.alias}`)).toBe(lastmodOf(x));
  });

  it('dates a genre page by its newest title', async () => {
    const urls = SitemapUrlsSchema.parse((await get('/api/v1/sitemap/genres')).json());
    const [first] = urls.items;
    const genre = first!.path.replace('/genres/', '');
    expect(first!.lastmod).toBe(newest(visible.filter((x) => x.genres.includes(genre)).map(lastmodOf)));
  });

  it.each([
    ['an unknown part', '/api/v1/sitemap/search'],
    ['page 0', '/api/v1/sitemap/titles?page=0'],
    ['a page that is not a number', '/api/v1/sitemap/titles?page=two'],
  ])('answers 400 for %s', async (_, url) => {
    expect((await get(url)).statusCode).toBe(400);
  });

  it('answers 404 for a page past the last', async () => {
    const res = await get('/api/v1/sitemap/titles?page=2');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'NOT_FOUND' });
  });

  it('gives a child session only its kids titles, privately', async () => {
    const kid = await childSession(t, { age_cap: '6+' });
    const res = await get('/api/v1/sitemap/titles', kid.auth);
    expect(res.headers['cache-control']).toBe('private, max-age=60');
    const paths = SitemapUrlsSchema.parse(res.json()).items.map((i) => i.path);
    const kidsTitles = visible.filter((x) => x.forKids && ['0+', '6+'].includes(x.ratingAge)).map((x) => `/watch/${x.alias}`);
    expect(kidsTitles.length).toBeGreaterThan(0);
    expect([...paths].sort()).toEqual([...kidsTitles].sort());
  });
});

describe('splitting a part into files', () => {
  it(`pages ${SITEMAP_URL_LIMIT} URLs a file: every URL once across the pages, none past the last`, async () => {
    // The same rule with 100 URLs a file, so the seed spans several files.
    const service = createSitemapService(t.db, { cacheTtlMs: 0, now: () => t.clock.now, pageSize: 100 });
    const index = await service.index();
    const titlesPart = index.parts.find((p) => p.part === 'titles')!;
    expect(titlesPart.pages).toBe(Math.ceil(visible.length / 100));
    const pages: SitemapUrls[] = [];
    for (let page = 1; page <= titlesPart.pages; page++) pages.push(await service.urls('titles', page));
    expect(pages.slice(0, -1).every((p) => p.items.length === 100)).toBe(true);
    const all = pages.flatMap((p) => p.items.map((i) => i.path));
    expect(new Set(all).size).toBe(visible.length);
    await expect(service.urls('titles', titlesPart.pages + 1)).rejects.toMatchObject({ status: 404 });
  });
});
