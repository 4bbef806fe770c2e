import { SESSION_COOKIE } from '@ekran/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { forbidden, unauthorized, type AppError } from '../lib/errors.ts';
import type { SessionContext } from '../modules/sessions/session-context.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route resolves the token itself (auth refresh), so the plugin does not look it up twice. */
    readsOwnToken?: boolean;
  }
  interface FastifyRequest {
    /** The caller's session, or null for a call without a valid token. */
    session: SessionContext | null;
    /** Why a token the caller sent has no session (DEVICE_REMOVED or the plain 401); null otherwise. */
    sessionError: AppError | null;
  }
}

/** Options of the session cookie the API sets: httpOnly, SameSite=Lax, Secure behind HTTPS, sliding lifetime. */
export function sessionCookieOptions(env: { COOKIE_SECURE: boolean; SESSION_TTL_DAYS: number }) {
  return { path: '/', httpOnly: true, sameSite: 'lax' as const, secure: env.COOKIE_SECURE, maxAge: env.SESSION_TTL_DAYS * 86_400 };
}

/** The bearer token from Authorization, the auth_token query/body field, or the session cookie. */
export function tokenFrom(request: FastifyRequest): string | undefined {
  const auth = request.headers.authorization;
  if (auth?.startsWith('Bearer ')) return auth.slice(7).trim();
  const q = (request.query as Record<string, unknown> | undefined)?.auth_token;
  if (typeof q === 'string' && q) return q;
  return request.cookies[SESSION_COOKIE];
}

/** Methods that change nothing (RFC 9110 §9.2.1): a page of another origin may cause them freely. */
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Whether a browser sent this state-changing request from a page of another origin. The session cookie is
 * SameSite=Lax, which stops other sites but not another port or subdomain of the same site; a form there can post
 * to /api without a body (a simple request, no preflight) and the cookie rides along. Browsers say where a request
 * comes from in Sec-Fetch-Site (else Origin); the site's server and apps send neither, and are not browsers.
 */
export function isCrossOriginWrite(request: FastifyRequest, siteOrigin: string): boolean {
  if (SAFE_METHODS.has(request.method)) return false;
  const site = request.headers['sec-fetch-site'];
  if (typeof site === 'string') return site !== 'same-origin' && site !== 'none';
  const origin = request.headers.origin;
  if (typeof origin !== 'string') return false;
  return origin !== siteOrigin && origin !== `${request.protocol}://${request.host}`;
}

/** The session of the caller, or 401 (DEVICE_REMOVED when its device was removed from the account). */
export function requireSession(request: FastifyRequest): SessionContext {
  if (!request.session) throw request.sessionError ?? unauthorized();
  return request.session;
}

/** The caller's browser or app, as it names itself (kept short). */
export function userAgentOf(request: FastifyRequest): string | null {
  const ua = request.headers['user-agent'];
  return typeof ua === 'string' && ua.trim() ? ua.trim().slice(0, 512) : null;
}

/**
 * Resolves the caller's session once per request, for every route that may use it: before validation, so
 * the audience check (plugins/audience.ts) refuses a caller before its input is even looked at.
 */
export const sessionPlugin = fp(async (app: FastifyInstance) => {
  const { identity } = app.services;
  app.decorateRequest('session', null);
  app.decorateRequest('sessionError', null);
  app.addHook('preValidation', async (request) => {
    if (request.routeOptions.config?.public || request.routeOptions.config?.readsOwnToken) return;
    const token = tokenFrom(request);
    // A cookie is sent by the browser whoever asks; a token in a header or the query was put there by the caller.
    if (token && token === request.cookies[SESSION_COOKIE] && isCrossOriginWrite(request, app.deps.env.WEB_ORIGIN)) {
      throw forbidden('This request did not come from a page of this site');
    }
    if (token) request.session = await identity.resolveSession(token);
    if (token && !request.session) request.sessionError = await identity.endedSessionError(token);
  });
});
