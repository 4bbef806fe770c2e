// Search normalisation and typos: matching forgives ё/е, case, hyphens, punctuation and small
// typos; an empty query gives empty results (spec catalogue §5); a child session finds only its titles.
import { SearchResponseSchema, SearchSuggestResponseSchema, type SearchResponse } from '@ekran/contracts';
import { credits, people } from '@ekran/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, loginDevice, type TestApp } from '../../test/harness.ts';
import { childSession } from '../profiles/profiles.test-helpers.ts';

let t: TestApp;
let kid: Awaited<ReturnType<typeof childSession>>;

beforeAll(async () => {
  t = await createTestApp();
  const title = (alias: string, name: string, o: Parameters<TestApp['make']['title']>[0] = {}) => t.make.title({ alias, title: name, ...o });
  const matrix = await title('matritsa', 'Матрица', { titleOriginal: 'The Matrix', popularity: 100, year: 1999 });
  await title('matritsa-perezagruzka', 'Матрица: Перезагрузка', { titleOriginal: 'The Matrix Reloaded', popularity: 900, year: 2003 });
  const wolf = await title('chyornyy-volk', 'Чёрный волк', { ratingAge: '18+', popularity: 50 });
  await title('kot-detektiv', 'Кот-детектив', { popularity: 40 });
  await title('mur', 'Мур. Жизнь на скорости', { popularity: 30 });
  await title('myod-i-lyod', '«Мёд и лёд»', { popularity: 20 });
  await title('amelie', 'Амели', { titleOriginal: 'Le Fabuleux Destin d’Amélie Poulain', popularity: 10 });
  await title('tikhiy-dom', 'Тихий дом', { description: 'Драма о семье, которая переезжает в старый дом у матрицы гор.', popularity: 5 });
  await title('skrytaya-matritsa', 'Матрица скрытая', { isDisabled: true });
  await t.make.series({ alias: 'yozhik', title: 'Ёжик и друзья', forKids: true, isAnimation: true, ratingAge: '0+', popularity: 70 });
  await title('yozhik-v-gorode', 'Ёжик в городе', { forKids: true, isAnimation: true, ratingAge: '13+', popularity: 60 });
  for (let i = 1; i <= 9; i++) await title(`kino-${i}`, `Кино номер ${i}`, { popularity: 1 });
  const yozhik = await title('yozhik-film', 'Ёжик. Фильм', { forKids: true, isAnimation: true, ratingAge: '6+', popularity: 65 });

  const person = async (alias: string, name: string, nameOriginal: string | null, roles: [string, 'actor' | 'director' | 'writer'][]) => {
    const [row] = await t.db.insert(people).values({ alias, name, nameOriginal }).returning();
    const ids: Record<string, string> = { matrix: matrix.id, wolf: wolf.id, yozhik: yozhik.id };
    if (roles.length) await t.db.insert(credits).values(roles.map(([key, role]) => ({ titleId: ids[key]!, personId: row!.id, role })));
  };
  await person('pyotr-fyodorov', 'Пётр Фёдоров', null, [['wolf', 'actor'], ['matrix', 'director']]);
  await person('keanu-reeves', 'Киану Ривз', 'Keanu Reeves', [['matrix', 'actor']]);
  await person('anna-ezhova', 'Анна Ежова', null, [['yozhik', 'actor'], ['wolf', 'actor']]);
  await person('bez-filmov', 'Пётр Безфильмов', null, []);

  kid = await childSession(t, { age_cap: '6+' });
});
afterAll(() => t.close());

// Every call but the rate-limit test's comes from an address of its own, so the per-visitor limit stays out
// of the way.
let lastAddress = 0;
const get = (url: string, headers: Record<string, string> = t.headers) =>
  t.app.inject({ url, headers, remoteAddress: `10.0.${Math.floor(++lastAddress / 250)}.${lastAddress % 250}` });

async function search(q: string, headers: Record<string, string> = t.headers): Promise<SearchResponse> {
  const res = await get(`/api/v1/search?q=${encodeURIComponent(q)}`, headers);
  expect(res.statusCode, res.body).toBe(200);
  return SearchResponseSchema.parse(res.json());
}
const titlesFor = async (q: string, headers?: Record<string, string>) => (await search(q, headers)).titles.items.map((i) => i.alias);
const peopleFor = async (q: string, headers?: Record<string, string>) => (await search(q, headers)).people.items.map((i) => i.alias);

