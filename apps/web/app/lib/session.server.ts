import { DEVICE_COOKIE, SESSION_COOKIE, type AuthData } from '@ekran/contracts';
import { isbot } from 'isbot';
import { createContext, type MiddlewareFunction } from 'react-router';
import { ApiCallError, createApi, type Api } from './api.server.ts';
import { env } from './env.server.ts';

/** The visitor of this request: auth data (null for crawlers), the token, and an API client bound to it. */
export interface Visitor {
  auth: AuthData | null;
  token: string | null;
  api: Api;
}
export const visitorContext = createContext<Visitor>();

const YEAR_S = 365 * 86_400;

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
/** The Set-Cookie that removes the session token (after a sign-out). */
export const clearedSessionCookie = () => cookie(SESSION_COOKIE, '', 0, true);

function cookie(name: string, value: string, maxAge: number, httpOnly: boolean) {
  return `${name}=${encodeURIComponent(value)}; Path=/; Max-Age=${maxAge}; SameSite=Lax${httpOnly ? '; HttpOnly' : ''}${env.COOKIE_SECURE ? '; Secure' : ''}`;
}

/**
 * spec platform §4 Session: refresh the stored session; otherwise make a device id and a device login
 * creates a virtual user. It happens on the server during the first page render, so there is no visible
 * delay. Crawlers get no session (they would create a user per request).
 */
export const sessionMiddleware: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  const cookies = request.headers.get('cookie');
  const existing = readCookie(cookies, SESSION_COOKIE);
  const setCookies: string[] = [];
  let auth: AuthData | null = null;
  let token: string | null = null;

  if (existing) {
    try {
      auth = await createApi(existing).refresh();
      token = existing;
    } catch (err) {
      if (!(err instanceof ApiCallError) || err.status !== 401) throw err;
    }
  }
  if (!auth && !isbot(request.headers.get('user-agent'))) {
    let deviceId = readCookie(cookies, DEVICE_COOKIE);
    if (!deviceId || !/^[A-Za-z0-9._:-]{8,128}$/.test(deviceId)) {
      deviceId = `web-${crypto.randomUUID()}`;
      setCookies.push(cookie(DEVICE_COOKIE, deviceId, 10 * YEAR_S, false));
    }
    const url = new URL(request.url);
    auth = await createApi(null).deviceLogin({
      device_id: deviceId,
      device_type: 'web',
      traffic_source: url.searchParams.get('s'), // spec platform §4 Traffic source: query parameter s
      is_child: false,
    });
    token = auth.authentication_token;
    setCookies.push(sessionCookie(token));
  }

  context.set(visitorContext, { auth, token, api: createApi(token) });
  const response = await next();
  for (const c of setCookies) response.headers.append('Set-Cookie', c);
  return response;
};
