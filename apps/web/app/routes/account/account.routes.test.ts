import { describe, expect, it, vi } from 'vitest';
import { ApiCallError } from '../../lib/api.server.ts';
import { apiError, device } from '../../test/devices.ts';
import { contextWith, outcome } from '../../test/visitor.ts';
import { action, loader } from './account.tsx';
import { readPerson, todayInMoscow } from './account.server.ts';
import { action as deleteAction, loader as deleteLoader } from './delete.tsx';
import { action as doiAction, loader as doiLoader } from './doi-confirm.tsx';
import { action as unsubscribeAction, loader as unsubscribeLoader } from './unsubscribe.tsx';

const registered = { _id: 'acc-1', virtual: false } as never;
const virtual = { _id: 'anon-1', virtual: true } as never;
const get = (path: string) => new Request(`http://localhost${path}`);
const post = (path: string, fields: Record<string, string>) => new Request(`http://localhost${path}`, { method: 'POST', body: new URLSearchParams(fields) });
const person = { name: 'Анна', birthday: '1990-04-12', gender: 'female', email: 'anna@example.ru', email_confirmed: true, phone: null, has_password: true };
type DataResult = { data: Record<string, unknown>; init: ResponseInit | null };
const thrownStatus = (r: { thrown: unknown } | { value: unknown }) => ('thrown' in r ? ((r.thrown as Response).status ?? (r.thrown as DataResult).init?.status) : null);

describe('/account/{type?} loader', () => {
  const load = (path: string, type: string | undefined, api: object, auth: unknown = registered) =>
    outcome(() => loader({ request: get(path), params: { type }, context: contextWith(api, { auth: auth as never }) } as never));

  it('sends a virtual visitor to /auth with the way back', async () => {
    const r = await load('/account/devices', 'devices', {}, virtual);
    expect(thrownStatus(r)).toBe(302);
    expect('thrown' in r && (r.thrown as Response).headers.get('location')).toBe('/auth?back=%2Faccount%2Fdevices');
  });

  it('answers 404 for an unknown section', async () => {
    expect(thrownStatus(await load('/account/bonuses', 'bonuses', {}))).toBe(404);
  });

  it.each([
    ['/account', undefined, 'person', { person }],
    ['/account/devices', 'devices', 'devices', { devices: { items: [device({ is_current: true })], limit: 5 } }],
    ['/account/subscriptions', 'subscriptions', 'subscriptions', { subscriptions: [] }],
    ['/account/notifications', 'notifications', 'notifications', { notifications: [] }],
  ])('loads %s from the API', async (path, type, method, expected) => {
    const api = {
      person: vi.fn().mockResolvedValue(person),
      devices: vi.fn().mockResolvedValue({ items: [device({ is_current: true })], limit: 5 }),
      subscriptions: vi.fn().mockResolvedValue({ data: { subscriptions: [] } }),
      notifications: vi.fn().mockResolvedValue({ data: { items: [] } }),
      // The subscriptions section lists the payment methods too
      paymentMethods: vi.fn().mockResolvedValue({ data: { items: [] } }),
    };
    const r = await load(path, type, api);
    expect(api[method as keyof typeof api]).toHaveBeenCalledTimes(1);
    expect('value' in r && r.value).toMatchObject({ section: type ?? 'main', ...expected });
  });

  it('shows the support contacts, the account number and the account’s tickets', async () => {
    const tickets = { items: [], unread_total: 0 };
    const r = await load('/account/support', 'support', { supportTickets: vi.fn().mockResolvedValue(tickets) });
    expect('value' in r && r.value).toMatchObject({ section: 'support', accountId: 'acc-1', support: { email: 'support@ekran.ru', phone: '88007001234' }, tickets });
  });
});

