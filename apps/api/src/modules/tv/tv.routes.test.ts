// Live TV data, spec platform §2 TV, §6 (outside RU: tv_not_available, geo_error with attribute
// tvchannels_{channel}), §7 GET TV with tz (the browser hour offset) and favorite channels (RU only).
import { ErrorSchema, FavoriteChannelsSchema, FavoriteChannelStateSchema, TvCatalogSchema, TvCategoryListSchema, TvGuideSchema, TvOnAirSchema, TvScheduleSchema } from '@ekran/contracts';
import { tvProgrammes } from '@ekran/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, loginDevice, type TestApp } from '../../test/harness.ts';
import { childSession, registeredViewer } from '../profiles/profiles.test-helpers.ts';
import { seedChannels } from './tv.test-helpers.ts';

let t: TestApp;
let channel: Map<string, string>;
let anon: Record<string, string>;
let viewer: Awaited<ReturnType<typeof registeredViewer>>;
let kid: Awaited<ReturnType<typeof childSession>>;
const FOREIGN = '8.8.8.8'; // a US address in the packaged GeoIP database

const at = (iso: string) => new Date(iso);

beforeAll(async () => {
  t = await createTestApp(); // the clock: 2026-11-21T12:00:00Z (15:00 in Moscow)
  channel = await seedChannels(t);
  const film = await t.make.title({ alias: 'fil-m', title: 'Фильм дня', year: 2023 });
  const kids = await t.make.title({ alias: 'multik', title: 'Мультик', forKids: true, ratingAge: '0+' });
  const kino = channel.get('ekran-kino')!;
  const mult = channel.get('multlandia')!;
  const row = (channelId: string, start: string, end: string, title: string, titleId: string | null = null) => ({
    channelId, startsAt: at(start), endsAt: at(end), title, titleId, categories: titleId ? ['Фильм'] : ['Новости'], ratingAge: '16+',
    expiredAt: titleId ? new Date(at(end).getTime() + 14 * 86_400_000) : null,
  });
  await t.db.insert(tvProgrammes).values([
    // The Moscow day of 2026-11-21 runs from 2026-11-20T21:00Z to 2026-11-21T21:00Z.
    row(kino, '2026-11-20T19:00:00Z', '2026-11-20T21:30:00Z', 'Вчерашний вечерний фильм', film.id), // straddles the day's start
    row(kino, '2026-11-20T21:30:00Z', '2026-11-21T11:00:00Z', 'Ночной эфир'),
    row(kino, '2026-11-21T11:00:00Z', '2026-11-21T12:30:00Z', 'Фильм дня', film.id), // on air at 12:00Z
    row(kino, '2026-11-21T12:30:00Z', '2026-11-21T13:00:00Z', 'Новости кино'),
    row(kino, '2026-11-21T13:00:00Z', '2026-11-21T22:00:00Z', 'Вечер', film.id), // straddles the day's end
    row(kino, '2026-11-21T22:00:00Z', '2026-11-21T23:00:00Z', 'Завтрашний'),
    row(mult, '2026-11-21T11:30:00Z', '2026-11-21T12:10:00Z', 'Мультик', kids.id),
  ]);
  anon = (await loginDevice(t)).auth;
  viewer = await registeredViewer(t);
  kid = await childSession(t);
});
afterAll(() => t.close());

const get = (url: string, headers: Record<string, string> = anon, remoteAddress?: string) => t.app.inject({ url, headers, ...(remoteAddress ? { remoteAddress } : {}) });
async function ok<T>(url: string, schema: { parse: (v: unknown) => T }, headers?: Record<string, string>): Promise<T> {
  const res = await get(url, headers);
  expect(res.statusCode, res.body).toBe(200);
  return schema.parse(res.json());
}

