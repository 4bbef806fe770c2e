// Prometheus metrics of the site's server (server.js), on a listener of their own (METRICS_PORT), never the site's.
import { createServer } from 'node:http';
import { collectDefaultMetrics, Counter, Histogram, Registry } from 'prom-client';

/**
 * What answered a request, for the duration's `kind` label: the /api proxy (`api`), the build's static files
 * (`asset`), React Router's data requests of client navigations (`data`, paths ending in .data), its documents
 * (`page`: an HTML answer or a redirect) and the rest (`other`: resource routes such as robots.txt and the sitemaps).
 * @param {import('express').Request} req
 * @param {import('express').Response} res
 * @returns {'page' | 'data' | 'asset' | 'api' | 'other'}
 */
export function kindOf(req, res) {
  const served = res.locals.requestKind;
  if (served === 'api' || served === 'asset') return served;
  if ((req.originalUrl.split('?')[0] ?? '').endsWith('.data')) return 'data';
  const redirect = res.statusCode >= 300 && res.statusCode < 400;
  return redirect || String(res.getHeader('content-type') ?? '').startsWith('text/html') ? 'page' : 'other';
}

/**
 * Marks the requests `handler` answers as `kind` (kindOf reads it); a request it passes on is not marked.
 * @param {'api' | 'asset'} kind
 * @param {import('express').RequestHandler} handler
 * @returns {import('express').RequestHandler}
 */
export function served(kind, handler) {
  return (req, res, next) => {
    res.locals.requestKind = kind;
    void handler(req, res, (/** @type {unknown} */ err) => {
      delete res.locals.requestKind;
      next(err);
    });
  };
}

/**
 * The site's registry (the process's own metrics and request durations by kind, method and status) and the
 * middleware that times each request until its answer is sent.
 */
export function createMetrics() {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const duration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time to answer a request until its last byte is handed to the network, by kind (page, data, asset, api, other), method and status code',
    labelNames: ['kind', 'method', 'status_code'],
    registers: [registry],
  });
  /**
   * @param {import('express').Request} req
   * @param {import('express').Response} res
   * @param {import('express').NextFunction} next
   * @returns {void}
   */
  const timing = (req, res, next) => {
    const start = process.hrtime.bigint();
    // A request the visitor abandons never finishes and is not counted.
    res.once('finish', () => {
      duration.observe({ kind: kindOf(req, res), method: req.method, status_code: res.statusCode }, Number(process.hrtime.bigint() - start) / 1e9);
    });
    next();
  };
  const cacheLookups = new Counter({
    name: 'cache_lookups_total',
    help: "Lookups of the process's in-memory caches, by cache and result (pages: hit, stale, miss, or pass for what the cache does not keep)",
    labelNames: ['cache', 'result'],
    registers: [registry],
  });
  /**
   * Counts one request the page cache (server/page-cache.js) answered.
   * @param {'hit' | 'stale' | 'miss' | 'pass'} result
   */
  const countPageLookup = (result) => cacheLookups.inc({ cache: 'pages', result });
  return { registry, timing, countPageLookup };
}

/**
 * A listener for Prometheus: `GET /metrics` and nothing else.
 * @param {Registry} registry
 * @param {{ host: string; port: number }} at
 * @returns {Promise<import('node:http').Server>}
 */
export function serveMetrics(registry, at) {
  const server = createServer((req, res) => {
    if (req.method !== 'GET' || req.url?.split('?')[0] !== '/metrics') {
      res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('Not found\n');
      return;
    }
    registry.metrics().then(
      (body) => res.writeHead(200, { 'content-type': registry.contentType }).end(body),
      (/** @type {unknown} */ err) => {
        console.error('web: metrics failed:', err);
        res.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' }).end('Metrics failed\n');
      },
    );
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(at.port, at.host, () => {
      server.off('error', reject);
      resolve(server);
    });
  });
}
