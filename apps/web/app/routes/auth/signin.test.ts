import type { AuthData } from '@ekran/contracts';
import { describe, expect, it, vi } from 'vitest';
import { ApiCallError, type Api } from '../../lib/api.server.ts';
import { contextWith, outcome } from '../../test/visitor.ts';
import { AUTH_LOGIN_COOKIE, rememberedLogin, rememberLoginCookie, type RememberedLogin } from './auth-flow.server.ts';
import { loader as resetLoader } from './reset.ts';
import { action, loader } from './signin.tsx';

const virtual = { virtual: true, phone: null, email: null } as unknown as AuthData;
const registered = (o: Partial<AuthData> = {}) => ({ virtual: false, phone: null, email: 'ivan@mail.ru', ...o }) as unknown as AuthData;
const signedIn = { authentication_token: 'new-session-token-0123456789' } as AuthData;

/** The cookie a browser sends back for the remembered login (signed, so made by the module itself). */
const cookieOf = async (login: RememberedLogin) => (await rememberLoginCookie(login)).split(';')[0]!;
type CookieArg = string | Promise<string>;
/** The login a Set-Cookie remembers, read back as the site reads it. */
const rememberedFrom = (setCookie: string) => rememberedLogin(new Request('http://localhost/auth', { headers: { cookie: setCookie.split(';')[0]! } }));
const apiError = (status: number, code: string) => new ApiCallError(status, { status, code, message: code });

function request(path: string, cookies: string[] = [], form?: Record<string, string>) {
  return new Request(`http://localhost${path}`, {
    headers: { cookie: cookies.join('; ') },
    ...(form ? { method: 'POST', body: new URLSearchParams(form) } : {}),
  });
}

async function load(path: string, { step, cookies = [], auth = virtual }: { step?: string; cookies?: CookieArg[]; auth?: AuthData | null } = {}) {
  const sent = await Promise.all(cookies);
  return outcome(async () => loader({ request: request(path, sent), params: step ? { step } : {}, context: contextWith({ socialProviders: async () => ({ items: [{ id: 'yandex', dev: true }] }) }, { auth }) } as never));
}

async function act(path: string, form: Record<string, string>, { step, cookies = [], auth = virtual, api = {} }: { step?: string; cookies?: CookieArg[]; auth?: AuthData | null; api?: Partial<Api> } = {}) {
  const sent = await Promise.all(cookies);
  return (await action({ request: request(path, sent, form), params: step ? { step } : {}, context: contextWith(api, { auth }) } as never)) as unknown;
}

const thrownResponse = (r: Awaited<ReturnType<typeof load>>) => ('thrown' in r ? (r.thrown as Response) : null);
const setCookies = (res: Response) => res.headers.getSetCookie();
/** A data() result of an action: its body and status. */
const dataOf = (value: unknown) => value as { data: { errors: Record<string, string>; login?: string; resent?: boolean }; init: { status?: number; headers?: HeadersInit } | null };

