import { analyticsEvents } from '@ekran/db';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, loginDevice, type TestApp } from '../../test/harness.ts';
import { EVENTS_PER_MINUTE } from './analytics.routes.ts';

let t: TestApp;
let visitor: Awaited<ReturnType<typeof loginDevice>>;

beforeAll(async () => {
  t = await createTestApp();
  visitor = await loginDevice(t);
});
afterAll(() => t.close());

// What apps/web/app/lib/analytics.ts sends for a breadcrumb click (spec platform §7: block breadcrumbs,
// product id, element id and text).
const click = (n: number, o: Record<string, unknown> = {}) => ({
  action_id: 'click',
  event_time: 1_795_000_000 + n,
  sequence_number: n,
  block_type: 'breadcrumbs',
  element_type: 'link',
  element_id: '/movies',
  element_text: 'Фильмы',
  product_id: 'tayna-mayaka',
  ...o,
});
// The browser has only its session cookie: no API key.
const cookieOf = (v: { token: string }) => ({ cookie: `ekran_token=${v.token}` });
const post = (payload: unknown, headers: Record<string, string> = cookieOf(visitor), contentType = 'application/json') =>
  t.app.inject({ method: 'POST', url: '/api/v1/events', headers: { ...headers, 'content-type': contentType }, payload: typeof payload === 'string' ? payload : JSON.stringify(payload) });
const rowsOf = (sessionAccount: string) => t.db.select().from(analyticsEvents).where(eq(analyticsEvents.accountId, sessionAccount)).orderBy(asc(analyticsEvents.id));

describe('POST /api/v1/events', () => {
  it('stores a batch with the session’s account, profile and session and the server’s time; 204', async () => {
    const res = await post({ events: [click(1), click(2, { block_type: 'filters', element_type: 'genre', element_id: 'drama', element_text: 'Драма', product_id: undefined })] });
    expect(res.statusCode, res.body).toBe(204);
    expect(res.body).toBe('');
    const rows = await rowsOf(visitor._id);
    expect(rows).toHaveLength(2);
    expect(rows[0]).toMatchObject({
      accountId: visitor._id,
      profileId: visitor.profile_id,
      actionId: 'click',
      blockType: 'breadcrumbs',
      elementId: '/movies',
      elementText: 'Фильмы',
      productId: 'tayna-mayaka',
      sequenceNumber: 1,
      eventTime: new Date(1_795_000_001 * 1000),
      receivedAt: t.clock.now,
    });
    expect(rows[0]!.sessionId).toEqual(expect.any(String));
    expect(rows[1]).toMatchObject({ blockType: 'filters', elementType: 'genre', elementId: 'drama', productId: null });
  });

  it('accepts the text/plain body a beacon may send', async () => {
    const other = await loginDevice(t);
    const res = await post(JSON.stringify({ events: [click(3)] }), cookieOf(other), 'text/plain;charset=UTF-8');
    expect(res.statusCode, res.body).toBe(204);
    expect(await rowsOf(other._id)).toHaveLength(1);
  });

  it.each([
    ['no events', { events: [] }],
    ['51 events', { events: Array.from({ length: 51 }, (_, i) => click(i)) }],
    ['a missing action_id', { events: [{ ...click(1), action_id: undefined }] }],
    ['an action_id with spaces', { events: [click(1, { action_id: 'drop table' })] }],
    ['an element text over 500 characters', { events: [click(1, { element_text: 'я'.repeat(501) })] }],
    ['event_time in milliseconds', { events: [click(1, { event_time: Date.now() })] }],
    ['a negative sequence number', { events: [click(1, { sequence_number: -1 })] }],
    ['no events field', { clicks: [click(1)] }],
  ])('answers 400 for %s and stores nothing', async (_name, payload) => {
    const other = await loginDevice(t);
    const res = await post(payload, cookieOf(other));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ status: 400, code: 'BAD_REQUEST' });
    expect(await rowsOf(other._id)).toHaveLength(0);
  });

  it('answers 400 for a text/plain body that is not JSON', async () => {
    expect((await post('events=1', cookieOf(visitor), 'text/plain')).statusCode).toBe(400);
  });

  it('answers 413 for a body over the limit', async () => {
    const res = await post({ events: [click(1, { action_attributes_str: 'x'.repeat(200_000) })] });
    expect(res.statusCode).toBe(413);
  });

  it('answers 401 without a session or with an unknown token', async () => {
    expect((await post({ events: [click(1)] }, {})).statusCode).toBe(401);
    expect((await post({ events: [click(1)] }, { cookie: 'ekran_token=0123456789abcdef0123456789abcdef' })).statusCode).toBe(401);
  });

  it(`limits a session to ${EVENTS_PER_MINUTE} batches a minute`, async () => {
    const busy = await loginDevice(t);
    const statuses: number[] = [];
    for (let i = 0; i <= EVENTS_PER_MINUTE; i++) statuses.push((await post({ events: [click(i)] }, cookieOf(busy))).statusCode);
    expect(statuses.slice(0, EVENTS_PER_MINUTE).every((s) => s === 204)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
    expect(await rowsOf(busy._id)).toHaveLength(EVENTS_PER_MINUTE);
    // Another session is not affected.
    expect((await post({ events: [click(1)] }, cookieOf(await loginDevice(t)))).statusCode).toBe(204);
  });
});
