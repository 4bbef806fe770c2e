// The loaders of /channel/{alias}/{date?} and /archive/watch/{id} against a stubbed API.
import { describe, expect, it, vi } from 'vitest';
import { ApiCallError } from '../../lib/api.server.ts';
import { contextWith, outcome } from '../../test/visitor.ts';
import { channel as makeChannel, schedule as makeSchedule } from '../../test/tv.ts';
import { loader as archiveLoader } from './archive-watch.tsx';
import { loader as channelLoader } from './channel-watch.tsx';

const SERVER = '2026-11-21T12:00:00.000Z'; // 15:00 in Moscow
const DATES = ['2026-11-19', '2026-11-20', '2026-11-21', '2026-11-22'];
const channel = makeChannel('ekran-kino', { title: 'Экран Кино' });
const dayOf = (date: string) => makeSchedule(channel, date, [], SERVER, DATES);
const catalog = (items = [channel]) => ({ tz: 3, category: null, selections: [], items, server_time: SERVER });
const check = { playlists: [{ url: '/api/tv/s/1/st/SIG/live.ekran-kino/master.m3u8' }], upgrade_options: [], reason: 'ok' };
const apiError = (status: number, code: string, attribute?: string) => new ApiCallError(status, { status, code, message: code, ...(attribute ? { attribute } : {}) });
const statusOf = (thrown: unknown) => (thrown as { init?: { status: number } }).init?.status;
/** A loader's data() answer: its data and status. */
const answered = (r: unknown) => r as { data: Record<string, unknown>; init: { status: number } };

/** A channel's API: its day (the date asked, or today), the strip's catalogue, the live check and the tariffs. */
function channelApi(o: Record<string, unknown> = {}) {
  return {
    tvSchedule: vi.fn(async (_alias: string, q: { date?: string }) => dayOf(q.date ?? '2026-11-21')),
    tvCatalog: vi.fn().mockResolvedValue(catalog()),
    tvLiveCheck: vi.fn().mockResolvedValue(check),
    tariffs: vi.fn().mockResolvedValue([]),
    ...o,
  };
}
const runChannel = (params: { id: string; date?: string }, api: Record<string, unknown>, visitor = {}, search = '') =>
  channelLoader({ params, request: new Request(`http://x/channel/${params.id}${params.date ? `/${params.date}` : ''}${search}`), context: contextWith(api, visitor) } as never);

describe('/channel/{alias}/{date?} loader', () => {
  it('today: the channel’s day in the viewer’s tz, the strip of channels, the live check and the tariffs', async () => {
    const api = channelApi();
    expect(await runChannel({ id: 'ekran-kino' }, api, { tz: 5 })).toEqual({
      view: 'live', schedule: dayOf('2026-11-21'), strip: [channel], category: null, today: '2026-11-21', check, refusal: null, tariffs: [], trialAvailable: true,
    });
    expect(api.tvSchedule).toHaveBeenCalledWith('ekran-kino', { tz: 5, date: undefined });
    expect(api.tvCatalog).toHaveBeenCalledWith({ tz: 5, category: undefined });
    expect(api.tvLiveCheck).toHaveBeenCalledWith('ekran-kino');
  });

  it('treats today’s date as the live page', async () => {
    const api = channelApi();
    expect(await runChannel({ id: 'ekran-kino', date: '2026-11-21' }, api)).toMatchObject({ view: 'live', check });
    expect(api.tvSchedule).toHaveBeenCalledWith('ekran-kino', { tz: 3, date: '2026-11-21' });
  });

  it('another day: that day’s schedule without the player (no check asked)', async () => {
    const api = channelApi();
    expect(await runChannel({ id: 'ekran-kino', date: '2026-11-20' }, api)).toEqual({ view: 'day', schedule: dayOf('2026-11-20'), strip: [channel], category: null, today: '2026-11-21' });
    expect(api.tvLiveCheck).not.toHaveBeenCalled();
  });

  it('keeps the guide’s category for the strip, and drops one that is not the visitor’s', async () => {
    const api = channelApi();
    expect(await runChannel({ id: 'ekran-kino' }, api, {}, '?category=kino')).toMatchObject({ category: 'kino' });
    expect(api.tvCatalog).toHaveBeenCalledWith({ tz: 3, category: 'kino' });
    const unknown = channelApi({ tvCatalog: vi.fn(async (q: { category?: string }) => (q.category ? Promise.reject(apiError(404, 'NOT_FOUND')) : catalog())) });
    expect(await runChannel({ id: 'ekran-kino' }, unknown, {}, '?category=detskie')).toMatchObject({ category: null, strip: [channel] });
  });

  it('stands without the strip when the catalogue fails', async () => {
    const api = channelApi({ tvCatalog: vi.fn().mockRejectedValue(apiError(503, 'UNAVAILABLE')) });
    expect(await runChannel({ id: 'ekran-kino' }, api)).toMatchObject({ view: 'live', strip: null });
  });

  it('asks no check without a session (a crawler)', async () => {
    const api = channelApi();
    expect(await runChannel({ id: 'ekran-kino' }, api, { token: null })).toMatchObject({ view: 'live', check: null, refusal: null });
    expect(api.tvLiveCheck).not.toHaveBeenCalled();
  });

  it('marks a refusal of the check (a kids profile) and still shows the channel', async () => {
    const api = channelApi({ tvLiveCheck: vi.fn().mockRejectedValue(apiError(403, 'KIDS_PROFILE_RESTRICTED')), tariffs: vi.fn().mockResolvedValue(null) });
    expect(await runChannel({ id: 'ekran-kino' }, api)).toMatchObject({ view: 'live', check: null, refusal: 'KIDS_PROFILE_RESTRICTED' });
  });

  it.each([
    ['an unknown channel (or another profile’s)', { id: 'net-takogo' }, apiError(404, 'NOT_FOUND')],
    ['a malformed alias', { id: 'Bad_Alias' }, null],
    ['a date that is not one', { id: 'ekran-kino', date: '2026-02-30' }, null],
  ])('answers 404 for %s', async (_, params, error) => {
    const api = channelApi({ tvSchedule: vi.fn().mockRejectedValue(error), tvLiveCheck: vi.fn().mockRejectedValue(error) });
    const r = await outcome(() => runChannel(params, api));
    expect('thrown' in r && statusOf(r.thrown)).toBe(404);
  });

  it('answers 404 for a day the guide does not offer', async () => {
    const r = await outcome(() => runChannel({ id: 'ekran-kino', date: '2026-10-01' }, channelApi()));
    expect('thrown' in r && statusOf(r.thrown)).toBe(404);
  });

  it('outside Russia answers the geo view with 403 and the channel’s attribute (spec platform §6)', async () => {
    const api = channelApi({
      tvSchedule: vi.fn().mockRejectedValue(apiError(403, 'geo_error', 'tvchannels_ekran-kino')),
      tvCatalog: vi.fn().mockRejectedValue(apiError(403, 'tv_not_available')),
      tvLiveCheck: vi.fn().mockRejectedValue(apiError(403, 'geo_error', 'tvchannels_ekran-kino')),
    });
    const r = answered(await runChannel({ id: 'ekran-kino' }, api));
    expect([r.data, r.init.status]).toEqual([{ view: 'geo', attribute: 'tvchannels_ekran-kino' }, 403]);
  });
});

