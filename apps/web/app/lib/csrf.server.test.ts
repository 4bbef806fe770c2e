import { createRequestHandler, type ServerBuild } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import config from '../../react-router.config.ts';
import { middleware } from '../root.tsx';
import * as favorites from '../routes/resources/favorites.ts';
import * as profilesAction from '../routes/profiles/profiles-action.ts';
import { isSameOriginRequest } from './csrf.server.ts';

const auth = {
  _id: 'u1', profile_id: 'p1', email: 'a@b.ru', phone: null, virtual: false, profile_for_child: false, current_country_code: 'RU',
  need_credentials: false, apple_id: null, google_id: null, apple_info: { email: null }, vk_info: { email: null, phone: null },
  devices: [], subscriptions: [], externals: [], ab: [], tags: [], language: { interface: 'ru' }, authentication_token: 'token-0123456789abcdef',
  partner: { name: null }, pin_status: 'none', trial_is_available: true, mf_info: { is_mf: false, mf_pop_up: null },
};

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => {
  fetchMock.mockReset();
  // The API: the session refresh answers the account; any other call (the PIN, a favourite) succeeds empty.
  fetchMock.mockImplementation(async (input) => {
    const url = String(input instanceof Request ? input.url : input);
    if (url.includes('/auth/refresh') || url.includes('/auth/me')) return Response.json(auth);
    return new Response('null', { status: 200, headers: { 'content-type': 'application/json' } });
  });
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

/** A server build of the real root middleware and two real resource routes, handled by React Router itself. */
const pageAction = vi.fn(async () => ({ ok: true }));
const build = {
  routes: {
    page: { id: 'page', parentId: 'root', path: 'logout', module: { action: pageAction, default: () => null } },
    root: { id: 'root', path: '', module: { middleware, default: () => null } },
    'profiles-action': { id: 'profiles-action', parentId: 'root', path: 'profiles/action', module: profilesAction },
    favorites: { id: 'favorites', parentId: 'root', path: 'resources/favorites', module: favorites },
  },
  entry: { module: { default: () => new Response('document') } },
  assets: { url: '/manifest.js', version: '1', entry: { module: '/entry.js', imports: [] }, routes: {} },
  publicPath: '/',
  assetsBuildDirectory: 'build/client',
  future: { v8_middleware: true },
  ssr: true,
  isSpaMode: false,
  prerender: [],
  routeDiscovery: { mode: 'lazy', manifestPath: '/__manifest' },
  allowedActionOrigins: config.allowedActionOrigins,
} as unknown as ServerBuild;
const handle = createRequestHandler(build, 'production');

const apiCalls = () => fetchMock.mock.calls.map(([input]) => new URL(String(input instanceof Request ? input.url : input)).pathname);

function post(path: string, headers: Record<string, string>, body: Record<string, string>) {
  return handle(
    new Request(`http://localhost:3000${path}`, {
      method: 'POST',
      headers: { cookie: 'ekran_token=token-0123456789abcdef', 'user-agent': 'Mozilla/5.0 Chrome/156', ...headers },
      body: new URLSearchParams(body),
    }),
  );
}

describe('CSRF: every state-changing request of the site, resource routes included', () => {
  it.each([
    ['another port of the same site', { origin: 'http://localhost:3001' }],
    ['another site', { origin: 'https://evil.example' }],
    ['an opaque origin (sandboxed page)', { origin: 'null' }],
    ['a cross-origin Referer and no Origin', { referer: 'http://localhost:3001/attack.html' }],
    ['neither Origin nor Referer', {}],
  ])('refuses a PIN set from %s with 403 and calls nothing', async (_what, headers) => {
    const res = await post('/profiles/action', headers, { intent: 'pin-create', pin: '6666' });
    expect(res.status).toBe(403);
    expect(await res.text()).toMatch(/did not come from a page of this site/);
    expect(apiCalls()).toEqual([]);
  });

  it('refuses a favourite added from another origin', async () => {
    const res = await post('/resources/favorites', { origin: 'http://localhost:3001' }, { intent: 'add', alias: 'tayna' });
    expect(res.status).toBe(403);
    expect(apiCalls()).toEqual([]);
  });

  it.each(['/logout', '/logout.data'])('refuses a page action (%s) from another origin with the same 403, its action never run', async (path) => {
    pageAction.mockClear();
    const res = await post(path, { origin: 'http://localhost:3001' }, { intent: 'x' });
    expect(res.status).toBe(403);
    expect(pageAction).not.toHaveBeenCalled();
    expect(apiCalls()).toEqual([]);
  });

  it.each([
    ['its own Origin', { origin: 'http://localhost:3000' }],
    ['its own Referer when the browser sent no Origin', { referer: 'http://localhost:3000/movies' }],
  ])('accepts the PIN set with %s', async (_what, headers) => {
    const res = await post('/profiles/action', headers, { intent: 'pin-create', pin: '6666' });
    expect(res.status).toBe(200);
    expect(apiCalls()).toContain('/api/v1/pin');
  });

});

describe('isSameOriginRequest', () => {
  const req = (path: string, headers: Record<string, string>, method = 'POST') => new Request(`http://localhost:3000${path}`, { method, headers });

  it('lets Sign in with Apple post its answer to /token/apple only', () => {
    expect(isSameOriginRequest(req('/token/apple', { origin: 'https://appleid.apple.com' }))).toBe(true);
    expect(isSameOriginRequest(req('/token/apple.data', { origin: 'https://appleid.apple.com' }))).toBe(true);
    expect(isSameOriginRequest(req('/profiles/action', { origin: 'https://appleid.apple.com' }))).toBe(false);
  });

  it('does not fall back to the Referer when an Origin was sent', () => {
    expect(isSameOriginRequest(req('/profiles/action', { origin: 'https://evil.example', referer: 'http://localhost:3000/' }))).toBe(false);
  });

  it.each(['GET', 'HEAD'])('lets %s through whatever its origin (it changes nothing)', (method) => {
    expect(isSameOriginRequest(req('/resources/favorites', { origin: 'https://evil.example' }, method))).toBe(true);
  });

  it.each(['DELETE', 'PUT', 'PATCH'])('checks %s too', (method) => {
    expect(isSameOriginRequest(req('/resources/favorites', { origin: 'https://evil.example' }, method))).toBe(false);
  });
});
