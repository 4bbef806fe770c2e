// The resources of the personal lists: /resources/favorites (also the banner action add_to_favorites),
// /resources/ratings and /resources/lists/{list}.
import { describe, expect, it, vi } from 'vitest';
import { ApiCallError } from '../../lib/api.server.ts';
import { apiError } from '../../test/devices.ts';
import { contextWith } from '../../test/visitor.ts';
import { action as favoritesAction, loader as favoritesLoader } from './favorites.ts';
import { action as historyAction, loader as listLoader } from './lists.ts';
import { action as ratingsAction } from './ratings.ts';

const REGISTERED = { auth: { virtual: false } as never };
const VIRTUAL = { auth: { virtual: true } as never };
const post = (url: string, fields: Record<string, string>) => new Request(`http://localhost${url}`, { method: 'POST', body: new URLSearchParams(fields) });
const read = async (res: Response) => ({ status: res.status, body: (await res.json()) as unknown });

describe('/resources/favorites', () => {
  const run = (api: object, fields: Record<string, string>, visitor: object = REGISTERED) =>
    favoritesAction({ request: post('/resources/favorites', fields), context: contextWith(api, visitor), params: {} } as never).then(read);

  it('adds and removes a favorite of the current profile', async () => {
    const addFavorite = vi.fn().mockResolvedValue({ alias: 'tayna', is_favorite: true });
    const removeFavorite = vi.fn().mockResolvedValue({ alias: 'tayna', is_favorite: false });
    expect(await run({ addFavorite }, { intent: 'add', alias: 'tayna' })).toEqual({ status: 200, body: { ok: true, alias: 'tayna', isFavorite: true } });
    expect(await run({ removeFavorite }, { intent: 'remove', alias: 'tayna' })).toEqual({ status: 200, body: { ok: true, alias: 'tayna', isFavorite: false } });
    expect(addFavorite).toHaveBeenCalledWith('tayna');
    expect(removeFavorite).toHaveBeenCalledWith('tayna');
  });

  it.each([
    [{ intent: 'toggle', alias: 'tayna' }],
    [{ intent: 'add', alias: 'Tayna Mayaka' }],
    [{ intent: 'add', alias: '' }],
    [{ alias: 'tayna' }],
  ])('answers 400 invalid for %j and calls nothing', async (fields) => {
    const addFavorite = vi.fn();
    expect(await run({ addFavorite }, fields)).toMatchObject({ status: 400, body: { ok: false, error: 'invalid' } });
    expect(addFavorite).not.toHaveBeenCalled();
  });

  it('answers 401 auth for an anonymous visitor without asking the API (the no-auth favorites popup)', async () => {
    const addFavorite = vi.fn();
    expect(await run({ addFavorite }, { intent: 'add', alias: 'tayna' }, VIRTUAL)).toEqual({ status: 401, body: { ok: false, alias: 'tayna', error: 'auth' } });
    expect(addFavorite).not.toHaveBeenCalled();
  });

  it.each([
    [apiError(401, 'AUTH_REQUIRED'), 401, 'auth'],
    [apiError(404, 'NOT_FOUND'), 404, 'not_found'],
    [apiError(429, 'RATE_LIMITED'), 429, 'failed'],
    [new ApiCallError(503, null), 502, 'failed'],
  ])('answers an API failure %s as %i %s', async (err, status, error) => {
    expect(await run({ addFavorite: vi.fn().mockRejectedValue(err) }, { intent: 'add', alias: 'tayna' })).toEqual({ status, body: { ok: false, alias: 'tayna', error } });
  });

  it('tells the aliases of the favorites to the cards (none for an anonymous visitor)', async () => {
    const favoriteAliases = vi.fn().mockResolvedValue({ aliases: ['a', 'b'] });
    const load = (visitor: object) => favoritesLoader({ request: new Request('http://localhost/resources/favorites'), context: contextWith({ favoriteAliases }, visitor), params: {} } as never).then(read);
    expect(await load(REGISTERED)).toEqual({ status: 200, body: { aliases: ['a', 'b'] } });
    expect(await load(VIRTUAL)).toEqual({ status: 200, body: { aliases: [] } });
    expect(favoriteAliases).toHaveBeenCalledTimes(1);
  });
});

