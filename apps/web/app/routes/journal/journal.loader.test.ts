import type { Article, ArticleSummary } from '@ekran/contracts';
import { describe, expect, it, vi } from 'vitest';
import { ApiCallError } from '../../lib/api.server.ts';
import { statusOf } from '../../test/collections.ts';
import { contextWith, outcome } from '../../test/visitor.ts';
import { loader, meta } from './journal.tsx';

const rubrics = [
  { alias: 'retsenzii', title: 'Рецензии', description: 'Что мы думаем о фильмах.', url: '/journal/retsenzii' },
  { alias: 'podborki', title: 'Подборки', description: 'Что посмотреть.', url: '/journal/podborki' },
];
const summary = (alias: string): ArticleSummary => ({
  alias, url: `/journal/${alias}`, title: `Статья ${alias}`, lead: 'Коротко.', cover: { url: '/api/v1/images/art/horizontal/waves-1-2-3.sig', width: 1280, height: 720 },
  cover_alt: 'Обложка', rubric: rubrics[0]!, author: 'Редакция Экрана', tags: ['драма'], published_at: '2026-10-29T07:00:00.000Z', updated_at: '2026-10-29T07:00:00.000Z', reading_minutes: 5,
});
const article: Article = { ...summary('o-mayake'), blocks: [{ type: 'html', html: '<p>Текст</p>' }], titles: [], related: [summary('drugaya')] };
const notFound = () => new ApiCallError(404, { status: 404, code: 'NOT_FOUND', message: 'x' });

function run(path: string, params: { p1?: string; p2?: string }, o: { total?: number; missing?: boolean } = {}) {
  const api = {
    journalRubrics: vi.fn().mockResolvedValue({ items: rubrics }),
    journalArticles: vi.fn(async (q: { skip: number; limit: number }) => ({ items: [summary('a'), summary('b')], items_total: o.total ?? 30, skip: q.skip, limit: q.limit })),
    journalArticle: o.missing ? vi.fn().mockRejectedValue(notFound()) : vi.fn().mockResolvedValue(article),
  };
  const result = outcome(() => loader({ request: new Request(`http://localhost${path}`), params, context: contextWith(api) } as never));
  return { api, result };
}

