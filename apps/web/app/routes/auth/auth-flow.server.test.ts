import type { AuthData } from '@ekran/contracts';
import { describe, expect, it } from 'vitest';
import { AUTH_LOGIN_COOKIE, authMode, flowPath, readLoginInput, rememberedLogin, rememberLoginCookie, resendIn } from './auth-flow.server.ts';

const withCookie = (cookie: string) => new Request('http://localhost/auth', { headers: { cookie } });
/** The cookie a browser sends back for a Set-Cookie. */
const echo = (setCookie: string) => setCookie.split(';')[0]!;

describe('readLoginInput (spec platform §5: @, a dot or a Latin letter is an email; otherwise a phone)', () => {
  it.each([
    ['ivan@mail.ru', { kind: 'email', email: 'ivan@mail.ru' }],
    ['  Ivan@Mail.RU ', { kind: 'email', email: 'ivan@mail.ru' }],
    ['ivan@mail', { kind: 'error', error: 'emailInvalid' }],
    ['ivan', { kind: 'error', error: 'emailInvalid' }],
    ['иван@почта.рф', { kind: 'error', error: 'emailInvalid' }],
    ['+7 999 123-45-67', { kind: 'phone', phone: '+79991234567' }],
    ['8 (999) 123 45 67', { kind: 'phone', phone: '+79991234567' }],
    ['79991234567', { kind: 'phone', phone: '+79991234567' }],
    ['999 123 45 67', { kind: 'error', error: 'phoneInvalid' }],
    ['телефон', { kind: 'error', error: 'phoneInvalid' }],
    ['+7 495 123-45-67', { kind: 'error', error: 'phoneNotMobile' }],
    ['', { kind: 'error', error: 'loginEmpty' }],
    ['   ', { kind: 'error', error: 'loginEmpty' }],
  ])('%j is %j', (input, expected) => {
    expect(readLoginInput(input)).toEqual(expected);
  });

  it.each([
    ['ivan@mail.ru', { kind: 'error', error: 'phoneRequired' }],
    ['', { kind: 'error', error: 'phoneEmpty' }],
    ['+7 999 123-45-67', { kind: 'phone', phone: '+79991234567' }],
  ])('while a registration is completed, %j is %j', (input, expected) => {
    expect(readLoginInput(input, { phoneOnly: true })).toEqual(expected);
  });
});

describe('the remembered login', () => {
  it.each([
    [{ step: 'password', email: 'ivan@mail.ru' }],
    [{ step: 'code', phone: '+79991234567', sentAt: 1_700_000_000_000 }],
  ] as const)('comes back as it was stored: %j', async (login) => {
    const set = await rememberLoginCookie(login);
    expect(set).toMatch(new RegExp(`^${AUTH_LOGIN_COOKIE}=[^;]+; Max-Age=1800; Path=/; HttpOnly; SameSite=Lax`));
    expect(await rememberedLogin(withCookie(echo(set)))).toEqual(login);
  });

  it.each([
    '',
    `${AUTH_LOGIN_COOKIE}=not-json`,
    `${AUTH_LOGIN_COOKIE}=${encodeURIComponent('{"step":"password","email":"not an email"}')}`,
    `${AUTH_LOGIN_COOKIE}=${encodeURIComponent('{"step":"code","phone":"+74951234567","sentAt":1}')}`,
    `${AUTH_LOGIN_COOKIE}=${encodeURIComponent('{"step":"code","phone":"+79991234567"}')}`,
    `${AUTH_LOGIN_COOKIE}=${encodeURIComponent('{"step":"admin","email":"ivan@mail.ru"}')}`,
  ])('is forgotten when broken or not signed by the site: %j', async (cookie) => {
    expect(await rememberedLogin(withCookie(cookie))).toBeNull();
  });

  it('is forgotten when signed by the site but not holding together', async () => {
    const set = await rememberLoginCookie({ step: 'password', email: 'not an email' });
    expect(await rememberedLogin(withCookie(echo(set)))).toBeNull();
  });

  it('is forgotten when its value was changed: the signature no longer holds', async () => {
    const [name, value] = echo(await rememberLoginCookie({ step: 'password', email: 'ivan@mail.ru' })).split('=') as [string, string];
    const [payload, signature] = decodeURIComponent(value).split('.') as [string, string];
    const forged = btoa(JSON.stringify({ step: 'code', phone: '+79991234567', sentAt: 0 }));
    expect(await rememberedLogin(withCookie(`${name}=${encodeURIComponent(`${forged}.${signature}`)}`))).toBeNull();
    expect(await rememberedLogin(withCookie(`${name}=${encodeURIComponent(`${payload}.${signature}`)}`))).toEqual({ step: 'password', email: 'ivan@mail.ru' });
  });

  it('reads a code step with its phone in the stored form', async () => {
    const set = await rememberLoginCookie({ step: 'code', phone: '+7 999 123-45-67', sentAt: 5 });
    expect(await rememberedLogin(withCookie(echo(set)))).toEqual({ step: 'code', phone: '+79991234567', sentAt: 5 });
  });
});

it.each([
  [0, 60],
  [1, 60],
  [1000, 59],
  [59_001, 1],
  [60_000, 0],
  [600_000, 0],
])('%i ms after a code, a new one may be asked in %i s', (elapsed, seconds) => {
  expect(resendIn(1_000_000, 1_000_000 + elapsed)).toBe(seconds);
});

describe('authMode (spec platform §4: the social-registration marker sends a registered account without a phone to /auth)', () => {
  const auth = (o: Partial<AuthData>) => ({ virtual: false, phone: null, email: 'ivan@mail.ru', ...o }) as AuthData;
  const marker = 'social_registration=1';
  it.each([
    ['a crawler', null, '', { mode: 'signin' }],
    ['a virtual visitor', auth({ virtual: true, email: null }), '', { mode: 'signin' }],
    ['a virtual visitor with a stray marker', auth({ virtual: true, email: null }), marker, { mode: 'signin' }],
    ['a registered account without a phone, with the marker', auth({}), marker, { mode: 'complete' }],
    ['a registered account without a phone, no marker', auth({}), '', { mode: 'done', clearMarker: false }],
    ['a registered account with a phone and the marker', auth({ phone: '+79991234567' }), marker, { mode: 'done', clearMarker: true }],
  ])('%s: %j', (_, visitor, cookie, expected) => {
    expect(authMode(visitor, withCookie(cookie))).toEqual(expected);
  });
});

it.each([
  ['/auth/code', '/', '/auth/code'],
  ['/auth', '/watch/tayna', '/auth?back=%2Fwatch%2Ftayna'],
])('flowPath(%j, %j) is %j', (path, back, expected) => {
  expect(flowPath(path, back)).toBe(expected);
});
