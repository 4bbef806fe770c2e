// The /archive loader (catalogue §2, §4, §5, §6, §8) against a stubbed API.
import type { CatchupFilters, CatchupItem, CatchupList, GenreList } from '@ekran/contracts';
import { matchRoutes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import routes from '../../routes.ts';
import { ApiCallError } from '../../lib/api.server.ts';
import { catchup } from '../../test/archive.ts';
import { tariff, viewer } from '../../test/billing.ts';
import { contextWith, outcome } from '../../test/visitor.ts';
import { loader, meta, type ArchiveListData } from './archive.tsx';

const NOW = Date.parse('2026-11-22T09:00:00Z');
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
});
afterEach(() => vi.useRealTimers());

const DESKTOP_UA = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36';
const PHONE_UA = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';
const TABLET_UA = 'Mozilla/5.0 (iPad; CPU OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';

const FILTERS: CatchupFilters = {
  items: [
    { alias: 'category', title: 'Тип', items: [{ alias: 'movies', title: 'Фильмы' }, { alias: 'series', title: 'Сериалы' }] },
    { alias: 'genre', title: 'Жанр', items: [{ alias: 'drama', title: 'Драма' }, { alias: 'comedy', title: 'Комедия' }] },
    { alias: 'year', title: 'Год', items: [{ alias: '2021', title: '2021' }, { alias: '2020', title: '2020' }] },
  ],
};
const GENRES: GenreList = {
  items: [
    { alias: 'drama', title: 'Драма', counts: { movies: 1, series: 1, animation: 0 }, items_total: 2, cover: null },
    { alias: 'war', title: 'Военный', counts: { movies: 1, series: 0, animation: 0 }, items_total: 1, cover: null },
  ],
};

const listOf = (items: CatchupItem[], total = items.length, skip = 0): CatchupList => ({ items, items_total: total, skip, limit: 25 });
const apiError = (status: number, code: string) => new ApiCallError(status, { status, code, message: code });

function run(path: string, o: { api?: Record<string, unknown>; ua?: string; visitor?: Record<string, unknown>; list?: CatchupList | Error } = {}) {
  const url = new URL(`http://localhost${path}`);
  const [, , param1, param2, param3] = url.pathname.split('/');
  const api = {
    catchups: o.list instanceof Error ? vi.fn().mockRejectedValue(o.list) : vi.fn().mockResolvedValue(o.list ?? listOf([catchup('a'), catchup('b')], 60)),
    catchupFilters: vi.fn().mockResolvedValue(FILTERS),
    posters: vi.fn().mockResolvedValue({ items: [] }),
    tariffs: vi.fn().mockResolvedValue([tariff({ weight: 0, allow_trial: true, trial_period_duration: { days: 14 } })]),
    genres: vi.fn().mockResolvedValue(GENRES),
    ...o.api,
  };
  const request = new Request(url, { headers: { 'user-agent': o.ua ?? DESKTOP_UA } });
  const params = { param1: param1 || undefined, param2: param2 || undefined, param3: param3 || undefined };
  return { api, result: outcome(() => loader({ request, params, context: contextWith(api, { auth: viewer(), ...o.visitor }) } as never)) };
}

type Outcome = Awaited<ReturnType<typeof run>['result']>;
const statusOf = (r: Outcome) => {
  if ('thrown' in r) return (r.thrown as Response).status ?? (r.thrown as { init?: { status: number } }).init?.status;
  return (r.value as { init?: { status: number } }).init?.status ?? 200;
};
const locationOf = (r: Outcome) => ('thrown' in r ? (r.thrown as Response).headers.get('location') : null);
/** The page data, whether returned as is or with a status (data()). */
const pageOf = (r: Outcome): ArchiveListData => {
  if (!('value' in r)) throw new Error(`the loader threw ${String(r.thrown)}`);
  const value = r.value as unknown as { data?: ArchiveListData; view?: string };
  return (value.view ? value : value.data) as ArchiveListData;
};

