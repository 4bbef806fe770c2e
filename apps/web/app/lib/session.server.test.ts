import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RouterContextProvider } from 'react-router';
import { readCookie, sessionMiddleware, visitorContext } from './session.server.ts';

const auth = (token: string) => ({
  _id: 'u1', profile_id: 'p1', email: null, phone: null, virtual: true, profile_for_child: false, current_country_code: 'RU',
  need_credentials: false, apple_id: null, google_id: null, apple_info: { email: null }, vk_info: { email: null, phone: null },
  devices: [], subscriptions: [], externals: [], ab: [], tags: [], language: { interface: 'ru' }, authentication_token: token,
  partner: { name: null }, pin_status: 'none', trial_is_available: true, mf_info: { is_mf: false, mf_pop_up: null },
});

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

async function run(headers: Record<string, string>, url = 'http://localhost/') {
  const context = new RouterContextProvider();
  const response = await sessionMiddleware(
    { request: new Request(url, { headers }), context, params: {}, unstable_pattern: '/' } as never,
    async () => new Response('ok'),
  );
  return { response: response as Response, visitor: context.get(visitorContext) };
}

describe('session middleware (spec platform §4 Session)', () => {
  it.each(['/robots.txt', '/sitemap.xml', '/sitemaps/titles-2.xml'])('answers %s without a session or a device login (issue 4 SEO)', async (path) => {
    const { response, visitor } = await run({ cookie: 'ekran_token=old-token-0123456789', 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Chrome/156' }, `http://localhost${path}`);
    expect(fetchMock).not.toHaveBeenCalled();
    expect(response.headers.getSetCookie()).toEqual([]);
    expect(visitor.token).toBeNull();
  });

  // The API takes a traffic source of at most 64 characters (contracts DeviceLoginRequest) and stores text, which
  // cannot hold NUL: the stub refuses as the API does, so passing either on would fail the first page with a 500.
  it.each([
    ['%00', null],
    ['tapp%00', null],
    ['x'.repeat(65), null],
    ['x'.repeat(64), 'x'.repeat(64)],
    ['%0D%0Atapp', 'tapp'],
    ['t%07app', null],
    ['%20tapp%20', 'tapp'],
  ])('sends ?s=%s on as traffic source %j, never failing the first visit', async (s, expected) => {
    fetchMock.mockImplementationOnce(async (_url, init) => {
      const source = JSON.parse(String(init?.body)).traffic_source as string | null;
      if (source && (source.length > 64 || source.includes('\u0000'))) return json(400, { status: 400, code: 'BAD_REQUEST', message: 'traffic_source' });
      return json(201, auth('new-token-0123456789'));
    });
    const { visitor } = await run({ 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Chrome/156' }, `http://localhost/movies?s=${s}`);
    expect(JSON.parse(String(fetchMock.mock.calls[0]![1]?.body)).traffic_source).toBe(expected);
    expect(visitor.token).toBe('new-token-0123456789');
  });

  it('makes a device login on a first visit and sets the session and device cookies', async () => {
    fetchMock.mockResolvedValueOnce(json(201, auth('new-token-0123456789')));
    const { response, visitor } = await run({ 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Chrome/156' }, 'http://localhost/?s=tapp');
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(String(url)).toMatch(/\/api\/v1\/auth\/device-login$/);
    const body = JSON.parse(String(init?.body));
    expect(body).toMatchObject({ device_type: 'web', traffic_source: 'tapp', is_child: false });
    expect(body.device_id).toMatch(/^web-[0-9a-f-]{36}$/);
    expect(new Headers(init?.headers).get('x-api-key')).toBeTruthy();
    const cookies = response.headers.getSetCookie();
    expect(cookies.find((c) => c.startsWith('ekran_token=new-token-0123456789'))).toContain('HttpOnly');
    expect(cookies.find((c) => c.startsWith('ekran_device=web-'))).toBeDefined();
    expect(visitor.token).toBe('new-token-0123456789');
  });

  it('refreshes a stored session without a new login', async () => {
    fetchMock.mockResolvedValueOnce(json(200, auth('old-token-0123456789')));
    const { response, visitor } = await run({ cookie: 'ekran_token=old-token-0123456789; ekran_device=web-abcdefgh' });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(String(fetchMock.mock.calls[0]![0])).toMatch(/\/auth\/refresh$/);
    expect(new Headers(fetchMock.mock.calls[0]![1]?.headers).get('cookie')).toBe('ekran_token=old-token-0123456789');
    expect(response.headers.getSetCookie()).toEqual([]);
    expect(visitor.auth?._id).toBe('u1');
  });

  it('logs the same device in again when the stored session has expired', async () => {
    fetchMock.mockResolvedValueOnce(json(401, { status: 401, code: 'UNAUTHORIZED', message: 'expired' }));
    fetchMock.mockResolvedValueOnce(json(201, auth('fresh-token-0123456789')));
    const { response } = await run({ cookie: 'ekran_token=old-token-0123456789; ekran_device=web-abcdefgh', 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/156.0 Safari/537.36' });
    expect(JSON.parse(String(fetchMock.mock.calls[1]![1]?.body)).device_id).toBe('web-abcdefgh');
    expect(response.headers.getSetCookie()).toEqual([expect.stringMatching(/^ekran_token=fresh-token-0123456789/)]);
  });

  it('creates no user for a crawler', async () => {
    const { visitor } = await run({ 'user-agent': 'Mozilla/5.0 (compatible; YandexBot/3.0; +http://yandex.com/bots)' });
    expect(fetchMock).not.toHaveBeenCalled();
    expect(visitor.auth).toBeNull();
  });

  it('serves the page without a session when the address is over the device-login limit', async () => {
    fetchMock.mockResolvedValueOnce(json(429, { status: 429, code: 'RATE_LIMITED', message: 'too many device logins' }));
    const { response, visitor } = await run({ 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Chrome/156' });
    expect(visitor.auth).toBeNull();
    expect(visitor.token).toBeNull();
    expect(response.headers.getSetCookie().some((c) => c.startsWith('ekran_token='))).toBe(false);
  });

  it('fails the request when the API is down rather than inventing a visitor', async () => {
    fetchMock.mockResolvedValueOnce(json(500, { status: 500, code: 'INTERNAL', message: 'boom' }));
    await expect(run({ cookie: 'ekran_token=old-token-0123456789' })).rejects.toThrow();
  });
});

describe('session middleware: a device removed from the account (issue 3 devices)', () => {
  const removed = () => json(401, { status: 401, code: 'DEVICE_REMOVED', message: 'removed' });
  const browser = { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/156.0 Safari/537.36' };

  it('starts a fresh anonymous session on the same device and reloads the whole page with the notice', async () => {
    fetchMock.mockResolvedValueOnce(removed());
    fetchMock.mockResolvedValueOnce(json(201, auth('fresh-token-0123456789')));
    const r = await run({ cookie: 'ekran_token=old-token-0123456789; ekran_device=web-abcdefgh', ...browser }, 'http://localhost/account/devices?x=1').then(
      () => null,
      (thrown: unknown) => thrown,
    );
    expect(r).toBeInstanceOf(Response);
    const response = r as Response;
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe('/account/devices?x=1');
    // redirectDocument: a client-side data request reloads the document too.
    expect(response.headers.get('x-remix-reload-document')).toBe('true');
    expect(JSON.parse(String(fetchMock.mock.calls[1]![1]?.body)).device_id).toBe('web-abcdefgh');
    const cookies = response.headers.getSetCookie();
    expect(cookies).toEqual([expect.stringMatching(/^ekran_token=fresh-token-0123456789/), expect.stringMatching(/^ekran_notice=device-removed; Path=\/; Max-Age=300;.*HttpOnly/)]);
  });

  it('drops React Router data-request parameters from the page it reloads', async () => {
    fetchMock.mockResolvedValueOnce(removed());
    fetchMock.mockResolvedValueOnce(json(201, auth('fresh-token-0123456789')));
    const thrown = await run({ cookie: 'ekran_token=old-token-0123456789', ...browser }, 'http://localhost/movies?_routes=root,movies&index&page=2').catch((e: unknown) => e);
    expect((thrown as Response).headers.get('location')).toBe('/movies?page=2');
  });

  // The reload's address is the request's: a browser asking for //evil.com must not be sent there.
  it.each([
    ['//evil.com', '/'],
    ['//user@evil.com/x', '/'],
    ['/%2e%2e//evil.com', '/'],
    ['/movies/%D1%84?q=%E2%80%8B', '/movies/%D1%84?q=%E2%80%8B'],
  ])('reloads %s as %s, a path of this site', async (path, location) => {
    fetchMock.mockResolvedValueOnce(removed());
    fetchMock.mockResolvedValueOnce(json(201, auth('fresh-token-0123456789')));
    const thrown = await run({ cookie: 'ekran_token=old-token-0123456789', ...browser }, `http://localhost${path}`).catch((e: unknown) => e);
    expect((thrown as Response).status).toBe(302);
    expect((thrown as Response).headers.get('location')).toBe(location);
  });

  it('shows the notice once: puts it in the visitor and clears its cookie', async () => {
    fetchMock.mockResolvedValueOnce(json(200, auth('fresh-token-0123456789')));
    const { response, visitor } = await run({ cookie: 'ekran_token=fresh-token-0123456789; ekran_notice=device-removed' });
    expect(visitor.notice).toBe('device-removed');
    expect(response.headers.getSetCookie()).toEqual([expect.stringMatching(/^ekran_notice=; Path=\/; Max-Age=0/)]);
  });

  it('passes the notice on through a redirect to the page it leads to', async () => {
    fetchMock.mockResolvedValueOnce(json(200, auth('fresh-token-0123456789')));
    const context = new RouterContextProvider();
    const response = (await sessionMiddleware(
      { request: new Request('http://localhost/account', { headers: { cookie: 'ekran_token=fresh-token-0123456789; ekran_notice=device-removed' } }), context, params: {}, unstable_pattern: '/' } as never,
      async () => new Response(null, { status: 302, headers: { location: '/auth?back=%2Faccount' } }),
    )) as Response;
    expect(response.headers.getSetCookie()).toEqual([]);
  });

  it('ignores an unknown notice', async () => {
    fetchMock.mockResolvedValueOnce(json(200, auth('fresh-token-0123456789')));
    const { visitor } = await run({ cookie: 'ekran_token=fresh-token-0123456789; ekran_notice=something-else' });
    expect(visitor.notice).toBeNull();
  });

  it('keeps a plain expired session quiet (no notice)', async () => {
    fetchMock.mockResolvedValueOnce(json(401, { status: 401, code: 'UNAUTHORIZED', message: 'expired' }));
    fetchMock.mockResolvedValueOnce(json(201, auth('fresh-token-0123456789')));
    const { response, visitor } = await run({ cookie: 'ekran_token=old-token-0123456789; ekran_device=web-abcdefgh', ...browser });
    expect(visitor.notice).toBeNull();
    expect(response.headers.getSetCookie().some((c) => c.startsWith('ekran_notice'))).toBe(false);
  });

  it("forwards the visitor's browser name (the API names devices by it) and knows the device id", async () => {
    fetchMock.mockResolvedValueOnce(json(201, auth('new-token-0123456789')));
    const { visitor } = await run({ cookie: 'ekran_device=web-abcdefgh', ...browser });
    expect(new Headers(fetchMock.mock.calls[0]![1]?.headers).get('user-agent')).toBe(browser['user-agent']);
    expect(visitor.deviceId).toBe('web-abcdefgh');
  });

  it("forwards the page request's id (server.js fixes it) on every API call of the page, so both logs name one request", async () => {
    fetchMock.mockResolvedValueOnce(json(200, auth('old-token-0123456789'))).mockResolvedValueOnce(json(200, { items: [] }));
    const { visitor } = await run({ cookie: 'ekran_token=old-token-0123456789; ekran_device=web-abcdefgh', 'x-request-id': 'b0f3c1d2e4a5968778695a4b3c2d1e0f', ...browser });
    await visitor.api.titles({}).catch(() => undefined); // a loader's call after the refresh
    // The check of the catalogue's revision that kept public answers make now and then is the process's, not the page's.
    const pageCalls = fetchMock.mock.calls.filter(([url]) => !String(url).endsWith('/api/v1/catalog/revision'));
    expect(pageCalls).toHaveLength(2);
    for (const [, init] of pageCalls) expect(new Headers(init?.headers).get('x-request-id')).toBe('b0f3c1d2e4a5968778695a4b3c2d1e0f');
  });

  it('sends no id of its own where the page request has none (react-router dev): the API makes one', async () => {
    fetchMock.mockResolvedValueOnce(json(201, auth('new-token-0123456789')));
    await run({ ...browser });
    expect(new Headers(fetchMock.mock.calls[0]![1]?.headers).has('x-request-id')).toBe(false);
  });
});

describe('readCookie', () => {
  it.each([
    ['a=1; ekran_token=xyz; b=2', 'xyz'],
    ['ekran_token=%D1%8D', 'э'],
    ['other=1', null],
    ['ekran_token=%E0%A4%A', null],
  ])('reads %s', (header, value) => {
    expect(readCookie(header, 'ekran_token')).toBe(value);
  });
});

describe('session middleware: pages for no visitor are public to shared caches (decision 044)', () => {
  const GOOGLEBOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';
  const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) Chrome/156';
  /** The middleware over a page as entry.server.tsx answers it. */
  async function page(headers: Record<string, string>, answer = () => new Response('<!DOCTYPE html>', { headers: { 'content-type': 'text/html' } })) {
    const response = await sessionMiddleware(
      { request: new Request('http://localhost/movies', { headers }), context: new RouterContextProvider(), params: {}, unstable_pattern: '/' } as never,
      async () => answer(),
    );
    return response as Response;
  }

  it("marks a crawler's page public for 60 s, 600 s more while stale, varying on the user agent and the cookies", async () => {
    const response = await page({ 'user-agent': GOOGLEBOT });
    expect(fetchMock).not.toHaveBeenCalled();
    expect(response.headers.get('cache-control')).toBe('public, max-age=0, s-maxage=60, stale-while-revalidate=600');
    expect(response.headers.get('vary')).toBe('User-Agent, Cookie');
  });

  it("leaves a browser's page alone: it made a device login and sets its cookies", async () => {
    fetchMock.mockResolvedValueOnce(json(201, auth('new-token-0123456789')));
    const response = await page({ 'user-agent': BROWSER });
    expect(response.headers.getSetCookie()).not.toEqual([]);
    expect(response.headers.get('cache-control')).toBeNull();
    expect(response.headers.get('vary')).toBeNull();
  });

  it("leaves a returning visitor's page alone", async () => {
    fetchMock.mockResolvedValueOnce(json(200, auth('old-token-0123456789')));
    const response = await page({ 'user-agent': BROWSER, cookie: 'ekran_token=old-token-0123456789' });
    expect(response.headers.get('cache-control')).toBeNull();
  });

  it.each([
    ['a not-found page', () => new Response('<!DOCTYPE html>', { status: 404, headers: { 'content-type': 'text/html' } })],
    ['a data answer of a client navigation', () => new Response('[]', { headers: { 'content-type': 'text/x-script' } })],
    ['a page that sets a cookie', () => new Response('<!DOCTYPE html>', { headers: [['content-type', 'text/html'], ['set-cookie', 'a=b']] })],
    ['a page with a policy of its own', () => new Response('<!DOCTYPE html>', { headers: { 'content-type': 'text/html', 'cache-control': 'no-store' } })],
  ])("does not mark a crawler's %s", async (_name, answer) => {
    const response = await page({ 'user-agent': GOOGLEBOT }, answer);
    expect(response.headers.get('cache-control') ?? '').not.toContain('public');
    expect(response.headers.get('vary')).toBeNull();
  });

  it("marks no crawler's page once the one-time notice cookie is spent on it: the answer clears the cookie", async () => {
    const response = await page({ 'user-agent': GOOGLEBOT, cookie: 'ekran_notice=device-removed' });
    expect(response.headers.get('cache-control')).toBeNull();
  });
});
