import { GenreListSchema, GenrePageSchema } from '@ekran/contracts';
import { genreTexts } from '@ekran/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { childSession } from '../profiles/profiles.test-helpers.ts';

let t: TestApp;
let kid: Awaited<ReturnType<typeof childSession>>;
const text = (heading: string) => ({ heading, description: `${heading}: описание для поисковиков.`, body: [`${heading}. Первый абзац.`, 'Второй абзац.', 'Третий абзац.'] });

beforeAll(async () => {
  t = await createTestApp();
  const drama = await t.make.genre({ alias: 'drama', title: 'Драма', position: 0 });
  const comedy = await t.make.genre({ alias: 'comedy', title: 'Комедия', position: 1 });
  const horror = await t.make.genre({ alias: 'horror', title: 'Ужасы', position: 2 });
  const fairytale = await t.make.genre({ alias: 'fairytale', title: 'Сказки', position: 3 });
  await t.make.genre({ alias: 'musical', title: 'Мюзикл', position: 4 }); // no titles at all

  // Drama: 14 movies (more than a section shows), 1 series, 1 adult cartoon, 1 disabled movie.
  for (let i = 1; i <= 14; i++) await t.make.title({ alias: `drama-${i}`, title: `Драма ${i}`, genreIds: [drama.id], popularity: 1000 + i });
  await t.make.series({ alias: 'drama-serial', genreIds: [drama.id], popularity: 500 });
  await t.make.title({ alias: 'drama-anime', genreIds: [drama.id], isAnimation: true, ratingAge: '16+', popularity: 99_999 });
  await t.make.title({ alias: 'drama-hidden', genreIds: [drama.id], isDisabled: true, popularity: 100_000 });
  // Comedy: an adult film, a kids film 6+, a kids cartoon series 0+ and a kids cartoon 8+ (over a 6+ cap).
  await t.make.title({ alias: 'comedy-adult', genreIds: [comedy.id], ratingAge: '18+', popularity: 9000 });
  await t.make.title({ alias: 'comedy-kids-film', genreIds: [comedy.id], forKids: true, ratingAge: '6+', popularity: 100 });
  await t.make.series({ alias: 'comedy-kids-serial', genreIds: [comedy.id, fairytale.id], isAnimation: true, forKids: true, ratingAge: '0+', popularity: 300 });
  await t.make.title({ alias: 'comedy-kids-8', genreIds: [comedy.id], isAnimation: true, forKids: true, ratingAge: '8+', popularity: 200 });
  await t.make.title({ alias: 'horror-film', genreIds: [horror.id], ratingAge: '18+' });

  await t.db.insert(genreTexts).values([
    { genreId: drama.id, kind: 'movies', ...text('Драмы: фильмы онлайн') },
    { genreId: drama.id, kind: 'series', ...text('Драматические сериалы') },
    { genreId: drama.id, kind: 'tvmovie', ...text('Драмы на ТВ') },
    { genreId: comedy.id, kind: 'movies', ...text('Комедии онлайн') },
    { genreId: comedy.id, kind: 'animation', ...text('Смешные мультфильмы') },
  ]);
  kid = await childSession(t, { age_cap: '6+' });
});
afterAll(() => t.close());

const get = (url: string, headers: Record<string, string> = t.headers) => t.app.inject({ url, headers });

