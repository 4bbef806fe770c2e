// issue 7 tvstream: the resources of the TV pages' play logic and of the programme on air.
import { describe, expect, it, vi } from 'vitest';
import { apiError } from '../../test/devices.ts';
import { contextWith, outcome } from '../../test/visitor.ts';
import { loader as tvNow } from './tv-now.ts';
import { loader as tvPlayback } from './tv-playback.ts';

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

describe('/resources/tv-now/:alias', () => {
  it('answers now/next, or null with the status of a failure', async () => {
    const nowNext = { channel: {}, now: null, next: null, server_time: '2026-11-21T12:00:00.000Z' };
    const ok = valueOf(await outcome(() => tvNow({ params: { alias: 'ekran-kino' }, context: contextWith({ tvNowNext: vi.fn().mockResolvedValue(nowNext) }) } as never)));
    expect(ok?.data).toEqual(nowNext);
    const failed = valueOf(await outcome(() => tvNow({ params: { alias: 'ekran-kino' }, context: contextWith({ tvNowNext: vi.fn().mockRejectedValue(apiError(503, 'UNAVAILABLE')) }) } as never)));
    expect([failed?.data, failed?.init?.status]).toEqual([null, 502]);
    const bad = valueOf(await outcome(() => tvNow({ params: { alias: 'A B' }, context: contextWith({}) } as never)));
    expect(bad?.init?.status).toBe(404);
  });
});