describe('/resources/ratings', () => {
  const run = (api: object, fields: Record<string, string>, visitor: object = REGISTERED) =>
    ratingsAction({ request: post('/resources/ratings', fields), context: contextWith(api, visitor), params: {} } as never).then(read);

  it('rates from 1 to 10 and removes', async () => {
    const rate = vi.fn().mockResolvedValue({ alias: 'tayna', rating: 10 });
    const removeRating = vi.fn().mockResolvedValue({ alias: 'tayna', rating: null });
    expect(await run({ rate }, { intent: 'rate', alias: 'tayna', value: '10' })).toEqual({ status: 200, body: { ok: true, alias: 'tayna', rating: 10 } });
    expect(rate).toHaveBeenCalledWith('tayna', 10);
    expect(await run({ removeRating }, { intent: 'remove', alias: 'tayna' })).toEqual({ status: 200, body: { ok: true, alias: 'tayna', rating: null } });
  });

  it.each(['0', '11', '7.5', '-1', 'восемь', ''])('answers 400 for the value %j', async (value) => {
    const rate = vi.fn();
    expect(await run({ rate }, { intent: 'rate', alias: 'tayna', value })).toMatchObject({ status: 400, body: { error: 'invalid' } });
    expect(rate).not.toHaveBeenCalled();
  });

  it('answers 401 for an anonymous visitor', async () => {
    expect(await run({ rate: vi.fn() }, { intent: 'rate', alias: 'tayna', value: '5' }, VIRTUAL)).toMatchObject({ status: 401, body: { error: 'auth' } });
  });
});

describe('/resources/lists/{list}', () => {
  const card = {
    _cls: 'Product.Movie', _id: 't1', uid: 't1', alias: 'tayna', title: 'Тайна', genres: [], release_date: '2024-01-01', ekran_release_date: '2025-01-01', year: 2024,
    rating_age: '16+', rating_ekran: 7, for_kids: false, is_free: false, duration_minutes: 100, seasons_count: 0,
    horizontal_poster: { url: '/h', width: 1280, height: 720 }, vertical_poster: { url: '/v', width: 600, height: 900 },
  };
  const load = (list: string, query: string, api: object, visitor: object = REGISTERED) =>
    listLoader({ request: new Request(`http://localhost/resources/lists/${list}${query}`), context: contextWith(api, visitor), params: { list } } as never).then(read);

  it('loads the next page of a list as view cards', async () => {
    const progress = { episode_id: null, season_number: null, episode_number: null, position: 600, duration: 6000, percent: 10, is_finished: false, next: false, updated_at: '2026-11-21T12:00:00.000Z' };
    const continueWatching = vi.fn().mockResolvedValue({ items: [{ ...card, progress }], items_total: 21, skip: 20, limit: 20 });
    const r = await load('continue', '?skip=20&limit=20&for_kids=1', { continueWatching });
    expect(continueWatching).toHaveBeenCalledWith({ skip: 20, limit: 20, for_kids: true });
    expect(r).toMatchObject({ status: 200, body: { ok: true, kind: 'continue', itemsTotal: 21, skip: 20, items: [{ alias: 'tayna', art: { url: '/h' }, resume: { position: 600, percent: 10 } }] } });
  });

  it.each([
    ['watchlist', ''],
    ['favorites', '?skip=-1'],
    ['favorites', '?limit=0'],
    ['favorites', '?limit=500'],
    ['favorites', '?skip=abc'],
  ])('answers 400 for /%s%s', async (list, query) => {
    expect(await load(list, query, {})).toMatchObject({ status: 400, body: { ok: false, error: 'invalid' } });
  });

  it('has no favorites or ratings for an anonymous visitor, but its history', async () => {
    expect(await load('favorites', '', {}, VIRTUAL)).toMatchObject({ status: 401, body: { error: 'auth' } });
    const history = vi.fn().mockResolvedValue({ items: [], items_total: 0, skip: 0, limit: 20 });
    expect(await load('history', '', { history }, VIRTUAL)).toMatchObject({ status: 200, body: { ok: true, items: [] } });
  });

  it('answers a failed API as failed (the page keeps the error in state)', async () => {
    expect(await load('rated', '', { rated: vi.fn().mockRejectedValue(new ApiCallError(503, null)) })).toMatchObject({ status: 502, body: { ok: false, error: 'failed' } });
  });

  it('forgets one title or the whole history', async () => {
    const removeHistoryItem = vi.fn().mockResolvedValue(null);
    const clearHistory = vi.fn().mockResolvedValue(null);
    const act = (fields: Record<string, string>, list = 'history') =>
      historyAction({ request: post(`/resources/lists/${list}`, fields), context: contextWith({ removeHistoryItem, clearHistory }, REGISTERED), params: { list } } as never).then(read);
    expect(await act({ intent: 'remove', alias: 'tayna' })).toEqual({ status: 200, body: { ok: true, intent: 'remove', alias: 'tayna' } });
    expect(await act({ intent: 'clear' })).toEqual({ status: 200, body: { ok: true, intent: 'clear', alias: null } });
    expect(await act({ intent: 'remove' })).toMatchObject({ status: 400 });
    expect(await act({ intent: 'remove', alias: 'tayna' }, 'favorites')).toMatchObject({ status: 400 });
    expect(removeHistoryItem).toHaveBeenCalledTimes(1);
    expect(clearHistory).toHaveBeenCalledTimes(1);
  });
});
