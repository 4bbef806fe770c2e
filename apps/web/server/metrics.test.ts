// The site's request durations by kind, as server.js wires them, and the listener that serves them.
import express from 'express';
import { createProxyMiddleware } from 'http-proxy-middleware';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMetrics, served, serveMetrics } from './metrics.js';

const listen = (server: Server) => new Promise<string>((resolve) => server.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`)));
const close = (server: Server | undefined) =>
  new Promise((resolve) => {
    if (!server) return resolve(undefined);
    server.close(resolve);
    server.closeAllConnections();
  });

const metrics = createMetrics();
let api: Server;
let site: Server;
let listener: Server;
let url: string;
let metricsUrl: string;
let assets: string;
beforeAll(async () => {
  api = createServer((_req, res) => void res.writeHead(200, { 'content-type': 'application/json' }).end('{}'));
  const apiUrl = await listen(api);
  assets = mkdtempSync(path.join(tmpdir(), 'ekran-assets-'));
  writeFileSync(path.join(assets, 'app.js'), 'console.log(1)');
  // The order of server.js: timing first, the /api proxy, the static files, then React Router (stood in for here).
  const app = express();
  app.use(metrics.timing);
  app.use('/api', served('api', createProxyMiddleware({ target: `${apiUrl}/api` })));
  app.use('/assets', served('asset', express.static(assets)));
  app.use(served('asset', express.static(assets, { index: false })));
  app.get('/movies.data', (_req, res) => void res.type('text/x-script').send('[]'));
  app.get('/robots.txt', (_req, res) => void res.type('text/plain').send('User-agent: *'));
  app.post('/auth', (_req, res) => void res.redirect(302, '/'));
  app.all('/{*splat}', (_req, res) => void res.status(200).type('html').send('<!doctype html>'));
  site = createServer(app);
  url = await listen(site);
  listener = await serveMetrics(metrics.registry, { host: '127.0.0.1', port: 0 });
  metricsUrl = `http://127.0.0.1:${(listener.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await close(listener);
  await close(site);
  await close(api);
  rmSync(assets, { recursive: true, force: true });
});

/** The count of one series of the site's duration histogram. */
async function count(labels: string): Promise<number | undefined> {
  const text = await metrics.registry.metrics();
  const line = text.split('\n').find((l) => l.startsWith(`http_request_duration_seconds_count{${labels}} `));
  return line === undefined ? undefined : Number(line.split(' ').at(-1));
}

describe('request durations of the site', () => {
  it.each([
    ['page', 'GET', '/movies/drama?sort=new', 200],
    ['data', 'GET', '/movies.data?_routes=root', 200],
    ['asset', 'GET', '/assets/app.js', 200],
    ['asset', 'GET', '/app.js', 200],
    ['api', 'GET', '/api/v1/catalog?for_kids=false', 200],
    ['other', 'GET', '/robots.txt', 200],
    ['page', 'POST', '/auth', 302],
  ])('count a %s request (%s %s)', async (kind, method, path, status) => {
    const before = (await count(`kind="${kind}",method="${method}",status_code="${status}"`)) ?? 0;
    const res = await fetch(`${url}${path}`, { method, redirect: 'manual' });
    await res.arrayBuffer();
    expect(res.status).toBe(status);
    // The answer is counted once its last byte is out, a moment after the client has it.
    await expect.poll(() => count(`kind="${kind}",method="${method}",status_code="${status}"`)).toBe(before + 1);
  });

  it('count a file the static files lack as what answered it, not as an asset', async () => {
    const before = { page: (await count('kind="page",method="GET",status_code="200"')) ?? 0, asset: await count('kind="asset",method="GET",status_code="200"') };
    await (await fetch(`${url}/assets/missing.js`)).arrayBuffer(); // the stand-in of React Router renders anything
    await expect.poll(() => count('kind="page",method="GET",status_code="200"')).toBe(before.page + 1);
    expect(await count('kind="asset",method="GET",status_code="200"')).toBe(before.asset);
  });

  it('never name a path', async () => {
    expect(await metrics.registry.metrics()).not.toMatch(/drama|catalog|robots/);
  });
});

describe('the metrics listener of the site', () => {
  it('answers GET /metrics with the durations and the process metrics, anything else 404', async () => {
    const res = await fetch(`${metricsUrl}/metrics`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = await res.text();
    expect(text).toContain('# TYPE http_request_duration_seconds histogram');
    expect(text).toMatch(/^process_cpu_seconds_total \d/m);
    expect((await fetch(`${metricsUrl}/`)).status).toBe(404);
    expect((await fetch(`${metricsUrl}/metrics`, { method: 'POST' })).status).toBe(404);
  });
});
