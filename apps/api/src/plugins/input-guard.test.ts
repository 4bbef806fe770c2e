import { ErrorCode, ErrorSchema, MAX_ALIAS_LENGTH } from '@ekran/contracts';
import { sql } from 'drizzle-orm';
import Fastify, { type FastifyInstance, type LightMyRequestResponse } from 'fastify';
import { connect } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, loginDevice, type TestApp } from '../test/harness.ts';
import { errorsPlugin } from './errors.ts';
import { inputGuardPlugin, inputGuardServerOptions, MAX_BODY_DEPTH, MAX_URL_LENGTH } from './input-guard.ts';

/** The answer is this status in the one error shape (status, code, message), the body's status matching. */
function expectError(res: LightMyRequestResponse | { statusCode: number; body: string }, status: number, code: string = ErrorCode.BadRequest) {
  expect(res.statusCode, res.body).toBe(status);
  const body = ErrorSchema.parse(JSON.parse(res.body));
  expect(body).toMatchObject({ status, code });
  return body;
}

/** Sends raw bytes to a listening server and answers the status line and body of its reply. */
async function rawRequest(port: number, head: string): Promise<{ statusCode: number; body: string }> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    let data = '';
    socket.on('data', (chunk) => (data += chunk.toString('utf8')));
    socket.on('error', (err) => (data ? undefined : reject(err)));
    socket.on('close', () => {
      const [headPart = '', ...rest] = data.split('\r\n\r\n');
      resolve({ statusCode: Number(headPart.split(' ')[1]), body: rest.join('\r\n\r\n') });
    });
    socket.write(head);
  });
}

describe('the guard on its own', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = Fastify(inputGuardServerOptions);
    await app.register(errorsPlugin);
    await app.register(inputGuardPlugin);
    app.post('/echo/:id', async (request) => ({ params: request.params, query: request.query, body: request.body }));
    await app.ready();
  });
  afterAll(() => app.close());

  it('keeps tab, line feed and carriage return in body text, and ordinary non-Latin text anywhere', async () => {
    const res = await app.inject({ method: 'POST', url: `/echo/${encodeURIComponent('тест')}?q=${encodeURIComponent('ёжик 😀')}`, payload: { text: 'a\tb\nc\r\nd', name: 'Иван' } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ params: { id: 'тест' }, query: { q: 'ёжик 😀' }, body: { text: 'a\tb\nc\r\nd', name: 'Иван' } });
  });

  it.each([
    ['NUL in body text', { url: '/echo/x', payload: { text: 'a\u0000b' } }, 'body.text'],
    ['another C0 control in body text', { url: '/echo/x', payload: { text: 'a\u001bb' } }, 'body.text'],
    ['NUL deep in the body', { url: '/echo/x', payload: { a: [{ b: ['ok', 'x\u0000'] }] } }, 'body.a.0.b.1'],
    ['NUL in a body key', { url: '/echo/x', payload: { 'a\u0000': 1 } }, 'body'],
    ['NUL in a path parameter', { url: '/echo/a%00b', payload: {} }, 'params.id'],
    ['a line feed in a path parameter', { url: '/echo/a%0Ab', payload: {} }, 'params.id'],
    ['NUL in the query', { url: '/echo/x?q=a%00b', payload: {} }, 'querystring.q'],
    ['a line feed in the query', { url: '/echo/x?back=%2F%0D%0ALocation:%20x', payload: {} }, 'querystring.back'],
    ['NUL in a repeated query key', { url: '/echo/x?q=a&q=%00', payload: {} }, 'querystring.q.1'],
    ['a control character in a header', { url: '/echo/x', payload: {}, headers: { 'x-thing': 'a\u0001b' } }, 'headers.x-thing'],
  ])('refuses %s with 400 naming the field', async (_label, request, path) => {
    const res = await app.inject({ method: 'POST', ...request });
    const body = expectError(res, 400);
    expect(body.details?.[0]?.path).toBe(path);
  });

  it(`refuses a body nested deeper than ${MAX_BODY_DEPTH} levels (10 000 here) and keeps one at the limit`, async () => {
    const deep = (n: number) => '['.repeat(n) + ']'.repeat(n);
    expectError(await app.inject({ method: 'POST', url: '/echo/x', headers: { 'content-type': 'application/json' }, payload: deep(10_000) }), 400);
    expectError(await app.inject({ method: 'POST', url: '/echo/x', headers: { 'content-type': 'application/json' }, payload: deep(MAX_BODY_DEPTH + 1) }), 400);
    expect((await app.inject({ method: 'POST', url: '/echo/x', headers: { 'content-type': 'application/json' }, payload: deep(MAX_BODY_DEPTH) })).statusCode).toBe(200);
  });

  it('answers a malformed %-escape in the path with 400 and an over-long one with 404, in the error shape', async () => {
    expectError(await app.inject({ method: 'POST', url: '/echo/%E0%A4%A', payload: {} }), 400);
    expectError(await app.inject({ method: 'POST', url: '/echo/%ED%A0%80', payload: {} }), 400);
    expectError(await app.inject({ method: 'POST', url: `/echo/${'a'.repeat(MAX_ALIAS_LENGTH + 1)}`, payload: {} }), 404, ErrorCode.NotFound);
    expect((await app.inject({ method: 'POST', url: `/echo/${'a'.repeat(MAX_ALIAS_LENGTH)}`, payload: {} })).statusCode).toBe(200);
  });

  it(`answers a URL over ${MAX_URL_LENGTH} characters with 414 in the error shape`, async () => {
    expectError(await app.inject({ method: 'POST', url: `/echo/x?q=${'a'.repeat(MAX_URL_LENGTH)}`, payload: {} }), 414);
  });
});