describe('/account action', () => {
  const act = (fields: Record<string, string>, api: object, auth: unknown = registered) =>
    outcome(() => action({ request: post('/account', fields), params: {}, context: contextWith(api, { auth: auth as never }) } as never));
  const api = () => ({
    setPersonName: vi.fn().mockResolvedValue(person),
    setBirthday: vi.fn().mockResolvedValue(person),
    setGender: vi.fn().mockResolvedValue(person),
    removeDevice: vi.fn().mockResolvedValue(null),
    setNotification: vi.fn().mockResolvedValue({}),
  });

  it('saves name, birthday and gender; empty fields clear them', async () => {
    const a = api();
    const r = await act({ intent: 'person', name: '  Анна-Мария ', birthday: '', gender: 'female' }, a);
    expect(a.setPersonName).toHaveBeenCalledWith('Анна-Мария');
    expect(a.setBirthday).toHaveBeenCalledWith(null);
    expect(a.setGender).toHaveBeenCalledWith('female');
    expect('value' in r && r.value).toMatchObject({ intent: 'person', saved: true });
  });

  it('refuses bad fields with their messages and saves nothing', async () => {
    const a = api();
    const r = await act({ intent: 'person', name: 'Agent 007', birthday: '1990-02-30', gender: 'robot' }, a);
    const result = ('value' in r ? r.value : null) as DataResult;
    expect(result.init?.status).toBe(400);
    expect(result.data).toMatchObject({ saved: false, values: { name: 'Agent 007' }, errors: { name: 'nameInvalid', birthday: 'birthdayInvalid', gender: 'genderInvalid' } });
    expect(a.setPersonName).not.toHaveBeenCalled();
  });

  it('names the field the API refused', async () => {
    const a = { ...api(), setBirthday: vi.fn().mockRejectedValue(apiError(400, 'BAD_REQUEST', { details: [{ path: 'body.birthday', message: 'in the future' }] })) };
    const r = await act({ intent: 'person', name: 'Анна', birthday: '1990-01-01', gender: '' }, a);
    expect(('value' in r ? (r.value as DataResult) : null)?.data.errors).toEqual({ birthday: 'birthdayInvalid' });
  });

  it('removes a device', async () => {
    const a = api();
    const r = await act({ intent: 'remove-device', device_id: 'dev-2' }, a);
    expect(a.removeDevice).toHaveBeenCalledWith('dev-2');
    expect('value' in r && r.value).toEqual({ intent: 'remove-device', removed: 'dev-2', error: null });
  });

  it('turns a channel on, and says when the account has no address for it', async () => {
    const a = api();
    await act({ intent: 'notify', channel: 'push', subscribed: 'true' }, a);
    expect(a.setNotification).toHaveBeenCalledWith('push', true);
    a.setNotification.mockRejectedValueOnce(apiError(400, 'NO_DESTINATION'));
    const r = await act({ intent: 'notify', channel: 'sms', subscribed: 'true' }, a);
    expect(('value' in r ? (r.value as DataResult) : null)?.data).toEqual({ intent: 'notify', channel: 'sms', error: 'noDestination' });
  });

  it('refuses an unknown channel or intent, and a virtual visitor', async () => {
    const a = api();
    const r = await act({ intent: 'notify', channel: 'fax', subscribed: 'true' }, a);
    expect(('value' in r ? (r.value as DataResult) : null)?.init?.status).toBe(400);
    expect(a.setNotification).not.toHaveBeenCalled();
    expect(thrownStatus(await act({ intent: 'hack' }, a))).toBe(400);
    expect(thrownStatus(await act({ intent: 'remove-device', device_id: 'x' }, a, virtual))).toBe(302);
    expect(a.removeDevice).not.toHaveBeenCalled();
  });

  it('opens a ticket and leads to its thread; a refused image answers the form here, in the account', async () => {
    const supportOpenTicket = vi.fn().mockResolvedValue({ ticket: { id: 't-1', number: 7 }, guest: false });
    const opened = await act({ intent: 'ticket', topic: 'playback', message: 'Видео тормозит' }, { supportOpenTicket });
    expect(thrownStatus(opened)).toBe(303);
    expect('thrown' in opened && (opened.thrown as Response).headers.get('Location')).toBe('/account/support/t-1');

    supportOpenTicket.mockRejectedValueOnce(apiError(400, 'SUPPORT_NOT_AN_IMAGE'));
    const refused = await act({ intent: 'ticket', topic: 'playback', message: 'Видео тормозит' }, { supportOpenTicket });
    expect('value' in refused && refused.value).toMatchObject({ intent: 'ticket', values: { topic: 'playback', message: 'Видео тормозит' } });
  });

  it('lets server failures through', async () => {
    const r = await act({ intent: 'remove-device', device_id: 'x' }, { removeDevice: vi.fn().mockRejectedValue(new ApiCallError(503, null)) });
    expect('thrown' in r).toBe(true);
  });
});

