// The catch-up archive at the spec's paths (catalogue §7: /v2/multiplex/catchups with category, genre,
// year, limit, skip, for_kids; /v2/multiplex/catchups/filters; search catchups with q and limit 40), the
// Catch-up item and Filter group of catalogue §3, recordings for 14 days (§1, §9), RU only (platform §6).
import { CatchupFiltersSchema, CatchupItemSchema, CatchupListSchema, CatchupSearchSchema, ErrorSchema, type CatchupItem } from '@ekran/contracts';
import { catchupQuery, parseArchiveFilters, recordingExpiresAt } from '@ekran/core';
import { episodes, tvChannels, tvProgrammes } from '@ekran/db';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, loginDevice, type TestApp } from '../../test/harness.ts';
import { childSession } from '../profiles/profiles.test-helpers.ts';
import { seedChannels } from '../tv/tv.test-helpers.ts';

let t: TestApp;
let anon: Record<string, string>;
const NOW = new Date('2026-11-21T12:00:00Z');
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const ago = (ms: number) => new Date(NOW.getTime() - ms);
const ids: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp();
  const channel = await seedChannels(t);
  const [drama, comedy, detective, family] = await Promise.all([
    t.make.genre({ alias: 'drama', title: 'Драма', position: 1 }),
    t.make.genre({ alias: 'comedy', title: 'Комедия', position: 2 }),
    t.make.genre({ alias: 'detective', title: 'Детектив', position: 3 }),
    t.make.genre({ alias: 'family', title: 'Семейный', position: 4 }),
  ]);
  const film = await t.make.title({ alias: 'dolgaya-doroga', title: 'Долгая дорога', year: 2020, genreIds: [drama.id], ratingAge: '16+', durationMinutes: 118, description: 'Водитель едет через всю страну. По пути он встречает старых друзей.' });
  const comedyFilm = await t.make.title({ alias: 'smeshnoy-sluchay', title: 'Смешной случай', year: 2021, genreIds: [comedy.id] });
  const expired = await t.make.title({ alias: 'davno-bylo', title: 'Давно было', year: 2021, genreIds: [comedy.id] });
  const live = await t.make.title({ alias: 'seychas-v-efire', title: 'Сейчас в эфире', year: 2022, genreIds: [drama.id] });
  const hidden = await t.make.title({ alias: 'skrytyy', title: 'Скрытый', year: 2020, genreIds: [drama.id], isDisabled: true });
  const kids = await t.make.title({ alias: 'veselyy-yozhik', title: 'Весёлый ёжик', year: 2019, genreIds: [family.id], forKids: true, ratingAge: '0+' });
  const series = await t.make.series({ alias: 'gorodskie-tayny', title: 'Городские тайны', year: 2022, genreIds: [drama.id, detective.id], episodes: 3 });
  await t.db.update(episodes).set({ title: 'Пропажа' }).where(and(eq(episodes.seasonId, series.season.id), eq(episodes.number, 1)));

  const kino = channel.get('ekran-kino')!;
  const nashe = channel.get('nashe-kino')!;
  const serialy = channel.get('ekran-serialy')!;
  const mult = channel.get('multlandia')!;
  const rec = (key: string, channelId: string, titleId: string | null, start: Date, minutes: number, o: Partial<typeof tvProgrammes.$inferInsert> = {}) => {
    const endsAt = new Date(start.getTime() + minutes * 60_000);
    return { key, row: { channelId, titleId, startsAt: start, endsAt, title: key, expiredAt: titleId ? recordingExpiresAt(endsAt) : null, ...o } };
  };
  const all = [
    rec('film-old', nashe, film.id, ago(3 * DAY), 120),
    rec('film-new', kino, film.id, ago(DAY), 120),
    // ends 13 days 23 hours ago: offered for one more hour
    rec('comedy', kino, comedyFilm.id, ago(14 * DAY - HOUR + 90 * 60_000), 90),
    rec('expired', kino, expired.id, ago(15 * DAY), 90),
    rec('live', nashe, live.id, ago(HOUR), 120),
    rec('hidden', nashe, hidden.id, ago(2 * DAY), 90),
    rec('news', kino, null, ago(5 * HOUR), 30),
    rec('kids', mult, kids.id, ago(4 * HOUR), 60),
    rec('s1e1-old', serialy, series.title.id, ago(2 * DAY), 45, { seasonNumber: 1, episodeNumber: 1, subTitle: 'Из гида' }),
    rec('s1e2', serialy, series.title.id, ago(2 * DAY - 45 * 60_000), 45, { seasonNumber: 1, episodeNumber: 2 }),
    rec('s1e1-new', kino, series.title.id, ago(6 * HOUR), 45, { seasonNumber: 1, episodeNumber: 1 }),
  ];
  const rows = await t.db.insert(tvProgrammes).values(all.map((a) => a.row)).returning({ id: tvProgrammes.id, title: tvProgrammes.title });
  for (const r of rows) ids[r.title] = r.id;
  anon = (await loginDevice(t)).auth;
});
afterAll(() => t.close());
beforeEach(() => {
  t.clock.now = NOW;
});

