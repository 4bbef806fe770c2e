import { ErrorCode } from '@ekran/contracts';
import { isPersonalRating } from '@ekran/core';
import { z } from 'zod';
import { ApiCallError } from '../../lib/api.server.ts';
import { formFields, parseFormData } from '../../lib/form.server.ts';
import { visitorContext } from '../../lib/session.server.ts';
import type { Route } from './+types/ratings';
import type { RatingResult } from '../../lib/resource-answers.ts';

export type { RatingResult } from '../../lib/resource-answers.ts';

const ALIAS_RE = /^[a-z0-9-]{1,160}$/;
const json = (body: RatingResult, status = 200) => Response.json(body, { status, headers: { 'cache-control': 'private, no-store' } });

const Alias = z.string().regex(ALIAS_RE);
const RatingForm = z.discriminatedUnion('intent', [
  // A whole number written plainly (no sign, point or exponent), then within the rating scale.
  z.object({ intent: z.literal('rate'), alias: Alias, value: z.string().regex(/^\d{1,2}$/).transform(Number).refine(isPersonalRating) }),
  z.object({ intent: z.literal('remove'), alias: Alias }),
]);

/** POST intent=rate with alias and value 1–10, or intent=remove with alias: the profile's own rating of a title. */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const parsed = parseFormData(form, RatingForm);
  // The refusal echoes the alias as posted.
  if (!parsed.success) return json({ ok: false, alias: formFields(form).alias ?? '', error: 'invalid' }, 400);
  const { alias } = parsed.data;
  const { api, auth } = context.get(visitorContext);
  if (!auth || auth.virtual) return json({ ok: false, alias, error: 'auth' }, 401);
  try {
    const state = parsed.data.intent === 'rate' ? await api.rate(alias, parsed.data.value) : await api.removeRating(alias);
    return json({ ok: true, alias, rating: state.rating });
  } catch (err) {
    if (!(err instanceof ApiCallError)) throw err;
    if (err.status === 401 && err.body?.code === ErrorCode.AuthRequired) return json({ ok: false, alias, error: 'auth' }, 401);
    if (err.status === 404) return json({ ok: false, alias, error: 'not_found' }, 404);
    if (err.status === 400) return json({ ok: false, alias, error: 'invalid' }, 400);
    return json({ ok: false, alias, error: 'failed' }, err.status >= 500 ? 502 : err.status);
  }
}