describe('readPerson', () => {
  it.each([
    [{ name: "Д'Артаньян", birthday: '1900-01-01', gender: 'male' }, {}],
    [{ name: '', birthday: '', gender: '' }, {}],
    [{ name: 'Я'.repeat(61), birthday: '', gender: '' }, { name: 'nameInvalid' }],
    [{ name: '', birthday: '1899-12-31', gender: '' }, { birthday: 'birthdayInvalid' }],
    [{ name: '', birthday: '2026-11-22', gender: '' }, { birthday: 'birthdayInvalid' }],
    [{ name: '', birthday: '2026-11-21', gender: '' }, {}],
  ])('%j → %j', (fields, errors) => {
    const form = new URLSearchParams(fields);
    expect(readPerson(form as unknown as FormData, '2026-11-21').errors).toEqual(errors);
  });

  it('reads today in Moscow', () => {
    expect(todayInMoscow(new Date('2026-11-21T21:30:00Z'))).toBe('2026-11-22');
  });
});

describe('/account/google_delete', () => {
  const load = (path: string, api: object, auth: unknown = registered) => outcome(() => deleteLoader({ request: get(path), params: {}, context: contextWith(api, { auth: auth as never }) } as never));
  const act = (fields: Record<string, string>, api: object) =>
    outcome(() => deleteAction({ request: post('/account/google_delete', fields), params: {}, context: contextWith(api, { auth: registered }) } as never));

  it('offers the password first when the account has one, the code otherwise', async () => {
    expect(await load('/account/google_delete', { person: vi.fn().mockResolvedValue(person) })).toMatchObject({ value: { deleted: false, byCode: false, hasPassword: true } });
    expect(await load('/account/google_delete?by=code', { person: vi.fn().mockResolvedValue(person) })).toMatchObject({ value: { byCode: true } });
    expect(await load('/account/google_delete', { person: vi.fn().mockResolvedValue({ ...person, has_password: false }) })).toMatchObject({ value: { byCode: true } });
  });

  it('sends a virtual visitor to /auth, except to say the account is gone', async () => {
    expect(thrownStatus(await load('/account/google_delete', {}, virtual))).toBe(302);
    expect(await load('/account/google_delete?deleted=1', {}, virtual)).toEqual({ value: { deleted: true } });
  });

  it('deletes with the password and signs out for real', async () => {
    const deleteAccount = vi.fn().mockResolvedValue(null);
    const r = await act({ intent: 'delete', method: 'password', password: 'secret-password' }, { deleteAccount });
    expect(deleteAccount).toHaveBeenCalledWith({ password: 'secret-password' });
    const response = ('value' in r ? r.value : null) as Response;
    expect(response.headers.get('location')).toBe('/account/google_delete?deleted=1');
    expect(response.headers.get('set-cookie')).toMatch(/^ekran_token=; Path=\/; Max-Age=0/);
  });

  it.each([
    [{ method: 'password', password: 'wrong-password' }, apiError(403, 'INVALID_CREDENTIALS'), 'passwordWrong'],
    [{ method: 'code', code: '000000' }, apiError(400, 'INVALID_CODE'), 'codeInvalid'],
    [{ method: 'code', code: '12' }, apiError(400, 'BAD_REQUEST', { details: [{ path: 'body.code', message: 'six digits' }] }), 'codeFormat'],
    [{ method: 'code', code: '000000' }, apiError(429, 'TOO_MANY_ATTEMPTS'), 'tooManyAttempts'],
    [{ method: 'password', password: 'x' }, apiError(429, 'RATE_LIMITED'), 'rateLimited'],
  ])('keeps the account on %j and says why', async (fields, err, error) => {
    const r = await act({ intent: 'delete', ...fields }, { deleteAccount: vi.fn().mockRejectedValue(err) });
    expect(('value' in r ? (r.value as DataResult) : null)?.data).toMatchObject({ intent: 'delete', error });
  });

  it('deletes with the code trimmed, and takes a form without a method as the password one', async () => {
    const deleteAccount = vi.fn().mockResolvedValue(null);
    await act({ intent: 'delete', method: 'code', code: ' 123456 ' }, { deleteAccount });
    expect(deleteAccount).toHaveBeenLastCalledWith({ code: '123456' });
    await act({ password: ' secret-password ' }, { deleteAccount });
    expect(deleteAccount).toHaveBeenLastCalledWith({ password: ' secret-password ' });
    const r = await act({ intent: 'delete', code: '123456' }, { deleteAccount });
    expect(('value' in r ? (r.value as DataResult) : null)?.data).toMatchObject({ error: 'passwordEmpty' });
    expect(deleteAccount).toHaveBeenCalledTimes(2);
  });

  it('asks for the password before calling the API', async () => {
    const deleteAccount = vi.fn();
    const r = await act({ intent: 'delete', method: 'password', password: '' }, { deleteAccount });
    expect(('value' in r ? (r.value as DataResult) : null)?.data).toMatchObject({ error: 'passwordEmpty' });
    expect(deleteAccount).not.toHaveBeenCalled();
  });

  it('sends the code and says where (masked)', async () => {
    const sendDeleteCode = vi.fn().mockResolvedValue({ channel: 'sms', sent_to: '+7 *** ***-**-67' });
    const r = await act({ intent: 'send-code', channel: 'sms' }, { sendDeleteCode });
    expect(sendDeleteCode).toHaveBeenCalledWith('sms');
    expect('value' in r && r.value).toEqual({ intent: 'send-code', sentTo: '+7 *** ***-**-67', error: null });
  });
});

