import { describe, expect, it, vi } from 'vitest';
import { ApiCallError, type Api } from '../../lib/api.server.ts';
import { runProfileAction } from './profiles-action.server.ts';

const form = (fields: Record<string, string>) => {
  const f = new FormData();
  for (const [k, v] of Object.entries(fields)) f.set(k, v);
  return f;
};
const apiError = (status: number, code: string, extra: Record<string, unknown> = {}) => new ApiCallError(status, { status, code, message: code, ...extra });
/** The body and status of a data() answer, or the plain object. */
const answer = (r: unknown) => {
  const d = r as { type?: string; data?: unknown; init?: { status?: number } };
  return d && d.type === 'DataWithResponseInit' ? { body: d.data, status: d.init?.status } : { body: r, status: 200 };
};
const run = async (api: Partial<Api>, fields: Record<string, string>) => answer(await runProfileAction(api as Api, form(fields)));

describe('runProfileAction (the mutations of the profile dialogs)', () => {
  it('selects a profile and answers what the switch needs next', async () => {
    const profileSelect = vi.fn().mockResolvedValue({ profile_id: 'p2', profile_for_child: true, ab: [], language: { interface: 'en' }, authentication_token: 't' });
    const r = await run({ profileSelect }, { intent: 'select', profile_id: 'p2' });
    expect(profileSelect).toHaveBeenCalledWith({ profile_id: 'p2' });
    expect(r.body).toEqual({ ok: true, intent: 'select', selected: { profile_id: 'p2', child: true, language: 'en' } });
  });

  it('passes the PIN of the check popup and reports a wrong one with the tries left, as an answer (200), not a failure', async () => {
    const profileSelect = vi.fn().mockRejectedValue(apiError(403, 'PIN_INVALID', { tries_left: 3 }));
    const r = await run({ profileSelect }, { intent: 'select', profile_id: 'p1', pin: '1234' });
    expect(profileSelect).toHaveBeenCalledWith({ profile_id: 'p1', pin: '1234' });
    expect(r).toEqual({ status: 200, body: { ok: false, intent: 'select', error: { code: 'PIN_INVALID', tries_left: 3, field: 'pin' } } });
  });

  it('reports the lock with its end', async () => {
    const pinCheck = vi.fn().mockRejectedValue(apiError(423, 'PIN_LOCKED', { locked_until: '2026-11-21T12:15:00.000Z' }));
    const r = await run({ pinCheck }, { intent: 'pin-check', pin: '0000' });
    expect(r).toEqual({ status: 200, body: { ok: false, intent: 'pin-check', error: { code: 'PIN_LOCKED', locked_until: '2026-11-21T12:15:00.000Z', field: 'pin' } } });
  });

  it.each([
    [{ intent: 'pin-create', pin: '12' }, 'pin'],
    [{ intent: 'pin-check', pin: 'abcd' }, 'pin'],
    [{ intent: 'select', profile_id: 'p1', pin: '12345' }, 'pin'],
    [{ intent: 'pin-change', old_pin: '1234', new_pin: '98' }, 'new_pin'],
    [{ intent: 'pin-change', old_pin: '', new_pin: '9876' }, 'old_pin'],
  ])('answers a malformed PIN %j itself (no API call, no try spent)', async (fields, field) => {
    const api = { pinCreate: vi.fn(), pinCheck: vi.fn(), profileSelect: vi.fn(), pinChange: vi.fn() };
    const r = await run(api, fields);
    expect(r).toEqual({ status: 200, body: { ok: false, intent: fields.intent, error: { code: 'PIN_FORMAT', field } } });
    for (const fn of Object.values(api)) expect(fn).not.toHaveBeenCalled();
  });

  it('creates a child profile from the child form and an adult one without its fields', async () => {
    const profileCreate = vi.fn().mockResolvedValue({ _id: 'k1', child: true, name: 'Маша' });
    const r = await run({ profileCreate }, { intent: 'create', child: 'true', name: ' Маша ', avatar: 'k2', birth_date: '2019-04-12', age_cap: '6+', language: '' });
    expect(profileCreate).toHaveBeenCalledWith({ name: 'Маша', avatar: 'k2', language: null, birth_date: '2019-04-12', age_cap: '6+', child: true });
    expect(r.body).toEqual({ ok: true, intent: 'create', profile: { _id: 'k1', child: true, name: 'Маша' } });
    await run({ profileCreate }, { intent: 'create', child: 'false', name: 'Папа', avatar: 'a2', birth_date: '2019-04-12', age_cap: '6+', language: 'en' });
    expect(profileCreate).toHaveBeenLastCalledWith({ name: 'Папа', avatar: 'a2', language: 'en', child: false });
  });

  it('updates a profile by id', async () => {
    const profileUpdate = vi.fn().mockResolvedValue({ _id: 'p2', child: false, name: 'Мама' });
    await run({ profileUpdate }, { intent: 'update', id: 'p2', child: 'false', name: 'Мама', avatar: 'a4', language: '' });
    expect(profileUpdate).toHaveBeenCalledWith('p2', { name: 'Мама', avatar: 'a4', language: null });
  });

  it('answers an avatar or a language outside the lists as the API refuses them, without calling it', async () => {
    const api = { profileCreate: vi.fn(), profileUpdate: vi.fn() };
    expect(await run(api, { intent: 'create', name: 'Маша', avatar: 'z9' })).toEqual({ status: 200, body: { ok: false, intent: 'create', error: { code: 'BAD_REQUEST', field: 'avatar' } } });
    expect(await run(api, { intent: 'update', id: 'p2', name: 'Мама', language: 'de' })).toEqual({ status: 200, body: { ok: false, intent: 'update', error: { code: 'BAD_REQUEST', field: 'form' } } });
    expect(api.profileCreate).not.toHaveBeenCalled();
    expect(api.profileUpdate).not.toHaveBeenCalled();
  });

  it('names the field of a 400 answer, and the limit by its code', async () => {
    const profileCreate = vi
      .fn()
      .mockRejectedValueOnce(apiError(400, 'BAD_REQUEST', { details: [{ path: 'body.name', message: 'a name is required' }] }))
      .mockRejectedValueOnce(apiError(400, 'BAD_REQUEST', { message: 'birth_date is in the future' }))
      .mockRejectedValueOnce(apiError(409, 'PROFILE_LIMIT_REACHED'));
    expect((await run({ profileCreate }, { intent: 'create', name: '' })).body).toMatchObject({ error: { code: 'BAD_REQUEST', field: 'name' } });
    expect((await run({ profileCreate }, { intent: 'create', name: 'М', child: 'true', birth_date: '2030-01-01' })).body).toMatchObject({ error: { field: 'birth_date' } });
    expect(await run({ profileCreate }, { intent: 'create', name: 'Шестой' })).toEqual({ status: 200, body: { ok: false, intent: 'create', error: { code: 'PROFILE_LIMIT_REACHED' } } });
  });

  it('deletes, skips, changes, removes and sends the forgotten-PIN link', async () => {
    const api = {
      profileDelete: vi.fn().mockResolvedValue(null),
      pinSkip: vi.fn().mockResolvedValue(null),
      pinChange: vi.fn().mockResolvedValue(null),
      pinRemove: vi.fn().mockResolvedValue(null),
      pinForgot: vi.fn().mockResolvedValue({ channel: 'email', destination: 'm***a@example.ru' }),
    };
    expect((await run(api, { intent: 'delete', id: 'p3' })).body).toEqual({ ok: true, intent: 'delete' });
    expect(api.profileDelete).toHaveBeenCalledWith('p3');
    expect((await run(api, { intent: 'pin-skip' })).body).toEqual({ ok: true, intent: 'pin-skip' });
    await run(api, { intent: 'pin-change', old_pin: '1111', new_pin: '2222' });
    expect(api.pinChange).toHaveBeenCalledWith('1111', '2222');
    await run(api, { intent: 'pin-remove', pin: '2222' });
    expect(api.pinRemove).toHaveBeenCalledWith('2222');
    expect((await run(api, { intent: 'pin-forgot' })).body).toEqual({ ok: true, intent: 'pin-forgot', channel: 'email', destination: 'm***a@example.ru' });
  });

  it('marks a wrong old PIN of a change on its field', async () => {
    const pinChange = vi.fn().mockRejectedValue(apiError(403, 'PIN_INVALID', { tries_left: 4 }));
    expect((await run({ pinChange }, { intent: 'pin-change', old_pin: '1111', new_pin: '2222' })).body).toMatchObject({ error: { field: 'old_pin', tries_left: 4 } });
  });

  it('answers 400 for an unknown intent and lets a server failure through', async () => {
    expect(await run({}, { intent: 'hack' })).toEqual({ status: 200, body: { ok: false, intent: null, error: { code: 'BAD_REQUEST', field: 'form' } } });
    const pinSkip = vi.fn().mockRejectedValue(apiError(500, 'INTERNAL'));
    await expect(runProfileAction({ pinSkip } as never, form({ intent: 'pin-skip' }))).rejects.toBeInstanceOf(ApiCallError);
  });
});
