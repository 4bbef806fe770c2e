import type { Title } from '@ekran/contracts';
import { describe, expect, it, vi } from 'vitest';
import { ApiCallError } from '../../lib/api.server.ts';
import { titleFixture } from '../../test/title-fixture.ts';
import { contextWith, outcome } from '../../test/visitor.ts';
import { loader, meta } from './watch-subpage.tsx';

const episode = (n: number, o = {}) => ({ number: n, title: `Серия ${n}`, description: `О серии ${n}.`, duration_minutes: 52, ekran_id: `e${n}`, is_preview: n === 1, still: { url: `/api/v1/images/art/horizontal/s${n}`, width: 1280, height: 720 }, ...o });
const series: Title = titleFixture({
  _cls: 'Product.Series', alias: 'dom-na-krayu', title: 'Дом на краю', duration_minutes: null,
  items: [{ number: 1, title: '', episodes: [episode(1), episode(2)] }, { number: 2, title: '', episodes: [episode(1, { ekran_id: 'e21' })] }],
});
const lists = { collections: [{ alias: 'vybor', title: 'Выбор редакции', description: '', for_kids: false, items_total: 3, posters: [], url: '/collections/vybor' }], selections: [] };
const notFound = () => new ApiCallError(404, { status: 404, code: 'NOT_FOUND', message: 'x' });

function apiFor(title: Title | Error = series, more: Record<string, unknown> = {}) {
  return {
    title: title instanceof Error ? vi.fn().mockRejectedValue(title) : vi.fn().mockResolvedValue(title),
    titleLists: vi.fn().mockResolvedValue(lists),
    titleArticles: vi.fn().mockResolvedValue({ items: [] }),
    titleState: vi.fn().mockResolvedValue(null),
    ...more,
  };
}
const run = (alias: string, page: string, pageId?: string, api = apiFor(), visitor = {}) =>
  outcome(() => loader({ params: { watchAlias: alias, page, pageId }, request: new Request(`http://x/watch/${alias}/${page}`), context: contextWith(api, visitor) } as never));
const statusOf = (thrown: unknown) => (thrown instanceof Response ? thrown.status : (thrown as { init?: { status: number } }).init?.status);
const locationOf = (thrown: unknown) => (thrown as Response).headers.get('location');

describe('watch sub-page loader (spec platform §2 Watching; issue 5 titles)', () => {
  it('loads a season with the title, its lists and the profile’s progress', async () => {
    const state = { alias: 'dom-na-krayu', is_favorite: false, rating: null, resume: null, episodes: [] };
    const api = apiFor(series, { titleState: vi.fn().mockResolvedValue(state) });
    const r = await run('dom-na-krayu', 'season-2', undefined, api, { auth: { virtual: false } as never });
    const v = 'value' in r ? r.value : null;
    expect(v?.sub).toEqual({ kind: 'season', number: 2 });
    expect(v?.lists).toEqual(lists);
    expect(v?.personal.state).toEqual(state);
    expect(v?.title.similar).toEqual([]);
  });

  it.each([
    ['season-3', 'a season out of range'],
    ['season-0', 'season 0'],
    ['reviews', 'an unknown sub-page'],
    ['articles', 'articles when no article of the journal mentions the title'],
    ['extras', 'a sub-page with nothing in it (no extras)'],
    ['selections', 'selections when no selection holds the title'],
  ])('answers 404 for %s (%s)', async (page) => {
    const r = await run('dom-na-krayu', page);
    expect('thrown' in r && statusOf(r.thrown)).toBe(404);
  });

  it('answers 404 for a movie’s season page', async () => {
    const r = await run('tayna-mayaka', 'season-1', undefined, apiFor(titleFixture()));
    expect('thrown' in r && statusOf(r.thrown)).toBe(404);
  });

  it('answers 404 for an unknown title, and for one a child profile may not see (the API’s 404)', async () => {
    const r = await run('net', 'trailers', undefined, apiFor(notFound()));
    expect('thrown' in r && statusOf(r.thrown)).toBe(404);
  });

  it.each(['trailers', 'characters', 'person', 'collections'])('serves %s when the title has it', async (page) => {
    const r = await run('dom-na-krayu', page);
    expect('value' in r && r.value.sub).toEqual({ kind: page });
  });

  it('serves articles with the journal’s articles that mention the title', async () => {
    const article = { alias: 'o-dome', url: '/journal/o-dome', title: 'О доме на краю' };
    const api = apiFor(series, { titleArticles: vi.fn().mockResolvedValue({ items: [article] }) });
    const r = await run('dom-na-krayu', 'articles', undefined, api);
    const v = 'value' in r ? r.value : null;
    expect(v?.sub).toEqual({ kind: 'articles' });
    expect(v?.articles?.items).toEqual([article]);
    expect(api.titleArticles).toHaveBeenCalledWith('dom-na-krayu');
  });

  it('leaves the articles tab out when the journal does not answer, but answers the articles page with the error', async () => {
    const failing = () => vi.fn().mockRejectedValue(new ApiCallError(503, null));
    const r = await run('dom-na-krayu', 'trailers', undefined, apiFor(series, { titleArticles: failing() }));
    expect('value' in r && r.value.articles).toBeNull();
    const page = await run('dom-na-krayu', 'articles', undefined, apiFor(series, { titleArticles: failing() }));
    expect('thrown' in page && page.thrown).toBeInstanceOf(ApiCallError);
  });

  it('sends person/{alias} of someone in the credits to their page for good', async () => {
    const r = await run('dom-na-krayu', 'person', 'petr-orlov');
    expect('thrown' in r && statusOf(r.thrown)).toBe(301);
    expect('thrown' in r && locationOf(r.thrown)).toBe('/person/petr-orlov');
  });

  it('answers 404 for person/{alias} of someone not in the credits', async () => {
    const r = await run('dom-na-krayu', 'person', 'kto-to');
    expect('thrown' in r && statusOf(r.thrown)).toBe(404);
  });

  it('moves a title named by its id to its alias, keeping the sub-page', async () => {
    const api = apiFor();
    const r = await run('0B6F4A1C-2A9E-4D47-9D1E-7B1B0A6F1C22', 'season-1', undefined, api);
    expect(api.title).toHaveBeenCalledWith('0b6f4a1c-2a9e-4d47-9d1e-7b1b0a6f1c22');
    expect('thrown' in r && locationOf(r.thrown)).toBe('/watch/dom-na-krayu/season-1');
  });

  it('shows a sub-page without the lists tabs when the lists fail, but not the lists’ own page', async () => {
    const api = apiFor(series, { titleLists: vi.fn().mockRejectedValue(new ApiCallError(503, null)) });
    const ok = await run('dom-na-krayu', 'trailers', undefined, api);
    expect('value' in ok && ok.value.lists).toBeNull();
    const failed = await run('dom-na-krayu', 'collections', undefined, api);
    expect('thrown' in failed && failed.thrown).toBeInstanceOf(ApiCallError);
  });
});