describe('GET /api/v1/tv (spec platform §7 GET TV)', () => {
  it('lists every channel in number order with the categories that have channels, and what is on now and next', async () => {
    const tv = await ok('/api/v1/tv?tz=3', TvCatalogSchema);
    expect(tv.items.map((c) => c.alias)).toEqual(['ekran-kino', 'ekran-serialy', 'ekran-premera', 'nashe-kino', 'detektiv-tv', 'priroda', 'ekran-novosti', 'komediya-tv', 'detskiy-ekran', 'multlandia']);
    expect(tv.selections.map((s) => [s.alias, s.channels_count])).toEqual([['kino', 3], ['serialy', 3], ['poznavatelnye', 1], ['razvlekatelnye', 2], ['detskie', 2]]);
    const kino = tv.items[0]!;
    expect(kino).toMatchObject({ title: 'Экран Кино', number: 1, logo: '/tv-logos/ekran-kino.svg', is_free: false, for_kids: false, is_favorite: false, categories: [{ alias: 'kino', title: 'Кино', for_kids: false }] });
    expect(kino.now).toMatchObject({ title: 'Фильм дня', is_live: true, start: '2026-11-21T14:00:00+03:00', end: '2026-11-21T15:30:00+03:00', start_ts: Date.parse('2026-11-21T11:00:00Z') / 1000 });
    expect(kino.now?.title_link).toEqual({ alias: 'fil-m', _cls: 'Product.Movie' });
    expect(kino.next).toMatchObject({ title: 'Новости кино', is_live: false, title_link: null });
    expect(tv.items.find((c) => c.alias === 'priroda')).toMatchObject({ is_free: true, now: null, next: null });
  });

  it('writes times in the viewer’s tz (Moscow by default)', async () => {
    const [utc, fallback] = await Promise.all([ok('/api/v1/tv?tz=0', TvCatalogSchema), ok('/api/v1/tv', TvCatalogSchema)]);
    expect(utc.items[0]!.now?.start).toBe('2026-11-21T11:00:00+00:00');
    expect(fallback.tz).toBe(3);
    expect(fallback.items[0]!.now?.start).toBe('2026-11-21T14:00:00+03:00');
  });

  it('lists the channels of one category (tv_selection)', async () => {
    const tv = await ok('/api/v1/tv?category=serialy', TvCatalogSchema);
    expect(tv.category).toBe('serialy');
    expect(tv.items.map((c) => c.alias)).toEqual(['ekran-serialy', 'detektiv-tv', 'komediya-tv']);
    expect(tv.selections).toHaveLength(5);
  });

  it('lists only kids channels and the kids category for_kids', async () => {
    const tv = await ok('/api/v1/tv?for_kids=true', TvCatalogSchema);
    expect(tv.items.map((c) => c.alias)).toEqual(['detskiy-ekran', 'multlandia']);
    expect(tv.selections.map((s) => s.alias)).toEqual(['detskie']);
  });

  it('gives a child profile only kids channels whatever it asks («Детское ТВ»)', async () => {
    const tv = await ok('/api/v1/tv?for_kids=false', TvCatalogSchema, kid.auth);
    expect(tv.items.map((c) => c.alias)).toEqual(['detskiy-ekran', 'multlandia']);
    expect(tv.items[1]!.now).toMatchObject({ title: 'Мультик', is_live: true });
    expect((await get('/api/v1/tv?category=kino', kid.auth)).statusCode).toBe(404);
    expect((await get('/api/v1/tv/channels/ekran-kino', kid.auth)).statusCode).toBe(404);
    expect((await ok('/api/v1/tv/categories', TvCategoryListSchema, kid.auth)).items.map((c) => c.alias)).toEqual(['detskie']);
  });

  it.each([
    ['/api/v1/tv?tz=15', 400],
    ['/api/v1/tv?tz=msk', 400],
    ['/api/v1/tv?category=Кино', 400],
    ['/api/v1/tv?for_kids=maybe', 400],
    ['/api/v1/tv?category=net-takoy', 404],
  ])('%s answers %i', async (url, status) => {
    const res = await get(url);
    expect(res.statusCode, res.body).toBe(status);
    expect(ErrorSchema.parse(res.json()).status).toBe(status);
  });

  it('needs the client key', async () => {
    expect((await get('/api/v1/tv', {})).statusCode).toBe(401);
  });

  it('answers what is on air on every channel, and the categories', async () => {
    const air = await ok('/api/v1/tv/on-air?tz=3', TvOnAirSchema);
    expect(air.items).toHaveLength(10);
    expect(air.items.find((i) => i.channel === 'ekran-kino')).toMatchObject({ now: { title: 'Фильм дня' }, next: { title: 'Новости кино' } });
    expect((await ok('/api/v1/tv/categories', TvCategoryListSchema)).items.map((c) => c.alias)).toEqual(['kino', 'serialy', 'poznavatelnye', 'razvlekatelnye', 'detskie']);
  });
});