describe('/auth loader: the steps (spec platform §2 /auth/{step?})', () => {
  it('shows the login field with the return URL', async () => {
    const r = await load('/auth?back=%2Fwatch%2Ftayna');
    expect('value' in r && r.value).toEqual({ step: 'login', back: '/watch/tayna', complete: false, social: [{ id: 'yandex', dev: true }] });
  });

  it('goes straight to the remembered step, keeping the return URL', async () => {
    const r = await load('/auth?back=%2Fmovies', { cookies: [cookieOf({ step: 'code', phone: '+79991234567', sentAt: Date.now() })] });
    expect(thrownResponse(r)?.headers.get('location')).toBe('/auth/code?back=%2Fmovies');
  });

  it('shows the code step with the phone and the countdown', async () => {
    const r = await load('/auth/code', { step: 'code', cookies: [cookieOf({ step: 'code', phone: '+79991234567', sentAt: Date.now() - 20_000 })] });
    const value = 'value' in r ? (r.value as { step: string; phone: string; resendIn: number }) : null;
    expect(value).toMatchObject({ step: 'code', phone: '+79991234567' });
    expect(value!.resendIn).toBeGreaterThanOrEqual(39);
    expect(value!.resendIn).toBeLessThanOrEqual(40);
  });

  it('shows the password step for a remembered email', async () => {
    const r = await load('/auth/password', { step: 'password', cookies: [cookieOf({ step: 'password', email: 'ivan@mail.ru' })] });
    expect('value' in r && r.value).toEqual({ step: 'password', back: '/', complete: false, email: 'ivan@mail.ru' });
  });

  it.each([
    ['code', [] as string[]],
    ['password', [] as string[]],
    ['code', [cookieOf({ step: 'password', email: 'ivan@mail.ru' })]],
  ])('sends /auth/%s without its login back to the field', async (step, cookies) => {
    const r = await load(`/auth/${step}?back=%2Fmovies`, { step, cookies });
    expect(thrownResponse(r)?.headers.get('location')).toBe('/auth?back=%2Fmovies');
  });

  it('answers 404 for an unknown step and sends /auth/signup to /signup', async () => {
    expect((thrownResponse(await load('/auth/nonsense', { step: 'nonsense' })) as unknown as { init: { status: number } }).init.status).toBe(404);
    expect(thrownResponse(await load('/auth/signup?back=%2Fx', { step: 'signup' }))?.headers.get('location')).toBe('/signup?back=%2Fx');
  });

  it('sends a signed-in visitor back', async () => {
    const r = await load('/auth?back=%2Fmovies', { auth: registered() });
    expect(thrownResponse(r)?.headers.get('location')).toBe('/movies');
  });

  it('asks a registered account without a phone for one when the social-registration marker is set', async () => {
    const r = await load('/auth', { auth: registered(), cookies: ['social_registration=1', cookieOf({ step: 'password', email: 'ivan@mail.ru' })] });
    expect('value' in r && r.value).toEqual({ step: 'login', back: '/', complete: true, social: [] });
  });

  it('drops the marker of an account that has a phone already and goes back', async () => {
    const res = thrownResponse(await load('/auth?back=%2Fmovies', { auth: registered({ phone: '+79991234567' }), cookies: ['social_registration=1'] }))!;
    expect(res.headers.get('location')).toBe('/movies');
    expect(setCookies(res)).toEqual([expect.stringMatching(/^social_registration=; Path=\/; Max-Age=0/)]);
  });
});

