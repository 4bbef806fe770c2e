// A child session gets only kids titles within its age cap from every catalogue, home, title and playback
// endpoint, whatever its query asks for.
import { CatalogResponseSchema, HomeSchema, TitleListSchema, TitleSchema } from '@ekran/contracts';
import { collectionItems, collections, credits, people } from '@ekran/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { childSession, registeredViewer } from './profiles.test-helpers.ts';

let t: TestApp;
type Row = Awaited<ReturnType<TestApp['make']['title']>>;
let adult: Row;
let adultFree: Row;
let baby: Row;
let school: Row;
let kidsSeries: Awaited<ReturnType<TestApp['make']['series']>>;
let adultSeries: Awaited<ReturnType<TestApp['make']['series']>>;
let adultTrailer: { id: string };
let kid: Awaited<ReturnType<typeof childSession>>;
let parent: Awaited<ReturnType<typeof registeredViewer>>;

beforeAll(async () => {
  t = await createTestApp();
  const drama = await t.make.genre({ alias: 'drama', title: 'Драма' });
  const family = await t.make.genre({ alias: 'family', title: 'Семейный' });
  adult = await t.make.title({ alias: 'vzroslyy', ratingAge: '18+', genreIds: [drama.id, family.id], popularity: 9000 });
  adultFree = await t.make.title({ alias: 'vzroslyy-besplatnyy', ratingAge: '16+', isFree: true, genreIds: [family.id] });
  baby = await t.make.title({ alias: 'malysh', ratingAge: '0+', forKids: true, isAnimation: true, isFree: true, genreIds: [family.id] });
  school = await t.make.title({ alias: 'shkolnik', ratingAge: '8+', forKids: true, isAnimation: true, isFree: true, genreIds: [family.id] });
  kidsSeries = await t.make.series({ alias: 'detskiy-serial', ratingAge: '6+', forKids: true, isAnimation: true, isFree: true, genreIds: [family.id] });
  adultSeries = await t.make.series({ alias: 'vzroslyy-serial', ratingAge: '16+', isFree: true, firstIsPreview: true, genreIds: [drama.id] });
  adultTrailer = await t.make.extra(adult.id);
  // One person in a kids title and in an adult one: the kids title page must not name the adult film.
  const [actor] = await t.db.insert(people).values({ alias: 'ivan-ivanov', name: 'Иван Иванов' }).returning();
  await t.db.insert(credits).values([
    { titleId: baby.id, personId: actor!.id, role: 'actor' },
    { titleId: adult.id, personId: actor!.id, role: 'actor' },
  ]);
  // A kids collection that (by an editor's mistake) mixes ages.
  const [mixed] = await t.db.insert(collections).values({ alias: 'luchshee', title: 'Лучшее', description: 'Всё лучшее.', forKids: true }).returning();
  await t.db.insert(collectionItems).values([adult, baby, school].map((title, position) => ({ collectionId: mixed!.id, titleId: title.id, position })));

  kid = await childSession(t, { age_cap: '6+' });
  parent = await registeredViewer(t);
});
afterAll(() => t.close());

const get = (url: string, headers: Record<string, string>) => t.app.inject({ url, headers });
const KIDS_6 = ['malysh', 'detskiy-serial'];

