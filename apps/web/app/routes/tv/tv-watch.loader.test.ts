// issue 7 tvstream: the loaders of /channel/{id}/{date?} and /archive/watch/{id} against a stubbed API.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiCallError } from '../../lib/api.server.ts';
import { contextWith, outcome } from '../../test/visitor.ts';
import { loader as archiveLoader } from './archive-watch.tsx';
import { loader as channelLoader } from './channel-watch.tsx';

const NOW = Date.parse('2026-11-21T12:00:00Z'); // 15:00 in Moscow
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
});
afterEach(() => vi.useRealTimers());

const channel = { id: 'c1', alias: 'ekran-kino', title: 'Экран Кино', logo: '/tv-logos/ekran-kino.svg', is_free: false, for_kids: false, rating_age: '16+' };
const nowNext = { channel, now: null, next: null, server_time: '2026-11-21T12:00:00.000Z' };
const check = { playlists: [{ url: '/api/tv/s/1/st/SIG/live.ekran-kino/master.m3u8' }], upgrade_options: [], reason: 'ok' };
const apiError = (status: number, code: string) => new ApiCallError(status, { status, code, message: code });
const statusOf = (thrown: unknown) => (thrown as { init?: { status: number } }).init?.status;
/** A loader's data() answer: its data and status. */
const answered = (r: unknown) => r as { data: { view: string }; init: { status: number } };

const runChannel = (params: { id: string; date?: string }, api: Record<string, unknown>, visitor = {}) =>
  channelLoader({ params, request: new Request(`http://x/channel/${params.id}`), context: contextWith(api, visitor) } as never);
const runArchive = (id: string, api: Record<string, unknown>, visitor = {}) =>
  archiveLoader({ params: { id }, request: new Request(`http://x/archive/watch/${id}`), context: contextWith(api, visitor) } as never);

describe('/channel/{id}/{date?} loader', () => {
  it('loads now/next and the live check of the visitor, with the tariffs', async () => {
    const api = { tvNowNext: vi.fn().mockResolvedValue(nowNext), tvLiveCheck: vi.fn().mockResolvedValue(check), tariffs: vi.fn().mockResolvedValue([]) };
    expect(await runChannel({ id: 'ekran-kino' }, api)).toEqual({ view: 'live', nowNext, check, refusal: null, tariffs: [], trialAvailable: true, today: '2026-11-21' });
    expect(api.tvLiveCheck).toHaveBeenCalledWith('ekran-kino');
  });

  it('treats today’s date as the live page', async () => {
    const api = { tvNowNext: vi.fn().mockResolvedValue(nowNext), tvLiveCheck: vi.fn().mockResolvedValue(check), tariffs: vi.fn().mockResolvedValue(null) };
    expect(await runChannel({ id: 'ekran-kino', date: '2026-11-21' }, api)).toMatchObject({ view: 'live' });
  });

  it('asks no check without a session (a crawler)', async () => {
    const api = { tvNowNext: vi.fn().mockResolvedValue(nowNext), tvLiveCheck: vi.fn() };
    expect(await runChannel({ id: 'ekran-kino' }, api, { token: null })).toMatchObject({ view: 'live', check: null, refusal: null });
    expect(api.tvLiveCheck).not.toHaveBeenCalled();
  });

  it('marks a refusal of the check (a kids profile) and still shows the channel', async () => {
    const api = { tvNowNext: vi.fn().mockResolvedValue(nowNext), tvLiveCheck: vi.fn().mockRejectedValue(apiError(403, 'KIDS_PROFILE_RESTRICTED')), tariffs: vi.fn().mockResolvedValue(null) };
    expect(await runChannel({ id: 'ekran-kino' }, api)).toMatchObject({ view: 'live', check: null, refusal: 'KIDS_PROFILE_RESTRICTED' });
  });

  it('lists a past day’s recordings of the Moscow day', async () => {
    const day = { channel, date: '2026-11-20', items: [] };
    const api = { tvDayRecordings: vi.fn().mockResolvedValue(day) };
    expect(await runChannel({ id: 'ekran-kino', date: '2026-11-20' }, api)).toEqual({ view: 'day', day, today: '2026-11-21', now: NOW });
    expect(api.tvDayRecordings).toHaveBeenCalledWith('ekran-kino', { date: '2026-11-20', tz: 3 });
  });

  it.each([
    ['an unknown channel', { id: 'net-takogo' }, apiError(404, 'NOT_FOUND')],
    ['a malformed alias', { id: 'Bad_Alias' }, null],
    ['a date that is not one', { id: 'ekran-kino', date: '2026-02-30' }, null],
  ])('answers 404 for %s', async (_, params, error) => {
    const api = { tvNowNext: vi.fn().mockRejectedValue(error), tvDayRecordings: vi.fn().mockRejectedValue(error) };
    const r = await outcome(() => runChannel(params, api));
    expect('thrown' in r && statusOf(r.thrown)).toBe(404);
  });

  it('outside Russia answers the geo view with 403 (spec platform §6)', async () => {
    const api = { tvNowNext: vi.fn().mockRejectedValue(apiError(403, 'geo_error')) };
    const r = answered(await runChannel({ id: 'ekran-kino' }, api));
    expect([r.data, r.init.status]).toEqual([{ view: 'geo', alias: 'ekran-kino' }, 403]);
  });
});

describe('/archive/watch/{id} loader', () => {
  const ID = '0b7c2f7e-8f7a-4c7e-9d3a-2b1f0c9d8e7a';
  const recording = { id: ID, channel, programme: { id: ID, title: 'Фильм' }, expired_at: '2026-12-05T10:30:00.000Z', duration_seconds: 5400 };

  it('loads the recording and its check', async () => {
    const api = { tvRecording: vi.fn().mockResolvedValue(recording), tvRecordingCheck: vi.fn().mockResolvedValue(check), tariffs: vi.fn().mockResolvedValue(null) };
    expect(await runArchive(ID.toUpperCase(), api)).toEqual({ view: 'recording', recording, check, refusal: null, tariffs: null, trialAvailable: true, now: NOW });
    expect(api.tvRecording).toHaveBeenCalledWith(ID);
  });

  it.each([
    ['expired (404)', apiError(404, 'NOT_FOUND'), 'unavailable', 404],
    ['outside Russia', apiError(403, 'geo_error'), 'geo', 403],
    ['outside a child profile’s scope', apiError(403, 'KIDS_PROFILE_RESTRICTED'), 'kids', 403],
  ])('a recording %s: the %s view', async (_, error, view, status) => {
    const r = answered(await runArchive(ID, { tvRecording: vi.fn().mockRejectedValue(error) }));
    expect([r.data.view, r.init.status]).toEqual([view, status]);
  });

  it('answers 404 for an id that is not one', async () => {
    const r = await outcome(() => runArchive('123', {}));
    expect('thrown' in r && statusOf(r.thrown)).toBe(404);
  });
});
