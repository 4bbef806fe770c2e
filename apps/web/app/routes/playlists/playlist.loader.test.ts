import type { PlaylistItem } from '@ekran/contracts';
import { describe, expect, it, vi } from 'vitest';
import { ApiCallError } from '../../lib/api.server.ts';
import { statusOf } from '../../test/collections.ts';
import { contextWith, outcome } from '../../test/visitor.ts';
import { loader } from './playlist.tsx';

const item = (uid: string, cls: PlaylistItem['cls'], alias: string): PlaylistItem => ({
  cls, id: uid, uid, alias, title: `${alias} ${cls}`, rating_age: '16+', playback_options: { url: `/api/v1/playback/${uid}` },
  poster: { url: `/h/${alias}`, width: 1280, height: 720 }, duration_minutes: 45,
});

function run(path: string, params: { alias: string; page?: string }) {
  const playlist = vi.fn(async (_alias: string, q: { skip: number; limit: number }) => ({
    alias: 'vecher', title: 'Вечер кино', description: 'Подряд.', duration_minutes: 900,
    items: q.skip === 0 ? [item('u1', 'Movie', 'pervyy'), item('u2', 'Episode', 'serial')].slice(0, q.limit) : [item('u41', 'Trailer', 'drugoy')],
    items_total: 41, skip: q.skip, limit: q.limit,
  }));
  return { playlist, result: outcome(() => loader({ request: new Request(`http://localhost${path}`), params, context: contextWith({ playlist }) } as never)) };
}

describe('/playlist/{alias} loader', () => {
  it('answers the first page of items (40 a page) and starts «Смотреть подряд» at the first item', async () => {
    const { playlist, result } = run('/playlist/vecher', { alias: 'vecher' });
    const r = await result;
    expect(playlist).toHaveBeenCalledTimes(1);
    expect(playlist).toHaveBeenCalledWith('vecher', { skip: 0, limit: 40 });
    expect('value' in r && r.value).toMatchObject({ page: 1, pages: 2, total: 41, first: { alias: 'pervyy', uid: 'u1' } });
    expect('value' in r && r.value.items.map((i) => i.cls)).toEqual(['Movie', 'Episode']);
  });

  it('still starts «Смотреть подряд» at the playlist’s first item on a later page', async () => {
    const { playlist, result } = run('/playlist/vecher/page2', { alias: 'vecher', page: 'page2' });
    const r = await result;
    expect(playlist).toHaveBeenCalledWith('vecher', { skip: 40, limit: 40 });
    expect(playlist).toHaveBeenCalledWith('vecher', { skip: 0, limit: 1 });
    expect('value' in r && r.value).toMatchObject({ skip: 40, first: { alias: 'pervyy' } });
    expect('value' in r && r.value.items.map((i) => i.uid)).toEqual(['u41']);
  });

  it('redirects /page1 and answers 404 for a bad page, a page past the end, a malformed alias and an unknown playlist', async () => {
    expect(statusOf(await run('/playlist/vecher/page1', { alias: 'vecher', page: 'page1' }).result)).toEqual({ status: 301, location: '/playlist/vecher' });
    expect(statusOf(await run('/playlist/vecher/page3', { alias: 'vecher', page: 'page3' }).result).status).toBe(404);
    expect(statusOf(await run('/playlist/vecher/p2', { alias: 'vecher', page: 'p2' }).result).status).toBe(404);
    expect(statusOf(await run('/playlist/Vecher', { alias: 'Vecher' }).result).status).toBe(404);
    const playlist = vi.fn().mockRejectedValue(new ApiCallError(404, null));
    const missing = await outcome(() => loader({ request: new Request('http://localhost/playlist/net'), params: { alias: 'net' }, context: contextWith({ playlist }) } as never));
    expect(statusOf(missing).status).toBe(404);
  });
});
