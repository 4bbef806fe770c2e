// The id every request carries (plugins/request-id.ts): nginx's or the site's when sane, else a new one, in every
// answer (and, through Fastify, as reqId on every log line of the request).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('request ids', () => {
  const live = (headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url: '/api/health/live', headers });
  const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

  it("keeps a sane incoming id (nginx's $request_id) and answers with it", async () => {
    const id = 'b0f3c1d2e4a5968778695a4b3c2d1e0f';
    expect((await live({ 'x-request-id': id })).headers['x-request-id']).toBe(id);
    expect((await live({ 'x-request-id': 'web-1.request_ID-42' })).headers['x-request-id']).toBe('web-1.request_ID-42');
  });

  it.each([
    ['spaces', 'id with spaces in it'],
    ['a forged log line', 'abcdefgh"}\\n{"level":60'],
    ['300 characters', 'a'.repeat(300)],
    ['too short', 'abc'],
    ['empty', ''],
  ])('replaces an id with %s by a fresh UUID', async (_what, id) => {
    const answer = (await live({ 'x-request-id': id })).headers['x-request-id'];
    expect(answer).toMatch(UUID);
    expect(answer).not.toBe(id);
  });

  it('gives a request without one a fresh UUID, another each time', async () => {
    const [a, b] = [(await live()).headers['x-request-id'], (await live()).headers['x-request-id']];
    expect(a).toMatch(UUID);
    expect(b).toMatch(UUID);
    expect(a).not.toBe(b);
  });

  it('names refused requests too', async () => {
    const refused = await t.app.inject({ method: 'GET', url: '/api/v1/titles', headers: { 'x-request-id': 'refused-request-0001' } });
    expect(refused.statusCode).toBe(401); // no API key
    expect(refused.headers['x-request-id']).toBe('refused-request-0001');
    const unmatched = await t.app.inject({ method: 'GET', url: '/api/nowhere', headers: { 'x-request-id': 'unmatched-request-0001' } });
    expect(unmatched.statusCode).toBe(404);
    expect(unmatched.headers['x-request-id']).toBe('unmatched-request-0001');
    // A malformed path is answered before any hook (plugins/input-guard.ts).
    const malformed = await t.app.inject({ method: 'GET', url: '/api/v1/watch/%E0%A4%A', headers: { ...t.headers, 'x-request-id': 'malformed-request-0001' } });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.headers['x-request-id']).toBe('malformed-request-0001');
  });
});