const get = (url: string, headers: Record<string, string> = anon, remoteAddress?: string) => t.app.inject({ url, headers, ...(remoteAddress ? { remoteAddress } : {}) });
async function list(query = '', headers?: Record<string, string>) {
  const res = await get(`/api/v2/multiplex/catchups${query}`, headers);
  expect(res.statusCode, res.body).toBe(200);
  return CatchupListSchema.parse(res.json());
}
const titles = (items: CatchupItem[]) => items.map((i) => i.title);

describe('GET /api/v2/multiplex/catchups', () => {
  it('lists the recordings offered now, newest airing first, only ended, unexpired, of enabled titles (not the kids scope’s alone)', async () => {
    const page = await list();
    // The kids title aired last, but outside the kids scope grown-ups' titles come first.
    expect(titles(page.items)).toEqual(['Городские тайны', 'Долгая дорога', 'Смешной случай', 'Весёлый ёжик']);
    expect(page).toMatchObject({ items_total: 4, skip: 0, limit: 25 });
  });

  it('answers a film as catalogue §3 Catch-up item: its recordings on every channel, newest first', async () => {
    const film = (await list()).items.find((i) => i.alias === 'dolgaya-doroga')!;
    expect(film).toMatchObject({
      id: ids['film-new'],
      title: 'Долгая дорога',
      category: { alias: 'movie', title: 'Фильмы' },
      genres: ['Драма'],
      rating_age: '16+',
      year: 2020,
      duration_minutes: 118,
      quote: 'Водитель едет через всю страну.',
      description: 'Водитель едет через всю страну. По пути он встречает старых друзей.',
      expired_at: recordingExpiresAt(new Date(ago(DAY).getTime() + 120 * 60_000)).toISOString(),
    });
    expect(film.images.cover.url).toMatch(/^\/api\/v1\/images\/art\/horizontal\//);
    expect(film.images.poster.url).toMatch(/^\/api\/v1\/images\/art\/vertical\//);
    expect(film.streams).toHaveLength(1);
    expect(film.streams[0]).toMatchObject({ season_number: null, episode_number: null, episode_title: null });
    expect(film.streams[0]!.broadcasts.map((b) => [b.channel.alias, b.program.id])).toEqual([['ekran-kino', ids['film-new']], ['nashe-kino', ids['film-old']]]);
    expect(film.streams[0]!.broadcasts[0]).toMatchObject({
      channel: { title: 'Экран Кино', logo: '/tv-logos/ekran-kino.svg' },
      program: { start_ts: Math.floor(ago(DAY).getTime() / 1000) },
    });
  });

  it('answers a series with a stream per aired episode, the episode titles of the catalogue', async () => {
    const series = (await list('?category=series')).items[0]!;
    expect(series).toMatchObject({ id: ids['s1e1-new'], category: { alias: 'series', title: 'Сериалы' }, genres: ['Драма', 'Детектив'], duration_minutes: null });
    expect(series.streams.map((s) => [s.season_number, s.episode_number, s.episode_title, s.broadcasts.map((b) => b.program.id)])).toEqual([
      [1, 1, 'Пропажа', [ids['s1e1-new'], ids['s1e1-old']]],
      [1, 2, 'Серия 2', [ids['s1e2']]],
    ]);
  });

  it.each([
    ['?category=movies', ['Долгая дорога', 'Смешной случай', 'Весёлый ёжик']],
    ['?category=movie', ['Долгая дорога', 'Смешной случай', 'Весёлый ёжик']],
    ['?category=series', ['Городские тайны']],
    ['?genre=drama', ['Городские тайны', 'Долгая дорога']],
    ['?genre=drama,comedy', ['Городские тайны', 'Долгая дорога', 'Смешной случай']],
    ['?genres=comedy', ['Смешной случай']],
    ['?genre=drama&genres=family', ['Городские тайны', 'Долгая дорога', 'Весёлый ёжик']],
    ['?year=2020,2021', ['Долгая дорога', 'Смешной случай']],
    ['?year=2022', ['Городские тайны']],
    ['?category=movies&genre=drama&year=2020', ['Долгая дорога']],
    ['?category=series&genre=comedy', []],
    ['?genre=horror', []],
    ['?year=1999', []],
  ])('filters %s to %j', async (query, expected) => {
    const page = await list(query);
    expect(titles(page.items)).toEqual(expected);
    expect(page.items_total).toBe(expected.length);
  });

  // The archive's route params as the site reads them (catalogue §2, §5: numeric is a year, a category word a
  // category, otherwise a genre; several in genres=a,b and year=x,y), asked of the API as its query.
  it.each([
    [{ param1: 'series' }, ['Городские тайны']],
    [{ param1: 'drama', param2: '2020' }, ['Долгая дорога']],
    [{ param1: '2022', param2: 'drama' }, ['Городские тайны']],
    [{ param1: 'movies', genres: 'drama,comedy' }, ['Долгая дорога', 'Смешной случай']],
    [{ param1: 'movies', param2: 'family', year: '2019,2021' }, ['Весёлый ёжик']],
    [{ genres: 'drama', year: '2020,2022' }, ['Городские тайны', 'Долгая дорога']],
  ])('the route %j lists %j', async (params, expected) => {
    const query = new URLSearchParams(catchupQuery(parseArchiveFilters(params))).toString();
    expect(titles((await list(`?${query}`)).items)).toEqual(expected);
  });

  it('pages: limit and skip, skip capped at items_total, limit capped at 100', async () => {
    const first = await list('?limit=2');
    const second = await list('?limit=2&skip=2');
    expect([...titles(first.items), ...titles(second.items)]).toEqual(['Городские тайны', 'Долгая дорога', 'Смешной случай', 'Весёлый ёжик']);
    expect(second).toMatchObject({ items_total: 4, skip: 2, limit: 2 });
    expect(await list('?skip=1000')).toMatchObject({ items: [], items_total: 4, skip: 4 });
    expect((await list('?limit=1000')).limit).toBe(100);
  });

  it.each(['?category=cartoons', '?genre=Драма', '?year=20x0', '?year=1800', '?limit=0', '?limit=ten', '?skip=-1', '?for_kids=maybe'])('answers 400 to %s', async (query) => {
    const res = await get(`/api/v2/multiplex/catchups${query}`);
    expect(res.statusCode).toBe(400);
    expect(ErrorSchema.parse(res.json()).code).toBe('BAD_REQUEST');
  });

  it('drops a recording at its expired_at (catalogue §9: up to 14 days)', async () => {
    const comedyEnd = new Date(ago(14 * DAY - HOUR + 90 * 60_000).getTime() + 90 * 60_000);
    t.clock.now = new Date(recordingExpiresAt(comedyEnd).getTime() - 1000);
    expect(titles((await list('?genre=comedy')).items)).toEqual(['Смешной случай']);
    expect((await get(`/api/v2/multiplex/catchups/${ids.comedy}`)).statusCode).toBe(200);
    t.clock.now = recordingExpiresAt(comedyEnd);
    expect(titles((await list('?genre=comedy')).items)).toEqual([]);
    expect((await get(`/api/v2/multiplex/catchups/${ids.comedy}`)).statusCode).toBe(404);
  });

  it('offers a programme only once it has ended', async () => {
    expect(titles((await list('?year=2022&category=movies')).items)).toEqual([]);
    expect((await get(`/api/v2/multiplex/catchups/${ids.live}`)).statusCode).toBe(404);
    t.clock.now = new Date(NOW.getTime() + HOUR);
    expect(titles((await list('?year=2022&category=movies')).items)).toEqual(['Сейчас в эфире']);
  });

  it('keeps the kids scope: for_kids, and a child profile whatever it asks', async () => {
    expect(titles((await list('?for_kids=true')).items)).toEqual(['Весёлый ёжик']);
    const kid = await childSession(t);
    expect(titles((await list('?for_kids=false', kid.auth)).items)).toEqual(['Весёлый ёжик']);
    expect((await get(`/api/v2/multiplex/catchups/${ids['film-new']}`, kid.auth)).statusCode).toBe(404);
  });

  it('leaves out recordings of a disabled channel', async () => {
    await t.db.update(tvChannels).set({ isDisabled: true }).where(eq(tvChannels.alias, 'nashe-kino'));
    try {
      const film = (await list('?genre=drama&category=movies')).items[0]!;
      expect(film.streams[0]!.broadcasts.map((b) => b.channel.alias)).toEqual(['ekran-kino']);
    } finally {
      await t.db.update(tvChannels).set({ isDisabled: false }).where(eq(tvChannels.alias, 'nashe-kino'));
    }
  });
});

describe('GET /api/v2/multiplex/catchups/filters', () => {
  it('builds the category, genre and year groups from what the archive holds now', async () => {
    const res = await get('/api/v2/multiplex/catchups/filters');
    expect(res.statusCode).toBe(200);
    expect(CatchupFiltersSchema.parse(res.json()).items).toEqual([
      { alias: 'category', title: 'Тип', items: [{ alias: 'movies', title: 'Фильмы' }, { alias: 'series', title: 'Сериалы' }] },
      { alias: 'genre', title: 'Жанр', items: [{ alias: 'drama', title: 'Драма' }, { alias: 'comedy', title: 'Комедия' }, { alias: 'detective', title: 'Детектив' }, { alias: 'family', title: 'Семейный' }] },
      { alias: 'year', title: 'Год', items: ['2022', '2021', '2020', '2019'].map((y) => ({ alias: y, title: y })) },
    ]);
  });

  it.each([
    ['series', ['movies', 'series'], ['drama', 'detective'], ['2022']],
    ['movies', ['movies', 'series'], ['drama', 'comedy', 'family'], ['2021', '2020', '2019']],
    ['movie', ['movies', 'series'], ['drama', 'comedy', 'family'], ['2021', '2020', '2019']],
  ])('with category=%s lists both categories but only its genres and years', async (category, categories, genres, years) => {
    const groups = CatchupFiltersSchema.parse((await get(`/api/v2/multiplex/catchups/filters?category=${category}`)).json()).items;
    expect(groups.map((g) => g.items.map((i) => i.alias))).toEqual([categories, genres, years]);
  });

  it('answers 400 to a category that is none', async () => {
    expect((await get('/api/v2/multiplex/catchups/filters?category=cartoons')).statusCode).toBe(400);
  });

  it('keeps to the kids scope for_kids', async () => {
    const groups = CatchupFiltersSchema.parse((await get('/api/v2/multiplex/catchups/filters?for_kids=true')).json()).items;
    expect(groups.map((g) => g.items.map((i) => i.alias))).toEqual([['movies'], ['family'], ['2019']]);
  });
});

describe('GET /api/v2/multiplex/catchups/search (catalogue §7: q and limit 40)', () => {
  const search = async (query: string) => {
    const res = await get(`/api/v2/multiplex/catchups/search${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return titles(CatchupSearchSchema.parse(res.json()).items);
  };

  it.each([
    ['?q=дорога', ['Долгая дорога']],
    ['?q=ДОРОГА', ['Долгая дорога']],
    ['?q=весёлый', ['Весёлый ёжик']],
    ['?q=ежик', ['Весёлый ёжик']],
    ['?q=тайны', ['Городские тайны']],
    ['?q=было', []], // expired
    ['?q=скрытый', []], // disabled
    ['?q=', []],
    ['?q=%20%20', []],
    ['?q=100%25', []],
  ])('%s finds %j', async (query, expected) => {
    expect(await search(query)).toEqual(expected);
  });

  it('refuses a limit above 40', async () => {
    expect((await get('/api/v2/multiplex/catchups/search?q=a&limit=41')).statusCode).toBe(400);
  });
});

describe('GET /api/v2/multiplex/catchups/:id', () => {
  it('answers the item of any of its recordings, standing for the one asked', async () => {
    const res = await get(`/api/v2/multiplex/catchups/${ids['film-old']}`);
    expect(res.statusCode).toBe(200);
    const item = CatchupItemSchema.parse(res.json());
    expect(item).toMatchObject({ id: ids['film-old'], alias: 'dolgaya-doroga' });
    expect(item.streams[0]!.broadcasts).toHaveLength(2);
  });

  it.each([
    ['a programme that is no recording', () => ids.news!, 404],
    ['an expired recording', () => ids.expired!, 404],
    ['a disabled title', () => ids.hidden!, 404],
    ['an unknown id', () => '00000000-0000-4000-8000-000000000000', 404],
    ['the alias of a title with nothing offered', () => 'davno-bylo', 404],
    ['the alias of a title on air now, not yet recorded', () => 'seychas-v-efire', 404],
    ['the alias of a disabled title', () => 'skrytyy', 404],
    ['neither a uuid nor an alias', () => 'Dolgaya_Doroga', 400],
  ])('answers %s with %i', async (_what, id, status) => {
    expect((await get(`/api/v2/multiplex/catchups/${id()}`)).statusCode).toBe(status);
  });

  it('answers a title alias with the title’s newest recording (a link that outlives the guide, as a banner’s catchup action)', async () => {
    const res = await get('/api/v2/multiplex/catchups/dolgaya-doroga');
    expect(res.statusCode).toBe(200);
    expect(CatchupItemSchema.parse(res.json())).toMatchObject({ id: ids['film-new'], alias: 'dolgaya-doroga' });
    // The kids scope still applies.
    const kid = await childSession(t);
    expect((await get('/api/v2/multiplex/catchups/dolgaya-doroga', kid.auth)).statusCode).toBe(404);
    expect((await get('/api/v2/multiplex/catchups/veselyy-yozhik', kid.auth)).statusCode).toBe(200);
  });

  it('answers a channel alias with the channel’s newest recording offered', async () => {
    const res = await get('/api/v2/multiplex/catchups/ekran-kino');
    expect(res.statusCode).toBe(200);
    expect(CatchupItemSchema.parse(res.json())).toMatchObject({ id: ids['s1e1-new'], alias: 'gorodskie-tayny' });
    const kid = await childSession(t);
    expect((await get('/api/v2/multiplex/catchups/ekran-kino', kid.auth)).statusCode).toBe(404);
    expect(CatchupItemSchema.parse((await get('/api/v2/multiplex/catchups/multlandia', kid.auth)).json()).id).toBe(ids.kids);
  });
});

describe('geo rules (spec platform §6: the archive is for RU only)', () => {
  it.each(['/api/v2/multiplex/catchups', '/api/v2/multiplex/catchups/filters', '/api/v2/multiplex/catchups/search?q=a', '/api/v2/multiplex/catchups/00000000-0000-4000-8000-000000000000'])(
    '%s answers tv_not_available outside RU',
    async (url) => {
      const res = await get(url, anon, '8.8.8.8');
      expect(res.statusCode).toBe(403);
      expect(ErrorSchema.parse(res.json())).toMatchObject({ status: 403, code: 'tv_not_available' });
    },
  );

  it('needs the client key', async () => {
    expect((await get('/api/v2/multiplex/catchups', {})).statusCode).toBe(401);
  });
});
