import { describe, expect, it } from 'vitest';
import { ApiCallError } from '../../lib/api.server.ts';
import { authErrors, backOf } from './auth.server.ts';

const back = (value: string) => backOf(new Request(`http://localhost/auth?back=${encodeURIComponent(value)}`));

describe('return URL (spec platform §5: only with an allowed prefix)', () => {
  it.each(['/watch/tayna', '/movies/drama?x=1', '/'])('keeps the site path %s', (value) => {
    expect(back(value)).toBe(value);
  });

  it.each([
    '//evil.example',
    '/\\evil.example',
    '\\\\evil.example',
    'https://evil.example',
    'https:evil.example',
    'http://user@evil.example',
    '//user:pass@evil.example/path',
    'javascript:alert(1)',
    ' /watch',
    '/%0d%0aSet-Cookie:x',
    '/\tevil',
  ])('falls back to / for %j', (value) => {
    const result = back(value);
    expect(result === '/' || (result.startsWith('/') && !result.startsWith('//') && !result.includes('\\'))).toBe(true);
    expect(new URL(result, 'http://localhost').host).toBe('localhost');
  });

  it('falls back to / without a return URL', () => {
    expect(backOf(new Request('http://localhost/auth'))).toBe('/');
  });
});

describe('auth form errors', () => {
  const api = (status: number, code: string, details?: { path: string; message: string }[]) =>
    new ApiCallError(status, { status, code, message: 'x', ...(details ? { details } : {}) });

  it.each([
    [api(409, 'EMAIL_TAKEN'), { email: 'emailTaken' }],
    [api(409, 'ALREADY_REGISTERED'), { form: 'alreadyRegistered' }],
    [api(401, 'INVALID_CREDENTIALS'), { form: 'credentials' }],
    [api(400, 'INVALID_CODE'), { code: 'codeInvalid' }],
    [api(429, 'TOO_MANY_ATTEMPTS'), { code: 'tooManyAttempts' }],
    [api(429, 'RATE_LIMITED'), { form: 'rateLimited' }],
    [api(400, 'BAD_REQUEST', [{ path: 'body.email', message: 'bad' }, { path: 'body.password', message: 'short' }]), { email: 'emailInvalid', password: 'passwordShort' }],
    [api(400, 'BAD_REQUEST', [{ path: 'body.code', message: 'six digits' }]), { code: 'codeFormat' }],
    // accounts: phone sign-in
    [api(400, 'INVALID_PHONE'), { login: 'phoneInvalid' }],
    [api(400, 'PHONE_NOT_MOBILE'), { login: 'phoneNotMobile' }],
    [api(400, 'BAD_REQUEST', [{ path: 'body.phone', message: 'too long' }]), { login: 'phoneInvalid' }],
    [api(409, 'PHONE_TAKEN'), { form: 'phoneTaken' }],
    [api(429, 'TOO_MANY_CODES'), { form: 'tooManyCodes' }],
    [api(503, 'UNAVAILABLE'), { form: 'deliveryFailed' }],
    [api(403, 'DEVICE_COUNT_EXCEEDED'), { form: 'generic' }],
  ])('maps %s', (err, expected) => {
    expect(authErrors(err)).toEqual(expected);
  });

  it('lets server failures and other errors through to the error screen', () => {
    expect(() => authErrors(new ApiCallError(500, null))).toThrow();
    expect(() => authErrors(new Error('network'))).toThrow('network');
  });
});
