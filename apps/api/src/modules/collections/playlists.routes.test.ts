import { PlaylistListSchema, PlaylistResponseSchema, PlaybackCheckSchema } from '@ekran/contracts';
import { describe, expect, it } from 'vitest';
import { collectionsSuite } from './collections.test-helpers.ts';

const suite = collectionsSuite();
const { get } = suite;

describe('GET /api/v1/playlists/:alias (spec platform §3 Playlist response)', () => {
  it('answers the items in order: cls, alias, playback_options, title, rating_age, id and uid', async () => {
    const res = await get('/api/v1/playlists/vecher');
    expect(res.statusCode).toBe(200);
    const playlist = PlaylistResponseSchema.parse(res.json());
    expect(playlist).toMatchObject({ alias: 'vecher', title: 'Вечер кино', items_total: 4, skip: 0, limit: 40 });
    // The disabled film an editor left in is not there.
    expect(playlist.items.map((i) => [i.cls, i.alias])).toEqual([
      ['Movie', 'tayna-mayaka'],
      ['Episode', 'dom-na-krayu'],
      ['Trailer', 'tayna-mayaka'],
      ['Movie', 'yozhik'],
    ]);
    const [movie, episode, trailer] = playlist.items;
    expect(movie).toMatchObject({ id: suite.w.mayak.id, uid: suite.w.mayak.id, title: 'Тайна маяка', rating_age: '16+', playback_options: { url: `/api/v1/playback/${suite.w.mayak.id}` }, duration_minutes: 101 });
    expect(episode).toMatchObject({ uid: suite.w.dom.episodes[0]!.id, title: 'Дом на краю. Сезон 1, серия 1. Серия 1', duration_minutes: 45 });
    expect(trailer).toMatchObject({ uid: suite.w.mayakTrailer.id, title: 'Тайна маяка. Трейлер', playback_options: { url: `/api/v1/playback/${suite.w.mayakTrailer.id}` } });
    expect(playlist.duration_minutes).toBe(101 + 45 + 1 + 101);
  });

  it('gives each item the playback check the player calls: a trailer plays for anyone', async () => {
    const playlist = PlaylistResponseSchema.parse((await get('/api/v1/playlists/vecher', suite.w.parent.auth)).json());
    const trailer = playlist.items.find((i) => i.cls === 'Trailer')!;
    const check = await suite.t.app.inject({ url: trailer.playback_options.url, headers: suite.w.parent.auth });
    expect(check.statusCode).toBe(200);
    expect(PlaybackCheckSchema.parse(check.json()).playlists).toHaveLength(1);
  });

  it('pages with skip and limit', async () => {
    const page = PlaylistResponseSchema.parse((await get('/api/v1/playlists/vecher?skip=1&limit=2')).json());
    expect(page).toMatchObject({ items_total: 4, skip: 1, limit: 2 });
    expect(page.items.map((i) => i.cls)).toEqual(['Episode', 'Trailer']);
  });

  it.each(['/api/v1/playlists/vecher?limit=101', '/api/v1/playlists/vecher?skip=-2', '/api/v1/playlists/Vecher'])('answers 400 for %s', async (url) => {
    expect((await get(url)).statusCode).toBe(400);
  });

  it('answers 404 for an unknown playlist', async () => {
    expect((await get('/api/v1/playlists/net-takogo')).statusCode).toBe(404);
  });

  it('gives a child session only the items of kids titles within its age cap', async () => {
    const kids = PlaylistResponseSchema.parse((await get('/api/v1/playlists/detskiy', suite.w.kid.auth)).json());
    expect(kids.items.map((i) => [i.cls, i.alias])).toEqual([
      ['Movie', 'yozhik'],
      ['Episode', 'kubik'],
    ]);
    const mixed = PlaylistResponseSchema.parse((await get('/api/v1/playlists/vecher', suite.w.kid.auth)).json());
    expect(mixed.items.map((i) => i.alias)).toEqual(['yozhik']);
    expect((await get('/api/v1/playlists/vzroslyy', suite.w.kid.auth)).statusCode).toBe(404);
  });
});

describe('GET /api/v1/playlists', () => {
  it('lists the playlists in order with counts, running time, covers and pages', async () => {
    const { items } = PlaylistListSchema.parse((await get('/api/v1/playlists')).json());
    expect(items.map((p) => [p.alias, p.items_total, p.url])).toEqual([
      ['vecher', 4, '/playlist/vecher'],
      ['detskiy', 3, '/playlist/detskiy'],
      ['vzroslyy', 1, '/playlist/vzroslyy'],
    ]);
    // Covers name distinct titles: the trailer of a film already on the cover adds nothing.
    expect(items[0]!.posters).toHaveLength(3);
    expect(items[2]!.duration_minutes).toBe(101);
  });

  it('lists for a child session only the playlists with something it may watch', async () => {
    const { items } = PlaylistListSchema.parse((await get('/api/v1/playlists', suite.w.kid.auth)).json());
    expect(items.map((p) => [p.alias, p.items_total])).toEqual([
      ['vecher', 1],
      ['detskiy', 2],
    ]);
  });
});