describe('/archive loader: filters from the address (catalogue §2, §5)', () => {
  it.each([
    ['/archive', {}],
    ['/archive/movies', { category: 'movies' }],
    ['/archive/drama', { genre: 'drama' }],
    ['/archive/drama/2021', { genre: 'drama', year: '2021' }],
    ['/archive/series/drama/2021', { category: 'series', genre: 'drama', year: '2021' }],
    ['/archive?genres=drama,comedy', { genre: 'drama,comedy' }],
    ['/archive/movies?genres=drama,comedy&year=2020,2021', { category: 'movies', genre: 'drama,comedy', year: '2020,2021' }],
  ])('%s asks the API for %j, 25 from the start for a desktop browser', async (path, query) => {
    const { api, result } = run(path);
    expect(statusOf(await result)).toBe(200);
    expect(api.catchups).toHaveBeenCalledWith({ ...query, limit: 25, skip: 0, for_kids: false });
    // The filters of the chosen category: its genres and years only.
    expect(api.catchupFilters).toHaveBeenCalledWith(false, (query as { category?: string }).category ?? null);
    expect(api.posters).toHaveBeenCalledWith('catchups', false);
  });

  it('takes the commas of a list spelled %2C (as the page’s data requests send them) as its own address', async () => {
    const { api, result } = run('/archive?genres=drama%2Ccomedy&year=2021%2C2020');
    expect(statusOf(await result)).toBe(200);
    expect(api.catchups).toHaveBeenCalledWith(expect.objectContaining({ genre: 'drama,comedy', year: '2021,2020' }));
  });

  it.each([
    [PHONE_UA, 10],
    [TABLET_UA, 20],
    [DESKTOP_UA, 25],
  ])('sizes the first portion by the browser (catalogue §9): %s → %d', async (ua, limit) => {
    const { api, result } = run('/archive', { ua });
    expect(pageOf(await result).pageSize).toBe(limit);
    expect(api.catchups).toHaveBeenCalledWith(expect.objectContaining({ limit, skip: 0 }));
  });

  it('reads ?page=N as the Nth page of that size', async () => {
    const { api, result } = run('/archive/drama?page=3', { ua: PHONE_UA, list: listOf([catchup('x')], 60, 20) });
    expect(pageOf(await result)).toMatchObject({ page: 3, canonical: '/archive/drama' });
    expect(api.catchups).toHaveBeenCalledWith(expect.objectContaining({ limit: 10, skip: 20 }));
  });

  it.each([
    ['/archive/2021/drama', '/archive/drama/2021'],
    ['/archive/drama/movies', '/archive/movies/drama'],
    ['/archive/movie', '/archive/movies'],
    ['/archive/movie/drama', '/archive/movies/drama'],
    ['/archive/', '/archive'],
    ['/archive?genres=drama', '/archive/drama'],
    ['/archive?year=2021', '/archive/2021'],
    ['/archive/drama?genres=comedy', '/archive?genres=drama,comedy'],
    ['/archive/drama/comedy', '/archive?genres=drama,comedy'],
    ['/archive/drama/drama', '/archive/drama'],
    ['/archive?year=2021,2020&genres=drama,comedy', '/archive?genres=drama,comedy&year=2021,2020'],
    ['/archive/2021/drama?utm_source=tv&page=2', '/archive/drama/2021?utm_source=tv&page=2'],
    ['/archive/drama?page=1', '/archive/drama'],
  ])('moves %s to its own address %s for good (301), keeping the other query', async (path, target) => {
    const { api, result } = run(path);
    const r = await result;
    expect(statusOf(r)).toBe(301);
    expect(locationOf(r)).toBe(target);
    expect(api.catchups).not.toHaveBeenCalled();
  });

  it.each([
    ['/archive/Drama', 'a genre alias the API would refuse'],
    ['/archive/1850', 'a year out of range'],
    ['/archive/drama?page=0', 'page 0'],
    ['/archive/drama?page=two', 'a page that is not a number'],
  ])('answers 404 for %s (%s) without asking the list', async (path) => {
    const { api, result } = run(path);
    expect(statusOf(await result)).toBe(404);
    expect(api.catchups).not.toHaveBeenCalled();
  });

  it('answers 404 for a page past the end', async () => {
    const { result } = run('/archive?page=4', { list: listOf([], 60, 60) });
    expect(statusOf(await result)).toBe(404);
  });

  it('answers 404 for a genre the catalogue does not have', async () => {
    const { api, result } = run('/archive/net-takogo', { list: listOf([], 0) });
    expect(statusOf(await result)).toBe(404);
    expect(api.genres).toHaveBeenCalledWith(false);
  });

  it('shows a real genre with nothing recorded now as the empty list, titled by the catalogue', async () => {
    const { result } = run('/archive/war', { list: listOf([], 0) });
    const page = pageOf(await result);
    expect(page).toMatchObject({ status: 'LOADED', portion: { items: [], total: 0 }, genreTitles: { war: 'Военный' }, heading: 'Кино на ТВ: военный' });
  });

  it('keeps a chosen genre and year the category has none of in their panels, to be unchosen', async () => {
    const { result } = run('/archive/series/war/1999', { list: listOf([], 0) });
    const page = pageOf(await result);
    expect(page.groups?.genre.items.at(-1)).toEqual({ alias: 'war', title: 'Военный' });
    expect(page.groups?.year.items.at(-1)).toEqual({ alias: '1999', title: '1999' });
  });

  it('asks for the kids scope in a child profile (the API scopes it)', async () => {
    const { api, result } = run('/archive/drama', { visitor: { auth: viewer({ profile_for_child: true }) } });
    await result;
    expect(api.catchups).toHaveBeenCalledWith(expect.objectContaining({ for_kids: true }));
    expect(api.catchupFilters).toHaveBeenCalledWith(true, null);
    expect(api.posters).toHaveBeenCalledWith('catchups', true);
  });
});

