import { SUPPORT_MAX_FILE_BYTES, SUPPORT_MAX_FILES, SUPPORT_MESSAGE_MAX, SUPPORT_TOPICS, SupportErrorCode, type AuthData, type SupportTopic } from '@ekran/contracts';
import { isEmail } from '@ekran/core';
import type { TicketErrors } from '../../components/support/ticket-form.tsx';
import { ApiCallError, type Api } from '../../lib/api.server.ts';
import { safeRedirect } from '../../lib/safe-redirect.ts';

/** What a failed ticket form answers: its errors and the text to put back in the fields. */
export interface TicketFormResult {
  ok: false;
  errors: TicketErrors;
  values: { topic: string; message: string; email: string };
}

const isTopic = (value: unknown): value is SupportTopic => typeof value === 'string' && (SUPPORT_TOPICS as readonly string[]).includes(value);
export const topicOf = (value: string | null): SupportTopic | '' => (isTopic(value) ? value : '');

/** The chosen files of a form: a file input left empty posts a nameless empty part, which is no file. */
const filesOf = (form: FormData): File[] => form.getAll('images').filter((v): v is File => typeof v !== 'string' && (v.size > 0 || v.name !== ''));

/**
 * Checks what the site can tell at once (a topic, a message, an email where one is needed, the count and size of the
 * files) and builds the form the API gets: the known fields and the files only. Whether a file is an image the API
 * decides, when it re-encodes it.
 */
export function ticketForm(form: FormData, opts: { withTopic: boolean; needsEmail: boolean }): { ok: true; form: FormData } | TicketFormResult {
  const values = { topic: String(form.get('topic') ?? ''), message: String(form.get('message') ?? ''), email: String(form.get('email') ?? '').trim() };
  const errors: TicketErrors = {};
  if (opts.withTopic && !isTopic(values.topic)) errors.topic = 'topic';
  if (!values.message.trim()) errors.message = 'message';
  else if (values.message.length > SUPPORT_MESSAGE_MAX) errors.message = 'messageLong';
  if (opts.needsEmail && !isEmail(values.email)) errors.email = 'email';
  const files = filesOf(form);
  if (files.length > SUPPORT_MAX_FILES) errors.images = 'tooManyFiles';
  else if (files.some((f) => f.size > SUPPORT_MAX_FILE_BYTES)) errors.images = 'fileTooLarge';
  if (Object.keys(errors).length) return { ok: false, errors, values };
  const out = new FormData();
  if (opts.withTopic) out.set('topic', values.topic);
  out.set('message', values.message);
  if (values.email) out.set('email', values.email);
  for (const file of files) out.append('images', file, file.name);
  return { ok: true, form: out };
}

/** The API's refusal of a ticket form, as the field it concerns and its Russian text key; other failures go on. */
export function ticketErrorsOf(err: unknown): TicketErrors {
  if (!(err instanceof ApiCallError)) throw err;
  const code = err.body?.code;
  const field = err.body?.details?.[0]?.path;
  if (code === SupportErrorCode.NotAnImage) return { images: 'notAnImage' };
  if (code === SupportErrorCode.TooManyFiles) return { images: 'tooManyFiles' };
  if (code === SupportErrorCode.FileTooLarge || err.status === 413) return { images: 'fileTooLarge' };
  // No session: cookies refused, or a browser the site took for a robot (no device login); never a 500.
  if (err.status === 401) return { form: 'session' };
  if (err.status === 429) return { form: 'rateLimited' };
  if (err.status === 400 && field === 'email') return { email: 'email' };
  if (err.status === 400 && field === 'message') return { message: 'message' };
  if (err.status === 400 && field === 'topic') return { topic: 'topic' };
  if (err.status >= 500 || err.status === 400) return { form: 'generic' };
  throw err;
}

/** Opens a ticket through the API; answers the created ticket or the form's errors. */
export async function openTicket(api: Api, form: FormData, needsEmail: boolean) {
  const checked = ticketForm(form, { withTopic: true, needsEmail });
  if (!checked.ok) return checked;
  try {
    return { ok: true as const, created: await api.supportOpenTicket(checked.form), email: String(checked.form.get('email') ?? '') };
  } catch (err) {
    return { ok: false as const, errors: ticketErrorsOf(err), values: { topic: String(form.get('topic') ?? ''), message: String(form.get('message') ?? ''), email: String(form.get('email') ?? '') } };
  }
}

/**
 * The action of a new ticket's form (/support/new, /contacts): a child profile writes from an adult one (tickets are
 * account matters, spec platform §6); an account's ticket opens its thread, a guest hears its number and the letter.
 */
export async function openTicketAction(request: Request, { auth, api }: { auth: AuthData | null; api: Api }) {
  if (auth?.profile_for_child) return { ok: false as const, errors: {}, values: { topic: '', message: '', email: '' } };
  const result = await openTicket(api, await request.formData(), !auth || auth.virtual);
  if (!result.ok) return result;
  if (!result.created.guest) throw safeRedirect(`/account/support/${result.created.ticket.id}`, 303);
  return { ok: true as const, number: result.created.ticket.number, email: result.email };
}
