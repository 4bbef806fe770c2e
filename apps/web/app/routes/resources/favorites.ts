import { ErrorCode } from '@ekran/contracts';
import { z } from 'zod';
import { ApiCallError } from '../../lib/api.server.ts';
import { formFields, parseFormData } from '../../lib/form.server.ts';
import { visitorContext } from '../../lib/session.server.ts';
import type { Route } from './+types/favorites';
import type { FavoriteResult } from '../../lib/resource-answers.ts';

export type { FavoriteError, FavoriteResult } from '../../lib/resource-answers.ts';

const ALIAS_RE = /^[a-z0-9-]{1,160}$/;
const PRIVATE = { 'cache-control': 'private, no-store' };
// Plain JSON (not React Router's data): the banner action and fetchers read it alike.
const answer = (result: FavoriteResult, status = 200) => Response.json(result, { status, headers: PRIVATE });

/** GET: the aliases of the profile's favorites, so cards can show their button pressed. */
export async function loader({ context }: Route.LoaderArgs) {
  const { api, auth } = context.get(visitorContext);
  if (!auth || auth.virtual) return Response.json({ aliases: [] }, { headers: PRIVATE });
  try {
    const { aliases } = await api.favoriteAliases();
    return Response.json({ aliases }, { headers: PRIVATE });
  } catch (err) {
    if (err instanceof ApiCallError) return Response.json({ aliases: [], error: 'failed' }, { status: 502, headers: PRIVATE });
    throw err;
  }
}

const FavoriteForm = z.object({ intent: z.enum(['add', 'remove']), alias: z.string().regex(ALIAS_RE) });

/** POST intent=add|remove, alias: adds or removes a favorite of the current profile. */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const parsed = parseFormData(form, FavoriteForm);
  // The refusal echoes the alias as posted.
  if (!parsed.success) return answer({ ok: false, alias: formFields(form).alias ?? '', error: 'invalid' }, 400);
  const { intent, alias } = parsed.data;
  const { api, auth } = context.get(visitorContext);
  if (!auth || auth.virtual) return answer({ ok: false, alias, error: 'auth' }, 401);
  try {
    const state = intent === 'add' ? await api.addFavorite(alias) : await api.removeFavorite(alias);
    return answer({ ok: true, alias, isFavorite: state.is_favorite });
  } catch (err) {
    if (!(err instanceof ApiCallError)) throw err;
    if (err.status === 401 && err.body?.code === ErrorCode.AuthRequired) return answer({ ok: false, alias, error: 'auth' }, 401);
    if (err.status === 404) return answer({ ok: false, alias, error: 'not_found' }, 404);
    if (err.status === 400) return answer({ ok: false, alias, error: 'invalid' }, 400);
    return answer({ ok: false, alias, error: 'failed' }, err.status >= 500 ? 502 : err.status);
  }
}
