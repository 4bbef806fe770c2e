import { ErrorCode } from '@ekran/contracts';
import { isPersonalRating } from '@ekran/core';
import { ApiCallError } from '../../lib/api.server.ts';
import { visitorContext } from '../../lib/session.server.ts';
import type { Route } from './+types/ratings';
import type { RatingResult } from '../../lib/resource-answers.ts';

export type { RatingResult } from '../../lib/resource-answers.ts';

const ALIAS_RE = /^[a-z0-9-]{1,160}$/;
const json = (body: RatingResult, status = 200) => Response.json(body, { status, headers: { 'cache-control': 'private, no-store' } });

/** POST intent=rate with alias and value 1–10, or intent=remove with alias: the profile's own rating of a title. */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const intent = form.get('intent');
  const alias = String(form.get('alias') ?? '');
  const rawValue = String(form.get('value') ?? '');
  const value = /^\d{1,2}$/.test(rawValue) ? Number(rawValue) : NaN;
  if (!ALIAS_RE.test(alias) || (intent !== 'rate' && intent !== 'remove') || (intent === 'rate' && !isPersonalRating(value))) {
    return json({ ok: false, alias, error: 'invalid' }, 400);
  }
  const { api, auth } = context.get(visitorContext);
  if (!auth || auth.virtual) return json({ ok: false, alias, error: 'auth' }, 401);
  try {
    const state = intent === 'rate' ? await api.rate(alias, value) : await api.removeRating(alias);
    return json({ ok: true, alias, rating: state.rating });
  } catch (err) {
    if (!(err instanceof ApiCallError)) throw err;
    if (err.status === 401 && err.body?.code === ErrorCode.AuthRequired) return json({ ok: false, alias, error: 'auth' }, 401);
    if (err.status === 404) return json({ ok: false, alias, error: 'not_found' }, 404);
    if (err.status === 400) return json({ ok: false, alias, error: 'invalid' }, 400);
    return json({ ok: false, alias, error: 'failed' }, err.status >= 500 ? 502 : err.status);
  }
}
