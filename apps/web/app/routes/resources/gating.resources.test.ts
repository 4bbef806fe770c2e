import type { AuthData } from '@ekran/contracts';
import { describe, expect, it, vi } from 'vitest';
import { apiError } from '../../test/devices.ts';
import { contextWith, outcome } from '../../test/visitor.ts';
import { action as paymentLink } from './payment-link.ts';
import { loader as playback } from './playback.ts';
import { action as streams } from './streams.ts';
import { loader as tariffsLoader } from './tariffs.ts';

type DataResult = { data: Record<string, unknown>; init: ResponseInit | null };
const valueOf = (r: { thrown: unknown } | { value: unknown }) => ('value' in r ? (r.value as DataResult) : null);
const post = (url: string, fields: Record<string, string>, cookie?: string) =>
  new Request(`http://localhost${url}`, { method: 'POST', body: new URLSearchParams(fields), headers: cookie ? { cookie } : {} });

const auth = (o: Partial<AuthData> = {}): AuthData =>
  ({
    _id: 'u1', virtual: false, email: 'viewer@example.ru', phone: null, profile_for_child: false, partner: { name: null }, externals: [],
    subscriptions: [], mf_info: { is_mf: false, mf_pop_up: null }, trial_is_available: true, authentication_token: 'secret-token-0123456789', ...o,
  }) as AuthData;
const tariff = (o: object = {}) => ({
  _id: 't0', title: 'Месяц', price: 399, currency: 'RUB', duration_days: 30, weight: 0, allow_trial: true, trial_period_duration: { days: 7 },
  max_streams: 2, original_id: null, recurrent_price: null, next_tariff_id: null, url: '/api/v1/billing/tariffs/t0/payment', ...o,
});

describe('/resources/playback/:uid (the check of the play logic)', () => {
  const check = { playlists: [], upgrade_options: [], reason: 'subscription_required' };
  it('answers the check with the viewer gating reads, never the session token', async () => {
    const r = valueOf(await outcome(() => playback({ params: { uid: 'u1' }, context: contextWith({ playbackCheck: vi.fn().mockResolvedValue(check) }, { auth: auth({ partner: { name: 'ttk' } }) }) } as never)));
    expect(r?.data.check).toEqual(check);
    expect(r?.data.viewer).toMatchObject({ virtual: false, email: 'viewer@example.ru', partner: { name: 'ttk' }, trial_is_available: true });
    expect(JSON.stringify(r?.data)).not.toContain('secret-token');
    expect(new Headers(r?.init?.headers).get('cache-control')).toBe('no-store');
  });

  it('passes a refusal on with its status, code, message and the stream limit (spec platform §8)', async () => {
    const limit = { limit: 2, items: [] };
    const err = apiError(403, 'STREAM_LIMIT_EXCEEDED', { stream_limit: limit });
    const r = valueOf(await outcome(() => playback({ params: { uid: 'u1' }, context: contextWith({ playbackCheck: vi.fn().mockRejectedValue(err) }, { auth: auth() }) } as never)));
    expect(r?.init?.status).toBe(403);
    expect(r?.data.error).toEqual({ status: 403, code: 'STREAM_LIMIT_EXCEEDED', message: 'STREAM_LIMIT_EXCEEDED', stream_limit: limit, device_limit: undefined });
  });

  it('passes a 400 USER_USE_ANONYMIZER on', async () => {
    const err = apiError(400, 'USER_USE_ANONYMIZER');
    const r = valueOf(await outcome(() => playback({ params: { uid: 'u1' }, context: contextWith({ playbackCheck: vi.fn().mockRejectedValue(err) }, { auth: auth() }) } as never)));
    expect(r?.init?.status).toBe(400);
    expect(r?.data.error).toMatchObject({ status: 400, message: 'USER_USE_ANONYMIZER' });
  });

  it('passes server failures on too, so the page can follow the §8 chain', async () => {
    const r = valueOf(await outcome(() => playback({ params: { uid: 'u1' }, context: contextWith({ playbackCheck: vi.fn().mockRejectedValue(apiError(503, 'UNAVAILABLE')) }) } as never)));
    expect(r?.init?.status).toBe(503);
    expect(r?.data).toMatchObject({ error: { status: 503, code: 'UNAVAILABLE' }, viewer: null });
  });
});

describe('/resources/tariffs (spec platform §7: null on status 400 or above)', () => {
  it('answers the list', async () => {
    const r = valueOf(await outcome(() => tariffsLoader({ context: contextWith({ tariffs: vi.fn().mockResolvedValue([tariff()]) }) } as never)));
    expect(r?.data).toEqual({ tariffs: [tariff()] });
  });
  it.each([400, 404, 500])('answers null for %i', async (status) => {
    const r = valueOf(await outcome(() => tariffsLoader({ context: contextWith({ tariffs: vi.fn().mockRejectedValue(apiError(status, 'X')) }) } as never)));
    expect(r?.data).toEqual({ tariffs: null });
  });
});