describe('/journal loader (spec platform §2; decision 052)', () => {
  it('lists the newest articles, 12 a page, with the rubrics for the tabs', async () => {
    const { api, result } = run('/journal', {});
    const r = await result;
    expect(api.journalArticles).toHaveBeenCalledWith({ rubric: undefined, skip: 0, limit: 12 });
    expect('value' in r && r.value).toMatchObject({ mode: 'list', page: 1, pages: 3, total: 30, rubric: null, rubrics });
  });

  it('pages with the catalogue’s /page{N} suffix', async () => {
    const { api, result } = run('/journal/page3', { p1: 'page3' });
    expect(statusOf(await result).status).toBe(200);
    expect(api.journalArticles).toHaveBeenCalledWith({ rubric: undefined, skip: 24, limit: 12 });
  });

  it('lists a rubric at /journal/{rubric}/{page?}', async () => {
    const { api, result } = run('/journal/retsenzii/page2', { p1: 'retsenzii', p2: 'page2' });
    const r = await result;
    expect(api.journalArticles).toHaveBeenCalledWith({ rubric: 'retsenzii', skip: 12, limit: 12 });
    expect('value' in r && r.value).toMatchObject({ mode: 'list', page: 2, base: '/journal/retsenzii', rubric: { alias: 'retsenzii' } });
    expect(api.journalArticle).not.toHaveBeenCalled();
  });

  it('opens an article by its alias', async () => {
    const { api, result } = run('/journal/o-mayake', { p1: 'o-mayake' });
    const r = await result;
    expect(api.journalArticle).toHaveBeenCalledWith('o-mayake');
    expect('value' in r && r.value).toEqual({ mode: 'article', article });
  });

  it('sends /journal/page1 and a trailing slash to the canonical address', async () => {
    expect(statusOf(await run('/journal/page1', { p1: 'page1' }).result)).toEqual({ status: 301, location: '/journal' });
    expect(statusOf(await run('/journal/retsenzii/page1', { p1: 'retsenzii', p2: 'page1' }).result)).toEqual({ status: 301, location: '/journal/retsenzii' });
    expect(statusOf(await run('/journal/o-mayake/', { p1: 'o-mayake' }).result)).toEqual({ status: 301, location: '/journal/o-mayake' });
  });

  it.each([
    ['an unknown or unpublished article', '/journal/net-takoy', { p1: 'net-takoy' }, { missing: true }],
    ['a page past the last', '/journal/page4', { p1: 'page4' }, {}],
    ['page0', '/journal/page0', { p1: 'page0' }, {}],
    ['a page after an article', '/journal/o-mayake/page2', { p1: 'o-mayake', p2: 'page2' }, {}],
    ['a rubric’s bad page', '/journal/retsenzii/dva', { p1: 'retsenzii', p2: 'dva' }, {}],
    ['an alias that is no alias', '/journal/Bad_Alias', { p1: 'Bad_Alias' }, {}],
  ])('answers 404 for %s', async (_what, path, params, o) => {
    expect(statusOf(await run(path, params, o).result).status).toBe(404);
  });

  it('describes an article for search engines: canonical, Open Graph with the cover, Article and breadcrumbs JSON-LD', async () => {
    const r = await run('/journal/o-mayake', { p1: 'o-mayake' }).result;
    const data = 'value' in r ? r.value : null;
    const tags = meta({ data, matches: [{ id: 'root', data: { origin: 'https://ekran.test' } }] } as never) as Record<string, unknown>[];
    expect(tags).toContainEqual({ title: 'Статья o-mayake — журнал Экрана' });
    expect(tags).toContainEqual({ tagName: 'link', rel: 'canonical', href: 'https://ekran.test/journal/o-mayake' });
    expect(tags).toContainEqual({ property: 'og:type', content: 'article' });
    expect(tags.find((t) => t.property === 'og:image')?.content).toMatch(/^https:\/\/ekran\.test\/api\/v1\/images\/art\/horizontal\/waves-1-2-3\.sig\?/);
    const ld = tags.flatMap((t) => ('script:ld+json' in t ? [t['script:ld+json'] as Record<string, unknown>] : []));
    expect(ld.find((x) => x['@type'] === 'Article')).toMatchObject({ headline: 'Статья o-mayake', datePublished: '2026-10-29T07:00:00.000Z', author: { name: 'Редакция Экрана' } });
    expect(ld.find((x) => x['@type'] === 'BreadcrumbList')).toMatchObject({
      itemListElement: [{ name: 'Главная' }, { name: 'Журнал' }, { name: 'Рецензии' }, { name: 'Статья o-mayake' }],
    });
    expect(tags).toContainEqual(expect.objectContaining({ rel: 'alternate', type: 'application/rss+xml', href: 'https://ekran.test/journal/rss.xml' }));
  });

  it('titles a later page of a rubric with its number and links its neighbours', async () => {
    const r = await run('/journal/retsenzii/page2', { p1: 'retsenzii', p2: 'page2' }).result;
    const data = 'value' in r ? r.value : null;
    const tags = meta({ data, matches: [{ id: 'root', data: { origin: 'https://ekran.test' } }] } as never) as Record<string, unknown>[];
    expect(tags).toContainEqual({ title: 'Рецензии — журнал Экрана — страница 2' });
    expect(tags).toContainEqual({ tagName: 'link', rel: 'prev', href: 'https://ekran.test/journal/retsenzii' });
    expect(tags).toContainEqual({ tagName: 'link', rel: 'next', href: 'https://ekran.test/journal/retsenzii/page3' });
  });
});
