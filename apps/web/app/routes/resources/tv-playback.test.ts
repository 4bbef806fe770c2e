// The resources of the TV pages: the play logic's checks, what is on air kept current, the favorite star.
import { describe, expect, it, vi } from 'vitest';
import { apiError } from '../../test/devices.ts';
import { contextWith, outcome } from '../../test/visitor.ts';
import { action as favoriteChannels } from './favorite-channels.ts';
import { loader as tvOnAir } from './tv-on-air.ts';
import { loader as tvPlayback } from './tv-playback.ts';
import { loader as tvSchedule } from './tv-schedule.ts';

type DataResult = { data: Record<string, unknown> | null; init: ResponseInit | null };
const valueOf = (r: { thrown: unknown } | { value: unknown }) => ('value' in r ? (r.value as DataResult) : null);
const ID = '0b7c2f7e-8f7a-4c7e-9d3a-2b1f0c9d8e7a';
const check = { playlists: [], upgrade_options: [], reason: 'subscription_required' };

describe('/resources/tv-playback/:kind/:id', () => {
  it('asks the live check of a channel by alias, or a recording’s by id, as PlaybackAnswer', async () => {
    const api = { tvLiveCheck: vi.fn().mockResolvedValue(check), tvRecordingCheck: vi.fn().mockResolvedValue(check) };
    const live = valueOf(await outcome(() => tvPlayback({ params: { kind: 'live', id: 'ekran-kino' }, context: contextWith(api) } as never)));
    expect(live?.data).toMatchObject({ check, viewer: { virtual: true } });
    expect(new Headers(live?.init?.headers).get('cache-control')).toBe('no-store');
    await tvPlayback({ params: { kind: 'recording', id: ID.toUpperCase() }, context: contextWith(api) } as never);
    expect([api.tvLiveCheck.mock.calls, api.tvRecordingCheck.mock.calls]).toEqual([[['ekran-kino']], [[ID]]]);
  });

  it('passes a refusal on with its code (geo_error outside RU)', async () => {
    const api = { tvLiveCheck: vi.fn().mockRejectedValue(apiError(403, 'geo_error')) };
    const r = valueOf(await outcome(() => tvPlayback({ params: { kind: 'live', id: 'ekran-kino' }, context: contextWith(api) } as never)));
    expect(r?.init?.status).toBe(403);
    expect(r?.data?.error).toMatchObject({ status: 403, code: 'geo_error' });
  });

  it.each([
    ['another kind', { kind: 'vod', id: 'ekran-kino' }],
    ['a malformed alias', { kind: 'live', id: '../x' }],
    ['a recording id that is not one', { kind: 'recording', id: 'ekran-kino' }],
  ])('answers 404 for %s without asking the API', async (_, params) => {
    const api = { tvLiveCheck: vi.fn(), tvRecordingCheck: vi.fn() };
    const r = valueOf(await outcome(() => tvPlayback({ params, context: contextWith(api) } as never)));
    expect(r?.init?.status).toBe(404);
    expect(api.tvLiveCheck).not.toHaveBeenCalled();
    expect(api.tvRecordingCheck).not.toHaveBeenCalled();
  });
});

