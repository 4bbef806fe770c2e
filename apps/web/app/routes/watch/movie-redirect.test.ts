import { describe, expect, it, vi } from 'vitest';
import { ApiCallError } from '../../lib/api.server.ts';
import { contextWith, outcome } from '../../test/visitor.ts';
import { loader } from './movie-redirect.ts';

const run = (product: string, api: object, query = '') =>
  outcome(() => loader({ params: { product }, request: new Request(`http://x/movie/${product}${query}`), context: contextWith(api) } as never));
const statusOf = (thrown: unknown) => (thrown instanceof Response ? thrown.status : (thrown as { init?: { status: number } }).init?.status);

describe('/movie/{product} (spec platform §2 Watching)', () => {
  it.each([
    ['tayna-mayaka', 'tayna-mayaka'],
    ['0B6F4A1C-2A9E-4D47-9D1E-7B1B0A6F1C22', '0b6f4a1c-2a9e-4d47-9d1e-7b1b0a6f1c22'],
  ])('moves %s to the title page for good, keeping the query', async (product, asked) => {
    const api = { title: vi.fn().mockResolvedValue({ alias: 'tayna-mayaka' }) };
    const r = await run(product, api, '?s=tapp');
    expect(api.title).toHaveBeenCalledWith(asked);
    const res = 'thrown' in r ? (r.thrown as Response) : null;
    expect(res?.status).toBe(301);
    expect(res?.headers.get('location')).toBe('/watch/tayna-mayaka?s=tapp');
  });

  it('answers 404 for an unknown title', async () => {
    const api = { title: vi.fn().mockRejectedValue(new ApiCallError(404, { status: 404, code: 'NOT_FOUND', message: 'x' })) };
    const r = await run('net-takogo', api);
    expect('thrown' in r && statusOf(r.thrown)).toBe(404);
  });

  it.each(['..', 'Tayna_Mayaka', 'a--b'])('answers 404 for %s without asking the API', async (product) => {
    const api = { title: vi.fn() };
    const r = await run(product, api);
    expect('thrown' in r && statusOf(r.thrown)).toBe(404);
    expect(api.title).not.toHaveBeenCalled();
  });
});
