import type { AuthData } from '@ekran/contracts';
import { describe, expect, it, vi } from 'vitest';
import { ApiCallError } from '../../lib/api.server.ts';
import { contextWith, outcome } from '../../test/visitor.ts';
import { loader } from './close-film.tsx';

const card = (alias: string) => ({
  _id: alias, uid: alias, alias, title: alias, genres: [], year: 2024, rating_age: '16+', rating_ekran: 7, is_free: false, for_kids: false, duration_minutes: 100,
  seasons_count: 0, release_date: '2024-01-01', ekran_release_date: '2024-01-01', _cls: 'Product.Movie',
  horizontal_poster: { url: '/h', width: 1280, height: 720 }, vertical_poster: { url: '/v', width: 600, height: 900 },
});
const closed = { alias: 'tayna-mayaka', title: 'Тайна маяка', similar: [card('shtorm'), card('tayna-mayaka'), card('bereg')] };
const list = (items: unknown[]) => ({ items, items_total: items.length, skip: 0, limit: 20 });
const adult = { virtual: false, profile_for_child: false } as AuthData;
const child = { virtual: false, profile_for_child: true } as AuthData;

const run = (query: string, api: object, auth: AuthData | null = adult) =>
  outcome(() => loader({ request: new Request(`http://x/close_film${query}`), params: {}, context: contextWith(api, { auth }) } as never));
const location = (r: Awaited<ReturnType<typeof run>>) => ('thrown' in r && r.thrown instanceof Response ? r.thrown.headers.get('location') : null);

describe('/close_film (spec platform §2 Browsing)', () => {
  it('offers the profile’s continue watching and the titles like the one closed, without the closed one itself', async () => {
    const api = { title: vi.fn().mockResolvedValue(closed), continueWatching: vi.fn().mockResolvedValue(list([card('serial')])) };
    const r = await run('?title=tayna-mayaka', api);
    if (!('value' in r)) throw new Error('expected a page');
    expect(api.title).toHaveBeenCalledWith('tayna-mayaka');
    expect(r.value.closed).toEqual({ alias: 'tayna-mayaka', title: 'Тайна маяка' });
    expect(r.value.watching?.page?.items.map((i) => i.alias)).toEqual(['serial']);
    expect(r.value.similar.map((i) => i.alias)).toEqual(['shtorm', 'bereg']);
  });

  it('asks for a child profile’s kids titles only', async () => {
    const api = { title: vi.fn().mockResolvedValue(closed), continueWatching: vi.fn().mockResolvedValue(list([])) };
    await run('?title=tayna-mayaka', api, child);
    expect(api.continueWatching).toHaveBeenCalledWith(expect.objectContaining({ for_kids: true }));
  });

  it('goes home when there is nothing to offer', async () => {
    const empty = { title: vi.fn().mockResolvedValue({ ...closed, similar: [] }), continueWatching: vi.fn().mockResolvedValue(list([])) };
    expect(location(await run('?title=tayna-mayaka', empty))).toBe('/');
    expect(location(await run('', { continueWatching: vi.fn().mockResolvedValue(list([])) }))).toBe('/');
  });

  it('treats an unknown or malformed title as none, without asking the API for a malformed one', async () => {
    const missing = { title: vi.fn().mockRejectedValue(new ApiCallError(404, { status: 404, code: 'NOT_FOUND', message: 'x' })), continueWatching: vi.fn().mockResolvedValue(list([card('serial')])) };
    const r = await run('?title=net-takogo', missing);
    expect('value' in r && r.value.closed).toBeNull();
    const api = { title: vi.fn(), continueWatching: vi.fn().mockResolvedValue(list([card('serial')])) };
    for (const q of ['?title=../etc', '?title=Tayna_Mayaka', '?title=%3Cscript%3E']) expect('value' in (await run(q, api))).toBe(true);
    expect(api.title).not.toHaveBeenCalled();
  });

  it('offers a crawler (no session) the similar titles only, and passes an API failure on', async () => {
    const api = { title: vi.fn().mockResolvedValue(closed), continueWatching: vi.fn() };
    const r = await run('?title=tayna-mayaka', api, null);
    expect('value' in r && r.value.watching).toBeNull();
    expect(api.continueWatching).not.toHaveBeenCalled();
    const failing = { title: vi.fn().mockRejectedValue(new ApiCallError(503, { status: 503, code: 'UNAVAILABLE', message: 'x' })), continueWatching: vi.fn().mockResolvedValue(list([])) };
    expect('thrown' in (await run('?title=tayna-mayaka', failing))).toBe(true);
  });
});
