import { AvatarIdSchema, ErrorCode, LanguageSchema, type ApiError } from '@ekran/contracts';
import { isKidsAgeCap, isPin } from '@ekran/core';
import { data } from 'react-router';
import { z } from 'zod';
import { ApiCallError, type Api } from '../../lib/api.server.ts';
import { parseFormData } from '../../lib/form.server.ts';
import { PROFILE_INTENTS, type ProfileActionError, type ProfileActionResult, type ProfileIntent } from '../../lib/profile-actions.ts';

export { PROFILE_INTENTS, type ProfileActionError, type ProfileActionResult, type ProfileIntent } from '../../lib/profile-actions.ts';

/** A text field, trimmed; a missing one reads as empty. */
const text = z.string().trim().default('');

const ProfileIntentForm = z.object({ intent: z.string().trim().pipe(z.enum(PROFILE_INTENTS)) });

/**
 * A posted PIN has the PIN's shape, checked here whatever the intent, so a malformed one is answered before
 * the API counts it as a try; a missing one reads as empty (the API refuses it where one is needed).
 */
const pin = z.string().refine(isPin).default('');
const PIN_FIELDS = ['pin', 'old_pin', 'new_pin'] as const;
/** What any intent may post besides the profile form: the profile it concerns and the PINs. */
const ActionForm = z.object({ profile_id: text, id: text, pin, old_pin: pin, new_pin: pin });
/** A switch to a profile without a PIN posts the check popup's PIN empty. */
const SelectForm = ActionForm.extend({ pin: z.string().refine((v) => v === '' || isPin(v)).default('') });

/**
 * The profile form of create and update. An empty avatar is not given; an empty language follows the account's.
 * The avatar and the language are the contract's, as the API checks them.
 */
const ProfileForm = z.object({
  name: text,
  child: text.transform((v) => v === 'true'),
  age_cap: text,
  birth_date: text.transform((v) => v || null),
  avatar: z.string().trim().transform((v) => v || undefined).pipe(AvatarIdSchema.optional()).optional(),
  language: z.string().trim().transform((v) => v || null).pipe(LanguageSchema.nullable()).default(null),
});

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
  const parsedIntent = parseFormData(form, ProfileIntentForm);
  if (!parsedIntent.success) return fail(null, { code: ErrorCode.BadRequest, field: 'form' });
  const { intent } = parsedIntent.data;
  const parsed = parseFormData(form, intent === 'select' ? SelectForm : ActionForm);
  if (!parsed.success) return fail(intent, { code: 'PIN_FORMAT', field: PIN_FIELDS.find((f) => parsed.error.issues.some((i) => i.path[0] === f)) });
  const { profile_id, id, pin, old_pin, new_pin } = parsed.data;
  try {
    switch (intent) {
      case 'select': {
        const res = await api.profileSelect({ profile_id, ...(pin ? { pin } : {}) });
        return { ok: true, intent, selected: { profile_id: res.profile_id, child: res.profile_for_child, language: res.language.interface } } satisfies ProfileActionResult;
      }
      case 'create':
      case 'update': {
        const profileForm = parseFormData(form, ProfileForm);
        // The API refuses an avatar or a language outside its lists with a 400 (on the avatar field, or the form's
        // error for the language): the same answer, without the call.
        if (!profileForm.success) return refused(intent, { code: ErrorCode.BadRequest, field: profileForm.error.issues.some((i) => i.path[0] === 'avatar') ? 'avatar' : 'form' });
        const { name, child, age_cap, birth_date, avatar, language } = profileForm.data;
        const fields = { name, avatar, language, ...(child ? { birth_date, ...(isKidsAgeCap(age_cap) ? { age_cap } : {}) } : {}) };
        const profile = intent === 'create' ? await api.profileCreate({ ...fields, child }) : await api.profileUpdate(id, fields);
        return { ok: true, intent, profile: { _id: profile._id, child: profile.child, name: profile.name } } satisfies ProfileActionResult;
      }
      case 'delete':
        await api.profileDelete(id);
        break;
      case 'pin-create':
        await api.pinCreate(pin);
        break;
      case 'pin-check':
        await api.pinCheck(pin);
        break;
      case 'pin-change':
        await api.pinChange(old_pin, new_pin);
        break;
      case 'pin-remove':
        await api.pinRemove(pin);
        break;
      case 'pin-skip':
        await api.pinSkip();
        break;
      case 'pin-forgot': {
        const sent = await api.pinForgot();
        return { ok: true, intent, channel: sent.channel, destination: sent.destination } satisfies ProfileActionResult;
      }
    }
    return { ok: true, intent } satisfies ProfileActionResult;
  } catch (err) {
    return failure(intent, err);
  }
}
