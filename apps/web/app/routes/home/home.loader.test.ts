import type { AuthData } from '@ekran/contracts';
import { describe, expect, it, vi } from 'vitest';
import { ApiCallError } from '../../lib/api.server.ts';
import { contextWith } from '../../test/visitor.ts';
import { loader as kidsLoader } from '../kids/kids.tsx';
import { loader as promosLoader } from '../promos/promos.tsx';
import { loader as queueLoader } from '../resources/banner-queue.ts';
import { loader as homeRowsLoader } from '../resources/home-rows.ts';
import { HOME_ROWS_WITH_PAGE } from './home-page.server.ts';
import { loader as homeLoader } from './home.tsx';

const banner = { id: 'b1', alias: 'home-premiera', title: 'Премьера' };
const card = { _id: 't1', uid: 't1', alias: 'tayna', title: 'Тайна', genres: [], year: 2024, rating_age: '16+', rating_ekran: 7, is_free: false, for_kids: false, duration_minutes: 100, seasons_count: 0, release_date: '2024-01-01', ekran_release_date: '2024-01-01', _cls: 'Product.Movie', horizontal_poster: { url: '/h', width: 1280, height: 720 }, vertical_poster: { url: '/v', width: 600, height: 900 } };
const home = { rows: [{ alias: 'new', title: 'Новинки', kind: 'new', url: null, items: [card] }, { alias: 'empty', title: 'Пусто', kind: 'collection', url: '/collection/empty', items: [] }] };
const child = { profile_for_child: true } as AuthData;

// A signed-in profile's home also asks for its personal rows (continue watching, favorites).
const emptyList = { items: [], items_total: 0, skip: 0, limit: 20 };

function api(overrides: Record<string, unknown> = {}) {
  return {
    home: vi.fn().mockResolvedValue(home),
    posters: vi.fn().mockResolvedValue({ items: [banner] }),
    continueWatching: vi.fn().mockResolvedValue(emptyList),
    favorites: vi.fn().mockResolvedValue(emptyList),
    ...overrides,
  };
}

describe('home loader', () => {
  it('loads the home banners and the rows, leaving out empty rows', async () => {
    const a = api();
    const r = await homeLoader({ context: contextWith(a) } as never);
    expect(a.posters).toHaveBeenCalledWith('home', false);
    expect(a.home).toHaveBeenCalledWith(false);
    expect(r.banners).toEqual([banner]);
    expect(r.rows.map((row) => row.alias)).toEqual(['new']);
  });

  it('gives a child profile the kids banners (its home is the kids one)', async () => {
    const a = api();
    await homeLoader({ context: contextWith(a, { auth: child }) } as never);
    expect(a.posters).toHaveBeenCalledWith('kids', true);
    expect(a.home).toHaveBeenCalledWith(true);
  });

  it('goes on without banners when their call fails', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const a = api({ posters: vi.fn().mockRejectedValue(new ApiCallError(503, null)) });
    const r = await homeLoader({ context: contextWith(a) } as never);
    expect(r.banners).toEqual([]);
    expect(r.rows).toHaveLength(1);
    expect(warn).toHaveBeenCalled();
  });

  it('fails when the rows fail (they are the page)', async () => {
    const a = api({ home: vi.fn().mockRejectedValue(new ApiCallError(500, null)) });
    await expect(homeLoader({ context: contextWith(a) } as never)).rejects.toBeInstanceOf(ApiCallError);
  });
});

describe('the home rows below the first screens', () => {
  // Seven rows with cards and an empty one among them: the first rows come with the page, the rest by the resource.
  const many = {
    rows: ['r1', 'r2', 'empty', 'r3', 'r4', 'r5', 'r6', 'r7'].map((alias) => ({
      alias, title: `Ряд ${alias}`, kind: 'selection', url: `/selections/${alias}`, items: alias === 'empty' ? [] : [{ ...card, _id: alias, alias: `t-${alias}` }],
    })),
  };
  const request = (query: string) => new Request(`http://localhost/resources/home-rows?${query}`);
  const bodyOf = (r: unknown) => (r as { data: unknown }).data;
  const statusOf = (r: unknown) => (r as { init?: { status?: number } | null }).init?.status ?? 200;

  it('renders the first rows with the page and names the later ones by heading and link only', async () => {
    const r = await homeLoader({ context: contextWith(api({ home: vi.fn().mockResolvedValue(many) })) } as never);
    expect(HOME_ROWS_WITH_PAGE).toBe(4);
    expect(r.rows.map((row) => row.alias)).toEqual(['r1', 'r2', 'r3', 'r4']);
    expect(r.laterRows).toEqual([
      { alias: 'r5', title: 'Ряд r5', url: '/selections/r5' },
      { alias: 'r6', title: 'Ряд r6', url: '/selections/r6' },
      { alias: 'r7', title: 'Ряд r7', url: '/selections/r7' },
    ]);
    expect(r.kids).toBe(false);
  });

  it('answers the later rows with their cards, for the home the page asks for', async () => {
    const a = api({ home: vi.fn().mockResolvedValue(many) });
    const r = await homeRowsLoader({ request: request('kids=0'), context: contextWith(a) } as never);
    expect(a.home).toHaveBeenCalledWith(false);
    const rows = (bodyOf(r) as { rows: { alias: string; items: { alias: string }[] }[] }).rows;
    expect(rows.map((row) => [row.alias, row.items.map((i) => i.alias)])).toEqual([['r5', ['t-r5']], ['r6', ['t-r6']], ['r7', ['t-r7']]]);
    await homeRowsLoader({ request: request('kids=1'), context: contextWith(a) } as never);
    expect(a.home).toHaveBeenLastCalledWith(true);
  });

  it('gives a child profile its kids rows whatever the page asks', async () => {
    const a = api({ home: vi.fn().mockResolvedValue(many) });
    await homeRowsLoader({ request: request('kids=0'), context: contextWith(a, { auth: child }) } as never);
    expect(a.home).toHaveBeenCalledWith(true);
  });

  it.each(['', 'kids=2', 'kids=true'])('answers 400 to %j and asks nothing', async (query) => {
    const a = api();
    const r = await homeRowsLoader({ request: request(query), context: contextWith(a) } as never);
    expect(statusOf(r)).toBe(400);
    expect(a.home).not.toHaveBeenCalled();
  });

  it('answers a failure of the API as a failed answer, not the error screen', async () => {
    const a = api({ home: vi.fn().mockRejectedValue(new ApiCallError(500, null)) });
    const r = await homeRowsLoader({ request: request('kids=0'), context: contextWith(a) } as never);
    expect(statusOf(r)).toBe(502);
    expect(bodyOf(r)).toEqual({ error: 'failed' });
  });
});

