import { isUuid } from '@ekran/core';
import { data } from 'react-router';
import { z } from 'zod';
import type { StopStreamAnswer } from '../../lib/playback-types.ts';
import { ApiCallError } from '../../lib/api.server.ts';
import { parseForm } from '../../lib/form.server.ts';
import { visitorContext } from '../../lib/session.server.ts';
import type { Route } from './+types/streams';


const StopForm = z.object({ intent: z.literal('stop'), stream_id: z.string().refine(isUuid) });

/**
 * «Остановить» in the stream-limit dialog: stops one of the account's streams (DELETE /api/v1/streams/:id; the
 * API allows only the account's own streams), so this device can play in its place.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const parsed = await parseForm(request, StopForm);
  if (!parsed.success) return data<StopStreamAnswer>({ error: 'failed' }, { status: 400 });
  const id = parsed.data.stream_id;
  try {
    await context.get(visitorContext).api.stopStream(id);
    return data<StopStreamAnswer>({ ok: true });
  } catch (err) {
    if (!(err instanceof ApiCallError) || err.status >= 500) throw err;
    return data<StopStreamAnswer>({ error: err.status === 404 ? 'not-found' : 'failed' }, { status: err.status });
  }
}
