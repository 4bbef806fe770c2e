import { describe, expect, it, vi } from 'vitest';
import { ApiCallError } from '../../lib/api.server.ts';
import { contextWith, outcome } from '../../test/visitor.ts';
import { loader } from './watch.tsx';

const title = { uid: 'u1', alias: 'tayna', title: 'Тайна' };
// Without auth data (these visitors) there is no personal state (issue 4 lists).
const personal = { state: null, reportUrl: null };
const statusOf = (thrown: unknown) => (thrown as { init?: { status: number } }).init?.status;

describe('watch loader', () => {
  it('loads the title and its playback check for the visitor', async () => {
    const check = { playlists: [{ url: '/api/media/aurora/master.m3u8?token=1.x' }], upgrade_options: [], reason: 'ok' };
    const api = { title: vi.fn().mockResolvedValue(title), playbackCheck: vi.fn().mockResolvedValue(check) };
    const r = await loader({ params: { watchAlias: 'tayna' }, context: contextWith(api) } as never);
    expect(api.title).toHaveBeenCalledWith('tayna');
    expect(api.playbackCheck).toHaveBeenCalledWith('u1');
    expect(r).toEqual({ title, check, personal });
  });

  it('answers 404 for an unknown title', async () => {
    const api = { title: vi.fn().mockRejectedValue(new ApiCallError(404, { status: 404, code: 'NOT_FOUND', message: 'x' })) };
    const r = await outcome(() => loader({ params: { watchAlias: 'net' }, context: contextWith(api) } as never));
    expect('thrown' in r && statusOf(r.thrown)).toBe(404);
  });

  it('answers 404 for sub-pages that are not served yet', async () => {
    const api = { title: vi.fn() };
    const r = await outcome(() => loader({ params: { watchAlias: 'tayna', page: 'trailers' }, context: contextWith(api) } as never));
    expect('thrown' in r && statusOf(r.thrown)).toBe(404);
    expect(api.title).not.toHaveBeenCalled();
  });

  it('marks a title refused to a child profile', async () => {
    const api = {
      title: vi.fn().mockResolvedValue(title),
      playbackCheck: vi.fn().mockRejectedValue(new ApiCallError(403, { status: 403, code: 'KIDS_PROFILE_RESTRICTED', message: 'x' })),
    };
    expect(await loader({ params: { watchAlias: 'tayna' }, context: contextWith(api) } as never)).toEqual({ title, check: { restricted: true }, personal });
  });

  it('marks an unregistered device, so pressing play opens the device-registration popup (spec platform §8)', async () => {
    const api = {
      title: vi.fn().mockResolvedValue(title),
      playbackCheck: vi.fn().mockRejectedValue(new ApiCallError(403, { status: 403, code: 'DEVICE_NOT_REGISTERED', message: 'x' })),
    };
    expect(await loader({ params: { watchAlias: 'tayna' }, context: contextWith(api) } as never)).toEqual({ title, check: { deviceNotRegistered: true }, personal });
  });

  it('does not check playback for a visitor without a session (a crawler)', async () => {
    const api = { title: vi.fn().mockResolvedValue(title), playbackCheck: vi.fn() };
    expect(await loader({ params: { watchAlias: 'tayna' }, context: contextWith(api, { token: null }) } as never)).toEqual({ title, check: null, personal });
    expect(api.playbackCheck).not.toHaveBeenCalled();
  });

  it('loads the personal state of the title and where the player reports progress (issue 4 lists)', async () => {
    const state = { alias: 'tayna', is_favorite: true, rating: 8, resume: null, episodes: [] };
    const api = { title: vi.fn().mockResolvedValue(title), playbackCheck: vi.fn().mockResolvedValue(null), titleState: vi.fn().mockResolvedValue(state) };
    const r = await loader({ params: { watchAlias: 'tayna' }, context: contextWith(api, { auth: { virtual: false } as never }) } as never);
    expect(api.titleState).toHaveBeenCalledWith('tayna');
    expect(r.personal.state).toEqual(state);
    expect(r.personal.reportUrl).toMatch(/^\/api\/v1\/profile\/progress\?apikey=/);
  });

  it('still shows the title when the personal state fails', async () => {
    const api = { title: vi.fn().mockResolvedValue(title), playbackCheck: vi.fn().mockResolvedValue(null), titleState: vi.fn().mockRejectedValue(new ApiCallError(503, null)) };
    const r = await loader({ params: { watchAlias: 'tayna' }, context: contextWith(api, { auth: { virtual: false } as never }) } as never);
    expect(r.personal.state).toBeNull();
  });

  it('lets other API failures reach the error screen', async () => {
    const api = { title: vi.fn().mockRejectedValue(new ApiCallError(500, null)) };
    const r = await outcome(() => loader({ params: { watchAlias: 'tayna' }, context: contextWith(api) } as never));
    expect('thrown' in r && r.thrown).toBeInstanceOf(ApiCallError);
  });
});