describe('/resources/payment-link (spec platform §4 Payment redirect)', () => {
  const run = (api: object, fields: Record<string, string>, visitor: { auth?: AuthData | null } = { auth: auth() }, cookie?: string) =>
    outcome(() => paymentLink({ request: post('/resources/payment-link', fields, cookie), context: contextWith(api, visitor), params: {} } as never));

  it('fetches the tariff url with ga_id and the tracking parameters, then answers the payment host with client_key and sets the 3-minute flag', async () => {
    const link = vi.fn().mockResolvedValue({ url: 'https://pay.example.ru/checkout?order=42' });
    const cookie = '_ga=GA1.2.1234567890.1700000000; admitad_uid=adm-1; advcake_url=https%3A%2F%2Fadvcake.example%2Fx';
    const r = valueOf(await run({ tariffs: vi.fn().mockResolvedValue([tariff({ _id: 't1', weight: 5 }), tariff()]), paymentLink: link }, { tariff_id: 't0', utm_source: 'admitad', utm_campaign: 'winter', evil: 'x' }, { auth: auth() }, cookie));
    expect(link).toHaveBeenCalledWith('/api/v1/billing/tariffs/t0/payment', {
      ga_id: '1234567890.1700000000', utm_source: 'admitad', utm_medium: undefined, utm_campaign: 'winter', utm_content: undefined, utm_term: undefined,
      admitad_uid: 'adm-1', advcake_url: 'https://advcake.example/x',
    });
    expect(r?.data).toEqual({ url: 'https://pay.example.ru/checkout?order=42&client_key=ekran-web-public-key' });
    expect(new Headers(r?.init?.headers).get('set-cookie')).toBe('payment_redirect=1; Path=/; Max-Age=180; SameSite=Lax');
  });

  it('needs an email or a phone (spec platform §4 Tariff flow): nothing is fetched', async () => {
    const api = { tariffs: vi.fn(), paymentLink: vi.fn() };
    for (const visitor of [{ auth: auth({ email: null, phone: null }) }, { auth: null }]) {
      const r = valueOf(await run(api, { tariff_id: 't0' }, visitor));
      expect(r?.init?.status).toBe(401);
      expect(r?.data).toEqual({ error: 'auth' });
    }
    expect(api.tariffs).not.toHaveBeenCalled();
  });

  it('refuses a tariff that is not in the list', async () => {
    const api = { tariffs: vi.fn().mockResolvedValue([tariff()]), paymentLink: vi.fn() };
    const r = valueOf(await run(api, { tariff_id: 'other' }));
    expect(r?.init?.status).toBe(400);
    expect(api.paymentLink).not.toHaveBeenCalled();
  });

  it('never fetches a url of another host', async () => {
    const api = { tariffs: vi.fn().mockResolvedValue([tariff({ url: 'http://169.254.169.254/latest/meta-data' })]), paymentLink: vi.fn() };
    const r = valueOf(await run(api, { tariff_id: 't0' }));
    expect(r?.data).toEqual({ error: 'payment-link' });
    expect(api.paymentLink).not.toHaveBeenCalled();
  });

  it.each([
    ['the payment link answers 404 (billing is not there yet)', vi.fn().mockRejectedValue(apiError(404, 'NOT_FOUND'))],
    ['the payment host is not http(s)', vi.fn().mockResolvedValue({ url: 'javascript:alert(1)' })],
  ])('fails as a payment-link failure when %s (spec platform §8)', async (_name, link) => {
    const r = valueOf(await run({ tariffs: vi.fn().mockResolvedValue([tariff()]), paymentLink: link }, { tariff_id: 't0' }));
    expect(r?.init?.status).toBe(502);
    expect(r?.data).toEqual({ error: 'payment-link' });
    expect(new Headers(r?.init?.headers).get('set-cookie')).toBeNull();
  });

  it('fails as a payment-link failure when the tariff list fails', async () => {
    const r = valueOf(await run({ tariffs: vi.fn().mockRejectedValue(apiError(500, 'INTERNAL')), paymentLink: vi.fn() }, { tariff_id: 't0' }));
    expect(r?.data).toEqual({ error: 'payment-link' });
  });
});

describe('/resources/streams («Остановить» another stream)', () => {
  const id = '44444444-4444-4444-8444-444444444444';
  const run = (api: object, fields: Record<string, string>) => outcome(() => streams({ request: post('/resources/streams', fields), context: contextWith(api), params: {} } as never));

  it('stops the stream', async () => {
    const stopStream = vi.fn().mockResolvedValue(null);
    expect(valueOf(await run({ stopStream }, { intent: 'stop', stream_id: id }))?.data).toEqual({ ok: true });
    expect(stopStream).toHaveBeenCalledWith(id);
  });

  it.each([
    [{ intent: 'stop', stream_id: 'not-a-uuid' }],
    [{ intent: 'start', stream_id: id }],
  ])('refuses bad input without calling the API (%o)', async (fields) => {
    const stopStream = vi.fn();
    const r = valueOf(await run({ stopStream }, fields));
    expect(r?.init?.status).toBe(400);
    expect(stopStream).not.toHaveBeenCalled();
  });

  it('says a stream of another account (or gone) is not found', async () => {
    const r = valueOf(await run({ stopStream: vi.fn().mockRejectedValue(apiError(404, 'NOT_FOUND')) }, { intent: 'stop', stream_id: id }));
    expect(r?.data).toEqual({ error: 'not-found' });
  });
});