describe('/doi-confirm (spec platform §6 Double_Opt_In)', () => {
  it('shows the confirmation button for a token, and leads a broken link to /denied', () => {
    expect(doiLoader({ request: get('/doi-confirm?token=abcdefghijklmnopqrstuvwxyz0123'), params: {}, context: contextWith({}) } as never)).toEqual({
      token: 'abcdefghijklmnopqrstuvwxyz0123',
    });
    const refused = catchThrown(() => doiLoader({ request: get('/doi-confirm'), params: {}, context: contextWith({}) } as never));
    expect(refused.headers.get('Location')).toBe('/denied?what=doi&reason=invalid');
  });

  it('confirms by the button and leads to /confirmed, or to /denied when the link no longer works', async () => {
    const confirmDoi = vi.fn().mockResolvedValue({ channel: 'email', status: 'active', destination: 'a***@example.ru' });
    const run = async () => (await doiAction({ request: post('/doi-confirm', { token: 'abcdefghijklmnopqrstuvwxyz0123' }), params: {}, context: contextWith({ confirmDoi }) } as never));
    expect((await run()).headers.get('Location')).toBe('/confirmed?what=doi');
    expect(confirmDoi).toHaveBeenCalledWith('abcdefghijklmnopqrstuvwxyz0123');
    confirmDoi.mockRejectedValueOnce(apiError(400, 'INVALID_TOKEN'));
    const denied = await run();
    expect([denied.status, denied.headers.get('Location')]).toEqual([303, '/denied?what=doi&reason=invalid']);
  });
});

function catchThrown(run: () => unknown): Response {
  try {
    run();
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
  throw new Error('expected a redirect');
}

describe('/auth/unsubscribe/{account_id}?sig=…', () => {
  const sub = (status: string) => ({ channel: 'email', status, destination: 'a***@example.ru', available: true, updated_at: null });
  const params = { accountId: '44444444-4444-4444-8444-444444444444' };

  it('shows the subscription of a signed link, without a session', async () => {
    const unsubscribeStatus = vi.fn().mockResolvedValue(sub('active'));
    const r = await unsubscribeLoader({ request: get(`/auth/unsubscribe/${params.accountId}?sig=good-signature-0123456789`), params, context: contextWith({ unsubscribeStatus }, { auth: null, token: null }) } as never);
    expect(unsubscribeStatus).toHaveBeenCalledWith(params.accountId, 'good-signature-0123456789');
    expect(r).toMatchObject({ subscription: { status: 'active' }, sig: 'good-signature-0123456789' });
  });

  it('answers 403 for a forged link', async () => {
    const r = await outcome(() =>
      unsubscribeLoader({ request: get(`/auth/unsubscribe/${params.accountId}?sig=forged`), params, context: contextWith({ unsubscribeStatus: vi.fn().mockRejectedValue(apiError(403, 'INVALID_SIGNATURE')) }) } as never),
    );
    expect(thrownStatus(r)).toBe(403);
  });

  it('unsubscribes by a bare POST (one click) and subscribes again on request', async () => {
    const setUnsubscribed = vi.fn().mockResolvedValue(sub('off'));
    const run = (fields: Record<string, string>, query = '') =>
      unsubscribeAction({ request: post(`/auth/unsubscribe/${params.accountId}${query}`, fields), params, context: contextWith({ setUnsubscribed }) } as never);
    await run({}, '?sig=good-signature-0123456789');
    expect(setUnsubscribed).toHaveBeenLastCalledWith(params.accountId, 'good-signature-0123456789', false);
    await run({ sig: 'good-signature-0123456789', subscribed: 'true' });
    expect(setUnsubscribed).toHaveBeenLastCalledWith(params.accountId, 'good-signature-0123456789', true);
  });
});
