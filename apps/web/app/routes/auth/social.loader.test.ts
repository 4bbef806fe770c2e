import type { AuthData } from '@ekran/contracts';
import { describe, expect, it, vi } from 'vitest';
import { ApiCallError } from '../../lib/api.server.ts';
import { deviceLimit } from '../../test/devices.ts';
import { contextWith, outcome } from '../../test/visitor.ts';
import { action as callbackAction, loader as callbackLoader } from './social-callback.tsx';
import { action as signupAction, loader as signupLoader } from './social-signup.tsx';

const FLOW = 'f'.repeat(43);
const auth = (o: Partial<AuthData> = {}) => ({ _id: 'u1', authentication_token: 'new-token-0123456789', apple_id: null, google_id: null, phone: null, current_country_code: 'RU', virtual: false, ...o }) as AuthData;
const apiError = (status: number, code: string) => new ApiCallError(status, { status, code, message: 'x' });
const request = (url: string, init: RequestInit = {}, cookie = `ekran_social_flow=${FLOW}`) =>
  new Request(`http://localhost${url}`, { ...init, headers: { cookie, ...(init.headers ?? {}) } });
const asResponse = (thrown: unknown) => thrown as Response;
const cookiesOf = (res: Response) => res.headers.getSetCookie();
const dataOf = (v: unknown) => v as { data: Record<string, unknown>; init: { status: number; headers?: Record<string, string> } };

describe('/token/{provider} loader (spec platform §2 /token/yandex)', () => {
  const run = (api: object, url = '/token/yandex?code=abc&state=st&iss=x&junk=1', provider = 'yandex', cookie?: string) =>
    outcome(() => callbackLoader({ request: request(url, {}, cookie), params: { provider }, context: contextWith(api) } as never));

  it('hands code, state and iss with the flow cookie to the API, other query fields dropped', async () => {
    const socialCallback = vi.fn().mockResolvedValue({ result: 'signup', provider: 'yandex', back: '/' });
    await run({ socialCallback });
    expect(socialCallback).toHaveBeenCalledWith('yandex', { code: 'abc', state: 'st', iss: 'x' }, FLOW);
  });

  it('forwards no flow cookie that does not look like one', async () => {
    const socialCallback = vi.fn().mockResolvedValue({ result: 'signup', provider: 'yandex', back: '/' });
    await run({ socialCallback }, undefined, 'yandex', 'ekran_social_flow=x%3B%20ekran_token%3Devil');
    expect(socialCallback.mock.calls[0]![2]).toBeNull();
  });

  it('goes on to /auth/yandex/signup for a new identity', async () => {
    const r = await run({ socialCallback: vi.fn().mockResolvedValue({ result: 'signup', provider: 'yandex', back: '/' }) });
    expect('thrown' in r && asResponse(r.thrown).headers.get('location')).toBe('/auth/yandex/signup');
  });

  it('signs in: the session cookie, the flow cookie cleared, back to the return URL', async () => {
    const r = await run({ socialCallback: vi.fn().mockResolvedValue({ result: 'signed_in', provider: 'yandex', back: '/watch/tayna', auth: auth() }) });
    const res = asResponse('thrown' in r && r.thrown);
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/watch/tayna');
    expect(cookiesOf(res)).toEqual([expect.stringMatching(/^ekran_social_flow=; Path=\/; Max-Age=0/), expect.stringMatching(/^ekran_token=new-token-0123456789;.*HttpOnly/)]);
  });

  it('never redirects off the site, whatever the API says (spec platform §5)', async () => {
    const r = await run({ socialCallback: vi.fn().mockResolvedValue({ result: 'signed_in', provider: 'yandex', back: '//evil.example', auth: auth() }) });
    expect('thrown' in r && asResponse(r.thrown).headers.get('location')).toBe('/');
  });

  it('after a link goes back to the account page saying which provider', async () => {
    const r = await run({ socialCallback: vi.fn().mockResolvedValue({ result: 'linked', provider: 'vk', back: '/account' }) }, '/token/vk?code=a&state=b', 'vk');
    expect('thrown' in r && asResponse(r.thrown).headers.get('location')).toBe('/account?linked=vk');
  });

  it.each([
    [apiError(400, 'SOCIAL_FLOW_INVALID'), 'flowInvalid', 400],
    [apiError(400, 'SOCIAL_DENIED'), 'denied', 400],
    [apiError(400, 'SOCIAL_PROVIDER_ERROR'), 'providerError', 400],
    [apiError(502, 'SOCIAL_PROVIDER_UNAVAILABLE'), 'unavailable', 502],
    [apiError(409, 'SOCIAL_ALREADY_LINKED'), 'alreadyLinked', 409],
    [apiError(429, 'RATE_LIMITED'), 'rateLimited', 429],
    // A device limit passes through as it is, with its code kept.
    [apiError(403, 'DEVICE_COUNT_EXCEEDED'), 'generic', 403],
  ])('shows %s as %s with its status and clears the flow cookie', async (err, key, status) => {
    const r = await run({ socialCallback: vi.fn().mockRejectedValue(err) });
    const v = dataOf('value' in r && r.value);
    expect(v.data).toMatchObject({ provider: 'yandex', error: key, code: err.body!.code });
    expect(v.init.status).toBe(status);
    expect(v.init.headers?.['Set-Cookie']).toMatch(/^ekran_social_flow=; /);
  });

  it('over the device limit hands the popup its devices and ticket (spec platform §8)', async () => {
    const limit = deviceLimit();
    const err = new ApiCallError(403, { status: 403, code: 'DEVICE_COUNT_EXCEEDED', message: 'x', device_limit: limit });
    const r = await run({ socialCallback: vi.fn().mockRejectedValue(err) });
    const v = dataOf('value' in r && r.value);
    expect(v.data).toMatchObject({ code: 'DEVICE_COUNT_EXCEEDED', deviceLimit: limit });
    expect(v.init.status).toBe(403);
    const other = await run({ socialCallback: vi.fn().mockRejectedValue(apiError(409, 'SOCIAL_ALREADY_LINKED')) });
    expect(dataOf('value' in other && other.value).data.deviceLimit).toBeNull();
  });

  it('lets server failures reach the error screen', async () => {
    const r = await run({ socialCallback: vi.fn().mockRejectedValue(new ApiCallError(500, null)) });
    expect('thrown' in r && r.thrown).toBeInstanceOf(ApiCallError);
  });

  it('answers 404 for an unknown provider without calling the API', async () => {
    const socialCallback = vi.fn();
    const r = await run({ socialCallback }, '/token/facebook?code=a', 'facebook');
    expect('thrown' in r && (r.thrown as { init: { status: number } }).init.status).toBe(404);
    expect(socialCallback).not.toHaveBeenCalled();
  });
});