describe('/auth action: the login field', () => {
  it('remembers an email with an account and goes on to the password', async () => {
    const phoneCode = vi.fn();
    const loginCheck = vi.fn(async (email: string) => ({ email, exists: true }));
    const res = (await act('/auth?back=%2Fmovies', { login: ' Ivan@Mail.ru ' }, { api: { phoneCode, loginCheck } })) as Response;
    expect(loginCheck).toHaveBeenCalledWith('ivan@mail.ru');
    expect(res.headers.get('location')).toBe('/auth/password?back=%2Fmovies');
    expect(await rememberedFrom(setCookies(res)[0]!)).toEqual({ step: 'password', email: 'ivan@mail.ru' });
    expect(phoneCode).not.toHaveBeenCalled();
  });

  it('sends a new email on to sign-up in the same flow (decision 037)', async () => {
    const loginCheck = vi.fn(async (email: string) => ({ email, exists: false }));
    const res = (await act('/auth?back=%2Fmovies', { login: 'novyy@mail.ru' }, { api: { loginCheck } })) as Response;
    expect(res.headers.get('location')).toBe('/auth/register?back=%2Fmovies');
    expect(await rememberedFrom(setCookies(res)[0]!)).toEqual({ step: 'register', email: 'novyy@mail.ru' });
  });

  it('goes on to the password (with its sign-up link) when the check is refused for too many addresses', async () => {
    const loginCheck = vi.fn(async () => Promise.reject(apiError(429, 'RATE_LIMITED')));
    const res = (await act('/auth', { login: 'kto@mail.ru' }, { api: { loginCheck } })) as Response;
    expect(res.headers.get('location')).toBe('/auth/password');
  });

  it('sends a code to a phone and goes on to the code step', async () => {
    const phoneCode = vi.fn(async () => null);
    const res = (await act('/signin', { login: '8 (999) 123-45-67' }, { api: { phoneCode } })) as Response;
    expect(phoneCode).toHaveBeenCalledWith('+79991234567');
    expect(res.headers.get('location')).toBe('/auth/code');
    expect(setCookies(res)[0]).toMatch(new RegExp(`^${AUTH_LOGIN_COOKIE}=`));
    expect(await rememberedFrom(setCookies(res)[0]!)).toEqual({ step: 'code', phone: '+79991234567', sentAt: expect.any(Number) });
  });

  it.each([
    ['999 123 45 67', 'phoneInvalid'],
    ['+7 495 123 45 67', 'phoneNotMobile'],
    ['ivan@mail', 'emailInvalid'],
    ['', 'loginEmpty'],
  ])('answers %j with %s under the field (a 200 answer of the form), sending nothing', async (login, error) => {
    const phoneCode = vi.fn();
    const result = dataOf(await act('/auth', { login }, { api: { phoneCode } }));
    expect(result.init?.status).toBe(200);
    expect(result.data).toEqual({ errors: { login: error }, login });
    expect(phoneCode).not.toHaveBeenCalled();
  });

  it('goes on to the code step when a code went to the number a moment ago', async () => {
    const phoneCode = vi.fn(async () => {
      throw apiError(429, 'TOO_MANY_CODES');
    });
    const res = (await act('/auth', { login: '+79991234567' }, { api: { phoneCode } })) as Response;
    expect(res.headers.get('location')).toBe('/auth/code');
  });

  it.each([
    [apiError(503, 'UNAVAILABLE'), 503, { form: 'deliveryFailed' }],
    [apiError(429, 'RATE_LIMITED'), 200, { form: 'rateLimited' }],
    [apiError(400, 'PHONE_NOT_MOBILE'), 200, { login: 'phoneNotMobile' }],
  ])('shows an API refusal %s', async (err, status, errors) => {
    const result = dataOf(await act('/auth', { login: '+79991234567' }, { api: { phoneCode: vi.fn(async () => Promise.reject(err)) } }));
    expect(result.init?.status).toBe(status);
    expect(result.data.errors).toEqual(errors);
  });

  it('takes only a phone while a registration is completed', async () => {
    const result = dataOf(await act('/auth', { login: 'ivan@mail.ru' }, { auth: registered(), cookies: ['social_registration=1'] }));
    expect(result.data.errors).toEqual({ login: 'phoneRequired' });
  });
});

