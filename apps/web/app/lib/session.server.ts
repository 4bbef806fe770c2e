import { DEVICE_COOKIE, ErrorCode, SESSION_COOKIE, type AuthData } from '@ekran/contracts';
import { DEFAULT_TV_TZ, parseTvTz, TV_TZ_COOKIE } from '@ekran/core';
import { isbot } from 'isbot';
import { createContext, type MiddlewareFunction } from 'react-router';
import { ApiCallError, CLIENT_IP_HEADER, createApi, type Api } from './api.server.ts';
import { plainCookie } from './cookies.server.ts';
import { requestIdOf } from './request-id.server.ts';
import { env } from './env.server.ts';
import { safeRedirectDocument } from './safe-redirect.ts';
import { markForSharedCache } from './shared-cache.server.ts';

/** The visitor of this request: auth data (null for crawlers), the token, and an API client bound to it. */
export interface Visitor {
  auth: AuthData | null;
  token: string | null;
  api: Api;
  /** The browser's device id (the ekran_device cookie), when it has one. */
  deviceId?: string | null;
  /**
   * The viewer's tz hour offset (spec platform §7 tz) from the browser's cookie, Moscow until the browser has said
   * (root.tsx useViewerTz). The TV guide's times and days are in it.
   */
  tz: number;
  /** A one-time notice for this page: the device was removed from the account elsewhere. */
  notice?: VisitorNotice | null;
}
export type VisitorNotice = 'device-removed';

/** The cookie that carries a one-time notice across the reload that follows a session change. */
export const NOTICE_COOKIE = 'ekran_notice';
const NOTICES: readonly VisitorNotice[] = ['device-removed'];
export const visitorContext = createContext<Visitor>();

const YEAR_S = 365 * 86_400;
/** Files for crawlers, answered without a session (no device login for whoever fetches them). */
const SESSIONLESS_PATH = /^\/(robots\.txt|sitemap\.xml|sitemaps\/[^/]+\.xml)$/;

/** Reads one cookie from a Cookie header. */
export function readCookie(header: string | null, name: string): string | null {
  if (!header) return null;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) {
      try {
        return decodeURIComponent(part.slice(eq + 1).trim());
      } catch {
        return null;
      }
    }
  }
  return null;
}

/** The Set-Cookie of a session token (after a sign-in), httpOnly and SameSite=Lax. */
export const sessionCookie = (token: string) => cookie(SESSION_COOKIE, token, 90 * 86_400, true);
/** The Set-Cookie of the browser's device id (not httpOnly: it names the device, it proves nothing). */
export const deviceCookie = (deviceId: string) => cookie(DEVICE_COOKIE, deviceId, 10 * YEAR_S, false);
/** The Set-Cookie that removes the session token (after a sign-out). */
export const clearedSessionCookie = () => cookie(SESSION_COOKIE, '', 0, true);

const cookie = (name: string, value: string, maxAgeSeconds: number, httpOnly: boolean) => plainCookie(name, value, { maxAgeSeconds, httpOnly });

/**
 * spec platform §4 Session: refresh the stored session; otherwise make a device id and a device login
 * creates a virtual user. It happens on the server during the first page render, so there is no visible
 * delay. Crawlers get no session (they would create a user per request).
 */