describe('/token/apple action (Apple answers by form_post)', () => {
  it('turns the posted answer into a GET of the same page (303), other fields dropped', async () => {
    const body = new URLSearchParams({ code: 'c', state: 's', user: '{"name":{"firstName":"А"}}', evil: 'x' });
    const r = await outcome(() =>
      callbackAction({ request: request('/token/apple', { method: 'POST', body, headers: { 'content-type': 'application/x-www-form-urlencoded' } }), params: { provider: 'apple' }, context: contextWith({}) } as never),
    );
    const res = asResponse('thrown' in r && r.thrown);
    expect(res.status).toBe(303);
    const to = new URL(res.headers.get('location')!, 'http://localhost');
    expect(to.pathname).toBe('/token/apple');
    expect(Object.fromEntries(to.searchParams)).toEqual({ code: 'c', state: 's', user: '{"name":{"firstName":"А"}}' });
  });
});

describe('/auth/{provider}/signup (spec platform §2 /auth/yandex/signup)', () => {
  const pending = { provider: 'yandex', email: 'anna@yandex.ru', email_verified: true, phone: '+79161234567', name: 'Анна', back: '/', expires_at: '2026-11-21T12:15:00Z' };
  const load = (api: object, provider = 'yandex') => outcome(() => signupLoader({ request: request(`/auth/${provider}/signup`), params: { provider }, context: contextWith(api) } as never));
  const submit = (api: object, form: Record<string, string>, provider = 'google') =>
    outcome(() =>
      signupAction({
        request: request(`/auth/${provider}/signup`, { method: 'POST', body: new URLSearchParams(form), headers: { 'content-type': 'application/x-www-form-urlencoded' } }),
        params: { provider },
        context: contextWith(api),
      } as never),
    );

  it('shows what the provider said', async () => {
    const socialPending = vi.fn().mockResolvedValue(pending);
    const r = await load({ socialPending });
    expect(socialPending).toHaveBeenCalledWith(FLOW);
    expect('value' in r && r.value).toEqual({ provider: 'yandex', pending });
  });

  it('moves to the path of the provider the flow belongs to', async () => {
    const r = await load({ socialPending: vi.fn().mockResolvedValue(pending) }, 'google');
    expect('thrown' in r && asResponse(r.thrown).headers.get('location')).toBe('/auth/yandex/signup');
  });

  it('explains an expired or missing sign-up', async () => {
    const r = await load({ socialPending: vi.fn().mockRejectedValue(apiError(400, 'SOCIAL_FLOW_INVALID')) });
    expect(dataOf('value' in r && r.value)).toMatchObject({ data: { pending: null, error: 'flowInvalid' }, init: { status: 400 } });
  });

  it('needs the consent box: an answer of the form (200) and no API call', async () => {
    const socialSignup = vi.fn();
    const r = await submit({ socialSignup }, { intent: 'signup' });
    expect(dataOf('value' in r && r.value)).toMatchObject({ data: { errors: { consent: true } }, init: { status: 200 } });
    expect(socialSignup).not.toHaveBeenCalled();
  });

  it('after a Google sign-up without a phone in RU sets the social-registration marker and goes to /auth (spec platform §4)', async () => {
    const socialSignup = vi.fn().mockResolvedValue({ result: 'registered', provider: 'google', back: '/watch/tayna', auth: auth({ google_id: '1045' }) });
    const r = await submit({ socialSignup }, { intent: 'signup', consent: 'on' });
    const res = asResponse('value' in r && r.value);
    expect(socialSignup).toHaveBeenCalledWith(FLOW);
    expect(res.headers.get('location')).toBe('/auth?back=%2Fwatch%2Ftayna');
    const cookies = cookiesOf(res);
    expect(cookies).toContainEqual(expect.stringMatching(/^ekran_token=new-token-0123456789;/));
    expect(cookies).toContainEqual(expect.stringMatching(/^ekran_social_flow=; /));
    const marker = cookies.find((c) => c.startsWith('social_registration='));
    expect(marker).toBe('social_registration=google; Path=/; Max-Age=1800; SameSite=Lax');
  });

  it.each([
    ['a Yandex sign-up', { result: 'registered', provider: 'yandex', back: '/', auth: auth() }],
    ['an Apple sign-up with a phone', { result: 'registered', provider: 'apple', back: '/', auth: auth({ apple_id: 'a', phone: '+79990000000' }) }],
    ['a Google sign-up outside RU', { result: 'registered', provider: 'google', back: '/', auth: auth({ google_id: 'g', current_country_code: 'DE' }) }],
    ['signing into an existing account', { result: 'signed_in', provider: 'google', back: '/', auth: auth({ google_id: 'g' }) }],
  ])('%s goes back without the marker', async (_, answer) => {
    const r = await submit({ socialSignup: vi.fn().mockResolvedValue(answer) }, { intent: 'signup', consent: 'on' });
    const res = asResponse('value' in r && r.value);
    expect(res.headers.get('location')).toBe('/');
    expect(cookiesOf(res).some((c) => c.startsWith('social_registration='))).toBe(false);
  });

  it('shows an API refusal on the form, passing unknown codes through as generic', async () => {
    const r = await submit({ socialSignup: vi.fn().mockRejectedValue(apiError(403, 'DEVICE_COUNT_EXCEEDED')) }, { intent: 'signup', consent: 'on' });
    expect(dataOf('value' in r && r.value)).toMatchObject({ data: { errors: { form: 'generic' } }, init: { status: 200 } });
  });

  it('cancel forgets the pending sign-up and goes to /auth', async () => {
    const socialCancel = vi.fn().mockResolvedValue(null);
    const r = await submit({ socialCancel }, { intent: 'cancel' });
    const res = asResponse('value' in r && r.value);
    expect(socialCancel).toHaveBeenCalledWith(FLOW);
    expect(res.headers.get('location')).toBe('/auth');
    expect(cookiesOf(res)).toEqual([expect.stringMatching(/^ekran_social_flow=; /)]);
  });
});