describe('/auth/code action', () => {
  const code = cookieOf({ step: 'code', phone: '+79991234567', sentAt: Date.now() - 61_000 });

  it('signs in with the code, forgets the login and goes back', async () => {
    const phoneVerify = vi.fn(async () => signedIn);
    const res = (await act('/auth/code?back=%2Fwatch%2Ftayna', { intent: 'verify', code: ' 123456 ' }, { step: 'code', cookies: [code], api: { phoneVerify } })) as Response;
    expect(phoneVerify).toHaveBeenCalledWith({ phone: '+79991234567', code: '123456' });
    expect(res.headers.get('location')).toBe('/watch/tayna');
    const cookies = setCookies(res);
    expect(cookies[0]).toMatch(/^ekran_token=new-session-token-0123456789; Path=\/; Max-Age=7776000; SameSite=Lax; HttpOnly/);
    expect(cookies[1]).toMatch(new RegExp(`^${AUTH_LOGIN_COOKIE}=; Max-Age=0; Path=/`));
    expect(cookies).toHaveLength(2);
  });

  it('completes a social registration and clears its marker', async () => {
    const phoneVerify = vi.fn(async () => signedIn);
    const res = (await act('/auth/code', { intent: 'verify', code: '123456' }, { step: 'code', auth: registered(), cookies: [code, 'social_registration=1'], api: { phoneVerify } })) as Response;
    expect(res.headers.get('location')).toBe('/');
    expect(setCookies(res)[2]).toMatch(/^social_registration=; Path=\/; Max-Age=0/);
  });

  it.each([
    [apiError(400, 'INVALID_CODE'), { code: 'codeInvalid' }],
    [apiError(400, 'BAD_REQUEST'), { form: 'generic' }],
    [apiError(429, 'TOO_MANY_ATTEMPTS'), { code: 'tooManyAttempts' }],
    [apiError(409, 'PHONE_TAKEN'), { form: 'phoneTaken' }],
    // Device limits arrive inside the one sign-in path later; the form shows them like any other refusal.
    [apiError(403, 'DEVICE_COUNT_EXCEEDED'), { form: 'generic' }],
  ])('shows %s', async (err, errors) => {
    const result = dataOf(await act('/auth/code', { intent: 'verify', code: '123456' }, { step: 'code', cookies: [code], api: { phoneVerify: vi.fn(async () => Promise.reject(err)) } }));
    expect(result.data.errors).toEqual(errors);
  });

  it('sends a new code and restarts the countdown', async () => {
    const phoneCode = vi.fn(async () => null);
    const result = dataOf(await act('/auth/code', { intent: 'resend' }, { step: 'code', cookies: [code], api: { phoneCode } }));
    expect(phoneCode).toHaveBeenCalledWith('+79991234567');
    expect(result.data).toEqual({ errors: {}, resent: true });
    const remembered = await rememberedFrom(new Headers(result.init?.headers).get('set-cookie')!);
    const sentAt = remembered?.step === 'code' ? remembered.sentAt : 0;
    expect(Date.now() - sentAt).toBeLessThan(5000);
  });

  it('sends a visitor without a remembered phone back to the field', async () => {
    const res = (await act('/auth/code', { intent: 'verify', code: '123456' }, { step: 'code' })) as Response;
    expect(res.headers.get('location')).toBe('/auth');
  });
});

describe('/auth/password action', () => {
  it('signs in with the remembered email and the password', async () => {
    const emailLogin = vi.fn(async () => signedIn);
    const res = (await act('/auth/password', { password: 'секрет' }, { step: 'password', cookies: [cookieOf({ step: 'password', email: 'ivan@mail.ru' })], api: { emailLogin } })) as Response;
    expect(emailLogin).toHaveBeenCalledWith({ email: 'ivan@mail.ru', password: 'секрет' });
    expect(res.headers.get('location')).toBe('/');
    expect(setCookies(res)[0]).toMatch(/^ekran_token=new-session-token/);
  });

  it('says a wrong password plainly', async () => {
    const emailLogin = vi.fn(async () => Promise.reject(apiError(401, 'INVALID_CREDENTIALS')));
    const result = dataOf(await act('/auth/password', { password: 'x' }, { step: 'password', cookies: [cookieOf({ step: 'password', email: 'ivan@mail.ru' })], api: { emailLogin } }));
    expect(result.data.errors).toEqual({ form: 'credentials' });
  });
});

describe('/auth/reset (spec platform §2): starts over', () => {
  it('forgets the login and its step and keeps the return URL', async () => {
    const res = await resetLoader({ request: request('/auth/reset?back=%2Fwatch%2Ftayna', [await cookieOf({ step: 'password', email: 'ivan@mail.ru' })]) } as never);
    expect(res.headers.get('location')).toBe('/auth?back=%2Fwatch%2Ftayna');
    expect(setCookies(res)).toEqual([expect.stringMatching(new RegExp(`^${AUTH_LOGIN_COOKIE}=; Max-Age=0; Path=/`))]);
  });

  it('refuses a return URL to another site', async () => {
    const res = await resetLoader({ request: request('/auth/reset?back=https%3A%2F%2Fevil.example') } as never);
    expect(res.headers.get('location')).toBe('/auth');
  });
});
