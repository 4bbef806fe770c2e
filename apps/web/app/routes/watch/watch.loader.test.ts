import { describe, expect, it, vi } from 'vitest';
import { ApiCallError } from '../../lib/api.server.ts';
import { contextWith, outcome } from '../../test/visitor.ts';
import { loader, shouldRevalidate } from './watch.tsx';

const title = { uid: 'u1', alias: 'tayna', title: 'Тайна' };
// Without auth data (these visitors) there is no personal state.
const personal = { state: null, reportUrl: null };
// The collections and selections holding the title (the tabs of its sub-pages).
const lists = { collections: [], selections: [] };
const statusOf = (thrown: unknown) => (thrown as { init?: { status: number } }).init?.status;
// The tariff flow's tariffs ride along with the check (the trial days of the main button).
const tariffs = [{ _id: 't0', title: 'Месяц', price: 399, currency: 'RUB', duration_days: 30, weight: 0, allow_trial: true, trial_period_duration: { days: 7 }, max_streams: 2, original_id: null, recurrent_price: null, next_tariff_id: null, url: '/api/v1/billing/tariffs/t0/payment' }];
const tariffsOk = () => vi.fn().mockResolvedValue(tariffs);
// The title page's marketing popup (none without a session).
const page = { refusal: null, tariffs, trialAvailable: true, shellPopup: null };

