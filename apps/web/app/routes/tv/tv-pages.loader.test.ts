// The loaders of /tv, /tvchannels, /channel and /tvchannels/watch/{alias} against a stubbed API: the viewer's
// tz passed on, the category and the day, the geo refusal (spec platform §6), the banner's channel redirect.
import { describe, expect, it, vi } from 'vitest';
import { ApiCallError } from '../../lib/api.server.ts';
import { channel, SELECTIONS } from '../../test/tv.ts';
import { contextWith, outcome } from '../../test/visitor.ts';
import { loader as guideLoader } from './guide.tsx';
import { loader as channelsLoader } from './tv-channels.tsx';
import { loader as homeLoader } from './tv-home.tsx';
import { loader as watchRedirect } from './tvchannels-watch.ts';

const SERVER = '2026-11-21T20:30:00.000Z'; // 23:30 in Moscow, 01:30 on the 22nd at UTC+5
const catalog = (category: string | null = null) => ({ tz: 3, category, selections: SELECTIONS, items: [channel('ekran-kino')], server_time: SERVER });
const guide = (date: string, category: string | null = null) => ({
  tz: 3, date, dates: ['2026-11-20', '2026-11-21', '2026-11-22', '2026-11-23'], category, selections: SELECTIONS, items: [{ channel: channel('ekran-kino'), programmes: [] }], server_time: SERVER,
});
const apiError = (status: number, code: string) => new ApiCallError(status, { status, code, message: code });
const run = (loader: (args: never) => unknown, url: string, api: Record<string, unknown>, visitor = {}, params = {}) =>
  outcome(async () => loader({ request: new Request(`http://x${url}`), params, context: contextWith(api, visitor) } as never));
const valueOf = (r: { thrown: unknown } | { value: unknown }) => ('value' in r ? r.value : undefined);
const thrownResponse = (r: { thrown: unknown } | { value: unknown }) => ('thrown' in r ? (r.thrown as Response) : null);
const statusOf = (r: { thrown: unknown } | { value: unknown }) => ('thrown' in r ? ((r.thrown as { init?: { status: number } }).init?.status ?? (r.thrown as Response).status) : null);
const geoOf = (r: { thrown: unknown } | { value: unknown }) => {
  const v = valueOf(r) as { data: unknown; init: { status: number } };
  return [v.data, v.init.status];
};

describe('/tv loader', () => {
  it('asks the TV catalogue in the viewer’s tz (the favorites row is its is_favorite)', async () => {
    const api = { tvCatalog: vi.fn().mockResolvedValue(catalog()) };
    expect(valueOf(await run(homeLoader, '/tv', api, { tz: 5 }))).toEqual({ view: 'tv', catalog: catalog() });
    expect(api.tvCatalog).toHaveBeenCalledWith({ tz: 5 });
  });

  it('outside Russia: the tv_not_available view with 403', async () => {
    const r = await run(homeLoader, '/tv', { tvCatalog: vi.fn().mockRejectedValue(apiError(403, 'tv_not_available')) });
    expect(geoOf(r)).toEqual([{ view: 'geo', attribute: null }, 403]);
  });

  it('lets any other failure through', async () => {
    const r = await run(homeLoader, '/tv', { tvCatalog: vi.fn().mockRejectedValue(apiError(500, 'INTERNAL')) });
    expect('thrown' in r && r.thrown instanceof ApiCallError).toBe(true);
  });
});

