import { BirthdaySchema, ErrorCode, GenderSchema, NotifyChannelSchema, PersonNameSchema } from '@ekran/contracts';
import { data } from 'react-router';
import { z } from 'zod';
import { ApiCallError, type Api } from '../../lib/api.server.ts';
import { parseFormData } from '../../lib/form.server.ts';
import { safeRedirect } from '../../lib/safe-redirect.ts';

/** The sections of /account/{type?} (spec platform §2); none is the main one (personal details). */
export const ACCOUNT_SECTIONS = ['devices', 'subscriptions', 'notifications', 'support'] as const;
export type AccountSection = 'main' | (typeof ACCOUNT_SECTIONS)[number];

/** The section a /account path names, or null for an unknown one (the not-found screen). */
export function sectionOf(type: string | undefined): AccountSection | null {
  if (type === undefined) return 'main';
  return (ACCOUNT_SECTIONS as readonly string[]).includes(type) ? (type as AccountSection) : null;
}

/** spec platform §6: a virtual visitor has no account page; it goes to /auth and comes back here after. */
export function requireRegistered(auth: { virtual: boolean } | null, request: Request): void {
  if (auth && !auth.virtual) return;
  const url = new URL(request.url);
  throw safeRedirect(`/auth?back=${encodeURIComponent(`${url.pathname}${url.search}`)}`);
}

export type PersonField = 'name' | 'birthday' | 'gender';
export type PersonErrorKey = 'nameInvalid' | 'birthdayInvalid' | 'genderInvalid' | 'rateLimited' | 'generic';
export interface PersonValues {
  name: string;
  birthday: string;
  gender: string;
}

/** The three details as typed (trimmed; a missing one is empty), kept to show the form again with its errors. */
const PersonForm = z.object({ name: z.string().trim().default(''), birthday: z.string().trim().default(''), gender: z.string().trim().default('') });

/** The person form as the API takes it: empty fields clear (null); each field checked with its contract schema. */
export function readPerson(form: FormData, today: string) {
  const read = parseFormData(form, PersonForm);
  if (!read.success) throw data(null, { status: 400 });
  const values: PersonValues = read.data;
  const name = PersonNameSchema.safeParse(values.name || null);
  const birthday = BirthdaySchema.safeParse(values.birthday || null);
  const gender = GenderSchema.safeParse(values.gender || null);
  const errors: Partial<Record<PersonField, PersonErrorKey>> = {};
  if (!name.success) errors.name = 'nameInvalid';
  // The API refuses a future birthday by its own clock too; saying so here saves a round trip.
  if (!birthday.success || (birthday.data && birthday.data > today)) errors.birthday = 'birthdayInvalid';
  if (!gender.success) errors.gender = 'genderInvalid';
  return { values, errors, parsed: { name: name.data ?? null, birthday: birthday.data ?? null, gender: gender.data ?? null } };
}

/** Saves the three details; a 400 names the field it concerns. */
export async function savePerson(api: Api, form: FormData, today: string) {
  const { values, errors, parsed } = readPerson(form, today);
  if (Object.keys(errors).length) return data({ intent: 'person' as const, saved: false, values, errors }, { status: 400 });
  try {
    await api.setPersonName(parsed.name);
    await api.setBirthday(parsed.birthday);
    await api.setGender(parsed.gender);
    return { intent: 'person' as const, saved: true, values, errors };
  } catch (err) {
    if (!(err instanceof ApiCallError) || err.status >= 500) throw err;
    const path = err.body?.details?.[0]?.path ?? '';
    const field = (['name', 'birthday', 'gender'] as const).find((f) => path.endsWith(f));
    const apiErrors: Partial<Record<PersonField | 'form', PersonErrorKey>> =
      err.status === 429 ? { form: 'rateLimited' } : field ? { [field]: `${field}Invalid` as PersonErrorKey } : { form: 'generic' };
    return data({ intent: 'person' as const, saved: false, values, errors: apiErrors }, { status: err.status });
  }
}

// The API answers an unknown or empty id itself.
const RemoveDeviceForm = z.object({ device_id: z.string().default('') });

/** Disconnects one of the account's devices (not the asking one: the API refuses that). */
export async function removeDevice(api: Api, form: FormData) {
  const parsed = parseFormData(form, RemoveDeviceForm);
  if (!parsed.success) return data({ intent: 'remove-device' as const, removed: null, error: 'generic' as const }, { status: 400 });
  const id = parsed.data.device_id;
  try {
    await api.removeDevice(id);
    return { intent: 'remove-device' as const, removed: id, error: null };
  } catch (err) {
    if (!(err instanceof ApiCallError) || err.status >= 500) throw err;
    return data({ intent: 'remove-device' as const, removed: null, error: err.status === 429 ? ('rateLimited' as const) : ('generic' as const) }, { status: err.status });
  }
}

/** A channel's switch: anything but subscribed=true turns it off. */
const NotifyForm = z.object({ channel: NotifyChannelSchema, subscribed: z.string().optional().transform((v) => v === 'true') });

/** Turns a notification channel on or off (email may turn pending: spec platform §6 Double_Opt_In). */
export async function setNotification(api: Api, form: FormData) {
  const parsed = parseFormData(form, NotifyForm);
  if (!parsed.success) return data({ intent: 'notify' as const, channel: null, error: 'generic' as const }, { status: 400 });
  const { channel, subscribed } = parsed.data;
  try {
    await api.setNotification(channel, subscribed);
    return { intent: 'notify' as const, channel, error: null };
  } catch (err) {
    if (!(err instanceof ApiCallError) || err.status >= 500) throw err;
    const error = err.status === 429 ? ('rateLimited' as const) : err.body?.code === ErrorCode.NoDestination ? ('noDestination' as const) : ('generic' as const);
    return data({ intent: 'notify' as const, channel, error }, { status: err.status });
  }
}

/** Today's date (YYYY-MM-DD) in Moscow, the service's calendar. */
export function todayInMoscow(now = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Moscow', year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
}