describe('GET /api/v1/tv/channels/:channel (a channel and its day)', () => {
  it('answers the programmes that overlap the viewer’s local day, in order, and the days offered', async () => {
    const day = await ok('/api/v1/tv/channels/ekran-kino?date=2026-11-21&tz=3', TvScheduleSchema);
    expect(day.date).toBe('2026-11-21');
    expect(day.items.map((p) => p.title)).toEqual(['Вчерашний вечерний фильм', 'Ночной эфир', 'Фильм дня', 'Новости кино', 'Вечер']);
    expect(day.dates).toHaveLength(22);
    expect(day.dates[0]).toBe('2026-11-07');
    expect(day.dates.at(-1)).toBe('2026-11-28');
    expect(day.channel).toMatchObject({ alias: 'ekran-kino', now: { title: 'Фильм дня' } });
    // The recording of yesterday's film is offered, the evening's will be.
    expect(day.items[0]).toMatchObject({ is_recorded: true, is_catchup_available: true, expired_at: '2026-12-04T21:30:00.000Z', is_live: false });
    expect(day.items[4]).toMatchObject({ is_recorded: true, is_catchup_available: false });
    expect(day.items[1]).toMatchObject({ is_recorded: false, is_catchup_available: false, expired_at: null, category: 'Новости' });
  });

  it('takes today in the viewer’s tz when no date is given, and another tz gives another day', async () => {
    const utc = await ok('/api/v1/tv/channels/ekran-kino?tz=0', TvScheduleSchema);
    expect(utc.date).toBe('2026-11-21');
    expect(utc.items.map((p) => p.title)).toEqual(['Ночной эфир', 'Фильм дня', 'Новости кино', 'Вечер', 'Завтрашний']);
    const tomorrow = await ok('/api/v1/tv/channels/ekran-kino?date=2026-11-22', TvScheduleSchema);
    expect(tomorrow.items.map((p) => p.title)).toEqual(['Вечер', 'Завтрашний']);
  });

  it('finds a channel by its id too', async () => {
    const day = await ok(`/api/v1/tv/channels/${channel.get('priroda')}`, TvScheduleSchema);
    expect(day.channel.alias).toBe('priroda');
    expect(day.items).toEqual([]);
  });

  it.each([
    ['/api/v1/tv/channels/ekran-kino?date=2026-02-30', 400],
    ['/api/v1/tv/channels/ekran-kino?date=21.11.2026', 400],
    ['/api/v1/tv/channels/Ekran_Kino', 400],
    ['/api/v1/tv/channels/net-takogo', 404],
  ])('%s answers %i', async (url, status) => {
    expect((await get(url)).statusCode).toBe(status);
  });
});

