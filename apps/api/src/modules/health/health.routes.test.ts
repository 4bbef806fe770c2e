import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('health and the API document', () => {
  it('answers liveness and readiness without an API key', async () => {
    expect((await t.app.inject('/api/health/live')).json()).toEqual({ status: 'ok' });
    const ready = await t.app.inject('/api/health/ready');
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ok', checks: { database: 'ok' } });
  });

  it('reports 503 when the database does not answer', async () => {
    const ping = t.database.ping;
    t.database.ping = () => Promise.reject(new Error('down'));
    try {
      const res = await t.app.inject('/api/health/ready');
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ status: 'unavailable', checks: { database: 'unreachable' } });
    } finally {
      t.database.ping = ping;
    }
  });

  it('serves the OpenAPI document with the API paths', async () => {
    const doc = (await t.app.inject('/api/openapi.json')).json();
    expect(doc.openapi).toMatch(/^3\./);
    for (const p of ['/api/v1/auth/device-login', '/api/v1/auth/refresh', '/api/v1/catalog', '/api/v1/watch/{alias}', '/api/v1/playback/{uid}']) {
      expect(Object.keys(doc.paths)).toContain(p);
    }
    // Every $ref points at a schema the document holds (named schemas become components).
    const refs = [...JSON.stringify(doc).matchAll(/"\$ref":"#\/components\/schemas\/([^"]+)"/g)].map((m) => m[1]!);
    expect(refs.length).toBeGreaterThan(10);
    for (const name of new Set(refs)) expect(doc.components.schemas, name).toHaveProperty([name]);
    expect(doc.components.schemas).toHaveProperty(['AuthData']);
  });

  it('answers an unknown route with the one error shape', async () => {
    const res = await t.app.inject({ url: '/api/v1/nope', headers: t.headers });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ status: 404, code: 'NOT_FOUND', message: 'Route GET /api/v1/nope not found' });
  });

  it('never sends a stack trace for a malformed JSON body', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/device-login',
      headers: { ...t.headers, 'content-type': 'application/json' },
      payload: '{"device_id":',
    });
    expect(res.statusCode).toBe(400);
    expect(res.body).not.toMatch(/at .*\.(js|ts):\d+/);
    expect(res.json()).toMatchObject({ status: 400, code: 'BAD_REQUEST' });
  });
});
