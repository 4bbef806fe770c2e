// The one cross-site request check of the site. The session cookie is SameSite=Lax, which stops other *sites*
// but not another origin of the same site (another port or subdomain of the host): a page there could post a
// form to /profiles/action and set the PIN. React Router checks Origin on page actions only, not on resource
// routes; this middleware, first in the root route's list, runs before every action of the site, pages and
// resource routes alike, and before the session middleware (a refused request makes no device login).
//
// /api/* never reaches it: server.js (and Vite in development) proxies that path to the API before React Router,
// and the API has its own rules for its callers (the web key, its own CORS and session checks).
import type { MiddlewareFunction } from 'react-router';
import { env } from './env.server.ts';

/** Methods that change nothing (RFC 9110 §9.2.1 safe methods): never checked. */
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS', 'TRACE']);

/**
 * Other origins that may post to one path of the site: Sign in with Apple answers by a form POST from its own
 * origin to /token/apple (response_mode=form_post; docs/decisions/007-social-sign-in.md). That action only turns
 * the answer into a GET. react-router.config.ts allows the same origin for React Router's own page check.
 */
const CROSS_ORIGIN_POSTS: Readonly<Record<string, readonly string[]>> = {
  '/token/apple': ['https://appleid.apple.com'],
};

/** The origin of a header value, or null when it is absent, "null" (a sandboxed or opaque page) or not a URL. */
function originOf(value: string | null): string | null {
  if (!value || value === 'null') return null;
  try {
    const origin = new URL(value).origin;
    return origin === 'null' ? null : origin;
  } catch {
    return null;
  }
}

/**
 * Whether a state-changing request comes from a page of this site: its Origin (else, for the rare browser that
 * sends none, its Referer) is the request's own origin or SITE_ORIGIN (the public origin behind a proxy).
 * Neither header, or one of another origin, is refused.
 */
export function isSameOriginRequest(request: Request): boolean {
  if (SAFE_METHODS.has(request.method.toUpperCase())) return true;
  const url = new URL(request.url);
  const from = originOf(request.headers.get('origin')) ?? (request.headers.has('origin') ? null : originOf(request.headers.get('referer')));
  if (!from) return false;
  const own = [url.origin, env.SITE_ORIGIN ? originOf(env.SITE_ORIGIN) : null];
  if (own.includes(from)) return true;
  const path = url.pathname.replace(/\.data$/, '');
  return CROSS_ORIGIN_POSTS[path]?.includes(from) ?? false;
}

/** Refuses a cross-origin state-changing request with a 403 before any action runs. */
export const csrfMiddleware: MiddlewareFunction<Response> = ({ request }, next) => {
  if (isSameOriginRequest(request)) return next();
  return new Response('Forbidden: this request did not come from a page of this site.\n', {
    status: 403,
    headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' },
  });
};