describe('GET /api/v1/search: titles', () => {
  it.each([
    // ё and е, either way, and case
    ['черный волк', 'chyornyy-volk'],
    ['ЧЕРНЫЙ ВОЛК', 'chyornyy-volk'],
    ['чЁрНыЙ', 'chyornyy-volk'],
    ['ежик и друзья', 'yozhik'],
    ['мед и лед', 'myod-i-lyod'],
    // hyphens and punctuation
    ['кот детектив', 'kot-detektiv'],
    ['Кот — детектив!', 'kot-detektiv'],
    ['мур жизнь на скорости', 'mur'],
    ['«Мур»: жизнь', 'mur'],
    ['Мёд, и лёд.', 'myod-i-lyod'],
    // accents in the original title
    ['amelie poulain', 'amelie'],
    ['the matrix', 'matritsa'],
    // one-letter typo, missing letter, transposition
    ['матрийа', 'matritsa'],
    ['матрца', 'matritsa'],
    ['матирца', 'matritsa'],
    ['черный вокл', 'chyornyy-volk'],
    // partial words
    ['детекти', 'kot-detektiv'],
    ['перезагр', 'matritsa-perezagruzka'],
    ['скорост', 'mur'],
  ])('%j finds %s first', async (q, alias) => {
    expect((await titlesFor(q))[0]).toBe(alias);
  });

  it('ranks the exact name first, then prefixes, then description matches', async () => {
    const result = await search('Матрица');
    expect(result.titles.items.map((i) => i.alias)).toEqual(['matritsa', 'matritsa-perezagruzka', 'tikhiy-dom']);
    expect(result.titles.items_total).toBe(3);
    expect(result.query).toBe('Матрица');
  });

  it('finds a sequel by a typo in its first word', async () => {
    expect(await titlesFor('матрца перезагрузка')).toContain('matritsa-perezagruzka');
  });

  it('never finds a disabled title', async () => {
    expect(await titlesFor('матрица скрытая')).not.toContain('skrytaya-matritsa');
  });

  it('caps each group at limit and still counts them all', async () => {
    const res = await get('/api/v1/search?q=матрица&limit=1');
    const body = SearchResponseSchema.parse(res.json());
    expect(body.titles.items.map((i) => i.alias)).toEqual(['matritsa']);
    expect(body.titles.items_total).toBe(3);
  });

  it('answers full title cards', async () => {
    const [card] = (await search('черный волк')).titles.items;
    expect(card).toMatchObject({ _cls: 'Product.Movie', alias: 'chyornyy-volk', title: 'Чёрный волк', rating_age: '18+' });
    expect(card!.vertical_poster.url).toMatch(/^\/api\/v1\/images\/art\/vertical\//);
  });

  it('finds nothing for nonsense', async () => {
    const result = await search('qzxwv');
    expect(result.titles).toEqual({ items: [], items_total: 0 });
    expect(result.people).toEqual({ items: [], items_total: 0 });
  });
});

describe('GET /api/v1/search: people', () => {
  it.each([
    ['петр федоров', 'pyotr-fyodorov'],
    ['Фёдоров', 'pyotr-fyodorov'],
    ['федоров петр', 'pyotr-fyodorov'],
    ['петр федров', 'pyotr-fyodorov'],
    ['киану', 'keanu-reeves'],
    ['keanu reeves', 'keanu-reeves'],
    ['ривс', 'keanu-reeves'],
  ])('%j finds %s first', async (q, alias) => {
    expect((await peopleFor(q))[0]).toBe(alias);
  });

  it('names the roles (actors first) and counts the titles', async () => {
    const [person] = (await search('петр федоров')).people.items;
    expect(person).toEqual({ alias: 'pyotr-fyodorov', name: 'Пётр Фёдоров', name_original: null, roles: ['actor', 'director'], titles_count: 2 });
  });

  it('leaves out people without a title to show', async () => {
    expect(await peopleFor('безфильмов')).toEqual([]);
  });
});

describe('empty and bad queries (spec catalogue §5: an empty query returns empty items)', () => {
  it.each([[''], ['   '], ['—!?'], ['«»']])('q=%j answers 200 with empty groups', async (q) => {
    const result = await search(q);
    expect(result.titles).toEqual({ items: [], items_total: 0 });
    expect(result.people).toEqual({ items: [], items_total: 0 });
  });

  it('treats a missing q as empty, for search and suggestions', async () => {
    const res = await get('/api/v1/search');
    expect(res.statusCode).toBe(200);
    expect(SearchResponseSchema.parse(res.json()).titles.items).toEqual([]);
    const suggest = await get('/api/v1/search/suggest?q=%20');
    expect(suggest.statusCode).toBe(200);
    expect(SearchSuggestResponseSchema.parse(suggest.json()).items).toEqual([]);
  });

  it.each([
    [`/api/v1/search?q=${'а'.repeat(101)}`],
    [`/api/v1/search/suggest?q=${'а'.repeat(101)}`],
    ['/api/v1/search?q=матрица&limit=0'],
    ['/api/v1/search?q=матрица&limit=41'],
    ['/api/v1/search/suggest?q=матрица&limit=9'],
    ['/api/v1/search?q=матрица&limit=many'],
  ])('%s answers 400', async (url) => {
    const res = await get(encodeURI(url));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'BAD_REQUEST' });
  });

  it('accepts exactly 100 characters, and spaces around a query do not count', async () => {
    const at100 = await get(encodeURI(`/api/v1/search?q=${'а'.repeat(100)}`));
    expect(at100.statusCode).toBe(200);
    const padded = await get(encodeURI(`/api/v1/search?q=  ${'а'.repeat(100)}  `));
    expect(padded.statusCode).toBe(200);
  });

  it('answers 401 without an API key', async () => {
    expect((await t.app.inject({ url: '/api/v1/search?q=матрица' })).statusCode).toBe(401);
    expect((await t.app.inject({ url: '/api/v1/search/suggest?q=матрица' })).statusCode).toBe(401);
  });
});

