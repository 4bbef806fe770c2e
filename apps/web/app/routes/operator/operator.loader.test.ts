import type { AuthData, OperatorMlkResult } from '@ekran/contracts';
import { describe, expect, it, vi } from 'vitest';
import { ApiCallError, type Api } from '../../lib/api.server.ts';
import { operatorShell } from '../../lib/operator-shell.server.ts';
import { contextWith, outcome } from '../../test/visitor.ts';
import { loader as connectLoader, action as connectAction } from './megafon-connect.tsx';
import { action as codeAction, loader as codeLoader } from './operator-code.tsx';
import { action as phoneAction, loader as phoneLoader } from './operator-phone.tsx';

const virtual = { virtual: true, phone: null, email: null, mf_info: { is_mf: false, mf_pop_up: null } } as unknown as AuthData;
const customer = (o: Partial<AuthData> = {}) =>
  ({ virtual: false, phone: '+79991234567', email: null, profile_for_child: false, mf_info: { is_mf: true, mf_pop_up: null }, ...o }) as unknown as AuthData;
const apiError = (status: number, code: string) => new ApiCallError(status, { status, code, message: code });
const MSISDN = 'msisdn=%2B79991234567';

function request(path: string, cookies: string[] = [], form?: Record<string, string>) {
  return new Request(`http://localhost${path}`, { headers: { cookie: cookies.join('; ') }, ...(form ? { method: 'POST', body: new URLSearchParams(form) } : {}) });
}
const thrown = (r: { thrown: unknown } | { value: unknown }) => ('thrown' in r ? (r.thrown as Response) : null);
const dataOf = (v: unknown) => v as { data: { errors: Record<string, string>; msisdn?: string; failure?: string }; init: { status?: number } | null };

describe('operator phone step: /signup/mf, /signin/mf, /signin/megafon', () => {
  it('prefills the phone from the msisdn cookie, formatted (spec platform §5)', async () => {
    const r = await outcome(() => phoneLoader({ request: request('/signin/mf', [MSISDN]), params: {}, context: contextWith({}, { auth: virtual }) } as never));
    expect('value' in r && r.value).toEqual({ flow: 'signin-mf', kind: 'signin', msisdn: '+7 999 123-45-67' });
  });

  it.each([
    ['/signup/mf', 'signup-mf', 'signup'],
    ['/signin/megafon', 'signin-megafon', 'signin'],
  ])('%s is the %s flow with an empty phone without the cookie', async (path, flow, kind) => {
    const r = await outcome(() => phoneLoader({ request: request(path), params: {}, context: contextWith({}, { auth: virtual }) } as never));
    expect('value' in r && r.value).toEqual({ flow, kind, msisdn: '' });
  });

  it('sends the code, keeps the msisdn in an httpOnly cookie and goes to the code step', async () => {
    const operatorCode = vi.fn(async () => null);
    const res = (await phoneAction({ request: request('/signup/mf', [], { msisdn: '8 999 123 45 67' }), params: {}, context: contextWith({ operatorCode }) } as never)) as Response;
    expect(operatorCode).toHaveBeenCalledWith('+79991234567');
    expect(res.headers.get('location')).toBe('/signup/mf/code');
    const cookie = res.headers.getSetCookie().find((c) => c.startsWith('msisdn='))!;
    expect(cookie).toContain('msisdn=%2B79991234567');
    expect(cookie).toContain('HttpOnly');
    expect(cookie).toContain(`Max-Age=${30 * 86_400}`);
  });

  it('400 for a number that is not a mobile one; no code is sent', async () => {
    const operatorCode = vi.fn();
    for (const [msisdn, error] of [['', 'phoneEmpty'], ['12345', 'phoneInvalid'], ['+7 495 123-45-67', 'phoneNotMobile']]) {
      const r = dataOf(await phoneAction({ request: request('/signin/mf', [], { msisdn: msisdn! }), params: {}, context: contextWith({ operatorCode }) } as never));
      expect(r.init?.status).toBe(400);
      expect(r.data.errors.login).toBe(error);
    }
    expect(operatorCode).not.toHaveBeenCalled();
  });

  it('app=mlk: keeps the msisdn and suspend cookies and goes to the code step when the API sent a code', async () => {
    const operatorMlk = vi.fn(async (): Promise<OperatorMlkResult> => ({ state: 'code_sent', msisdn: '+79991234567', suspend: true }));
    const r = await outcome(() => phoneLoader({ request: request('/signin/mf?app=mlk&msisdn=79991234567&suspend=1'), params: {}, context: contextWith({ operatorMlk }, { auth: virtual }) } as never));
    const res = thrown(r)!;
    expect(operatorMlk).toHaveBeenCalledWith('+79991234567', true);
    expect(res.headers.get('location')).toBe('/signin/mf/code');
    const cookies = res.headers.getSetCookie();
    expect(cookies.some((c) => c.startsWith('msisdn=%2B79991234567') && c.includes('HttpOnly'))).toBe(true);
    expect(cookies.some((c) => c.startsWith('suspend=1') && c.includes(`Max-Age=${86_400}`))).toBe(true);
  });

  it('app=mlk of the signed-in customer goes to /megafon_connect', async () => {
    const operatorMlk = vi.fn(async (): Promise<OperatorMlkResult> => ({ state: 'signed_in', msisdn: '+79991234567', suspend: false }));
    const r = await outcome(() => connectLoader({ request: request('/megafon_connect?app=mlk&msisdn=%2B79991234567'), params: {}, context: contextWith({ operatorMlk }, { auth: customer() }) } as never));
    expect(thrown(r)?.headers.get('location')).toBe('/megafon_connect');
  });
});

