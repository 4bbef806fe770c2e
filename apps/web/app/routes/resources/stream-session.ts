import { ErrorCode, HeartbeatRequestSchema, type ApiError } from '@ekran/contracts';
import { isUuid } from '@ekran/core';
import { ApiCallError } from '../../lib/api.server.ts';
import { visitorContext } from '../../lib/session.server.ts';
import type { Route } from './+types/stream-session';

// The player's stream session goes through the site (the session cookie stays httpOnly and
// the web API key is added here): POST /resources/stream/{id}/heartbeat with a HeartbeatRequest, and
// POST or DELETE /resources/stream/{id}/stop (POST, since navigator.sendBeacon can only POST).

const PRIVATE = { 'cache-control': 'private, no-store' };
const STREAM_ID_RE = /^[A-Za-z0-9_-]{1,64}$/;

const fail = (status: number, code: string, message: string, extra: Partial<ApiError> = {}) =>
  Response.json({ status, code, message, ...extra }, { status, headers: PRIVATE });

/** The API's refusal passed on as it is (the player reads code and stream_limit), a 5xx as 502. */
function passOn(err: ApiCallError) {
  if (err.status >= 500) return fail(502, ErrorCode.Unavailable, 'The stream service is unavailable');
  const body = err.body;
  return fail(err.status, body?.code ?? ErrorCode.BadRequest, body?.message ?? '', body?.stream_limit ? { stream_limit: body.stream_limit } : {});
}

export async function action({ params, request, context }: Route.ActionArgs) {
  const { id, op } = params;
  if (!STREAM_ID_RE.test(id) || (op !== 'heartbeat' && op !== 'stop')) return fail(404, ErrorCode.NotFound, 'No such stream action');
  const { api, auth } = context.get(visitorContext);
  if (!auth) return fail(401, ErrorCode.Unauthorized, 'No session');
  try {
    if (op === 'stop') {
      if (request.method !== 'POST' && request.method !== 'DELETE') return fail(405, ErrorCode.BadRequest, 'POST or DELETE');
      // The item the player played and its first grant's expiry: a late stop (the previous episode's, or the same
      // title's before a reload) must not end the newer player's stream.
      const query = new URL(request.url).searchParams;
      const uid = query.get('uid');
      const exp = query.get('exp');
      await api.stopStream(id, uid && isUuid(uid) ? uid : undefined, exp && /^[0-9]{1,11}$/.test(exp) ? Number(exp) : undefined);
      return new Response(null, { status: 204, headers: PRIVATE });
    }
    if (request.method !== 'POST') return fail(405, ErrorCode.BadRequest, 'POST');
    const parsed = HeartbeatRequestSchema.safeParse(await request.json().catch(() => undefined));
    if (!parsed.success) return fail(400, ErrorCode.BadRequest, 'A heartbeat is {uid, position?, playing}');
    return Response.json(await api.streamHeartbeat(id, parsed.data), { headers: PRIVATE });
  } catch (err) {
    if (err instanceof ApiCallError) return passOn(err);
    throw err;
  }
}
