import { ALIAS_PATTERN } from '@ekran/core';
import { ErrorCode } from '@ekran/contracts';
import { z } from 'zod';
import { ApiCallError } from '../../lib/api.server.ts';
import { formFields, parseFormData } from '../../lib/form.server.ts';
import { visitorContext } from '../../lib/session.server.ts';
import type { FavoriteResult } from './favorites.ts';
import type { Route } from './+types/favorite-channels';

const PRIVATE = { 'cache-control': 'private, no-store' };
const answer = (result: FavoriteResult, status = 200) => Response.json(result, { status, headers: PRIVATE });
const FavoriteChannelForm = z.object({ intent: z.enum(['add', 'remove']), alias: z.string().max(80).regex(ALIAS_PATTERN) });

/**
 * The star of a channel card and of a channel page (spec platform §7 GET profile favorite channels, RU only).
 * POST `intent=add|remove`, `alias` → PUT or DELETE /api/v1/profile/favorite-channels/{alias} (both idempotent), with
 * the answer the title's favorite button reads (resources/favorites.ts FavoriteResult): ok with the new state; auth
 * for an anonymous visitor (the no-auth favorites popup); not_found for a channel the profile may not see (a child
 * profile's adult channel); invalid; failed (nothing changed, the star goes back).
 */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const parsed = parseFormData(form, FavoriteChannelForm);
  // The refusal echoes the alias as posted.
  if (!parsed.success) return answer({ ok: false, alias: formFields(form).alias ?? '', error: 'invalid' }, 400);
  const { intent, alias } = parsed.data;
  const { api, auth } = context.get(visitorContext);
  if (!auth || auth.virtual) return answer({ ok: false, alias, error: 'auth' }, 401);
  try {
    const state = intent === 'add' ? await api.addFavoriteChannel(alias) : await api.removeFavoriteChannel(alias);
    return answer({ ok: true, alias: state.alias, isFavorite: state.is_favorite });
  } catch (err) {
    if (!(err instanceof ApiCallError)) throw err;
    if (err.status === 401 && err.body?.code === ErrorCode.AuthRequired) return answer({ ok: false, alias, error: 'auth' }, 401);
    if (err.status === 404) return answer({ ok: false, alias, error: 'not_found' }, 404);
    if (err.status === 400) return answer({ ok: false, alias, error: 'invalid' }, 400);
    // Outside RU (geo_error) and anything else: nothing changed.
    return answer({ ok: false, alias, error: 'failed' }, err.status >= 500 ? 502 : err.status);
  }
}