describe('kids scope (a child session finds only its titles and no adult-only people)', () => {
  it('finds kids titles within the age cap only', async () => {
    expect((await titlesFor('ежик', kid.auth)).sort()).toEqual(['yozhik', 'yozhik-film']);
    expect(await titlesFor('матрица', kid.auth)).toEqual([]);
    expect(await titlesFor('черный волк', kid.auth)).toEqual([]);
  });

  it('finds people of its titles, counting only those, and no adult-only people', async () => {
    const result = await search('анна ежова', kid.auth);
    expect(result.people.items).toEqual([{ alias: 'anna-ezhova', name: 'Анна Ежова', name_original: null, roles: ['actor'], titles_count: 1 }]);
    expect(await peopleFor('петр федоров', kid.auth)).toEqual([]);
    expect(await peopleFor('киану ривз', kid.auth)).toEqual([]);
  });

  it('suggests only kids titles within the age cap', async () => {
    const res = await get(`/api/v1/search/suggest?q=${encodeURIComponent('ёж')}`, kid.auth);
    const { items } = SearchSuggestResponseSchema.parse(res.json());
    expect(items.filter((i) => i.type === 'title').map((i) => i.alias).sort()).toEqual(['yozhik', 'yozhik-film']);
    expect(res.headers['cache-control']).toBe('private, max-age=60');
  });

  it('lets an adult session find the same titles, the 13+ one included', async () => {
    const adult = await loginDevice(t);
    expect((await titlesFor('ежик', adult.auth)).sort()).toEqual(['yozhik', 'yozhik-film', 'yozhik-v-gorode']);
  });
});

describe('GET /api/v1/search/suggest', () => {
  const suggest = async (q: string, extra = '') => {
    const res = await get(`/api/v1/search/suggest?q=${encodeURIComponent(q)}${extra}`);
    expect(res.statusCode).toBe(200);
    return SearchSuggestResponseSchema.parse(res.json()).items;
  };

  it('suggests titles with year and poster and people with roles, from a prefix', async () => {
    const items = await suggest('матр');
    expect(items[0]).toMatchObject({ type: 'title', alias: 'matritsa', title: 'Матрица', year: 1999, _cls: 'Product.Movie', url: '/watch/matritsa' });
    expect(items.map((i) => i.alias)).toEqual(['matritsa', 'matritsa-perezagruzka']);
    expect((await suggest('кот-дет'))[0]).toMatchObject({ alias: 'kot-detektiv' });
    expect(await suggest('ривз')).toEqual([{ type: 'person', alias: 'keanu-reeves', name: 'Киану Ривз', roles: ['actor'], url: '/person/keanu-reeves' }]);
  });

  it('matches names only, not descriptions', async () => {
    expect((await suggest('матрица')).map((i) => i.alias)).not.toContain('tikhiy-dom');
  });

  it('puts a person first when only a person matches that well', async () => {
    expect((await suggest('федоров'))[0]).toMatchObject({ type: 'person', alias: 'pyotr-fyodorov' });
  });

  it('keeps people in the list when many titles match as well (titles first on a tie)', async () => {
    const items = await suggest('ки');
    expect(items).toHaveLength(8);
    expect(items.map((i) => i.type)).toEqual(['title', 'title', 'title', 'title', 'title', 'title', 'title', 'person']);
    expect(items[7]).toMatchObject({ alias: 'keanu-reeves' });
  });

  it('takes no typos in queries under four letters (a start of a word, not a misspelling)', async () => {
    expect((await suggest('мтр')).map((i) => i.alias)).toEqual([]);
    expect((await suggest('мтрица')).map((i) => i.alias)).toContain('matritsa');
  });

  it('gives at most limit suggestions', async () => {
    expect(await suggest('е', '&limit=2')).toHaveLength(2);
  });
});

describe('rate limit', () => {
  it('answers 429 after 120 suggestions a minute from one visitor', async () => {
    const visitor = await loginDevice(t);
    const statuses: number[] = [];
    const ask = () => t.app.inject({ url: '/api/v1/search/suggest?q=', headers: visitor.auth, remoteAddress: '192.0.2.7' });
    for (let i = 0; i < 121; i++) statuses.push((await ask()).statusCode);
    expect(statuses.slice(0, 120).every((s) => s === 200)).toBe(true);
    expect(statuses[120]).toBe(429);
  });
});