describe('/archive/watch/{id} loader', () => {
  const ID = '0b7c2f7e-8f7a-4c7e-9d3a-2b1f0c9d8e7a';
  const recording = { id: ID, channel, programme: { id: ID, title: 'Фильм' }, expired_at: '2026-12-05T10:30:00.000Z', duration_seconds: 5400 };
  const runArchive = (id: string, api: Record<string, unknown>, visitor = {}) =>
    archiveLoader({ params: { id }, request: new Request(`http://x/archive/watch/${id}`), context: contextWith(api, visitor) } as never);

  it('loads the recording and its check, with the viewer’s tz', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.parse(SERVER));
    try {
      const api = { tvRecording: vi.fn().mockResolvedValue(recording), tvRecordingCheck: vi.fn().mockResolvedValue(check), tariffs: vi.fn().mockResolvedValue(null) };
      expect(await runArchive(ID.toUpperCase(), api, { tz: 5 })).toEqual({ view: 'recording', recording, check, refusal: null, tariffs: null, trialAvailable: true, now: Date.parse(SERVER), tz: 5, archiveTitle: 'Кино на ТВ' });
      expect(api.tvRecording).toHaveBeenCalledWith(ID);
    } finally {
      vi.useRealTimers();
    }
  });

  it.each([
    ['expired (404)', apiError(404, 'NOT_FOUND'), { view: 'unavailable' }, 404],
    ['outside Russia', apiError(403, 'geo_error', 'tvchannels_ekran-kino'), { view: 'geo', attribute: 'tvchannels_ekran-kino' }, 403],
    ['outside a child profile’s scope', apiError(403, 'KIDS_PROFILE_RESTRICTED'), { view: 'kids' }, 403],
  ])('a recording %s: its view', async (_, error, view, status) => {
    const r = answered(await runArchive(ID, { tvRecording: vi.fn().mockRejectedValue(error) }));
    expect([r.data, r.init.status]).toEqual([view, status]);
  });

  it('answers 404 for an id that is neither a recording id nor an alias', async () => {
    const r = await outcome(() => runArchive('Not_An_Id', {}));
    expect('thrown' in r && statusOf(r.thrown)).toBe(404);
  });

  it('sends a title’s or a channel’s alias (a banner’s lasting catchup link) to its newest recording', async () => {
    const catchup = vi.fn().mockResolvedValue({ id: ID });
    const r = await outcome(() => runArchive('ekran-kino', { catchup }));
    expect(catchup).toHaveBeenCalledWith('ekran-kino');
    const thrown = 'thrown' in r ? (r.thrown as Response) : null;
    expect([thrown?.status, thrown?.headers.get('location')]).toEqual([302, `/archive/watch/${ID}`]);
  });

  it('says an alias with nothing recorded now is not offered (404)', async () => {
    const r = answered(await runArchive('davno-bylo', { catchup: vi.fn().mockRejectedValue(apiError(404, 'NOT_FOUND')) }));
    expect([r.data, r.init.status]).toEqual([{ view: 'unavailable' }, 404]);
  });

  it('names the archive «Записи с ТВ» for the New_text_and_button_for_catchup group B (catalogue §2)', async () => {
    const api = { tvRecording: vi.fn().mockResolvedValue(recording), tvRecordingCheck: vi.fn().mockResolvedValue(check), tariffs: vi.fn().mockResolvedValue(null) };
    const auth = { ab: [{ exp_name: 'New_text_and_button_for_catchup', group_name: 'B' }], trial_is_available: true };
    expect(await runArchive(ID, api, { auth })).toMatchObject({ archiveTitle: 'Записи с ТВ' });
  });
});
