import { isUuid } from '@ekran/core';
import { data } from 'react-router';
import type { StopStreamAnswer } from '../../lib/playback-types.ts';
import { ApiCallError } from '../../lib/api.server.ts';
import { visitorContext } from '../../lib/session.server.ts';
import type { Route } from './+types/streams';


/**
 * «Остановить» in the stream-limit dialog: stops one of the account's streams (DELETE /api/v1/streams/:id; the
 * API allows only the account's own streams), so this device can play in its place.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const id = String(form.get('stream_id') ?? '');
  if (form.get('intent') !== 'stop' || !isUuid(id)) return data<StopStreamAnswer>({ error: 'failed' }, { status: 400 });
  try {
    await context.get(visitorContext).api.stopStream(id);
    return data<StopStreamAnswer>({ ok: true });
  } catch (err) {
    if (!(err instanceof ApiCallError) || err.status >= 500) throw err;
    return data<StopStreamAnswer>({ error: err.status === 404 ? 'not-found' : 'failed' }, { status: err.status });
  }
}
