// The site's headers as server.js sends them: on a page, on an asset, and (through the /api proxy) on an API answer.
import express from 'express';
import { createProxyMiddleware } from 'http-proxy-middleware';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CSP_NONCE_HEADER as APP_NONCE_HEADER } from '../app/lib/csp-nonce.ts';
import { CSP_NONCE_HEADER, securityHeaders } from './security-headers.js';

const listen = (server: Server) => new Promise<string>((resolve) => server.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`)));
const close = (server: Server | undefined) => new Promise((resolve) => (server ? server.close(resolve) : resolve(undefined)));

/** A site as server.js builds it: the /api proxy first, then the headers, assets and pages. */
async function site(production: boolean, api: string) {
  const assets = mkdtempSync(path.join(tmpdir(), 'ekran-assets-'));
  writeFileSync(path.join(assets, 'app.js'), 'console.log(1)');
  const app = express();
  app.use('/api', createProxyMiddleware({ target: `${api}/api` }));
  app.use(securityHeaders({ production, mediaBaseUrl: 'https://media.ekran.example/vod', paymentsUrl: 'https://pay.ekran.example/checkout' }));
  app.use('/assets', express.static(assets));
  // The render: what the page's scripts are given (entry.server.tsx reads the same header).
  app.get('/', (req, res) => void res.type('html').send(`<script nonce="${req.headers[CSP_NONCE_HEADER]}"></script>`));
  const server = createServer(app);
  return { url: await listen(server), server, cleanup: () => rmSync(assets, { recursive: true, force: true }) };
}

let api: Server;
let dev: Awaited<ReturnType<typeof site>>;
let prod: Awaited<ReturnType<typeof site>>;
beforeAll(async () => {
  api = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json', 'content-security-policy': "default-src 'none';frame-ancestors 'none'" });
    res.end('{"ok":true}');
  });
  const apiUrl = await listen(api);
  dev = await site(false, apiUrl);
  prod = await site(true, apiUrl);
});
afterAll(async () => {
  await Promise.all([close(api), close(dev?.server), close(prod?.server)]);
  dev?.cleanup();
  prod?.cleanup();
});

const csp = (res: Response) => Object.fromEntries((res.headers.get('content-security-policy') ?? '').split(';').map((d) => d.trim().split(/\s+/)).map(([name, ...values]) => [name, values]));

describe('security headers of the site', () => {
  it('a page: a nonce policy whose nonce is the one its scripts carry, fresh on every request', async () => {
    const first = await fetch(`${dev.url}/`, { headers: { [CSP_NONCE_HEADER]: 'chosen-by-the-browser-000' } });
    const policy = csp(first);
    const nonce = (await first.text()).match(/nonce="([^"]+)"/)![1]!;
    expect(nonce).not.toBe('chosen-by-the-browser-000');
    expect(policy['script-src']).toEqual([`'nonce-${nonce}'`, "'strict-dynamic'"]);
    const second = csp(await fetch(`${dev.url}/`));
    expect(second['script-src']![0]).not.toBe(`'nonce-${nonce}'`);
    expect(policy).toMatchObject({
      'default-src': ["'self'"],
      'img-src': ["'self'", 'data:', 'blob:', 'https:', 'https://media.ekran.example'],
      'media-src': ["'self'", 'blob:', 'data:', 'https://media.ekran.example'],
      'connect-src': ["'self'", 'https://media.ekran.example'],
      'worker-src': ["'self'", 'blob:'],
      'form-action': ["'self'", 'https://pay.ekran.example'],
      'frame-ancestors': ["'none'"],
      'object-src': ["'none'"],
      'base-uri': ["'self'"],
    });
    expect(first.headers.get('x-frame-options')).toBe('DENY');
    expect(first.headers.get('x-content-type-options')).toBe('nosniff');
    expect(first.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(first.headers.get('strict-transport-security')).toBeNull(); // development: plain HTTP
  });

  it('HSTS in production only', async () => {
    const res = await fetch(`${prod.url}/`);
    expect(res.headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains');
  });

  it('an asset gets the same headers', async () => {
    const res = await fetch(`${prod.url}/assets/app.js`);
    expect(res.status).toBe(200);
    expect(csp(res)['frame-ancestors']).toEqual(["'none'"]);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('x-frame-options')).toBe('DENY');
  });

  it('an API answer keeps the API’s own stricter policy', async () => {
    const res = await fetch(`${prod.url}/api/v1/catalog`);
    expect(await res.json()).toEqual({ ok: true });
    expect(res.headers.get('content-security-policy')).toBe("default-src 'none';frame-ancestors 'none'");
  });

  it('the render reads the nonce from the header server.js writes', () => {
    expect(APP_NONCE_HEADER).toBe(CSP_NONCE_HEADER);
  });
});
