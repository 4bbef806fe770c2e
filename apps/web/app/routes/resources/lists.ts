import { ErrorCode } from '@ekran/contracts';
import { PERSONAL_LIST_PAGE_SIZE } from '@ekran/core';
import { z } from 'zod';
import { ApiCallError } from '../../lib/api.server.ts';
import { formFields, parseFormData } from '../../lib/form.server.ts';
import { listsFor, loadListPage } from '../../lib/personal-lists.server.ts';
import { isListKind } from '../../lib/lists-view.ts';
import { visitorContext } from '../../lib/session.server.ts';
import type { Route } from './+types/lists';
import type { HistoryResult, ListPageResult } from '../../lib/resource-answers.ts';

export type { HistoryResult, ListPageResult } from '../../lib/resource-answers.ts';

const PRIVATE = { 'cache-control': 'private, no-store' };
const ALIAS_RE = /^[a-z0-9-]{1,160}$/;
const json = <T>(body: T, status = 200) => Response.json(body, { status, headers: PRIVATE });

/** Whole non-negative numbers within bounds, else null. */
function intParam(value: string | null, fallback: number, min: number, max: number): number | null {
  if (value === null || value === '') return fallback;
  if (!/^\d{1,6}$/.test(value)) return null;
  const n = Number(value);
  return n >= min && n <= max ? n : null;
}

/** GET /resources/lists/{favorites|continue|history|rated}?skip=&limit=[&for_kids=1]: the next page of a personal list. */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const skip = intParam(url.searchParams.get('skip'), 0, 0, 100_000);
  const limit = intParam(url.searchParams.get('limit'), PERSONAL_LIST_PAGE_SIZE, 1, 100);
  if (!isListKind(params.list) || skip === null || limit === null) return json<ListPageResult>({ ok: false, error: 'invalid' }, 400);
  const visitor = context.get(visitorContext);
  if (!listsFor(visitor).includes(params.list)) return json<ListPageResult>({ ok: false, error: 'auth' }, 401);
  try {
    const forKids = url.searchParams.get('for_kids') === '1';
    return json<ListPageResult>({ ok: true, ...(await loadListPage(visitor.api, params.list, { skip, limit, forKids })) });
  } catch (err) {
    if (!(err instanceof ApiCallError)) throw err;
    if (err.status === 401 && err.body?.code === ErrorCode.AuthRequired) return json<ListPageResult>({ ok: false, error: 'auth' }, 401);
    return json<ListPageResult>({ ok: false, error: 'failed' }, err.status >= 500 ? 502 : err.status);
  }
}

/** Forgetting a title needs its alias; clearing takes none (one posted with it is only echoed in a refusal). */
const HistoryForm = z.discriminatedUnion('intent', [
  z.object({ intent: z.literal('remove'), alias: z.string().regex(ALIAS_RE) }),
  z.object({ intent: z.literal('clear'), alias: z.string().nullable().default(null) }),
]);

/** POST /resources/lists/history: intent=remove with alias forgets one title, intent=clear the whole history. */
export async function action({ params, request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const parsed = parseFormData(form, HistoryForm);
  if (params.list !== 'history' || !parsed.success) {
    // The refusal echoes the intent and the alias as posted.
    const posted = formFields(form);
    return json<HistoryResult>({ ok: false, intent: posted.intent ?? '', alias: posted.alias ?? null, error: 'invalid' }, 400);
  }
  const { intent, alias } = parsed.data;
  const bad = (error: 'auth' | 'not_found' | 'failed', status: number) => json<HistoryResult>({ ok: false, intent, alias, error }, status);
  const visitor = context.get(visitorContext);
  if (!visitor.auth) return bad('auth', 401);
  try {
    if (intent === 'remove') await visitor.api.removeHistoryItem(alias);
    else await visitor.api.clearHistory();
    return json<HistoryResult>({ ok: true, intent, alias: intent === 'remove' ? alias : null });
  } catch (err) {
    if (!(err instanceof ApiCallError)) throw err;
    if (err.status === 404) return bad('not_found', 404);
    return bad('failed', err.status >= 500 ? 502 : err.status);
  }
}