describe('GET /api/v1/tv/guide (the programme guide of /channel: every channel’s day at once)', () => {
  it('answers every channel in number order with the programmes of the viewer’s local day, the days offered and the API’s clock', async () => {
    const guide = await ok('/api/v1/tv/guide?tz=3&date=2026-11-21', TvGuideSchema);
    expect([guide.date, guide.tz, guide.category, guide.server_time]).toEqual(['2026-11-21', 3, null, '2026-11-21T12:00:00.000Z']);
    expect(guide.dates).toHaveLength(22);
    expect(guide.selections.map((s) => s.alias)).toEqual(['kino', 'serialy', 'poznavatelnye', 'razvlekatelnye', 'detskie']);
    expect(guide.items.map((i) => i.channel.alias)).toEqual(['ekran-kino', 'ekran-serialy', 'ekran-premera', 'nashe-kino', 'detektiv-tv', 'priroda', 'ekran-novosti', 'komediya-tv', 'detskiy-ekran', 'multlandia']);
    const kino = guide.items[0]!;
    // The same day as the channel's own page: what overlaps the Moscow day, in order, each programme's state at the clock.
    expect(kino.programmes.map((p) => p.title)).toEqual(['Вчерашний вечерний фильм', 'Ночной эфир', 'Фильм дня', 'Новости кино', 'Вечер']);
    expect(kino.programmes.map((p) => p.is_live)).toEqual([false, false, true, false, false]);
    expect(kino.programmes[0]).toMatchObject({ channel: 'ekran-kino', is_catchup_available: true, start: '2026-11-20T22:00:00+03:00' });
    expect(kino.channel).toMatchObject({ now: { title: 'Фильм дня' }, next: { title: 'Новости кино' } });
    expect(guide.items.at(-1)!.programmes.map((p) => p.title)).toEqual(['Мультик']);
    expect(guide.items[1]!.programmes).toEqual([]);
  });

  it('takes today in the viewer’s tz by default and writes the times in it', async () => {
    const utc = await ok('/api/v1/tv/guide?tz=0', TvGuideSchema);
    expect(utc.date).toBe('2026-11-21');
    expect(utc.items[0]!.programmes.map((p) => p.title)).toEqual(['Ночной эфир', 'Фильм дня', 'Новости кино', 'Вечер', 'Завтрашний']);
    expect(utc.items[0]!.programmes[1]!.start).toBe('2026-11-21T11:00:00+00:00');
    const tomorrow = await ok('/api/v1/tv/guide?date=2026-11-22', TvGuideSchema);
    expect(tomorrow.items[0]!.programmes.map((p) => p.title)).toEqual(['Вечер', 'Завтрашний']);
  });

  it('lists the channels of one category (tv_selection), with every selection still offered', async () => {
    const guide = await ok('/api/v1/tv/guide?category=serialy&date=2026-11-21', TvGuideSchema);
    expect(guide.category).toBe('serialy');
    expect(guide.items.map((i) => i.channel.alias)).toEqual(['ekran-serialy', 'detektiv-tv', 'komediya-tv']);
    expect(guide.selections).toHaveLength(5);
  });

  it('gives a child profile the kids channels only, and no adult category', async () => {
    const guide = await ok('/api/v1/tv/guide', TvGuideSchema, kid.auth);
    expect(guide.items.map((i) => i.channel.alias)).toEqual(['detskiy-ekran', 'multlandia']);
    expect(guide.selections.map((s) => s.alias)).toEqual(['detskie']);
    expect((await get('/api/v1/tv/guide?category=kino', kid.auth)).statusCode).toBe(404);
    expect((await ok('/api/v1/tv/guide?for_kids=true', TvGuideSchema)).items.map((i) => i.channel.alias)).toEqual(['detskiy-ekran', 'multlandia']);
  });

  it('marks the profile’s favorite channels', async () => {
    expect((await t.app.inject({ method: 'PUT', url: '/api/v1/profile/favorite-channels/nashe-kino', headers: viewer.auth })).statusCode).toBe(200);
    const guide = await ok('/api/v1/tv/guide', TvGuideSchema, viewer.auth);
    expect(guide.items.filter((i) => i.channel.is_favorite).map((i) => i.channel.alias)).toEqual(['nashe-kino']);
    expect((await t.app.inject({ method: 'DELETE', url: '/api/v1/profile/favorite-channels/nashe-kino', headers: viewer.auth })).statusCode).toBe(200);
  });

  it.each([
    ['/api/v1/tv/guide?date=2026-02-30', 400],
    ['/api/v1/tv/guide?date=21.11.2026', 400],
    ['/api/v1/tv/guide?tz=3.1', 400],
    ['/api/v1/tv/guide?category=Кино', 400],
    ['/api/v1/tv/guide?category=net-takoy', 404],
  ])('%s answers %i', async (url, status) => {
    const res = await get(url);
    expect(res.statusCode, res.body).toBe(status);
    expect(ErrorSchema.parse(res.json()).status).toBe(status);
  });
});

describe('geo rules (spec platform §6)', () => {
  it.each(['/api/v1/tv', '/api/v1/tv/guide', '/api/v1/tv/categories', '/api/v1/tv/on-air'])('%s answers tv_not_available outside RU', async (url) => {
    const res = await get(url, anon, FOREIGN);
    expect(res.statusCode).toBe(403);
    expect(ErrorSchema.parse(res.json())).toMatchObject({ status: 403, code: 'tv_not_available' });
  });

  it('answers geo_error with the attribute tvchannels_{channel} for a channel outside RU', async () => {
    const res = await get('/api/v1/tv/channels/ekran-kino', anon, FOREIGN);
    expect(res.statusCode).toBe(403);
    expect(ErrorSchema.parse(res.json())).toMatchObject({ status: 403, code: 'geo_error', attribute: 'tvchannels_ekran-kino' });
  });

  it('lets Russian addresses through', async () => {
    expect((await get('/api/v1/tv', anon, '77.88.8.8')).statusCode).toBe(200);
  });
});

