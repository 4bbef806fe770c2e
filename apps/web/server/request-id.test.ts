// The request id as server.js fixes it: kept from nginx when sane, else made; passed on by the /api proxy, answered.
import express from 'express';
import { createProxyMiddleware } from 'http-proxy-middleware';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REQUEST_ID_HEADER as APP_REQUEST_ID_HEADER } from '../app/lib/request-id.server.ts';
import { REQUEST_ID_HEADER, requestId, requestIdOf } from './request-id.js';

const listen = (server: Server) => new Promise<string>((resolve) => server.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`)));
const close = (server: Server | undefined) => new Promise((resolve) => (server ? server.close(resolve) : resolve(undefined)));
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

let api: Server;
let site: Server;
let url: string;
/** What the API got last, and what the page's render saw. */
let apiSaw: IncomingHttpHeaders = {};
beforeAll(async () => {
  api = createServer((req, res) => {
    apiSaw = req.headers;
    res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
  });
  const apiUrl = await listen(api);
  const app = express();
  app.use(requestId);
  app.use('/api', createProxyMiddleware({ target: `${apiUrl}/api` }));
  app.get('/', (req, res) => void res.type('text').send(String(req.headers[APP_REQUEST_ID_HEADER])));
  site = createServer(app);
  url = await listen(site);
});
afterAll(async () => {
  await close(site);
  await close(api);
});

describe('requestIdOf', () => {
  it.each([
    ["nginx's $request_id", 'b0f3c1d2e4a5968778695a4b3c2d1e0f'],
    ['a UUID', '0d9c3e1a-2b4f-4c6d-8e7f-1a2b3c4d5e6f'],
    ['a token with dots and underscores', 'web-1.req_00000042'],
  ])('keeps %s', (_what, id) => expect(requestIdOf(id)).toBe(id));

  it.each([
    ['nothing', undefined],
    ['spaces', 'id with spaces'],
    ['a line break', 'abcdefgh\nforged'],
    ['300 characters', 'a'.repeat(300)],
    ['7 characters', 'abcdefg'],
    ['a repeated header', ['abcdefgh1', 'abcdefgh2']],
  ])('makes a UUID in place of %s', (_what, incoming) => expect(requestIdOf(incoming)).toMatch(UUID));

  it('is the header the app reads', () => expect(REQUEST_ID_HEADER).toBe(APP_REQUEST_ID_HEADER));
});

describe('the request id middleware', () => {
  it("keeps nginx's id: the render reads it, the answer carries it", async () => {
    const res = await fetch(url, { headers: { 'x-request-id': 'b0f3c1d2e4a5968778695a4b3c2d1e0f' } });
    expect(res.headers.get('x-request-id')).toBe('b0f3c1d2e4a5968778695a4b3c2d1e0f');
    expect(await res.text()).toBe('b0f3c1d2e4a5968778695a4b3c2d1e0f');
  });

  it('replaces a bad id, and the render and the answer get the same new one', async () => {
    const res = await fetch(url, { headers: { 'x-request-id': 'x'.repeat(300) } });
    const id = res.headers.get('x-request-id');
    expect(id).toMatch(UUID);
    expect(await res.text()).toBe(id);
  });

  it('passes the id through the /api proxy to the API', async () => {
    const res = await fetch(`${url}/api/v1/catalog`, { headers: { 'x-request-id': 'proxied-request-0001' } });
    await res.text();
    expect(apiSaw['x-request-id']).toBe('proxied-request-0001');
    expect(res.headers.get('x-request-id')).toBe('proxied-request-0001');

    const made = await fetch(`${url}/api/v1/catalog`);
    await made.text();
    expect(apiSaw['x-request-id']).toMatch(UUID);
    expect(made.headers.get('x-request-id')).toBe(apiSaw['x-request-id']);
  });
});