describe('watch loader', () => {
  it('loads the title and its playback check for the visitor', async () => {
    const check = { playlists: [{ url: '/api/media/aurora/master.m3u8?token=1.x' }], upgrade_options: [], reason: 'ok' };
    const api = { title: vi.fn().mockResolvedValue(title), titleArticles: vi.fn().mockResolvedValue({ items: [] }), titleLists: vi.fn().mockResolvedValue(lists), playbackCheck: vi.fn().mockResolvedValue(check), tariffs: tariffsOk() };
    const r = await loader({ params: { watchAlias: 'tayna' }, request: new Request('http://x/watch/tayna'), context: contextWith(api) } as never);
    expect(api.title).toHaveBeenCalledWith('tayna');
    expect(api.playbackCheck).toHaveBeenCalledWith('u1');
    expect(r).toEqual({ title, check, ...page, personal, lists, articles: 0 });
  });

  it('answers 404 for an unknown title', async () => {
    const api = { title: vi.fn().mockRejectedValue(new ApiCallError(404, { status: 404, code: 'NOT_FOUND', message: 'x' })) };
    const r = await outcome(() => loader({ params: { watchAlias: 'net' }, request: new Request('http://x/watch/net'), context: contextWith(api) } as never));
    expect('thrown' in r && statusOf(r.thrown)).toBe(404);
  });

  it('moves a title named by its id to its alias for good, keeping the query (issue 5 titles: the mini-app product)', async () => {
    const api = { title: vi.fn().mockResolvedValue(title), titleArticles: vi.fn().mockResolvedValue({ items: [] }), titleLists: vi.fn() };
    const id = '0B6F4A1C-2A9E-4D47-9D1E-7B1B0A6F1C22';
    const r = await outcome(() => loader({ params: { watchAlias: id }, request: new Request(`http://x/watch/${id}?ap=true`), context: contextWith(api) } as never));
    expect(api.title).toHaveBeenCalledWith(id.toLowerCase());
    const res = 'thrown' in r ? (r.thrown as Response) : null;
    expect(res?.status).toBe(301);
    expect(res?.headers.get('location')).toBe('/watch/tayna?ap=true');
  });

  it('still shows the title, without the lists tabs, when the lists fail (issue 5 titles)', async () => {
    const api = { title: vi.fn().mockResolvedValue(title), titleArticles: vi.fn().mockResolvedValue({ items: [] }), titleLists: vi.fn().mockRejectedValue(new ApiCallError(503, null)), playbackCheck: vi.fn().mockResolvedValue(null), tariffs: tariffsOk() };
    const r = await loader({ params: { watchAlias: 'tayna' }, request: new Request('http://x/watch/tayna'), context: contextWith(api) } as never);
    expect(r.lists).toBeNull();
  });

  it('marks a title refused to a child profile', async () => {
    const api = {
      title: vi.fn().mockResolvedValue(title), titleArticles: vi.fn().mockResolvedValue({ items: [] }), titleLists: vi.fn().mockResolvedValue(lists),
      playbackCheck: vi.fn().mockRejectedValue(new ApiCallError(403, { status: 403, code: 'KIDS_PROFILE_RESTRICTED', message: 'x' })),
      tariffs: tariffsOk(),
    };
    expect(await loader({ params: { watchAlias: 'tayna' }, request: new Request('http://x/watch/tayna'), context: contextWith(api) } as never)).toEqual({ title, check: null, ...page, refusal: 'KIDS_PROFILE_RESTRICTED', personal, lists, articles: 0 });
  });

  it('marks an unregistered device, so pressing play opens the device-registration popup (spec platform §8)', async () => {
    const api = {
      title: vi.fn().mockResolvedValue(title), titleArticles: vi.fn().mockResolvedValue({ items: [] }), titleLists: vi.fn().mockResolvedValue(lists),
      playbackCheck: vi.fn().mockRejectedValue(new ApiCallError(403, { status: 403, code: 'DEVICE_NOT_REGISTERED', message: 'x' })),
      tariffs: tariffsOk(),
    };
    expect(await loader({ params: { watchAlias: 'tayna' }, request: new Request('http://x/watch/tayna'), context: contextWith(api) } as never)).toEqual({ title, check: null, ...page, refusal: 'DEVICE_NOT_REGISTERED', personal, lists, articles: 0 });
  });

  it('still shows the title to a viewer behind a VPN: pressing play says why (spec platform §8)', async () => {
    const api = {
      title: vi.fn().mockResolvedValue(title), titleArticles: vi.fn().mockResolvedValue({ items: [] }), titleLists: vi.fn().mockResolvedValue(lists),
      playbackCheck: vi.fn().mockRejectedValue(new ApiCallError(400, { status: 400, code: 'USER_USE_ANONYMIZER', message: 'USER_USE_ANONYMIZER' })),
      tariffs: tariffsOk(),
    };
    expect(await loader({ params: { watchAlias: 'tayna' }, request: new Request('http://x/watch/tayna'), context: contextWith(api) } as never)).toEqual({ title, check: null, ...page, refusal: 'USER_USE_ANONYMIZER', personal, lists, articles: 0 });
  });

  it('ignores a failed tariff list silently (spec platform §8: tariffs give null)', async () => {
    const check = { playlists: [], upgrade_options: [], reason: 'subscription_required' };
    const api = { title: vi.fn().mockResolvedValue(title), titleArticles: vi.fn().mockResolvedValue({ items: [] }), titleLists: vi.fn().mockResolvedValue(lists), playbackCheck: vi.fn().mockResolvedValue(check), tariffs: vi.fn().mockRejectedValue(new ApiCallError(404, null)) };
    expect(await loader({ params: { watchAlias: 'tayna' }, request: new Request('http://x/watch/tayna'), context: contextWith(api) } as never)).toEqual({ title, check, ...page, tariffs: null, personal, lists, articles: 0 });
  });

  it('lets a failing playback check reach the error screen', async () => {
    const api = { title: vi.fn().mockResolvedValue(title), titleArticles: vi.fn().mockResolvedValue({ items: [] }), titleLists: vi.fn().mockResolvedValue(lists), playbackCheck: vi.fn().mockRejectedValue(new ApiCallError(503, null)), tariffs: tariffsOk() };
    const r = await outcome(() => loader({ params: { watchAlias: 'tayna' }, request: new Request('http://x/watch/tayna'), context: contextWith(api) } as never));
    expect('thrown' in r && r.thrown).toBeInstanceOf(ApiCallError);
  });

  it('does not check playback for a visitor without a session (a crawler)', async () => {
    const api = { title: vi.fn().mockResolvedValue(title), titleArticles: vi.fn().mockResolvedValue({ items: [] }), titleLists: vi.fn().mockResolvedValue(lists), playbackCheck: vi.fn(), tariffs: vi.fn() };
    expect(await loader({ params: { watchAlias: 'tayna' }, request: new Request('http://x/watch/tayna'), context: contextWith(api, { token: null }) } as never)).toEqual({ title, check: null, ...page, tariffs: null, personal, lists, articles: 0 });
    expect(api.playbackCheck).not.toHaveBeenCalled();
    expect(api.tariffs).not.toHaveBeenCalled();
  });

  it('loads the personal state of the title and where the player reports progress (issue 4 lists)', async () => {
    const state = { alias: 'tayna', is_favorite: true, rating: 8, resume: null, episodes: [] };
    const api = { title: vi.fn().mockResolvedValue(title), titleArticles: vi.fn().mockResolvedValue({ items: [] }), titleLists: vi.fn().mockResolvedValue(lists), playbackCheck: vi.fn().mockResolvedValue(null), tariffs: tariffsOk(), titleState: vi.fn().mockResolvedValue(state), currentOffer: vi.fn().mockResolvedValue({ offer: null }) };
    const r = await loader({ params: { watchAlias: 'tayna' }, request: new Request('http://x/watch/tayna'), context: contextWith(api, { auth: { virtual: false } as never }) } as never);
    expect(api.titleState).toHaveBeenCalledWith('tayna');
    expect(r.personal.state).toEqual(state);
    expect(r.personal.reportUrl).toMatch(/^\/api\/v1\/profile\/progress\?apikey=/);
  });

  it('still shows the title when the personal state fails', async () => {
    const api = { title: vi.fn().mockResolvedValue(title), titleArticles: vi.fn().mockResolvedValue({ items: [] }), titleLists: vi.fn().mockResolvedValue(lists), playbackCheck: vi.fn().mockResolvedValue(null), tariffs: tariffsOk(), titleState: vi.fn().mockRejectedValue(new ApiCallError(503, null)), currentOffer: vi.fn().mockResolvedValue({ offer: null }) };
    const r = await loader({ params: { watchAlias: 'tayna' }, request: new Request('http://x/watch/tayna'), context: contextWith(api, { auth: { virtual: false } as never }) } as never);
    expect(r.personal.state).toBeNull();
  });

  // ---- The title page's marketing popup is the upsell (platform §5), asked of the API.
  it('asks the API for the title page’s upsell and passes it to the shell', async () => {
    const upsell = { _id: 'o1', kind: 'upsell' };
    const api = { title: vi.fn().mockResolvedValue(title), titleArticles: vi.fn().mockResolvedValue({ items: [] }), titleLists: vi.fn().mockResolvedValue(lists), playbackCheck: vi.fn().mockResolvedValue(null), tariffs: tariffsOk(), titleState: vi.fn().mockResolvedValue(null), currentOffer: vi.fn().mockResolvedValue({ offer: upsell }) };
    const r = await loader({ params: { watchAlias: 'tayna' }, request: new Request('http://x/watch/tayna'), context: contextWith(api, { auth: { _id: 'u1', virtual: false } as never }) } as never);
    expect(api.currentOffer).toHaveBeenCalledWith('product', []);
    expect(r.shellPopup).toEqual({ offer: upsell, placement: 'product' });
  });

  it('lets other API failures reach the error screen', async () => {
    const api = { title: vi.fn().mockRejectedValue(new ApiCallError(500, null)) };
    const r = await outcome(() => loader({ params: { watchAlias: 'tayna' }, request: new Request('http://x/watch/tayna'), context: contextWith(api) } as never));
    expect('thrown' in r && r.thrown).toBeInstanceOf(ApiCallError);
  });
});

describe('the title page reloads its data', () => {
  const args = (from: string, to: string) =>
    ({ currentUrl: new URL(from, 'http://x'), nextUrl: new URL(to, 'http://x'), defaultShouldRevalidate: true }) as Parameters<typeof shouldRevalidate>[0];
  it('not for a switch of season alone (every season is loaded already)', () => {
    expect(shouldRevalidate(args('/watch/a', '/watch/a?season=2'))).toBe(false);
  });
  it('on a revalidation of the same address, so a closed player leaves «Продолжить»', () => {
    expect(shouldRevalidate(args('/watch/a?season=2', '/watch/a?season=2'))).toBe(true);
    expect(shouldRevalidate(args('/watch/a', '/watch/a'))).toBe(true);
  });
});
