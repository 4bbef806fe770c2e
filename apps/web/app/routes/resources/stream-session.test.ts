// The player's stream session through the site: POST /resources/stream/{id}/heartbeat and
// POST|DELETE /resources/stream/{id}/stop.
import { describe, expect, it, vi } from 'vitest';
import { ApiCallError } from '../../lib/api.server.ts';
import { contextWith } from '../../test/visitor.ts';
import { action } from './stream-session.ts';

const SIGNED_IN = { auth: { virtual: true } as never };
const ANONYMOUS = { auth: null };
const UID = '0b7c2f7e-8f7a-4c7e-9d3a-2b1f0c9d8e7a';
const HEARTBEAT = { url: '/api/media/s/2/st/S/aurora/master.m3u8', media_prefix: '/api/media/s/2/st/S/aurora/', expires_at: '2030-01-01T00:00:00.000Z', heartbeat_interval_seconds: 30 };

const run = async (api: object, params: { id: string; op: string }, init: RequestInit = { method: 'POST' }, visitor: object = SIGNED_IN) => {
  const res = await action({ request: new Request(`http://localhost/resources/stream/${params.id}/${params.op}`, init), context: contextWith(api, visitor), params } as never);
  const text = await res.text();
  return { status: res.status, body: text ? (JSON.parse(text) as unknown) : null, cache: res.headers.get('cache-control') };
};
const beat = (body: unknown) => ({ method: 'POST', body: JSON.stringify(body), headers: { 'content-type': 'application/json' } });

describe('/resources/stream/{id}/heartbeat', () => {
  it('passes the heartbeat to the API and answers the fresh signed prefix, never cached', async () => {
    const streamHeartbeat = vi.fn().mockResolvedValue(HEARTBEAT);
    expect(await run({ streamHeartbeat }, { id: 'st-1', op: 'heartbeat' }, beat({ uid: UID, position: 12.5, playing: false }))).toEqual({ status: 200, body: HEARTBEAT, cache: 'private, no-store' });
    expect(streamHeartbeat).toHaveBeenCalledWith('st-1', { uid: UID, position: 12.5, playing: false });
  });

  it.each([
    ['no body', undefined],
    ['not a uuid', JSON.stringify({ uid: 'aurora', position: 1 })],
    ['a negative position', JSON.stringify({ uid: UID, position: -1 })],
    ['not JSON', '{uid'],
  ])('answers 400 for %s and calls nothing', async (_what, body) => {
    const streamHeartbeat = vi.fn();
    expect(await run({ streamHeartbeat }, { id: 'st-1', op: 'heartbeat' }, { method: 'POST', ...(body ? { body } : {}) })).toMatchObject({ status: 400, body: { code: 'BAD_REQUEST' } });
    expect(streamHeartbeat).not.toHaveBeenCalled();
  });

  it('answers 404 for a bad stream id or action, 401 without a session, 405 for GET-like methods', async () => {
    const streamHeartbeat = vi.fn();
    expect((await run({ streamHeartbeat }, { id: '../x', op: 'heartbeat' }, beat({ uid: UID }))).status).toBe(404);
    expect((await run({ streamHeartbeat }, { id: 'st-1', op: 'restart' }, beat({ uid: UID }))).status).toBe(404);
    expect((await run({ streamHeartbeat }, { id: 'st-1', op: 'heartbeat' }, beat({ uid: UID }), ANONYMOUS)).status).toBe(401);
    expect((await run({ streamHeartbeat }, { id: 'st-1', op: 'heartbeat' }, { method: 'PUT', body: JSON.stringify({ uid: UID }) })).status).toBe(405);
    expect(streamHeartbeat).not.toHaveBeenCalled();
  });

  it('passes on the refusals the player acts on, with the live streams, and a 5xx as 502', async () => {
    const streamLimit = { limit: 1, items: [{ id: 'st-2', device_name: 'Chrome, Windows', device_type: 'web', title: 'Аврора', started_at: '2026-11-22T10:00:00.000Z', last_seen_at: '2026-11-22T10:05:00.000Z', is_current: false }] };
    const limit = new ApiCallError(403, { status: 403, code: 'STREAM_LIMIT_EXCEEDED', message: 'Too many streams', stream_limit: streamLimit });
    expect(await run({ streamHeartbeat: vi.fn().mockRejectedValue(limit) }, { id: 'st-1', op: 'heartbeat' }, beat({ uid: UID }))).toMatchObject({
      status: 403,
      body: { code: 'STREAM_LIMIT_EXCEEDED', message: 'Too many streams', stream_limit: streamLimit },
    });
    const stopped = new ApiCallError(410, { status: 410, code: 'STREAM_STOPPED', message: 'Stopped' });
    expect(await run({ streamHeartbeat: vi.fn().mockRejectedValue(stopped) }, { id: 'st-1', op: 'heartbeat' }, beat({ uid: UID }))).toMatchObject({ status: 410, body: { code: 'STREAM_STOPPED' } });
    expect(await run({ streamHeartbeat: vi.fn().mockRejectedValue(new ApiCallError(503, null)) }, { id: 'st-1', op: 'heartbeat' }, beat({ uid: UID }))).toMatchObject({ status: 502 });
  });
});

describe('/resources/stream/{id}/stop', () => {
  it.each(['POST', 'DELETE'])('%s stops the stream (POST is what a beacon sends)', async (method) => {
    const stopStream = vi.fn().mockResolvedValue(null);
    expect(await run({ stopStream }, { id: 'st-1', op: 'stop' }, { method })).toEqual({ status: 204, body: null, cache: 'private, no-store' });
    expect(stopStream).toHaveBeenCalledWith('st-1', undefined, undefined);
  });

  it('passes on the item the player played and its grant expiry (a late stop changes nothing), when well formed', async () => {
    const stopStream = vi.fn().mockResolvedValue(null);
    const stopWith = (query: string) =>
      action({ request: new Request(`http://localhost/resources/stream/st-1/stop${query}`, { method: 'POST' }), context: contextWith({ stopStream }, SIGNED_IN), params: { id: 'st-1', op: 'stop' } } as never);
    expect((await stopWith(`?uid=${UID}&exp=1800000300`)).status).toBe(204);
    expect(stopStream).toHaveBeenLastCalledWith('st-1', UID, 1800000300);
    expect((await stopWith('?uid=../../x&exp=soon')).status).toBe(204);
    expect(stopStream).toHaveBeenLastCalledWith('st-1', undefined, undefined);
  });

  it('passes on a 404 of another account’s stream', async () => {
    const stopStream = vi.fn().mockRejectedValue(new ApiCallError(404, { status: 404, code: 'NOT_FOUND', message: 'No such stream' }));
    expect(await run({ stopStream }, { id: 'st-9', op: 'stop' })).toMatchObject({ status: 404, body: { code: 'NOT_FOUND' } });
  });
});