describe('GET /api/v1/genres', () => {
  it('lists the genres that have titles, in catalogue order, with counts per kind and the most popular title’s art', async () => {
    const res = await get('/api/v1/genres');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=60');
    const { items } = GenreListSchema.parse(res.json());
    expect(items.map((g) => g.alias)).toEqual(['drama', 'comedy', 'horror', 'fairytale']);
    expect(items[0]).toMatchObject({ title: 'Драма', counts: { movies: 14, series: 1, animation: 1 }, items_total: 16 });
    expect(items[1]).toMatchObject({ counts: { movies: 2, series: 0, animation: 2 }, items_total: 4 });
    // drama-hidden is more popular, but disabled: the cover is the cartoon's.
    const anime = (await get('/api/v1/watch/drama-anime')).json<{ horizontal_poster: { url: string } }>();
    expect(items[0]!.cover?.url).toBe(anime.horizontal_poster.url);
  });

  it('lists only kids genres, counted within the age cap, for a child session whatever it asks', async () => {
    const res = await get('/api/v1/genres?for_kids=false', kid.auth);
    expect(res.headers['cache-control']).toBe('private, max-age=60');
    const { items } = GenreListSchema.parse(res.json());
    expect(items.map((g) => g.alias)).toEqual(['comedy', 'fairytale']);
    expect(items[0]).toMatchObject({ counts: { movies: 1, series: 0, animation: 1 }, items_total: 2 });
  });

  it('lists the kids catalogue for for_kids=true', async () => {
    const { items } = GenreListSchema.parse((await get('/api/v1/genres?for_kids=true')).json());
    expect(items.map((g) => [g.alias, g.items_total])).toEqual([['comedy', 3], ['fairytale', 1]]);
  });

  it('answers 400 for a bad for_kids and 401 without an API key', async () => {
    expect((await get('/api/v1/genres?for_kids=maybe')).statusCode).toBe(400);
    expect((await t.app.inject({ url: '/api/v1/genres' })).statusCode).toBe(401);
  });
});

describe('GET /api/v1/genres/:alias', () => {
  it('gives a section per kind with titles: its text, count and most popular cards (12 at most)', async () => {
    const res = await get('/api/v1/genres/drama');
    expect(res.statusCode).toBe(200);
    const page = GenrePageSchema.parse(res.json());
    expect(page).toMatchObject({ alias: 'drama', title: 'Драма', counts: { movies: 14, series: 1, animation: 1 }, items_total: 16 });
    expect(page.sections.map((s) => [s.kind, s.items_total, s.items.length])).toEqual([['movies', 14, 12], ['series', 1, 1], ['animation', 1, 1]]);
    const [movies, series, animation] = page.sections;
    expect(movies!.items.map((i) => i.alias).slice(0, 3)).toEqual(['drama-14', 'drama-13', 'drama-12']);
    expect(movies!.text).toEqual(text('Драмы: фильмы онлайн'));
    expect(series!.text?.heading).toBe('Драматические сериалы');
    // No animation text is written for drama, and the catch-up text is not a catalogue section's.
    expect(animation!.text).toBeNull();
    expect(JSON.stringify(page)).not.toContain('Драмы на ТВ');
    expect(JSON.stringify(page)).not.toContain('drama-hidden');
  });

  it('gives a child session only the kids sections and titles within its cap', async () => {
    const page = GenrePageSchema.parse((await get('/api/v1/genres/comedy', kid.auth)).json());
    expect(page.sections.map((s) => [s.kind, s.items.map((i) => i.alias)])).toEqual([
      ['movies', ['comedy-kids-film']],
      ['animation', ['comedy-kids-serial']],
    ]);
    expect(page.sections[1]!.text?.heading).toBe('Смешные мультфильмы');
    expect(page.items_total).toBe(2);
  });

  it('answers 404 for an unknown genre, a genre without titles and, for a child, an adult genre', async () => {
    const unknown = await get('/api/v1/genres/net-takogo');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ status: 404, code: 'NOT_FOUND', message: 'Genre net-takogo not found' });
    expect((await get('/api/v1/genres/musical')).statusCode).toBe(404);
    expect((await get('/api/v1/genres/horror', kid.auth)).statusCode).toBe(404);
    expect((await get('/api/v1/genres/horror')).statusCode).toBe(200);
  });

  it.each(['/api/v1/genres/Drama', '/api/v1/genres/drama%20x', `/api/v1/genres/${'a'.repeat(41)}`, '/api/v1/genres/drama?for_kids=2'])('answers 400 for %s', async (url) => {
    expect((await get(url)).statusCode).toBe(400);
  });

  it('answers 401 without an API key', async () => {
    expect((await t.app.inject({ url: '/api/v1/genres/drama' })).statusCode).toBe(401);
  });
});