describe('/resources/tv-schedule/:alias and /resources/tv-on-air (what is on air, kept current)', () => {
  const day = { tz: 5, date: '2026-11-21', dates: [], channel: {}, items: [], server_time: '2026-11-21T12:00:00.000Z' };
  const run = (alias: string, search: string, api: Record<string, unknown>) =>
    outcome(() => tvSchedule({ params: { alias }, request: new Request(`http://x/resources/tv-schedule/${alias}${search}`), context: contextWith(api, { tz: 5 }) } as never));

  it('answers a channel’s day in the viewer’s tz, never cached', async () => {
    const api = { tvSchedule: vi.fn().mockResolvedValue(day) };
    const ok = valueOf(await run('ekran-kino', '?date=2026-11-21', api));
    expect(ok?.data).toEqual(day);
    expect(new Headers(ok?.init?.headers).get('cache-control')).toBe('no-store');
    expect(api.tvSchedule).toHaveBeenCalledWith('ekran-kino', { tz: 5, date: '2026-11-21' });
  });

  it('answers null with the status of a failure, and 404 for a bad alias or date without asking', async () => {
    const failed = valueOf(await run('ekran-kino', '', { tvSchedule: vi.fn().mockRejectedValue(apiError(503, 'UNAVAILABLE')) }));
    expect([failed?.data, failed?.init?.status]).toEqual([null, 502]);
    const api = { tvSchedule: vi.fn() };
    expect(valueOf(await run('A B', '', api))?.init?.status).toBe(404);
    expect(valueOf(await run('ekran-kino', '?date=21.11.2026', api))?.init?.status).toBe(404);
    expect(api.tvSchedule).not.toHaveBeenCalled();
  });

  it('answers every channel’s now and next in the viewer’s tz', async () => {
    const onAir = { items: [], server_time: '2026-11-21T12:00:00.000Z' };
    const api = { tvOnAir: vi.fn().mockResolvedValue(onAir) };
    const ok = valueOf(await outcome(() => tvOnAir({ context: contextWith(api, { tz: -3 }) } as never)));
    expect(ok?.data).toEqual(onAir);
    expect(api.tvOnAir).toHaveBeenCalledWith({ tz: -3 });
    const geo = valueOf(await outcome(() => tvOnAir({ context: contextWith({ tvOnAir: vi.fn().mockRejectedValue(apiError(403, 'tv_not_available')) }) } as never)));
    expect([geo?.data, geo?.init?.status]).toEqual([null, 403]);
  });
});

describe('/resources/favorite-channels (the star)', () => {
  const REGISTERED = { auth: { virtual: false } as never };
  const post = async (fields: Record<string, string>, api: Record<string, unknown>, visitor: object = REGISTERED) => {
    const res = (await favoriteChannels({ request: new Request('http://x/resources/favorite-channels', { method: 'POST', body: new URLSearchParams(fields) }), context: contextWith(api, visitor) } as never));
    return [res.status, await res.json()];
  };

  it('adds with PUT and removes with DELETE, answering the new state', async () => {
    const api = {
      addFavoriteChannel: vi.fn().mockResolvedValue({ alias: 'priroda', is_favorite: true }),
      removeFavoriteChannel: vi.fn().mockResolvedValue({ alias: 'priroda', is_favorite: false }),
    };
    expect(await post({ intent: 'add', alias: 'priroda' }, api)).toEqual([200, { ok: true, alias: 'priroda', isFavorite: true }]);
    expect(await post({ intent: 'remove', alias: 'priroda' }, api)).toEqual([200, { ok: true, alias: 'priroda', isFavorite: false }]);
    expect([api.addFavoriteChannel.mock.calls, api.removeFavoriteChannel.mock.calls]).toEqual([[['priroda']], [['priroda']]]);
  });

  it('asks an anonymous visitor to sign in without calling the API', async () => {
    const api = { addFavoriteChannel: vi.fn() };
    expect(await post({ intent: 'add', alias: 'priroda' }, api, { auth: { virtual: true } })).toEqual([401, { ok: false, alias: 'priroda', error: 'auth' }]);
    expect(await post({ intent: 'add', alias: 'priroda' }, api, { auth: null })).toEqual([401, { ok: false, alias: 'priroda', error: 'auth' }]);
    expect(api.addFavoriteChannel).not.toHaveBeenCalled();
  });

  it.each([
    ['another intent', { intent: 'toggle', alias: 'priroda' }],
    ['a malformed alias', { intent: 'add', alias: '../x' }],
  ])('refuses %s as invalid', async (_, fields) => {
    const api = { addFavoriteChannel: vi.fn() };
    expect((await post(fields, api))[0]).toBe(400);
    expect(api.addFavoriteChannel).not.toHaveBeenCalled();
  });

  it.each([
    ['a channel the profile may not see', apiError(404, 'NOT_FOUND'), 404, 'not_found'],
    ['a session without an account', apiError(401, 'AUTH_REQUIRED'), 401, 'auth'],
    ['outside Russia', apiError(403, 'geo_error'), 403, 'failed'],
    ['the API down', apiError(503, 'UNAVAILABLE'), 502, 'failed'],
  ])('says what went wrong: %s', async (_, error, status, code) => {
    expect(await post({ intent: 'add', alias: 'ekran-kino' }, { addFavoriteChannel: vi.fn().mockRejectedValue(error) })).toEqual([status, { ok: false, alias: 'ekran-kino', error: code }]);
  });
});
