// The site's security headers (production server only; `react-router dev` sends none, so vite's HMR and its
// inline preamble work untouched). docs/decisions/034-production-guards-and-headers.md
import { randomBytes } from 'node:crypto';
import helmet from 'helmet';

/** Keep in step with app/lib/csp-nonce.ts: the header the render reads its nonce from. */
export const CSP_NONCE_HEADER = 'x-ekran-csp-nonce';

/**
 * The origin of an absolute http(s) URL, else null (a path such as /api/media is this site).
 * @param {string | undefined} url
 * @returns {string | null}
 */
export function originOf(url) {
  if (!url || !/^https?:\/\//i.test(url)) return null;
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
}

/**
 * The Content-Security-Policy directives of the site's pages, for helmet. Scripts run only with this response's
 * nonce ('strict-dynamic' lets them load the route chunks and hls.js they import). What pages load:
 * - images: the site (posters from /api/images), data: (inline SVG), blob:, and https: (the TV guide's
 *   programme images come from wherever the XMLTV source points);
 * - media and requests: the site (/api, /api/media), blob: (hls.js feeds MediaSource from blob: URLs), data:
 *   media (the player's tiny probes), and the origin of MEDIA_BASE_URL when media come from a CDN or nginx;
 * - workers: the service worker (/sw.js) and hls.js's blob: worker;
 * - styles: the site's files and inline styles (React style props, the grid's <style>); scripts are the risk;
 * - forms: this site, and the payment host, where a form submitted without JavaScript is redirected.
 * @param {{ mediaBaseUrl?: string | undefined; paymentsUrl?: string | undefined }} settings
 */
export function cspDirectives({ mediaBaseUrl, paymentsUrl }) {
  const media = [originOf(mediaBaseUrl)].filter((o) => o !== null);
  const payments = [originOf(paymentsUrl)].filter((o) => o !== null);
  return {
    defaultSrc: ["'self'"],
    scriptSrc: [
      /** @param {import('node:http').IncomingMessage} _req @param {import('node:http').ServerResponse} res */
      (_req, res) => `'nonce-${/** @type {import('express').Response} */ (res).locals.cspNonce}'`,
      "'strict-dynamic'",
    ],
    styleSrc: ["'self'", "'unsafe-inline'"],
    imgSrc: ["'self'", 'data:', 'blob:', 'https:', ...media],
    mediaSrc: ["'self'", 'blob:', 'data:', ...media],
    connectSrc: ["'self'", ...media],
    fontSrc: ["'self'", 'data:'],
    workerSrc: ["'self'", 'blob:'],
    manifestSrc: ["'self'"],
    formAction: ["'self'", ...payments],
    frameAncestors: ["'none'"],
    baseUri: ["'self'"],
    objectSrc: ["'none'"],
  };
}

/**
 * Middleware for every answer of the site (pages, resource routes, assets): a fresh nonce per request, handed to
 * the render in CSP_NONCE_HEADER (overwriting any a browser sent), and helmet's headers: the CSP above,
 * X-Frame-Options DENY, nosniff, Referrer-Policy strict-origin-when-cross-origin, and HSTS in production.
 * @param {{ production: boolean; mediaBaseUrl?: string | undefined; paymentsUrl?: string | undefined }} settings
 * @returns {import('express').RequestHandler[]}
 */
export function securityHeaders({ production, mediaBaseUrl, paymentsUrl }) {
  return [
    (req, res, next) => {
      res.locals.cspNonce = randomBytes(16).toString('base64');
      req.headers[CSP_NONCE_HEADER] = res.locals.cspNonce;
      next();
    },
    helmet({
      contentSecurityPolicy: { useDefaults: false, directives: cspDirectives({ mediaBaseUrl, paymentsUrl }) },
      xFrameOptions: { action: 'deny' },
      referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
      crossOriginResourcePolicy: { policy: 'same-site' },
      strictTransportSecurity: production ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    }),
  ];
}
