// Personal lists of the current profile (spec platform §3, §4 Lists, §7): favorites, progress,
// continue watching, history, ratings and the title page's state.
import {
  ContinueWatchingListSchema, ErrorCode, FavoritesListSchema, HistoryListSchema, ProgressStateSchema, RatedListSchema, TitleStateSchema,
} from '@ekran/contracts';
import { favorites, profiles, watchProgress } from '@ekran/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, loginDevice, type TestApp } from '../../test/harness.ts';
import { childSession, createProfile, registeredViewer, selectProfile } from '../profiles/profiles.test-helpers.ts';

let t: TestApp;
type TitleRow = Awaited<ReturnType<TestApp['make']['title']>>;
type SeriesRow = Awaited<ReturnType<TestApp['make']['series']>>;
let film: TitleRow;
let film2: TitleRow;
let film3: TitleRow;
let hidden: TitleRow;
let cartoon: TitleRow;
let teenCartoon: TitleRow;
let series: SeriesRow;

beforeAll(async () => {
  t = await createTestApp();
  const drama = await t.make.genre({ alias: 'drama', title: 'Драма' });
  film = await t.make.title({ alias: 'tayna-mayaka', title: 'Тайна маяка', genreIds: [drama.id] });
  film2 = await t.make.title({ alias: 'zimniy-sad', title: 'Зимний сад', genreIds: [drama.id] });
  film3 = await t.make.title({ alias: 'severnyy-veter', title: 'Северный ветер' });
  hidden = await t.make.title({ alias: 'skrytyy', isDisabled: true });
  cartoon = await t.make.title({ alias: 'yozhik', title: 'Ёжик', forKids: true, isAnimation: true, ratingAge: '0+' });
  teenCartoon = await t.make.title({ alias: 'podrostki', title: 'Подростки', forKids: true, isAnimation: true, ratingAge: '13+' });
  series = await t.make.series({ alias: 'dom-na-krayu', title: 'Дом на краю', episodes: 3 });
});
afterAll(() => t.close());

type Auth = Record<string, string>;
const req = (method: 'GET' | 'PUT' | 'POST' | 'DELETE', url: string, headers: Auth, payload?: unknown) =>
  t.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }) });
const addFav = (auth: Auth, alias: string) => req('PUT', `/api/v1/profile/favorites/${alias}`, auth);
const favList = async (auth: Auth, query = '') => FavoritesListSchema.parse((await req('GET', `/api/v1/profile/favorites${query}`, auth)).json());
const report = (auth: Auth, body: Record<string, unknown>) => req('PUT', '/api/v1/profile/progress', auth, body);
const titleState = async (auth: Auth, alias: string) => TitleStateSchema.parse((await req('GET', `/api/v1/profile/title-state/${alias}`, auth)).json());