describe('favorite channels (spec platform §7: RU only)', () => {
  const put = (alias: string, headers: Record<string, string> = viewer.auth, remoteAddress?: string) => t.app.inject({ method: 'PUT', url: `/api/v1/profile/favorite-channels/${alias}`, headers, ...(remoteAddress ? { remoteAddress } : {}) });
  const del = (alias: string, headers: Record<string, string> = viewer.auth) => t.app.inject({ method: 'DELETE', url: `/api/v1/profile/favorite-channels/${alias}`, headers });

  it('adds and removes idempotently, lists them in channel order, and marks them in the TV catalogue', async () => {
    for (let i = 0; i < 2; i++) {
      const res = await put('priroda');
      expect(res.statusCode, res.body).toBe(200);
      expect(FavoriteChannelStateSchema.parse(res.json())).toEqual({ alias: 'priroda', is_favorite: true });
    }
    expect((await put('ekran-kino')).statusCode).toBe(200);
    const list = await ok('/api/v1/profile/favorite-channels', FavoriteChannelsSchema, viewer.auth);
    expect(list.items.map((c) => [c.alias, c.is_favorite])).toEqual([['ekran-kino', true], ['priroda', true]]);
    const tv = await ok('/api/v1/tv', TvCatalogSchema, viewer.auth);
    expect(tv.items.filter((c) => c.is_favorite).map((c) => c.alias)).toEqual(['ekran-kino', 'priroda']);
    // Another profile (an anonymous visitor here) sees none.
    expect((await ok('/api/v1/tv', TvCatalogSchema)).items.some((c) => c.is_favorite)).toBe(false);
    for (let i = 0; i < 2; i++) {
      const res = await del('priroda');
      expect(res.statusCode).toBe(200);
      expect(FavoriteChannelStateSchema.parse(res.json())).toEqual({ alias: 'priroda', is_favorite: false });
    }
    expect((await ok('/api/v1/profile/favorite-channels', FavoriteChannelsSchema, viewer.auth)).items.map((c) => c.alias)).toEqual(['ekran-kino']);
  });

  it('refuses outside RU: the list with tv_not_available, a channel with geo_error, and changes nothing', async () => {
    const list = await get('/api/v1/profile/favorite-channels', viewer.auth, FOREIGN);
    expect(list.statusCode).toBe(403);
    expect(list.json()).toMatchObject({ code: 'tv_not_available' });
    const add = await put('multlandia', viewer.auth, FOREIGN);
    expect(add.statusCode).toBe(403);
    expect(add.json()).toMatchObject({ code: 'geo_error', attribute: 'tvchannels_multlandia' });
    expect((await ok('/api/v1/profile/favorite-channels', FavoriteChannelsSchema, viewer.auth)).items.map((c) => c.alias)).toEqual(['ekran-kino']);
  });

  it('needs a registered account: 401 without a session, AUTH_REQUIRED for an anonymous visitor', async () => {
    expect((await get('/api/v1/profile/favorite-channels', t.headers)).statusCode).toBe(401);
    expect((await put('priroda', t.headers)).statusCode).toBe(401);
    const res = await put('priroda', anon);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ code: 'AUTH_REQUIRED' });
  });

  it('answers 404 for an unknown channel, 400 for a bad alias, and a child profile keeps only kids channels', async () => {
    expect((await put('net-takogo')).statusCode).toBe(404);
    expect((await put('Плохой')).statusCode).toBe(400);
    expect((await put('ekran-kino', kid.auth)).statusCode).toBe(404);
    expect((await put('multlandia', kid.auth)).statusCode).toBe(200);
    expect((await ok('/api/v1/profile/favorite-channels', FavoriteChannelsSchema, kid.auth)).items.map((c) => c.alias)).toEqual(['multlandia']);
  });
});
