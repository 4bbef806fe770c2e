// The production web server: the server-rendered site, its static assets, and /api/* proxied to the API,
// so the browser talks to one origin.
import './server-env.js';
import { createRequestHandler } from '@react-router/express';
import { createRequestHandler as createFetchRequestHandler } from 'react-router';
import compression from 'compression';
import express from 'express';
import { createProxyMiddleware } from 'http-proxy-middleware';
import { forwardDrainListenerRemoval } from './server/drain.js';
import { createMetrics, served, serveMetrics } from './server/metrics.js';
import { createPageCache } from './server/page-cache.js';
import { REQUEST_ID_HEADER, requestId } from './server/request-id.js';
import { securityHeaders } from './server/security-headers.js';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const PORT = Number(process.env.PORT ?? 3000);
const HOST = process.env.HOST ?? '0.0.0.0';
const API_URL = process.env.API_URL ?? 'http://127.0.0.1:4000';
// Validated by server-env.js.
const METRICS_PORT = process.env.METRICS_PORT ? Number(process.env.METRICS_PORT) : null;
const METRICS_HOST = process.env.METRICS_HOST || '127.0.0.1';
const PAGE_CACHE_SECONDS = Number(process.env.PAGE_CACHE_SECONDS || 60);
const PAGE_CACHE_MAX_MB = Number(process.env.PAGE_CACHE_MAX_MB || 64);
const PAGE_CACHE_REVISION_SECONDS = Number(process.env.PAGE_CACHE_REVISION_SECONDS || 2);
if (!Number.isInteger(PORT) || PORT < 1 || PORT > 65535) {
  console.error(`Invalid web settings:\n  PORT: must be a port number, got ${process.env.PORT}`);
  process.exit(1);
}
try {
  new URL(API_URL);
} catch {
  console.error(`Invalid web settings:\n  API_URL: must be a URL, got ${API_URL}`);
  process.exit(1);
}

const app = express();
app.disable('x-powered-by');
// X-Forwarded-For is believed only from these peers (a reverse proxy in front); by default the loopback.
app.set('trust proxy', process.env.TRUST_PROXY ?? 'loopback');

// First: the request's id (kept from nginx or made here), which the proxy and the loaders pass on to the API, then
// the clock of its duration.
const metrics = createMetrics();
app.use(requestId);
app.use(metrics.timing);

// Media and JSON are streamed as the API sends them; compress only what we render.
app.use(
  '/api',
  served(
    'api',
    createProxyMiddleware({
      target: `${API_URL.replace(/\/$/, '')}/api`,
      changeOrigin: false,
      xfwd: true,
      proxyTimeout: 30_000,
      on: {
        error: (err, req, res) => {
          console.error(`web: request ${req.headers[REQUEST_ID_HEADER]}: /api proxy: ${err.message}`);
          if ('writeHead' in res && !res.headersSent) {
            res.writeHead(502, { 'content-type': 'application/json' });
            res.end(JSON.stringify({ status: 502, code: 'UNAVAILABLE', message: 'The API is not reachable' }));
          }
        },
      },
    }),
  ),
);

// After the proxy: API answers keep the API's own headers (a policy that lets nothing load). Pages, resource routes
// and assets get the site's (server/security-headers.js).
app.use(
  securityHeaders({
    production: process.env.NODE_ENV === 'production',
    // Where media are served from when a CDN or nginx serves them (the API's setting of the same name).
    mediaBaseUrl: process.env.MEDIA_BASE_URL,
    // Where browsers open the payment page (the sandbox host's setting of the same name; CloudPayments' page when
    // PAYMENTS_PROVIDER=cloudpayments).
    paymentsUrl: process.env.PAYMENTS_PUBLIC_URL ?? 'http://localhost:4100',
  }),
);
app.use(compression());
app.use(forwardDrainListenerRemoval);
// Hashed build assets never change.
app.use('/assets', served('asset', express.static(path.join(here, 'build/client/assets'), { immutable: true, maxAge: '1y' })));
// Every file of the public folder has an extension and no page's address does: a page goes on to React Router without
// a look at the disk (and the not-found error `send` builds for it), a sixth of a cached page's time.
const publicFiles = served('asset', express.static(path.join(here, 'build/client'), { maxAge: '1h', index: false }));
app.use((req, res, next) => (path.extname(req.path) ? publicFiles(req, res, next) : next()));

// Loaders call the API from this server: they pass the visitor's address on (api.server.ts), so the API's
// per-address limits count visitors, not this server. Always overwritten, so a browser cannot choose it.
app.use((req, _res, next) => {
  req.headers['x-ekran-client-ip'] = req.ip ?? '';
  next();
});

const build = await import(path.join(here, 'build/server/index.js'));
const mode = process.env.NODE_ENV ?? 'production';
// Pages rendered for nobody in particular (a crawler's) from memory, dropped when the catalogue changes
// (server/page-cache.js, decision 044); everything else, and every visitor with a session, goes on to React Router.
const pageCache = createPageCache({
  handler: createFetchRequestHandler(build, mode),
  enabled: PAGE_CACHE_SECONDS > 0,
  maxBytes: PAGE_CACHE_MAX_MB * 1024 * 1024,
  revision: catalogRevision,
  revisionSeconds: PAGE_CACHE_REVISION_SECONDS,
  onLookup: metrics.countPageLookup,
});
app.use(pageCache.middleware);
app.all('/{*splat}', createRequestHandler({ build, mode }));

/**
 * The catalogue's revision from the API (keep the path in step with @ekran/contracts ApiRoute.catalogRevision); a
 * public route, asked without the site's key.
 * @returns {Promise<number>}
 */
async function catalogRevision() {
  const res = await fetch(`${API_URL.replace(/\/$/, '')}/api/v1/catalog/revision`, { signal: AbortSignal.timeout(2_000) });
  if (!res.ok) throw new Error(`the API answered ${res.status}`);
  const body = /** @type {{ revision?: unknown }} */ (await res.json());
  if (typeof body.revision !== 'number') throw new Error('the API answered no revision');
  return body.revision;
}

const server = app.listen(PORT, HOST, () => {
  console.log(`web: listening on http://${HOST === '0.0.0.0' ? 'localhost' : HOST}:${PORT} (API at ${API_URL})`);
});
server.on('error', (err) => {
  if (/** @type {NodeJS.ErrnoException} */ (err).code === 'EADDRINUSE') {
    console.error(`web: port ${PORT} is in use; set PORT to another port`);
  } else {
    console.error(err);
  }
  process.exit(1);
});

// Prometheus scrapes this process on a port of its own (server/metrics.js); never the site's port.
const metricsServer = METRICS_PORT
  ? await serveMetrics(metrics.registry, { host: METRICS_HOST, port: METRICS_PORT }).catch((/** @type {NodeJS.ErrnoException} */ err) => {
      console.error(`web: metrics cannot listen on ${METRICS_HOST}:${METRICS_PORT} (METRICS_HOST, METRICS_PORT): ${err.code ?? err.message}`);
      process.exit(1);
    })
  : null;

const shutdown = () => {
  metricsServer?.close();
  metricsServer?.closeAllConnections();
  server.close(() => process.exit(0));
  setTimeout(() => process.exit(1), 10_000).unref();
};
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);
