import { SupportErrorCode } from '@ekran/contracts';
import { describe, expect, it } from 'vitest';
import { ApiCallError } from '../../lib/api.server.ts';
import { ticketErrorsOf, ticketForm } from './support.server.ts';

const formOf = (fields: Record<string, string>, files: File[] = []) => {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  for (const f of files) form.append('images', f);
  return form;
};
const file = (name: string, bytes: number) => new File([new Uint8Array(bytes)], name, { type: 'image/jpeg' });

describe('ticketForm: what the site checks before the API', () => {
  it('passes the known fields and the chosen files on, and drops an empty file input', () => {
    const form = formOf({ topic: 'payment', message: 'Списали дважды', email: '', extra: 'x' }, [file('a.jpg', 10), new File([], '')]);
    const checked = ticketForm(form, { withTopic: true, needsEmail: false });
    expect(checked.ok).toBe(true);
    if (!checked.ok) return;
    expect([...checked.form.keys()]).toEqual(['topic', 'message', 'images']);
  });

  it.each([
    ['no topic', { topic: '', message: 'Текст', email: 'a@b.ru' }, [], { topic: 'topic' }],
    ['an empty message', { topic: 'other', message: '  ', email: 'a@b.ru' }, [], { message: 'message' }],
    ['no email where one is needed', { topic: 'other', message: 'Текст', email: 'нет' }, [], { email: 'email' }],
    ['six images', { topic: 'other', message: 'Текст', email: 'a@b.ru' }, Array.from({ length: 6 }, (_, i) => file(`${i}.jpg`, 10)), { images: 'tooManyFiles' }],
    ['an 11 MB image', { topic: 'other', message: 'Текст', email: 'a@b.ru' }, [file('big.jpg', 11 * 1024 * 1024)], { images: 'fileTooLarge' }],
  ])('refuses %s', (_, fields, files, errors) => {
    const checked = ticketForm(formOf(fields, files), { withTopic: true, needsEmail: true });
    expect(checked.ok).toBe(false);
    if (!checked.ok) expect(checked.errors).toEqual(errors);
  });
});

describe('ticketErrorsOf: the API’s refusals as the form’s Russian errors', () => {
  const refusal = (status: number, code: string, path?: string) => new ApiCallError(status, { status, code, message: 'x', ...(path ? { details: [{ path, message: 'x' }] } : {}) });
  it.each([
    [refusal(400, SupportErrorCode.NotAnImage, 'images'), { images: 'notAnImage' }],
    [refusal(401, 'UNAUTHORIZED'), { form: 'session' }],
    [refusal(400, SupportErrorCode.TooManyFiles, 'images'), { images: 'tooManyFiles' }],
    [refusal(413, SupportErrorCode.FileTooLarge, 'images'), { images: 'fileTooLarge' }],
    [refusal(429, 'RATE_LIMITED'), { form: 'rateLimited' }],
    [refusal(400, 'BAD_REQUEST', 'email'), { email: 'email' }],
  ])('%#', (err, errors) => {
    expect(ticketErrorsOf(err)).toEqual(errors);
  });

  it('lets anything else go on', () => {
    expect(() => ticketErrorsOf(new Error('network'))).toThrow('network');
  });
});
