// The one way the site sends a browser elsewhere. Every redirect of apps/web is made here (ESLint refuses
// `redirect` and `redirectDocument` imported from react-router anywhere else), so an address taken from the
// request (a `back` parameter, the /ru/ rewrite, the page a removed device reloads) can only lead to a path of
// this site, and the Location header is always ASCII (a non-Latin-1 header value makes the Fetch API throw, a 500).
import { redirect, redirectDocument } from 'react-router';

/** A placeholder origin to resolve against: what matters is that the result stays on it. */
const HERE = 'http://site.invalid';
/** Longer targets are not a return address anyone typed; refusing them keeps the Location header small. */
const MAX_TARGET = 2048;

/**
 * The target as a path of this site (path, query, fragment), percent-encoded the way a browser would send it
 * (encodeURI-style: non-ASCII as UTF-8 %XX), or null when it is not one. Refused: anything not starting with a
 * single '/', protocol-relative '//host' and '/\host' (browsers read a backslash as a slash), control characters
 * (the URL parser silently drops tab and newline, so '/\t/evil.com' would become '//evil.com'), lone surrogates (no UTF-8 for them),
 * and a path that normalises to '//…' ('/%2e%2e//evil.com'). spec platform §5 Return-to-source: only a path of
 * this site is followed.
 */
export function sitePath(target: unknown): string | null {
  if (typeof target !== 'string' || target.length === 0 || target.length > MAX_TARGET) return null;
  if (target[0] !== '/' || target[1] === '/' || target[1] === '\\') return null;
  if (/[\\\p{Cc}\p{Cs}]/u.test(target)) return null;
  let url: URL;
  try {
    url = new URL(target, HERE);
  } catch {
    return null;
  }
  if (url.origin !== HERE || url.username !== '' || url.password !== '' || url.pathname.startsWith('//')) return null;
  const path = `${url.pathname}${url.search}${url.hash}`;
  // The URL serialiser has escaped everything outside printable ASCII; checked again so no header can throw.
  return /^\/[\x21-\x7e]*$/.test(path) ? path : null;
}

/** The target when it is a path of this site (see sitePath), else the fallback (itself checked, else '/'). */
export function safePath(target: unknown, fallback = '/'): string {
  return sitePath(target) ?? sitePath(fallback) ?? '/';
}

type RedirectInit = number | ResponseInit;

/** A redirect (302 unless told) to a path of this site: the target when safe, else the fallback. */
export function safeRedirect(target: unknown, init?: RedirectInit, fallback = '/'): Response {
  return redirect(safePath(target, fallback), init);
}

/** Like safeRedirect, but the browser loads the whole document (a client-side data request included). */
export function safeRedirectDocument(target: unknown, init?: RedirectInit, fallback = '/'): Response {
  return redirectDocument(safePath(target, fallback), init);
}

/**
 * A redirect to another site that this server chose, never the request: the payment host's link or a provider's
 * page as the API answered it. Only http(s), serialised by the URL parser (so ASCII). Throws on anything else,
 * which the callers have already refused with their own message.
 */
export function offSiteRedirect(target: URL | string, init?: RedirectInit): Response {
  const url = new URL(target);
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new TypeError(`not a web address: ${url.protocol}`);
  return redirect(url.toString(), init);
}