describe('/archive loader: what the page shows', () => {
  it('turns items into cards: the newest airing in the viewer’s tz, the time left, genres from a JSON-like string', async () => {
    const item = catchup('a', { genres: '["Драма", "Комедия"]', rating_age: '' });
    const { result } = run('/archive', { list: listOf([item], 60), visitor: { auth: viewer(), tz: 5 } });
    const page = pageOf(await result);
    expect(page.portion).toMatchObject({ skip: 0, total: 60, nextCursor: '25' });
    expect(page.portion!.items[0]).toEqual({
      id: 'a',
      title: 'Фильм a',
      year: 2021,
      isSeries: false,
      genres: ['Драма', 'Комедия'],
      ratingAge: '18+',
      images: [{ url: '/img/a/frame', width: 1280 }, { url: '/img/a/cover', width: 1280 }],
      channel: { logo: '/tv-logos/ekran-kino.svg', title: 'Экран Кино' },
      // 18:30 UTC at UTC+5
      aired: '21 ноября, 23:30',
      episode: null,
      timeLeft: '13 дней',
    });
  });

  it('takes a series’ newest airing of all its episodes, with the episode', async () => {
    const airing = (id: string, startIso: string, channelTitle: string) => ({
      channel: { logo: `/tv-logos/${id}.svg`, title: channelTitle, alias: id },
      program: { id, start_ts: Date.parse(startIso) / 1000, end_ts: Date.parse(startIso) / 1000 + 3000, poster: null, expired_at: '2026-12-04T00:00:00.000Z' },
    });
    const item = catchup('s', {
      category: { alias: 'series', title: 'Сериалы' },
      streams: [
        { season_number: 1, episode_number: 2, episode_title: null, broadcasts: [airing('old', '2026-11-19T18:00:00Z', 'Старый')] },
        { season_number: 1, episode_number: 3, episode_title: null, broadcasts: [airing('new', '2026-11-21T19:00:00Z', 'Экран Сериалы')] },
      ],
    });
    const { result } = run('/archive/series', { list: listOf([item], 1) });
    expect(pageOf(await result).portion!.items[0]).toMatchObject({ isSeries: true, channel: { title: 'Экран Сериалы' }, aired: '21 ноября, 22:00', episode: { season: 1, episode: 3 } });
  });

  it.each([
    [false, ['Кино на ТВ', 'Фильмы на ТВ', 'Драма', '2021'], 'Фильмы на ТВ: драма, 2021'],
    [true, ['Записи с ТВ', 'Фильмы на ТВ в записи', 'Драма', '2021'], 'Фильмы на ТВ в записи: драма, 2021'],
  ])('breadcrumbs and h1 (catalogue §2), New_text_and_button_for_catchup variant %s', async (variant, titles, heading) => {
    const ab = [{ exp_name: 'New_text_and_button_for_catchup', group_name: variant ? 'B' : 'A', exp_id: '10', group_id: variant ? '102' : '101' }];
    const { result } = run('/archive/movies/drama/2021', { visitor: { auth: viewer({ ab }) } });
    const page = pageOf(await result);
    expect(page.crumbs.map((c) => c.title)).toEqual(titles);
    expect(page.crumbs.map((c) => c.url)).toEqual(['/archive', '/archive/movies', '/archive/movies/drama', '/archive/movies/drama/2021']);
    expect(page.heading).toBe(heading);
  });

  it('names several genres and years in one crumb each', async () => {
    const { result } = run('/archive?genres=drama,comedy&year=2021,2020');
    expect(pageOf(await result).crumbs).toEqual([
      { title: 'Кино на ТВ', url: '/archive' },
      { title: 'Драма, Комедия', url: '/archive?genres=drama,comedy' },
      { title: '2021, 2020', url: '/archive?genres=drama,comedy&year=2021,2020' },
    ]);
  });

  it.each([
    ['a virtual visitor', { virtual: true, email: null }, { text: 'Смотреть 14 дней бесплатно', action: 'signup' }, true],
    ['a registered viewer without subscriptions, trial available', {}, { text: 'Смотреть 14 дней бесплатно', action: 'subscribe' }, true],
    ['a registered viewer without subscriptions, trial used', { trial_is_available: false }, { text: 'Оформить подписку', action: 'subscribe' }, true],
    ['a subscriber', { subscriptions: [{ status: 'active' }] }, null, false],
    // spec platform §6: no subscription popups in a child profile.
    ['a child profile without subscriptions', { profile_for_child: true }, null, true],
  ])('subscribe button and «по подписке» for %s (catalogue §4, §6)', async (_who, auth, button, bySubscription) => {
    const { api, result } = run('/archive', { visitor: { auth: viewer(auth as never) } });
    const page = pageOf(await result);
    expect(page.button).toEqual(button);
    expect(page.bySubscription).toBe(bySubscription);
    // A subscriber's page needs no tariffs.
    expect(api.tariffs).toHaveBeenCalledTimes(button ? 1 : 0);
  });

  it('says 7 days when no weight-0 trial tariff is listed (or the tariffs fail)', async () => {
    const { result } = run('/archive', { api: { tariffs: vi.fn().mockRejectedValue(apiError(500, 'ERROR')) }, visitor: { auth: viewer({ virtual: true }) } });
    expect(pageOf(await result).button).toEqual({ text: 'Смотреть 7 дней бесплатно', action: 'signup' });
  });

  it('outside RU answers 403 with the geo view (tv_not_available)', async () => {
    const geo = apiError(403, 'tv_not_available');
    const { result } = run('/archive', { list: geo, api: { catchupFilters: vi.fn().mockRejectedValue(geo) } });
    const r = await result;
    expect(statusOf(r)).toBe(403);
    expect((r as { value: { data: { view: string } } }).value.data).toEqual({ view: 'geo' });
  });

  it('marks a failed list ERROR and still shows the page (502), not the error screen', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { result } = run('/archive/drama', { list: apiError(503, 'UNAVAILABLE') });
    const r = await result;
    expect(statusOf(r)).toBe(502);
    expect(pageOf(r)).toMatchObject({ status: 'ERROR', portion: null, heading: 'Кино на ТВ: драма' });
    expect(warn).toHaveBeenCalled();
    warn.mockRestore();
  });

  it('goes on without filters when their call fails (catalogue §8)', async () => {
    const { result } = run('/archive/drama', { api: { catchupFilters: vi.fn().mockRejectedValue(apiError(500, 'ERROR')) } });
    expect(pageOf(await result)).toMatchObject({ status: 'LOADED', groups: null, genreTitles: { drama: 'Драма' } });
  });

  it('meta: noindex, the default title about films on TV in recording, a title of the filters otherwise', async () => {
    const plain = pageOf(await run('/archive').result);
    const tags = meta({ data: plain, matches: [] } as never);
    expect(tags).toContainEqual({ title: 'Фильмы на ТВ в записи — смотреть кино и сериалы с телеканалов онлайн на Экране' });
    expect(tags).toContainEqual({ name: 'robots', content: 'noindex, follow' });
    expect(tags).toContainEqual(expect.objectContaining({ name: 'description' }));
    const filtered = pageOf(await run('/archive/drama').result);
    expect(meta({ data: filtered, matches: [] } as never)).toContainEqual({ title: 'Кино на ТВ: драма — смотреть в записи на Экране' });
  });
});

describe('the route table (issue 7 archive)', () => {
  it.each([
    ['/archive/watch/0b4c2f1e-6a55-4c1d-9a0e-3f5c8b2d7e11', 'routes/tv/archive-watch'],
    ['/archive', 'routes/archive/archive'],
    ['/archive/movies/drama/2021', 'routes/archive/archive'],
    ['/archive/watch', 'routes/archive/archive'],
    ['/archive/a/b/c/d', 'routes/errors/not-found'],
  ])('%s → %s', (path, file) => {
    const tree = routes.map((r) => ({ path: r.path, index: r.index, id: r.file }));
    const matched = matchRoutes(tree as never, path) as { route: { id: string } }[] | null;
    expect(matched?.at(-1)?.route.id.replace(/\.tsx?$/, '')).toBe(file);
  });
});