describe('a 6+ child session', () => {
  it.each([
    ['/api/v1/titles'],
    ['/api/v1/titles?for_kids=false'],
    ['/api/v1/titles?for_kids=False&category=movies'],
    ['/api/v1/titles?genre=family&limit=100'],
    ['/api/v1/titles?category=animation&sort=-year'],
  ])('GET %s lists only kids titles up to 6+', async (url) => {
    const res = await get(url, kid.auth);
    expect(res.statusCode).toBe(200);
    const list = TitleListSchema.parse(res.json());
    for (const item of list.items) {
      expect(item.for_kids).toBe(true);
      expect(['0+', '6+']).toContain(item.rating_age);
    }
    expect(list.items.map((i) => i.alias)).not.toContain('vzroslyy');
    expect(list.items.map((i) => i.alias)).not.toContain('shkolnik');
  });

  it('GET /api/v1/titles?for_kids=false counts only what it may see', async () => {
    const list = TitleListSchema.parse((await get('/api/v1/titles?for_kids=false', kid.auth)).json());
    expect(list.items.map((i) => i.alias).sort()).toEqual([...KIDS_6].sort());
    expect(list.items_total).toBe(2);
  });

  it('GET /api/v1/home?for_kids=false has only kids rows within the cap', async () => {
    const home = HomeSchema.parse((await get('/api/v1/home?for_kids=false', kid.auth)).json());
    const aliases = home.rows.flatMap((r) => r.items.map((i) => i.alias));
    expect(aliases.length).toBeGreaterThan(0);
    expect(new Set(aliases)).toEqual(new Set(KIDS_6));
    expect(home.rows.find((r) => r.alias === 'luchshee')?.items.map((i) => i.alias)).toEqual(['malysh']);
  });

  it('GET /api/v1/catalog?for_kids=false is the kids menu, privately cached', async () => {
    const res = await get('/api/v1/catalog?for_kids=false', kid.auth);
    expect(res.headers['cache-control']).toBe('private, max-age=60');
    const menu = CatalogResponseSchema.parse(res.json());
    expect(menu.items.map((i) => i.title)).toEqual(['Мультфильмы', 'Мультсериалы']);
    const genres = menu.items.flatMap((i) => i.genres.map((g) => g.alias));
    expect(genres).not.toContain('drama');
    expect(menu.items.find((i) => i.category === 'movie')?.genres).toEqual([{ alias: 'family', title: 'Семейный', total: 1 }]);
  });

  it.each([['vzroslyy'], ['vzroslyy-besplatnyy'], ['vzroslyy-serial'], ['shkolnik']])('GET /api/v1/watch/%s is not found', async (alias) => {
    const res = await get(`/api/v1/watch/${alias}`, kid.auth);
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('NOT_FOUND');
  });

  it('GET /api/v1/watch/malysh shows no adult title among similar titles or filmographies', async () => {
    const title = TitleSchema.parse((await get('/api/v1/watch/malysh', kid.auth)).json());
    expect(title.similar.map((s) => s.alias)).toEqual(['detskiy-serial']);
    expect(title.cast[0]?.filmography).toEqual([]);
    // The same page for an adult names the actor's adult film.
    const forParent = TitleSchema.parse((await get('/api/v1/watch/malysh', parent.auth)).json());
    expect(forParent.cast[0]?.filmography.map((f) => f.alias)).toEqual(['vzroslyy']);
  });

  it.each([
    ['an adult movie', () => adult.id],
    ['a free adult movie', () => adultFree.id],
    ['a preview episode of an adult series', () => adultSeries.episodes[0]!.id],
    ['an adult series', () => adultSeries.title.id],
    ['the trailer of an adult movie', () => adultTrailer.id],
    ['a kids title above the cap', () => school.id],
  ])('refuses to play %s (403 on /play and /playback)', async (_, uid) => {
    for (const url of [`/api/v1/play/${uid()}`, `/api/v1/playback/${uid()}`]) {
      const res = await get(url, kid.auth);
      expect(res.statusCode, url).toBe(403);
      expect(res.json().code).toBe('KIDS_PROFILE_RESTRICTED');
    }
  });

  it('plays a kids title and a kids episode within the cap', async () => {
    for (const uid of [baby.id, kidsSeries.episodes[0]!.id]) {
      expect((await get(`/api/v1/play/${uid}`, kid.auth)).statusCode).toBe(200);
      const check = await get(`/api/v1/playback/${uid}`, kid.auth);
      expect(check.statusCode).toBe(200);
      expect(check.json().playlists).toHaveLength(1);
    }
  });

  it('sees more once a parent raises the cap to 12+', async () => {
    const other = await childSession(t, { age_cap: '0+' });
    expect((await get('/api/v1/watch/detskiy-serial', other.auth)).statusCode).toBe(404);
    const parentSession = await t.app.inject({ method: 'POST', url: '/api/v1/profiles/select', headers: other.auth, payload: { profile_id: other.mainProfileId } });
    expect(parentSession.statusCode).toBe(200);
    await t.app.inject({ method: 'PATCH', url: `/api/v1/profiles/${other.child._id}`, headers: other.auth, payload: { age_cap: '12+' } });
    await t.app.inject({ method: 'POST', url: '/api/v1/profiles/select', headers: other.auth, payload: { profile_id: other.child._id } });
    expect((await get('/api/v1/watch/shkolnik', other.auth)).statusCode).toBe(200);
    expect((await get('/api/v1/watch/vzroslyy', other.auth)).statusCode).toBe(404);
  });
});

describe('an adult session and an anonymous call', () => {
  it('see every title as before', async () => {
    for (const headers of [parent.auth, t.headers]) {
      const list = TitleListSchema.parse((await get('/api/v1/titles?limit=100', headers)).json());
      expect(list.items.map((i) => i.alias)).toEqual(expect.arrayContaining(['vzroslyy', 'malysh', 'shkolnik']));
      expect((await get('/api/v1/watch/vzroslyy', headers)).statusCode).toBe(200);
      expect((await get(`/api/v1/play/${adult.id}`, headers)).statusCode).toBe(200);
    }
    expect((await get('/api/v1/catalog', parent.auth)).headers['cache-control']).toBe('public, max-age=60');
  });
});

describe('with the catalogue cache on', () => {
  it('never serves an adult answer to a child session or a kids answer to an adult', async () => {
    const cached = await createTestApp({ CATALOG_CACHE_SECONDS: '60' });
    try {
      await cached.make.title({ alias: 'vzroslyy', ratingAge: '18+' });
      await cached.make.title({ alias: 'malysh', ratingAge: '0+', forKids: true, isAnimation: true });
      const swap = t;
      t = cached;
      const child = await childSession(cached, { age_cap: '0+' });
      const grown = await registeredViewer(cached);
      t = swap;
      const aliases = async (headers: Record<string, string>) =>
        TitleListSchema.parse((await cached.app.inject({ url: '/api/v1/titles?for_kids=false', headers })).json()).items.map((i) => i.alias).sort();
      expect(await aliases(grown.auth)).toEqual(['malysh', 'vzroslyy']);
      expect(await aliases(child.auth)).toEqual(['malysh']);
      expect(await aliases(grown.auth)).toEqual(['malysh', 'vzroslyy']);
      expect((await cached.app.inject({ url: '/api/v1/watch/vzroslyy', headers: grown.auth })).statusCode).toBe(200);
      expect((await cached.app.inject({ url: '/api/v1/watch/vzroslyy', headers: child.auth })).statusCode).toBe(404);
    } finally {
      await cached.close();
    }
  });
});