describe('favorites', () => {
  it('adds, lists newest first and removes, idempotently', async () => {
    const v = await registeredViewer(t);
    t.clock.now = new Date('2026-11-21T12:00:00Z');
    expect((await addFav(v.auth, film.alias)).json()).toEqual({ alias: film.alias, is_favorite: true });
    t.clock.now = new Date('2026-11-21T12:01:00Z');
    expect((await addFav(v.auth, series.title.alias)).statusCode).toBe(200);
    // Adding twice keeps one row and its first date.
    t.clock.now = new Date('2026-11-21T12:02:00Z');
    expect((await addFav(v.auth, film.alias)).statusCode).toBe(200);
    const list = await favList(v.auth);
    expect(list.items.map((i) => i.alias)).toEqual([series.title.alias, film.alias]);
    expect(list).toMatchObject({ items_total: 2, skip: 0, limit: 20 });
    expect(list.items[1]!.added_at).toBe('2026-11-21T12:00:00.000Z');
    expect(list.items[0]!.seasons_count).toBe(1);
    expect(await t.db.select().from(favorites).where(eq(favorites.profileId, v.profile_id))).toHaveLength(2);

    const removed = await req('DELETE', `/api/v1/profile/favorites/${film.alias}`, v.auth);
    expect(removed.json()).toEqual({ alias: film.alias, is_favorite: false });
    // Removing a favorite that is not there is fine.
    expect((await req('DELETE', `/api/v1/profile/favorites/${film.alias}`, v.auth)).statusCode).toBe(200);
    expect((await favList(v.auth)).items.map((i) => i.alias)).toEqual([series.title.alias]);
  });

  it('lists their aliases for the cards, none for an anonymous visitor', async () => {
    const v = await registeredViewer(t);
    t.clock.now = new Date('2026-11-21T14:00:00Z');
    await addFav(v.auth, film2.alias);
    t.clock.now = new Date('2026-11-21T14:01:00Z');
    await addFav(v.auth, film.alias);
    expect((await req('GET', '/api/v1/profile/favorite-aliases', v.auth)).json()).toEqual({ aliases: [film.alias, film2.alias] });
    const anon = await loginDevice(t);
    expect((await req('GET', '/api/v1/profile/favorite-aliases', anon.auth)).json()).toEqual({ aliases: [] });
    expect((await req('GET', '/api/v1/profile/favorite-aliases', t.headers)).statusCode).toBe(401);
  });

  it('pages with limit and skip', async () => {
    const v = await registeredViewer(t);
    for (const [i, alias] of [film.alias, film2.alias, film3.alias].entries()) {
      t.clock.now = new Date(Date.UTC(2026, 10, 21, 13, i));
      await addFav(v.auth, alias);
    }
    const page2 = await favList(v.auth, '?limit=2&skip=2');
    expect(page2).toMatchObject({ items_total: 3, skip: 2, limit: 2 });
    expect(page2.items.map((i) => i.alias)).toEqual([film.alias]);
  });

  it('belong to the current profile only', async () => {
    const v = await registeredViewer(t);
    await addFav(v.auth, film.alias);
    const other = await createProfile(t, v.auth, { name: 'Аня' });
    expect((await selectProfile(t, v.auth, { profile_id: other._id })).statusCode).toBe(200);
    expect((await favList(v.auth)).items).toEqual([]);
    await addFav(v.auth, film2.alias);
    expect((await selectProfile(t, v.auth, { profile_id: v.mainProfileId })).statusCode).toBe(200);
    expect((await favList(v.auth)).items.map((i) => i.alias)).toEqual([film.alias]);
  });

  it('go with the profile when it is deleted', async () => {
    const v = await registeredViewer(t);
    const other = await createProfile(t, v.auth, { name: 'Гость' });
    await selectProfile(t, v.auth, { profile_id: other._id });
    await addFav(v.auth, film.alias);
    await report(v.auth, { uid: film.id, position: 100, duration: 1000 });
    await t.db.delete(profiles).where(eq(profiles.id, other._id));
    expect(await t.db.select().from(favorites).where(eq(favorites.profileId, other._id))).toEqual([]);
    expect(await t.db.select().from(watchProgress).where(eq(watchProgress.profileId, other._id))).toEqual([]);
  });

  it.each([
    ['an unknown title', 'net-takogo', 404],
    ['a disabled title', 'skrytyy', 404],
    ['a bad alias', 'Bad_Alias', 400],
  ])('answers %s with %i', async (_what, alias, status) => {
    const v = await registeredViewer(t);
    const res = await addFav(v.auth, alias);
    expect(res.statusCode).toBe(status);
    if (status === 404) expect(res.json().code).toBe(ErrorCode.NotFound);
    expect(hidden.alias).toBe('skrytyy');
  });

  it('answers 400 for a bad page', async () => {
    const v = await registeredViewer(t);
    for (const q of ['?limit=0', '?limit=101', '?skip=-1', '?limit=abc']) expect((await req('GET', `/api/v1/profile/favorites${q}`, v.auth)).statusCode).toBe(400);
  });

  it('are not kept for an anonymous (virtual) visitor: 401 AUTH_REQUIRED, nothing stored', async () => {
    const anon = await loginDevice(t);
    for (const res of [
      await addFav(anon.auth, film.alias),
      await req('DELETE', `/api/v1/profile/favorites/${film.alias}`, anon.auth),
      await req('GET', '/api/v1/profile/favorites', anon.auth),
    ]) {
      expect(res.statusCode).toBe(401);
      expect(res.json().code).toBe(ErrorCode.AuthRequired);
    }
    expect(await t.db.select().from(favorites).where(eq(favorites.profileId, anon.profile_id))).toEqual([]);
  });

  it('for_kids lists only kids titles (the kids home of an adult profile)', async () => {
    const v = await registeredViewer(t);
    await addFav(v.auth, film.alias);
    await addFav(v.auth, cartoon.alias);
    await report(v.auth, { uid: film.id, position: 100, duration: 6000 });
    await report(v.auth, { uid: cartoon.id, position: 100, duration: 600 });
    expect((await favList(v.auth, '?for_kids=true')).items.map((i) => i.alias)).toEqual([cartoon.alias]);
    const cw = ContinueWatchingListSchema.parse((await req('GET', '/api/v1/profile/continue-watching?for_kids=true', v.auth)).json());
    expect(cw.items.map((i) => i.alias)).toEqual([cartoon.alias]);
    expect((await favList(v.auth)).items_total).toBe(2);
  });

  it('need a session and the API key', async () => {
    expect((await req('GET', '/api/v1/profile/favorites', t.headers)).statusCode).toBe(401);
    expect((await req('GET', '/api/v1/profile/favorites', {})).json().code).toBe(ErrorCode.InvalidApiKey);
  });
});