describe('kids and promos loaders', () => {
  it('/kids asks for the kids banners and the kids rows', async () => {
    const a = api();
    const r = await kidsLoader({ context: contextWith(a) } as never);
    expect(a.posters).toHaveBeenCalledWith('kids', true);
    expect(a.home).toHaveBeenCalledWith(true);
    expect(r.banners).toEqual([banner]);
  });

  it('/promos asks for the promo banners, in the kids scope for a child profile', async () => {
    const a = api();
    expect(await promosLoader({ context: contextWith(a) } as never)).toEqual({ banners: [banner] });
    expect(a.posters).toHaveBeenCalledWith('promos', false);
    await promosLoader({ context: contextWith(a, { auth: child }) } as never);
    expect(a.posters).toHaveBeenLastCalledWith('promos', true);
  });
});

describe('banner queue resource (platform §4 Banner click step 1)', () => {
  const request = (query: string) => new Request(`http://localhost/resources/banner-queue?${query}`);
  const bodyOf = (r: unknown) => (r as { data: unknown }).data;
  const statusOf = (r: unknown) => (r as { init?: { status?: number } | null }).init?.status ?? 200;

  it('plays a playlist through the playlist loader, items in order', async () => {
    const items = [
      { cls: 'Movie', alias: 'a', uid: 'u1', id: 'u1', title: 'Первый', rating_age: '6+', playback_options: { url: '/api/v1/playback/u1' } },
      { cls: 'Episode', alias: 'b', uid: 'u2', id: 'u2', title: 'Второй', rating_age: '6+', playback_options: { url: '/api/v1/playback/u2' } },
    ];
    const a = { playlist: vi.fn().mockResolvedValue({ items }) };
    const r = await queueLoader({ request: request('kind=playlist&alias=marafon'), context: contextWith(a) } as never);
    expect(a.playlist).toHaveBeenCalledWith('marafon', { skip: 0, limit: 40 });
    expect(bodyOf(r)).toEqual({ items: [{ uid: 'u1', title: 'Первый', alias: 'a' }, { uid: 'u2', title: 'Второй', alias: 'b' }] });
  });

  it('plays anything else through the product loader', async () => {
    const a = { title: vi.fn().mockResolvedValue({ uid: 'u9', title: 'Тайна', alias: 'tayna' }) };
    const r = await queueLoader({ request: request('kind=product&alias=tayna'), context: contextWith(a) } as never);
    expect(bodyOf(r)).toEqual({ items: [{ uid: 'u9', title: 'Тайна', alias: 'tayna' }] });
  });

  it.each(['kind=channel&alias=x', 'kind=product&alias=Bad%20Alias', 'kind=product'])('answers 400 for %s and asks nothing', async (query) => {
    const a = { title: vi.fn(), playlist: vi.fn() };
    const r = await queueLoader({ request: request(query), context: contextWith(a) } as never);
    expect(statusOf(r)).toBe(400);
    expect(a.title).not.toHaveBeenCalled();
  });

  it('passes a 404 (a title outside a child profile, a playlist that is gone) on', async () => {
    const a = { playlist: vi.fn().mockRejectedValue(new ApiCallError(404, { status: 404, code: 'NOT_FOUND', message: 'x' })) };
    const r = await queueLoader({ request: request('kind=playlist&alias=net'), context: contextWith(a) } as never);
    expect(statusOf(r)).toBe(404);
    expect(bodyOf(r)).toEqual({ error: { code: 'NOT_FOUND' } });
  });
});