export const sessionMiddleware: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  const cookies = request.headers.get('cookie');
  const existing = readCookie(cookies, SESSION_COOKIE);
  const userAgent = request.headers.get('user-agent');
  // Set by server.js from the connection (and trusted proxies only); a browser cannot choose it.
  const ip = request.headers.get(CLIENT_IP_HEADER);
  const client = { userAgent, ip, requestId: requestIdOf(request) };
  // Robots.txt and the sitemaps are the same for everyone and need no visitor.
  if (SESSIONLESS_PATH.test(new URL(request.url).pathname)) {
    context.set(visitorContext, { auth: null, token: null, api: createApi(null, { ...client, shared: true }), tz: DEFAULT_TV_TZ });
    return next();
  }
  const setCookies: string[] = [];
  let auth: AuthData | null = null;
  let token: string | null = null;
  let deviceRemoved = false;
  let deviceId = readCookie(cookies, DEVICE_COOKIE);
  if (deviceId && !/^[A-Za-z0-9._:-]{8,128}$/.test(deviceId)) deviceId = null;

  if (existing) {
    try {
      auth = await createApi(existing, client).refresh();
      token = existing;
    } catch (err) {
      if (!(err instanceof ApiCallError) || err.status !== 401) throw err;
      // The account removed this device elsewhere; say so once, after a fresh start.
      deviceRemoved = err.body?.code === ErrorCode.DeviceRemoved;
    }
  }
  if (!auth && !isbot(userAgent)) {
    if (!deviceId) {
      deviceId = `web-${crypto.randomUUID()}`;
      setCookies.push(deviceCookie(deviceId));
    }
    const url = new URL(request.url);
    try {
      auth = await createApi(null, client).deviceLogin({
        device_id: deviceId,
        device_type: 'web',
        traffic_source: trafficSourceOf(url.searchParams.get('s')), // spec platform §4 Traffic source: query parameter s
        is_child: false,
      });
      token = auth.authentication_token;
      setCookies.push(sessionCookie(token));
    } catch (err) {
      // An address over the API's device-login limit (decision 033; many viewers behind one carrier NAT) still
      // gets the page, as a crawler does, without a session; a later page tries again.
      if (!(err instanceof ApiCallError) || err.status !== 429) throw err;
    }
  }
  if (deviceRemoved) {
    // The page in the browser still shows the account: reload the whole document (also when this is a
    // client-side data request) as the new anonymous visitor, with the notice for the deleted-device popup. The
    // page's address comes from the request: //evil.com is no page of this site, so that reload goes home.
    setCookies.push(cookie(NOTICE_COOKIE, 'device-removed', 300, true));
    throw safeRedirectDocument(pageUrlOf(request), { headers: setCookies.map((c) => ['Set-Cookie', c] as [string, string]) });
  }
  const notice = NOTICES.find((n) => n === readCookie(cookies, NOTICE_COOKIE)) ?? null;

  const tz = parseTvTz(readCookie(cookies, TV_TZ_COOKIE)) ?? DEFAULT_TV_TZ;
  // A child profile's catalogue answers are scoped by its age cap: it neither reads nor fills the shared answers.
  const shared = !auth?.profile_for_child;
  context.set(visitorContext, { auth, token, api: createApi(token, { ...client, deviceId, shared }), deviceId, notice, tz });
  const response = await next();
  for (const c of setCookies) response.headers.append('Set-Cookie', c);
  // The notice is spent once a page shows it; a redirect (the account page sending the now anonymous
  // visitor to /auth) passes it on to the page it leads to.
  const isRedirect = response.status >= 300 && response.status < 400;
  if (readCookie(cookies, NOTICE_COOKIE) !== null && !isRedirect) response.headers.append('Set-Cookie', cookie(NOTICE_COOKIE, '', 0, true));
  // A page rendered for no visitor (a crawler's, or a browser's the API's device-login limit refused) carries
  // nothing personal: shared caches may keep it (decision 044).
  if (!auth && !token) markForSharedCache(response, { seconds: env.PAGE_CACHE_SECONDS, staleSeconds: env.PAGE_CACHE_STALE_SECONDS });
  return response;
};

/**
 * The traffic source as the API takes it (contracts DeviceLoginRequest: at most 64 characters), or none. A longer
 * or control-character value is no campaign's label; sending it on would fail the visitor's first page.
 */
export function trafficSourceOf(s: string | null): string | null {
  const v = s?.trim();
  return v && v.length <= 64 && !/[\p{Cc}\p{Cs}]/u.test(v) ? v : null;
}

/** The address of the page a request is for, without React Router's data-request parameters. */
function pageUrlOf(request: Request): string {
  const url = new URL(request.url);
  url.searchParams.delete('_routes');
  url.searchParams.delete('index');
  return `${url.pathname.replace(/\.data$/, '').replace(/\/_root$/, '/') || '/'}${url.search}`;
}
