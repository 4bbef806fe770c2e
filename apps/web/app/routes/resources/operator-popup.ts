import { data } from 'react-router';
import { ApiCallError } from '../../lib/api.server.ts';
import { visitorContext } from '../../lib/session.server.ts';
import type { Route } from './+types/operator-popup';

/**
 * POST popup=got_money|info|no_app: the operator customer closed an informing popup (it is not shown again; no_app,
 * Not again in the country the viewer is in).
 */
export async function action({ request, context }: Route.ActionArgs) {
  const popup = String((await request.formData()).get('popup') ?? '');
  if (popup !== 'got_money' && popup !== 'info' && popup !== 'no_app') return data({ ok: false }, { status: 400 });
  try {
    await context.get(visitorContext).api.operatorPopupSeen(popup);
  } catch (err) {
    if (err instanceof ApiCallError && err.status < 500) return data({ ok: false }, { status: err.status });
    throw err;
  }
  return { ok: true };
}
