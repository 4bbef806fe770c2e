// The site's pages answer bad input with a 4xx page, never a 500. The API stubs here refuse exactly as the API
// does: a query outside the contract's schema is a 400, a path parameter over 100 characters is Fastify's 414
// (its default maxParamLength), so a loader that passed either on would fail with the API's error.
import { CollectionListQuerySchema, CollectionPageQuerySchema, PlaylistQuerySchema, SelectionPageQuerySchema, TitleListQuerySchema, type TitleCard } from '@ekran/contracts';
import { describe, expect, it, vi } from 'vitest';
import { ApiCallError } from './lib/api.server.ts';
import { MAX_LIST_SKIP } from './lib/lists.server.ts';
import { loader as categoryLoader } from './routes/catalog/category.tsx';
import { loader as newLoader } from './routes/catalog/new.tsx';
import { loader as collectionsLoader } from './routes/collections/collections.tsx';
import { loader as personLoader } from './routes/person/person.tsx';
import { loader as playlistLoader } from './routes/playlists/playlist.tsx';
import { loader as selectionLoader } from './routes/selections/selection.tsx';
import { loader as watchLoader } from './routes/watch/watch.tsx';
import { loader as signinLoader } from './routes/auth/signin.tsx';
import { action as deviceLimitAction } from './routes/resources/device-limit.ts';
import { statusOf } from './test/collections.ts';
import { contextWith, outcome } from './test/visitor.ts';

/** An API call that validates its query with the contract schema, as the API's route does (else a 400). */
function contractCall(schema: { safeParse: (q: unknown) => { success: boolean } }) {
  return vi.fn(async (...args: unknown[]) => {
    const query = args.find((a) => typeof a === 'object' && a !== null);
    if (!schema.safeParse(query).success) throw new ApiCallError(400, { status: 400, code: 'BAD_REQUEST', message: 'Invalid request: querystring.skip Too big' });
    return { items: [] as TitleCard[], items_total: 0, skip: 0, limit: 40 };
  });
}

/** An API call by alias that Fastify refuses with 414 when the alias is over 100 characters. */
const byAlias = () =>
  vi.fn(async (alias: string) => {
    if (alias.length > 100) throw new ApiCallError(414, null);
    throw new ApiCallError(404, { status: 404, code: 'NOT_FOUND', message: 'not found' });
  });

const run = (load: (args: never) => Promise<unknown>, path: string, params: Record<string, string | undefined>, api: object) =>
  outcome(() => load({ request: new Request(`http://localhost${path}`), params, context: contextWith(api) } as never));

const long = 'a'.repeat(101);

describe('listing pages past what the API pages to answer 404 (not its 400 as a 500)', () => {
  it('the web bound is the contracts bound', () => {
    for (const schema of [TitleListQuerySchema, CollectionListQuerySchema, CollectionPageQuerySchema, SelectionPageQuerySchema, PlaylistQuerySchema]) {
      expect(schema.safeParse({ skip: MAX_LIST_SKIP }).success).toBe(true);
      expect(schema.safeParse({ skip: MAX_LIST_SKIP + 1 }).success).toBe(false);
    }
  });

  it.each([
    ['/movies/page2502', { p1: 'page2502' }],
    ['/movies/drama/page9999', { p1: 'drama', p2: 'page9999' }],
    ['/movies/page99999999999999999999', { p1: 'page99999999999999999999' }],
  ])('%s', async (path, params) => {
    const titles = contractCall(TitleListQuerySchema);
    const r = await run(categoryLoader, path, params, { titles, catalogFilters: vi.fn().mockResolvedValue(null) });
    expect(statusOf(r).status).toBe(404);
  });

  it('/new/page2502', async () => {
    expect(statusOf(await run(newLoader, '/new/page2502', { page: 'page2502' }, { titles: contractCall(TitleListQuerySchema) })).status).toBe(404);
  });

  it('/collections/page99999', async () => {
    expect(statusOf(await run(collectionsLoader, '/collections/page99999', { p1: 'page99999' }, { collections: contractCall(CollectionListQuerySchema) })).status).toBe(404);
  });

  it('/collections/{alias}/page99999', async () => {
    const r = await run(collectionsLoader, '/collections/best/page99999', { p1: 'best', p2: 'page99999' }, { collection: contractCall(CollectionPageQuerySchema) });
    expect(statusOf(r).status).toBe(404);
  });

  it('/selections/{alias}/page99999 and /playlist/{alias}/page99999', async () => {
    const s = await run(selectionLoader, '/selections/best/page99999', { alias: 'best', page: 'page99999' }, { selection: contractCall(SelectionPageQuerySchema) });
    expect(statusOf(s).status).toBe(404);
    const p = await run(playlistLoader, '/playlist/best/page99999', { alias: 'best', page: 'page99999' }, { playlist: contractCall(PlaylistQuerySchema) });
    expect(statusOf(p).status).toBe(404);
  });
});

describe('aliases over 100 characters answer 404 (the API answers 414)', () => {
  it('/watch/{101 characters}', async () => {
    expect(statusOf(await run(watchLoader, `/watch/${long}`, { watchAlias: long }, { title: byAlias() })).status).toBe(404);
  });

  it('/person/{101 characters}', async () => {
    expect(statusOf(await run(personLoader, `/person/${long}`, { person: long }, { personByAlias: byAlias() })).status).toBe(404);
  });

  it('/collections/{101 characters}', async () => {
    expect(statusOf(await run(collectionsLoader, `/collections/${long}`, { p1: long }, { collection: byAlias() })).status).toBe(404);
  });
});

describe('a non-Latin-1 return URL is escaped, never a header the Fetch API refuses', () => {
  const signedIn = { _id: 'u1', virtual: false, email: 'a@b.ru', phone: '79990000000' };

  it.each([
    ['/%E2%80%8B/x', '/%E2%80%8B/x'],
    ['/%D1%84', '/%D1%84'],
  ])('/auth?back=%s for a signed-in visitor leads to %s', async (back, location) => {
    const r = await outcome(() =>
      signinLoader({ request: new Request(`http://localhost/auth?back=${back}`), params: {}, context: contextWith({}, { auth: signedIn as never }) } as never),
    );
    expect(statusOf(r)).toEqual({ status: 302, location });
  });

  it('the device-limit popup goes on to /ф as /%D1%84 once the device is removed', async () => {
    const resolveDeviceLimit = vi.fn().mockResolvedValue({ authentication_token: 'token-after-0123456789' });
    const request = new Request('http://localhost/resources/device-limit', {
      method: 'POST',
      body: new URLSearchParams({ ticket: 'ticket-0123456789-0123456789', remove_device_id: '11111111-1111-4111-8111-111111111111', back: '/ф' }),
    });
    const r = await outcome(() => deviceLimitAction({ request, params: {}, context: contextWith({ resolveDeviceLimit }) } as never));
    const response = ('value' in r ? r.value : r.thrown) as Response;
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe('/%D1%84');
  });
});