describe('progress', () => {
  it('stores a film report, clamps the position and marks ≥95% as finished', async () => {
    const v = await registeredViewer(t);
    const first = ProgressStateSchema.parse((await report(v.auth, { uid: film.id, position: 754.6, duration: 6000 })).json());
    expect(first).toMatchObject({ uid: film.id, applied: true, progress: { episode_id: null, position: 754, duration: 6000, percent: 12, is_finished: false } });
    const end = ProgressStateSchema.parse((await report(v.auth, { uid: film.id, position: 5700, duration: 6000 })).json());
    expect(end.progress).toMatchObject({ position: 5700, percent: 100, is_finished: true });
    const over = ProgressStateSchema.parse((await report(v.auth, { uid: film.id, position: 9000, duration: 6000 })).json());
    expect(over.progress).toMatchObject({ position: 6000, is_finished: true });
    expect(await t.db.select().from(watchProgress).where(eq(watchProgress.profileId, v.profile_id))).toHaveLength(1);
  });

  it('never lets an older report overwrite a newer one', async () => {
    const v = await registeredViewer(t);
    t.clock.now = new Date('2026-11-21T15:00:00Z');
    await report(v.auth, { uid: film.id, position: 600, duration: 6000, reported_at: '2026-11-21T14:59:30Z' });
    const late = ProgressStateSchema.parse((await report(v.auth, { uid: film.id, position: 300, duration: 6000, reported_at: '2026-11-21T14:59:00Z' })).json());
    expect(late.applied).toBe(false);
    expect(late.progress.position).toBe(600);
    const newer = ProgressStateSchema.parse((await report(v.auth, { uid: film.id, position: 615, duration: 6000, reported_at: '2026-11-21T14:59:45+00:00' })).json());
    expect(newer).toMatchObject({ applied: true, progress: { position: 615 } });
    // A report "from the future" counts as now, so it cannot pin the progress against later reports.
    const future = ProgressStateSchema.parse((await report(v.auth, { uid: film.id, position: 630, duration: 6000, reported_at: '2027-01-01T00:00:00Z' })).json());
    expect(future.progress.updated_at).toBe('2026-11-21T15:00:00.000Z');
    t.clock.now = new Date('2026-11-21T15:00:15Z');
    expect(ProgressStateSchema.parse((await report(v.auth, { uid: film.id, position: 645, duration: 6000 })).json())).toMatchObject({ applied: true, progress: { position: 645 } });
  });

  it('keeps each episode of a series apart and needs the episode', async () => {
    const v = await registeredViewer(t);
    const [e1, e2] = series.episodes;
    expect((await report(v.auth, { uid: series.title.id, episode_id: e1!.id, position: 2700, duration: 2700 })).statusCode).toBe(200);
    const second = ProgressStateSchema.parse((await report(v.auth, { uid: series.title.id, episode_id: e2!.id, position: 300, duration: 2700 })).json());
    expect(second.progress).toMatchObject({ episode_id: e2!.id, season_number: 1, episode_number: 2, position: 300 });
    expect(await t.db.select().from(watchProgress).where(eq(watchProgress.profileId, v.profile_id))).toHaveLength(2);

    const noEpisode = await report(v.auth, { uid: series.title.id, position: 10, duration: 100 });
    expect(noEpisode.statusCode).toBe(400);
    const foreignEpisode = await report(v.auth, { uid: film.id, episode_id: e1!.id, position: 10, duration: 100 });
    expect(foreignEpisode.statusCode).toBe(400);
    const otherSeries = await t.make.series({ alias: 'drugoy-serial', episodes: 1 });
    const wrongEpisode = await report(v.auth, { uid: series.title.id, episode_id: otherSeries.episodes[0]!.id, position: 10, duration: 100 });
    expect(wrongEpisode.statusCode).toBe(404);
  });

  it.each([
    ['no uid', { position: 10, duration: 100 }],
    ['a uid that is not one', { uid: 'tayna-mayaka', position: 10, duration: 100 }],
    ['a negative position', { uid: '00000000-0000-4000-8000-000000000000', position: -1, duration: 100 }],
    ['a zero duration', { uid: '00000000-0000-4000-8000-000000000000', position: 0, duration: 0 }],
    ['a duration over a day', { uid: '00000000-0000-4000-8000-000000000000', position: 0, duration: 90_000 }],
    ['a bad time', { uid: '00000000-0000-4000-8000-000000000000', position: 1, duration: 10, reported_at: 'вчера' }],
  ])('answers 400 for %s and stores nothing', async (_what, body) => {
    const v = await registeredViewer(t);
    const res = await report(v.auth, body);
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe(ErrorCode.BadRequest);
    expect(await t.db.select().from(watchProgress).where(eq(watchProgress.profileId, v.profile_id))).toEqual([]);
  });

  it('answers 404 for an unknown title', async () => {
    const v = await registeredViewer(t);
    expect((await report(v.auth, { uid: '00000000-0000-4000-8000-000000000000', position: 1, duration: 10 })).statusCode).toBe(404);
  });

  it('accepts the POST of navigator.sendBeacon', async () => {
    const v = await registeredViewer(t);
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/v1/profile/progress?apikey=${t.headers['x-api-key']}`,
      headers: { cookie: v.auth.cookie, 'content-type': 'application/json' },
      payload: JSON.stringify({ uid: film.id, position: 42, duration: 100 }),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().progress.position).toBe(42);
  });

  it('works for an anonymous visitor, who keeps it after signing up (the same account)', async () => {
    const anon = await loginDevice(t);
    expect((await report(anon.auth, { uid: film.id, position: 120, duration: 6000 })).statusCode).toBe(200);
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/auth/email/register', headers: anon.auth, payload: { email: `anon${Date.now()}@example.ru`, password: 'correct horse 42' } });
    expect(res.statusCode).toBeLessThan(300);
    const history = HistoryListSchema.parse((await req('GET', '/api/v1/profile/history', anon.auth)).json());
    expect(history.items.map((i) => i.alias)).toEqual([film.alias]);
  });
});

describe('continue watching and history', () => {
  it('lists unfinished titles newest first with the point to resume, the next episode after a finished one', async () => {
    const v = await registeredViewer(t);
    const [e1, e2, e3] = series.episodes;
    t.clock.now = new Date('2026-11-22T10:00:00Z');
    await report(v.auth, { uid: film.id, position: 1500, duration: 6000 });
    t.clock.now = new Date('2026-11-22T10:05:00Z');
    await report(v.auth, { uid: film2.id, position: 5990, duration: 6000 }); // finished: history only
    t.clock.now = new Date('2026-11-22T10:10:00Z');
    await report(v.auth, { uid: film3.id, position: 4, duration: 6000 }); // only a few seconds: nothing to continue
    t.clock.now = new Date('2026-11-22T10:15:00Z');
    await report(v.auth, { uid: series.title.id, episode_id: e1!.id, position: 2700, duration: 2700 });

    const cw = ContinueWatchingListSchema.parse((await req('GET', '/api/v1/profile/continue-watching', v.auth)).json());
    expect(cw.items.map((i) => i.alias)).toEqual([series.title.alias, film.alias]);
    expect(cw.items_total).toBe(2);
    expect(cw.items[0]!.progress).toMatchObject({ episode_id: e2!.id, season_number: 1, episode_number: 2, position: 0, is_finished: false, next: true });
    expect(cw.items[1]!.progress).toMatchObject({ episode_id: null, position: 1500, duration: 6000, percent: 25, next: false });

    // The last episode finished: the series has nothing more to continue.
    t.clock.now = new Date('2026-11-22T10:20:00Z');
    await report(v.auth, { uid: series.title.id, episode_id: e3!.id, position: 2650, duration: 2700 });
    const after = ContinueWatchingListSchema.parse((await req('GET', '/api/v1/profile/continue-watching', v.auth)).json());
    expect(after.items.map((i) => i.alias)).toEqual([film.alias]);

    const history = HistoryListSchema.parse((await req('GET', '/api/v1/profile/history?limit=3', v.auth)).json());
    expect(history).toMatchObject({ items_total: 4, limit: 3 });
    expect(history.items.map((i) => i.alias)).toEqual([series.title.alias, film3.alias, film2.alias]);
    expect(history.items[0]).toMatchObject({ watched_at: '2026-11-22T10:20:00.000Z', progress: { episode_id: e3!.id, is_finished: true } });
  });

  it('forgets one title or the whole history', async () => {
    const v = await registeredViewer(t);
    await report(v.auth, { uid: film.id, position: 1500, duration: 6000 });
    await report(v.auth, { uid: film2.id, position: 1500, duration: 6000 });
    expect((await req('DELETE', `/api/v1/profile/history/${film.alias}`, v.auth)).statusCode).toBe(204);
    // Forgetting a title that is not in the history is fine; an unknown one is not found.
    expect((await req('DELETE', `/api/v1/profile/history/${film.alias}`, v.auth)).statusCode).toBe(204);
    expect((await req('DELETE', '/api/v1/profile/history/net-takogo', v.auth)).statusCode).toBe(404);
    const cw = ContinueWatchingListSchema.parse((await req('GET', '/api/v1/profile/continue-watching', v.auth)).json());
    expect(cw.items.map((i) => i.alias)).toEqual([film2.alias]);
    expect((await req('DELETE', '/api/v1/profile/history', v.auth)).statusCode).toBe(204);
    expect(HistoryListSchema.parse((await req('GET', '/api/v1/profile/history', v.auth)).json()).items_total).toBe(0);
  });

  it('needs a session', async () => {
    expect((await req('GET', '/api/v1/profile/continue-watching', t.headers)).statusCode).toBe(401);
    expect((await req('PUT', '/api/v1/profile/progress', t.headers, { uid: film.id, position: 1, duration: 10 })).statusCode).toBe(401);
  });
});

describe('ratings', () => {
  it('rates 1 to 10, changes, lists the rated titles and removes', async () => {
    const v = await registeredViewer(t);
    t.clock.now = new Date('2026-11-23T10:00:00Z');
    expect((await req('PUT', `/api/v1/profile/ratings/${film.alias}`, v.auth, { value: 8 })).json()).toEqual({ alias: film.alias, rating: 8 });
    t.clock.now = new Date('2026-11-23T10:01:00Z');
    await req('PUT', `/api/v1/profile/ratings/${film2.alias}`, v.auth, { value: 1 });
    t.clock.now = new Date('2026-11-23T10:02:00Z');
    await req('PUT', `/api/v1/profile/ratings/${film.alias}`, v.auth, { value: 10 });
    const rated = RatedListSchema.parse((await req('GET', '/api/v1/profile/rated', v.auth)).json());
    expect(rated.items.map((i) => [i.alias, i.user_rating])).toEqual([[film.alias, 10], [film2.alias, 1]]);
    expect((await req('DELETE', `/api/v1/profile/ratings/${film.alias}`, v.auth)).json()).toEqual({ alias: film.alias, rating: null });
    expect((await req('DELETE', `/api/v1/profile/ratings/${film.alias}`, v.auth)).statusCode).toBe(200);
    expect(RatedListSchema.parse((await req('GET', '/api/v1/profile/rated', v.auth)).json()).items_total).toBe(1);
  });

  it.each([[0], [11], [7.5], ['8'], [null]])('answers 400 for the value %j and changes nothing', async (value) => {
    const v = await registeredViewer(t);
    await req('PUT', `/api/v1/profile/ratings/${film.alias}`, v.auth, { value: 6 });
    const res = await req('PUT', `/api/v1/profile/ratings/${film.alias}`, v.auth, { value });
    expect(res.statusCode).toBe(400);
    expect((await titleState(v.auth, film.alias)).rating).toBe(6);
  });

  it('are not kept for an anonymous visitor: 401 AUTH_REQUIRED', async () => {
    const anon = await loginDevice(t);
    for (const res of [
      await req('PUT', `/api/v1/profile/ratings/${film.alias}`, anon.auth, { value: 7 }),
      await req('DELETE', `/api/v1/profile/ratings/${film.alias}`, anon.auth),
      await req('GET', '/api/v1/profile/rated', anon.auth),
    ]) {
      expect(res.statusCode).toBe(401);
      expect(res.json().code).toBe(ErrorCode.AuthRequired);
    }
  });
});

describe('the title state', () => {
  it('tells favorite, rating, the resume point and the episodes watched', async () => {
    const v = await registeredViewer(t);
    const [e1, e2] = series.episodes;
    expect(await titleState(v.auth, series.title.alias)).toEqual({ alias: series.title.alias, is_favorite: false, rating: null, resume: null, episodes: [] });
    await addFav(v.auth, series.title.alias);
    await req('PUT', `/api/v1/profile/ratings/${series.title.alias}`, v.auth, { value: 9 });
    t.clock.now = new Date('2026-11-24T10:00:00Z');
    await report(v.auth, { uid: series.title.id, episode_id: e1!.id, position: 2690, duration: 2700 });
    t.clock.now = new Date('2026-11-24T10:50:00Z');
    await report(v.auth, { uid: series.title.id, episode_id: e2!.id, position: 754, duration: 2700 });
    const state = await titleState(v.auth, series.title.alias);
    expect(state).toMatchObject({ is_favorite: true, rating: 9, resume: { episode_id: e2!.id, episode_number: 2, position: 754 } });
    expect(state.episodes).toEqual([
      { episode_id: e2!.id, percent: 27, is_finished: false },
      { episode_id: e1!.id, percent: 100, is_finished: true },
    ]);
  });

  it('has nothing to resume for a finished film, and the start of the next episode after a finished one', async () => {
    const v = await registeredViewer(t);
    await report(v.auth, { uid: film.id, position: 5800, duration: 6000 });
    expect((await titleState(v.auth, film.alias)).resume).toBeNull();
    await report(v.auth, { uid: series.title.id, episode_id: series.episodes[0]!.id, position: 2700, duration: 2700 });
    expect((await titleState(v.auth, series.title.alias)).resume).toMatchObject({ episode_id: series.episodes[1]!.id, position: 0 });
  });

  it('works for an anonymous visitor (progress only)', async () => {
    const anon = await loginDevice(t);
    await report(anon.auth, { uid: film.id, position: 300, duration: 6000 });
    expect(await titleState(anon.auth, film.alias)).toMatchObject({ is_favorite: false, rating: null, resume: { position: 300 } });
  });

  it('answers 404 for an unknown title and 400 for a bad alias', async () => {
    const v = await registeredViewer(t);
    expect((await req('GET', '/api/v1/profile/title-state/net-takogo', v.auth)).statusCode).toBe(404);
    expect((await req('GET', '/api/v1/profile/title-state/%D0%B0', v.auth)).statusCode).toBe(400);
  });
});

describe('a 6+ child session', () => {
  it('adds and sees only titles of its kids scope; others are not found', async () => {
    const kid = await childSession(t, { age_cap: '6+' });
    expect((await addFav(kid.auth, cartoon.alias)).statusCode).toBe(200);
    for (const alias of [film.alias, teenCartoon.alias]) {
      expect((await addFav(kid.auth, alias)).statusCode).toBe(404);
      expect((await req('PUT', `/api/v1/profile/ratings/${alias}`, kid.auth, { value: 5 })).statusCode).toBe(404);
      expect((await req('GET', `/api/v1/profile/title-state/${alias}`, kid.auth)).statusCode).toBe(404);
    }
    expect((await report(kid.auth, { uid: film.id, position: 100, duration: 6000 })).statusCode).toBe(404);
    expect((await report(kid.auth, { uid: cartoon.id, position: 100, duration: 600 })).statusCode).toBe(200);
    expect((await favList(kid.auth)).items.map((i) => i.alias)).toEqual([cartoon.alias]);
  });

  it('does not list titles that fall out of its scope later', async () => {
    const kid = await childSession(t, { age_cap: '6+' });
    // Rows made while the title was allowed (or by an older rule) are still never shown out of scope.
    await t.db.insert(favorites).values({ profileId: kid.child._id, titleId: film.id });
    await t.db.insert(watchProgress).values({ profileId: kid.child._id, titleId: teenCartoon.id, positionSeconds: 100, durationSeconds: 600 });
    expect((await favList(kid.auth)).items).toEqual([]);
    expect(HistoryListSchema.parse((await req('GET', '/api/v1/profile/history', kid.auth)).json())).toMatchObject({ items: [], items_total: 0 });
    expect(ContinueWatchingListSchema.parse((await req('GET', '/api/v1/profile/continue-watching', kid.auth)).json()).items).toEqual([]);
  });
});