describe('bad input on the API', () => {
  let t: TestApp;
  let port: number;
  beforeAll(async () => {
    t = await createTestApp();
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    port = (t.app.server.address() as AddressInfo).port;
  });
  afterAll(() => t?.close());

  // Every operation with an e-mail in its body; PostgreSQL refuses NUL in text, so each answered 500.
  const EMAIL_ROUTES: Array<[string, Record<string, string>]> = [
    ['/api/v1/auth/email/register', { password: 'секретный-пароль' }],
    ['/api/v1/auth/email/login', { password: 'секретный-пароль' }],
    ['/api/v1/auth/password/recovery', {}],
    ['/api/v1/auth/password/reset', { code: '123456', password: 'секретный-пароль' }],
    ['/api/v1/auth/email/confirm-link', { code: '123456' }],
    ['/api/v1/auth/email/resend-link', {}],
    ['/api/v1/coupons/some-coupon/registration', { password: 'секретный-пароль' }],
  ];
  it.each(EMAIL_ROUTES)('POST %s with a NUL in the e-mail is a 400, not a 500', async (url, rest) => {
    const { auth } = await loginDevice(t);
    for (const email of ['a\u0000b@example.ru', '\u0000']) {
      const body = expectError(await t.app.inject({ method: 'POST', url, headers: auth, payload: { ...rest, email } }), 400);
      expect(body.details?.[0]?.path).toBe('body.email');
    }
  });

  it('a NUL in the traffic source of a device sign-in is a 400, not a 500', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/auth/device-login', headers: t.headers, payload: { device_id: 'fuzz-device-0001', device_type: 'web', traffic_source: 'ya\u0000' } });
    expectError(res, 400);
  });

  it('a NUL in the outbox recipient is a 400, not a 500', async () => {
    expectError(await t.app.inject({ url: '/api/v1/dev/outbox?recipient=a%00b%40example.ru', headers: t.headers }), 400);
  });

  it('a NUL in the API key of the query (apikey) is a 400, not a 500', async () => {
    expectError(await t.app.inject({ url: '/api/v1/catalog?apikey=%00' }), 400);
  });

  it.each(['/api/v1/watch', '/api/v1/person', '/api/v1/collections', '/api/v1/selections', '/api/v1/playlists', '/api/v1/genres'])(
    'GET %s/<alias over 100 characters> is a 404 in the error shape',
    async (base) => {
      expectError(await t.app.inject({ url: `${base}/${'a'.repeat(MAX_ALIAS_LENGTH + 1)}`, headers: t.headers }), 404, ErrorCode.NotFound);
      // At the limit the route answers: 404 (no such alias), or 400 where its aliases are shorter (genres).
      const atLimit = await t.app.inject({ url: `${base}/${'a'.repeat(MAX_ALIAS_LENGTH)}`, headers: t.headers });
      expectError(atLimit, atLimit.statusCode === 400 ? 400 : 404, atLimit.statusCode === 400 ? ErrorCode.BadRequest : ErrorCode.NotFound);
    },
  );

  // The site's /movies/page2502 asks for skip = 2501 × 40 = 100 040 (beyond the cap of paged lists).
  it.each([
    '/api/v1/titles?category=movies&limit=40&skip=100040',
    '/api/v1/titles?skip=1e308',
    '/api/v1/titles?skip=9223372036854775808',
    '/api/v1/titles?limit=NaN',
    '/api/v1/collections?skip=100001',
    '/api/v1/account/payment_history?skip=9007199254740991',
    '/api/v2/multiplex/catchups?skip=9007199254740991',
  ])('GET %s (a huge or absurd page) is a 400 in the error shape', async (url) => {
    const user = await t.make.user();
    const { auth } = await t.make.session({ userId: user.id });
    expectError(await t.app.inject({ url, headers: auth }), 400);
  });

  it.each([
    ['a number out of range', sql`select ${'99999999999'}::int as v`],
    ['text that is not a number', sql`select ${'abc'}::int as v`],
    ['a malformed date', sql`select ${'2026-13-45'}::date as v`],
    ['a NUL in text', sql`select ${'a\u0000b'}::text as v`],
  ])('a value the database refuses (%s) that a route let through is a 400, not a 500', async (_label, query) => {
    const app = Fastify();
    await app.register(errorsPlugin);
    app.get('/q', async () => t.db.execute(query));
    try {
      expectError(await app.inject({ url: '/q' }), 400);
    } finally {
      await app.close();
    }
  });

  it('a URL too long for a path (414) and a head over node’s limit (431) answer in the error shape over HTTP', async () => {
    const long = await rawRequest(port, `GET /api/v1/search?q=${'a'.repeat(MAX_URL_LENGTH)} HTTP/1.1\r\nHost: x\r\nx-api-key: ${t.headers['x-api-key']}\r\nConnection: close\r\n\r\n`);
    expectError(long, 414);
    const huge = await rawRequest(port, `GET /api/v1/catalog HTTP/1.1\r\nHost: x\r\nx-big: ${'a'.repeat(20_000)}\r\nConnection: close\r\n\r\n`);
    expectError(huge, 431);
    const broken = await rawRequest(port, `GET /api/v1/catalog HTTP/1.1\r\nHost: x\r\nbad header\r\n\r\n`);
    expectError(broken, 400);
  });
});
