import { ErrorCode, type ApiError } from '@ekran/contracts';
import { isKidsAgeCap, isPin } from '@ekran/core';
import { data } from 'react-router';
import { ApiCallError, type Api } from '../../lib/api.server.ts';
import { PROFILE_INTENTS, type ProfileActionError, type ProfileActionResult, type ProfileIntent } from '../../lib/profile-actions.ts';

export { PROFILE_INTENTS, type ProfileActionError, type ProfileActionResult, type ProfileIntent } from '../../lib/profile-actions.ts';

const text = (form: FormData, name: string) => String(form.get(name) ?? '').trim();
const optional = (form: FormData, name: string) => text(form, name) || null;

/**
 * A refusal (a wrong PIN, a name too long, the profile limit) is the dialog's answer: 200 with the error in the
 * data. A fetcher answered 4xx shows in the browser's console as a failed resource, and a wrong PIN is no
 * failure of the page (decision 037).
 */
const refused = (intent: ProfileIntent | null, error: ProfileActionError) => data<ProfileActionResult>({ ok: false, intent, error }, { status: 200 });

/** A local failure, before any API call (a malformed PIN is answered here, not counted as a try). */
const fail = (intent: ProfileIntent | null, error: ProfileActionError) => refused(intent, error);

/** The field a 400 answer of the API concerns. */
function fieldOf(body: ApiError | null): ProfileActionError['field'] {
  const paths = (body?.details ?? []).map((d) => d.path);
  const message = body?.message ?? '';
  for (const field of ['birth_date', 'avatar', 'name', 'old_pin', 'new_pin', 'pin'] as const) {
    if (paths.some((p) => p.endsWith(field)) || message.includes(field)) return field;
  }
  return 'form';
}

/** An API failure as the dialog's error (5xx are not the viewer's doing and go to the error screen). */
function failure(intent: ProfileIntent, err: unknown) {
  if (!(err instanceof ApiCallError) || err.status >= 500) throw err;
  const body = err.body;
  const error: ProfileActionError = { code: body?.code ?? ErrorCode.BadRequest };
  if (err.status === 400 && error.code === ErrorCode.BadRequest) error.field = fieldOf(body);
  if (body?.tries_left !== undefined) error.tries_left = body.tries_left;
  if (body?.locked_until !== undefined) error.locked_until = body.locked_until;
  if (error.code === ErrorCode.PinInvalid || error.code === ErrorCode.PinLocked || error.code === ErrorCode.PinRequired) error.field = intent === 'pin-change' ? 'old_pin' : 'pin';
  return refused(intent, error);
}

/**
 * The mutations of the profile menu and its dialogs (spec platform §4 Child profile switch, Pin status):
 * one form field `intent` names what to do; the answer says how it went, for the dialog to show.
 */
export async function runProfileAction(api: Api, form: FormData) {
  const intent = text(form, 'intent') as ProfileIntent;
  if (!(PROFILE_INTENTS as readonly string[]).includes(intent)) return fail(null, { code: ErrorCode.BadRequest, field: 'form' });
  for (const field of ['pin', 'old_pin', 'new_pin'] as const) {
    const value = form.get(field);
    if (value !== null && !(value === '' && field === 'pin' && intent === 'select') && !isPin(String(value))) {
      return fail(intent, { code: 'PIN_FORMAT', field });
    }
  }
  try {
    switch (intent) {
      case 'select': {
        const pin = optional(form, 'pin');
        const res = await api.profileSelect({ profile_id: text(form, 'profile_id'), ...(pin ? { pin } : {}) });
        return { ok: true, intent, selected: { profile_id: res.profile_id, child: res.profile_for_child, language: res.language.interface } } satisfies ProfileActionResult;
      }
      case 'create':
      case 'update': {
        const child = text(form, 'child') === 'true';
        const ageCap = text(form, 'age_cap');
        const language = optional(form, 'language');
        const fields = {
          name: text(form, 'name'),
          avatar: (optional(form, 'avatar') ?? undefined) as never,
          language: language as never,
          ...(child ? { birth_date: optional(form, 'birth_date'), ...(isKidsAgeCap(ageCap) ? { age_cap: ageCap } : {}) } : {}),
        };
        const profile = intent === 'create' ? await api.profileCreate({ ...fields, child }) : await api.profileUpdate(text(form, 'id'), fields);
        return { ok: true, intent, profile: { _id: profile._id, child: profile.child, name: profile.name } } satisfies ProfileActionResult;
      }
      case 'delete':
        await api.profileDelete(text(form, 'id'));
        break;
      case 'pin-create':
        await api.pinCreate(text(form, 'pin'));
        break;
      case 'pin-check':
        await api.pinCheck(text(form, 'pin'));
        break;
      case 'pin-change':
        await api.pinChange(text(form, 'old_pin'), text(form, 'new_pin'));
        break;
      case 'pin-remove':
        await api.pinRemove(text(form, 'pin'));
        break;
      case 'pin-skip':
        await api.pinSkip();
        break;
      case 'pin-forgot': {
        const sent = await api.pinForgot();
        return { ok: true, intent, channel: sent.channel, destination: sent.destination } satisfies ProfileActionResult;
      }
    }
    return { ok: true, intent } as ProfileActionResult;
  } catch (err) {
    return failure(intent, err);
  }
}