describe('operator code step', () => {
  it('without the msisdn cookie goes back to the phone step', async () => {
    const r = await outcome(async () => codeLoader({ request: request('/signin/megafon/code'), params: {}, context: contextWith({}, { auth: virtual }) } as never));
    expect(thrown(r)?.headers.get('location')).toBe('/signin/megafon');
  });

  it('signs up with the code: the session cookie, then /megafon_connect', async () => {
    const operatorVerify = vi.fn(async () => ({ authentication_token: 'new-session-token-0123456789' }) as AuthData);
    const res = (await codeAction({ request: request('/signup/mf/code', [MSISDN], { code: '123456' }), params: {}, context: contextWith({ operatorVerify }) } as never)) as Response;
    expect(operatorVerify).toHaveBeenCalledWith('+79991234567', '123456');
    expect(res.headers.get('location')).toBe('/megafon_connect');
    expect(res.headers.getSetCookie().some((c) => c.startsWith('ekran_token=new-session-token'))).toBe(true);
  });

  it('a wrong code is an answer (200) on the code field; a malformed one never reaches the API', async () => {
    const operatorVerify = vi.fn(async () => {
      throw apiError(400, 'INVALID_CODE');
    });
    const wrong = dataOf(await codeAction({ request: request('/signin/mf/code', [MSISDN], { code: '000000' }), params: {}, context: contextWith({ operatorVerify }) } as never));
    // A refusal is the form's answer, not a failed request (auth.server.ts refusalStatus, decision 037).
    expect(wrong.init?.status).toBe(200);
    expect(wrong.data.errors.code).toBe('codeInvalid');
    operatorVerify.mockClear();
    const bad = dataOf(await codeAction({ request: request('/signin/mf/code', [MSISDN], { code: '12' }), params: {}, context: contextWith({ operatorVerify }) } as never));
    expect(bad.data.errors.code).toBe('codeFormat');
    expect(operatorVerify).not.toHaveBeenCalled();
  });
});

describe('/megafon_connect', () => {
  it('a visitor sees the offer and the sign-up; no subscription is asked for', async () => {
    const operatorSubscription = vi.fn();
    const r = await connectLoader({ request: request('/megafon_connect'), params: {}, context: contextWith({ operatorSubscription }, { auth: virtual }) } as never);
    expect(r).toEqual({ signedIn: false, phone: null, subscription: null });
    expect(operatorSubscription).not.toHaveBeenCalled();
  });

  it('a customer without a subscription gets null (the API 404), then connects', async () => {
    const operatorSubscription = vi.fn(async () => {
      throw apiError(404, 'NOT_FOUND');
    });
    const r = await connectLoader({ request: request('/megafon_connect'), params: {}, context: contextWith({ operatorSubscription }, { auth: customer() }) } as never);
    expect(r).toEqual({ signedIn: true, phone: '+7 999 123-45-67', subscription: null });
    const sub = { id: 's', msisdn: '+79991234567', status: 'active', balance_state: 'ok', started_at: '', expires_at: '', is_entitling: true };
    const done = await connectAction({ request: request('/megafon_connect', [], {}), params: {}, context: contextWith({ operatorConnect: async () => sub } as Partial<Api>, { auth: customer() }) } as never);
    expect(done).toEqual({ subscription: sub, failure: null });
  });

  it.each([
    ['NOT_OPERATOR_SUBSCRIBER', 'notSubscriber', 409],
    ['INSUFFICIENT_BALANCE', 'noMoney', 409],
    ['AUTH_REQUIRED', 'signIn', 401],
  ])('the operator refusal %s is shown as %s', async (code, failure, status) => {
    const operatorConnect = vi.fn(async () => {
      throw apiError(status === 401 ? 401 : 409, code);
    });
    const r = dataOf(await connectAction({ request: request('/megafon_connect', [], {}), params: {}, context: contextWith({ operatorConnect }, { auth: customer() }) } as never));
    expect(r.data.failure).toBe(failure);
    expect(r.init?.status).toBe(status);
  });
});

describe('the shell of an operator customer (spec platform §6 popups by mf_info, §8 low balance banner)', () => {
  const sub = (balance_state: string, status = 'active') => async () => ({ id: 's', msisdn: '+79991234567', status, balance_state, started_at: '', expires_at: '', is_entitling: true }) as never;
  it('none for a viewer who is no operator customer, without a call', async () => {
    const operatorSubscription = vi.fn();
    expect(await operatorShell(virtual, { operatorSubscription })).toBeNull();
    expect(operatorSubscription).not.toHaveBeenCalled();
  });
  it('the popup of mf_info and the balance when it is low', async () => {
    expect(await operatorShell(customer({ mf_info: { is_mf: true, mf_pop_up: 'got_money' } }), { operatorSubscription: sub('low') })).toEqual({ popup: 'got_money', balance: 'low' });
    expect(await operatorShell(customer(), { operatorSubscription: sub('ok') })).toEqual({ popup: null, balance: null });
    expect(await operatorShell(customer(), { operatorSubscription: sub('low', 'cancelled') })).toEqual({ popup: null, balance: null });
  });
  it('a failed call shows no banner', async () => {
    expect(await operatorShell(customer(), { operatorSubscription: async () => Promise.reject(new Error('down')) })).toEqual({ popup: null, balance: null });
  });
});