describe('watch sub-page meta (issue 5 titles: its own title, description, canonical, breadcrumbs and JSON-LD)', () => {
  const metaOf = async (page: string) => {
    const r = await run('dom-na-krayu', page);
    if (!('value' in r)) throw new Error('no data');
    return meta({ data: r.value, params: {}, matches: [{ id: 'root', data: { origin: 'https://ekran.ru' } }] } as never);
  };
  const ld = (tags: Awaited<ReturnType<typeof metaOf>>, type: string) =>
    tags.map((t) => (t as { 'script:ld+json'?: Record<string, unknown> })['script:ld+json']).find((x) => x?.['@type'] === type);

  it('names a season page and links it canonically, with TVSeason and the four breadcrumbs', async () => {
    const tags = await metaOf('season-1');
    expect(tags).toContainEqual({ title: 'Дом на краю — Сезон 1: все серии смотреть онлайн на Экране' });
    expect(tags).toContainEqual({ tagName: 'link', rel: 'canonical', href: 'https://ekran.ru/watch/dom-na-krayu/season-1' });
    expect(tags).toContainEqual({ name: 'description', content: 'Сезон 1 сериала «Дом на краю»: 2 серии. Смотрите онлайн в хорошем качестве на Экране.' });
    expect(ld(tags, 'TVSeason')).toMatchObject({ seasonNumber: 1, numberOfEpisodes: 2 });
    expect((ld(tags, 'BreadcrumbList')?.itemListElement as { name: string }[]).map((i) => i.name)).toEqual(['Главная', 'Сериалы', 'Дом на краю', 'Сезон 1']);
  });

  it('names the trailers page with its VideoObject list', async () => {
    const tags = await metaOf('trailers');
    expect(tags).toContainEqual({ title: 'Дом на краю — трейлеры смотреть онлайн на Экране' });
    expect(tags).toContainEqual({ tagName: 'link', rel: 'canonical', href: 'https://ekran.ru/watch/dom-na-krayu/trailers' });
    expect(ld(tags, 'ItemList')).toMatchObject({ numberOfItems: 1 });
  });

  it('describes the characters page by its cast and roles', async () => {
    const tags = await metaOf('characters');
    expect(tags).toContainEqual({ name: 'description', content: 'Актёры и роли сериала «Дом на краю» (2023): Анна Смирнова (Вера).' });
  });
});
