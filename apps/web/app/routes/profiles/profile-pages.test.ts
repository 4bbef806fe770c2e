import { describe, expect, it, vi } from 'vitest';
import { ApiCallError } from '../../lib/api.server.ts';
import { contextWith, outcome } from '../../test/visitor.ts';
import { loader as kidsLoader } from '../kids/kids.tsx';
import { loader as childLoader } from './child-profile.tsx';
import { action as pinRemoveAction, loader as pinRemoveLoader } from './pin-remove.tsx';

const TOKEN = 'Zx8sPq2LmN4vB7tR1cW9yK3jH6fD5gA0eU_-iO2pQ4s';
const req = (path: string, init?: RequestInit) => new Request(`http://localhost${path}`, init);
const invalid = () => new ApiCallError(400, { status: 400, code: 'INVALID_TOKEN', message: 'x' });
const statusOf = (r: unknown) => (r as { init?: { status?: number } }).init?.status;

describe('/pin_remove (the forgotten-PIN link)', () => {
  it('asks «Удалить PIN-код?» while the link works, without using it', async () => {
    const api = { pinResetVerify: vi.fn().mockResolvedValue(null), pinReset: vi.fn() };
    const r = await pinRemoveLoader({ request: req(`/pin_remove?token=${TOKEN}`), context: contextWith(api) } as never);
    expect(r).toEqual({ state: 'ask' });
    expect(api.pinResetVerify).toHaveBeenCalledWith(TOKEN);
    expect(api.pinReset).not.toHaveBeenCalled();
  });

  it.each([['/pin_remove'], ['/pin_remove?token=short'], ['/pin_remove?token=%3Cscript%3Ealert(1)%3C%2Fscript%3E']])('says %s does not work, without asking the API', async (path) => {
    const api = { pinResetVerify: vi.fn() };
    expect(await pinRemoveLoader({ request: req(path), context: contextWith(api) } as never)).toEqual({ state: 'invalid' });
    expect(api.pinResetVerify).not.toHaveBeenCalled();
  });

  it('says a used or expired link does not work', async () => {
    const api = { pinResetVerify: vi.fn().mockRejectedValue(invalid()) };
    expect(await pinRemoveLoader({ request: req(`/pin_remove?token=${TOKEN}`), context: contextWith(api) } as never)).toEqual({ state: 'invalid' });
  });

  it('removes the PIN on confirm, and answers 400 when the link stopped working meanwhile', async () => {
    const api = { pinReset: vi.fn().mockResolvedValueOnce(null).mockRejectedValueOnce(invalid()) };
    const args = { request: req(`/pin_remove?token=${TOKEN}`, { method: 'POST' }), context: contextWith(api) } as never;
    expect(await pinRemoveAction(args)).toEqual({ state: 'done' });
    const again = await pinRemoveAction({ request: req(`/pin_remove?token=${TOKEN}`, { method: 'POST' }), context: contextWith(api) } as never);
    expect(statusOf(again)).toBe(400);
    expect((again as { data: unknown }).data).toEqual({ state: 'invalid' });
  });

  it('lets a server failure through to the error screen', async () => {
    const api = { pinResetVerify: vi.fn().mockRejectedValue(new ApiCallError(503, null)) };
    const r = await outcome(() => pinRemoveLoader({ request: req(`/pin_remove?token=${TOKEN}`), context: contextWith(api) } as never));
    expect('thrown' in r && r.thrown).toBeInstanceOf(ApiCallError);
  });
});

describe('/child_profile (the deeplink of the child profile switch)', () => {
  it('sends a virtual visitor to sign in first and back here', async () => {
    const r = await outcome(async () => childLoader({ context: contextWith({}, { auth: { virtual: true } as never }) } as never));
    const res = 'thrown' in r ? (r.thrown as Response) : null;
    expect(res?.status).toBe(302);
    expect(res?.headers.get('location')).toBe('/auth?back=%2Fchild_profile');
  });

  it('opens for a registered viewer (the switch runs in the browser)', async () => {
    expect(childLoader({ context: contextWith({}, { auth: { virtual: false } as never }) } as never)).toBeNull();
  });
});

describe('/kids (the kids home)', () => {
  it('asks for the kids rows and drops empty ones', async () => {
    const card = { _cls: 'Product.Movie', _id: 'k', uid: 'k', alias: 'malysh', title: 'Малыш', genres: [], release_date: '', ekran_release_date: '', year: 2024, rating_age: '0+', rating_ekran: 7, for_kids: true, is_free: false, duration_minutes: 60, seasons_count: 0, horizontal_poster: { url: '/h', width: 1, height: 1 }, vertical_poster: { url: '/v', width: 1, height: 1 } };
    const home = vi.fn().mockResolvedValue({ rows: [{ alias: 'new', title: 'Новые мультфильмы', kind: 'new', url: null, items: [card] }, { alias: 'empty', title: 'Пусто', kind: 'collection', url: '/collection/empty', items: [] }] });
    const r = await kidsLoader({ context: contextWith({ home }) } as never);
    expect(home).toHaveBeenCalledWith(true);
    expect(r.rows.map((row) => row.alias)).toEqual(['new']);
    expect(r.rows[0]?.items[0]?.alias).toBe('malysh');
  });
});
