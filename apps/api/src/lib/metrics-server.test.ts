// The Prometheus listener server.ts starts on METRICS_PORT: GET /metrics and nothing else.
import type { FastifyInstance } from 'fastify';
import type { AddressInfo } from 'node:net';
import { Histogram, Registry } from 'prom-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serveMetrics } from './metrics-server.ts';

const registry = new Registry();
new Histogram({ name: 'http_request_duration_seconds', help: 'test', labelNames: ['route'], registers: [registry] }).observe({ route: '/api/health/live' }, 0.01);

const portOf = (server: FastifyInstance) => (server.server.address() as AddressInfo).port;
let server: FastifyInstance;
let base: string;
beforeAll(async () => {
  server = await serveMetrics(registry, { host: '127.0.0.1', port: 0 });
  base = `http://127.0.0.1:${portOf(server)}`;
});
afterAll(() => server.close());

describe('serveMetrics', () => {
  it('answers GET /metrics with the registry in the text format', async () => {
    const res = await fetch(`${base}/metrics`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(await res.text()).toContain('http_request_duration_seconds_count{route="/api/health/live"} 1');
  });

  it('ignores a query, as scrapers may add one', async () => {
    expect((await fetch(`${base}/metrics?name[]=up`)).status).toBe(200);
  });

  it.each([['GET', '/'], ['GET', '/api/health/live'], ['GET', '/metrics/x'], ['POST', '/metrics']])('answers %s %s with 404', async (method, path) => {
    const res = await fetch(`${base}${path}`, { method });
    expect(res.status).toBe(404);
    await res.body?.cancel();
  });

  it('closes with a scraper connection still kept alive', async () => {
    const other = await serveMetrics(registry, { host: '127.0.0.1', port: 0 });
    await (await fetch(`http://127.0.0.1:${portOf(other)}/metrics`, { keepalive: true })).text();
    await other.close();
    expect(other.server.listening).toBe(false);
  });

  it('refuses a port in use, so the start fails instead of running without metrics', async () => {
    await expect(serveMetrics(registry, { host: '127.0.0.1', port: portOf(server) })).rejects.toMatchObject({ code: 'EADDRINUSE' });
  });
});