describe('/tvchannels loader', () => {
  it('asks one category’s channels in the viewer’s tz', async () => {
    const api = { tvCatalog: vi.fn().mockResolvedValue(catalog('kino')) };
    expect(valueOf(await run(channelsLoader, '/tvchannels?category=kino', api, { tz: -2 }))).toEqual({ view: 'channels', catalog: catalog('kino') });
    expect(api.tvCatalog).toHaveBeenCalledWith({ tz: -2, category: 'kino' });
  });

  it('asks every channel without a category', async () => {
    const api = { tvCatalog: vi.fn().mockResolvedValue(catalog()) };
    await run(channelsLoader, '/tvchannels', api);
    expect(api.tvCatalog).toHaveBeenCalledWith({ tz: 3, category: undefined });
  });

  it.each([
    ['unknown to the API (or an adult one to a child profile)', '/tvchannels?category=net-takoy', apiError(404, 'NOT_FOUND')],
    ['malformed', '/tvchannels?category=Кино', null],
  ])('sends a category %s to every channel', async (_, url, error) => {
    const api = { tvCatalog: vi.fn().mockRejectedValue(error) };
    const res = thrownResponse(await run(channelsLoader, url, api));
    expect([res?.status, res?.headers.get('location')]).toEqual([302, '/tvchannels']);
  });

  it('outside Russia: the tv_not_available view with 403', async () => {
    const r = await run(channelsLoader, '/tvchannels', { tvCatalog: vi.fn().mockRejectedValue(apiError(403, 'tv_not_available')) });
    expect(geoOf(r)).toEqual([{ view: 'geo', attribute: null }, 403]);
  });
});

describe('/channel loader (the guide of a day)', () => {
  it('asks today’s guide in the viewer’s tz; today is the viewer’s, on the API’s clock', async () => {
    const api = { tvGuide: vi.fn().mockResolvedValue(guide('2026-11-22')) };
    expect(valueOf(await run(guideLoader, '/channel', api, { tz: 5 }))).toEqual({ view: 'guide', guide: guide('2026-11-22'), today: '2026-11-22' });
    expect(api.tvGuide).toHaveBeenCalledWith({ tz: 5, category: undefined, date: undefined });
  });

  it('asks a category’s guide of another day', async () => {
    const api = { tvGuide: vi.fn().mockResolvedValue(guide('2026-11-20', 'kino')) };
    expect(valueOf(await run(guideLoader, '/channel?category=kino&date=2026-11-20', api))).toMatchObject({ view: 'guide', today: '2026-11-21' });
    expect(api.tvGuide).toHaveBeenCalledWith({ tz: 3, category: 'kino', date: '2026-11-20' });
  });

  it.each([
    ['a date that is not one', '/channel?date=2026-02-30'],
    ['a day the guide does not offer', '/channel?date=2026-10-01'],
  ])('answers 404 for %s', async (_, url) => {
    const api = { tvGuide: vi.fn(async (q: { date?: string }) => guide(q.date ?? '2026-11-21')) };
    expect(statusOf(await run(guideLoader, url, api))).toBe(404);
  });

  it('drops a category that is not the visitor’s, keeping the day', async () => {
    const api = { tvGuide: vi.fn().mockRejectedValue(apiError(404, 'NOT_FOUND')) };
    const res = thrownResponse(await run(guideLoader, '/channel?category=kino&date=2026-11-20', api, { auth: { profile_for_child: true } as never }));
    expect([res?.status, res?.headers.get('location')]).toEqual([302, '/channel?date=2026-11-20']);
  });

  it('outside Russia: the tv_not_available view with 403', async () => {
    const r = await run(guideLoader, '/channel', { tvGuide: vi.fn().mockRejectedValue(apiError(403, 'tv_not_available')) });
    expect(geoOf(r)).toEqual([{ view: 'geo', attribute: null }, 403]);
  });
});

describe('/tvchannels/watch/{alias} (the banner’s channel action, platform §4)', () => {
  it('is a permanent redirect to the channel page', async () => {
    const res = thrownResponse(await run(watchRedirect, '/tvchannels/watch/ekran-kino', {}, {}, { alias: 'ekran-kino' }));
    expect([res?.status, res?.headers.get('location')]).toEqual([301, '/channel/ekran-kino']);
  });

  it('answers 404 for what is not an alias', async () => {
    expect(statusOf(await run(watchRedirect, '/tvchannels/watch/Bad_Alias', {}, {}, { alias: 'Bad_Alias' }))).toBe(404);
  });
});
