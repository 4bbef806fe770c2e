// The loaders and actions of /code, /premium_code, /code/success, /coupon/registration/{promo},
// /pages/gift and the certificate host, over a stubbed API.
import type { AuthData, PromoActivation, PromoMeta } from '@ekran/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { loader as rootLoader } from '../../root.tsx';
import { ApiCallError, type Api } from '../../lib/api.server.ts';
import { env } from '../../lib/env.server.ts';
import { contextWith, outcome } from '../../test/visitor.ts';
import { action as codeAction, loader as codeLoader } from './code.tsx';
import { action as successAction, loader as successLoader } from './code-success.tsx';
import { action as couponAction, loader as couponLoader } from './coupon.tsx';
import { action as giftAction, loader as giftLoader } from './gift.tsx';

const virtual = { virtual: true, email: null, phone: null } as unknown as AuthData;
const registered = { virtual: false, email: 'ivan@mail.ru', phone: null } as unknown as AuthData;
const apiError = (status: number, code: string) => new ApiCallError(status, { status, code, message: code });
const TARIFF_ID = '0b6c7a52-5d6e-4c1a-9a53-2a3f0f1e9d11';

const meta: PromoMeta = {
  code: 'EKRAN30',
  campaign: { alias: 'ekran30', title: '30 дней Экрана в подарок', kind: 'promo', is_premium: false, ends_at: null },
  gives: { kind: 'days', days: 30, tariff_title: 'Подписка на месяц' },
};
const activation: PromoActivation = {
  code: 'EKRAN30',
  campaign: { alias: 'ekran30', title: '30 дней Экрана в подарок', kind: 'promo' },
  subscription: { _id: 's1', tariff_title: 'Подписка на месяц', days: 30, expires_at: '2026-12-21T12:00:00.000Z', extended: false },
  discount_tariff: null,
};

const post = (path: string, form: Record<string, string>) => new Request(`http://localhost${path}`, { method: 'POST', body: new URLSearchParams(form) });
const get = (path: string) => new Request(`http://localhost${path}`);
const thrown = async (run: () => unknown) => {
  const r = await outcome(async () => run());
  return 'thrown' in r ? (r.thrown as Response) : null;
};
/** A data() result: its body and status. */
const dataOf = <T,>(value: unknown) => value as { data: T; init: { status?: number } | null };
type Answer = { meta?: PromoMeta; error?: { title: string; text: string; code: string | null } };

describe('/code and /premium_code', () => {
  it('sends a virtual visitor (or none) to /auth with the way back', async () => {
    for (const auth of [virtual, null]) {
      const res = await thrown(() => codeLoader({ request: get('/code'), context: contextWith({}, { auth }) } as never));
      expect(res?.headers.get('location')).toBe('/auth?back=%2Fcode');
    }
    const res = await thrown(() => codeLoader({ request: get('/premium_code'), context: contextWith({}, { auth: virtual }) } as never));
    expect(res?.headers.get('location')).toBe('/auth?back=%2Fpremium_code');
    const act = await thrown(() => codeAction({ request: post('/code', { code: 'EKRAN30' }), context: contextWith({}, { auth: virtual }) } as never));
    expect(act?.headers.get('location')).toBe('/auth?back=%2Fcode');
  });

  it('a registered viewer gets the form; /premium_code its own heading', async () => {
    expect(codeLoader({ request: get('/code'), context: contextWith({}, { auth: registered }) } as never)).toEqual({ premium: false, code: null });
    expect(codeLoader({ request: get('/premium_code'), context: contextWith({}, { auth: registered }) } as never)).toEqual({ premium: true, code: null });
  });

  // A promo landing's button opens /code?code=…
  it('/code?code= fills the code in, and a visitor comes back to it after signing in', async () => {
    expect(codeLoader({ request: get('/code?code=STUDENT2026'), context: contextWith({}, { auth: registered }) } as never)).toEqual({ premium: false, code: 'STUDENT2026' });
    const res = await thrown(() => codeLoader({ request: get('/code?code=STUDENT2026'), context: contextWith({}, { auth: virtual }) } as never));
    expect(res?.headers.get('location')).toBe(`/auth?back=${encodeURIComponent('/code?code=STUDENT2026')}`);
  });

  it('check answers what the code gives (premium on /premium_code)', async () => {
    const promoCheck = vi.fn(async () => meta);
    const r = await codeAction({ request: post('/premium_code', { code: ' ekran30 ', intent: 'check' }), context: contextWith({ promoCheck }, { auth: registered }) } as never);
    expect(dataOf<Answer>(r).data.meta).toEqual(meta);
    expect(promoCheck).toHaveBeenCalledWith({ code: 'ekran30', premium: true });
  });

  it('activate refreshes the auth data and goes to /code/success with what was granted', async () => {
    const promoActivate = vi.fn(async () => activation);
    const refresh = vi.fn(async () => registered);
    const r = (await codeAction({ request: post('/code', { code: 'EKRAN30', intent: 'activate' }), context: contextWith({ promoActivate, refresh }, { auth: registered }) } as never)) as Response;
    expect(promoActivate).toHaveBeenCalledWith({ code: 'EKRAN30', premium: false });
    expect(refresh).toHaveBeenCalled();
    const location = new URL(r.headers.get('location')!, 'http://localhost');
    expect(location.pathname).toBe('/code/success');
    expect(Object.fromEntries(location.searchParams)).toEqual({ campaign: '30 дней Экрана в подарок', tariff: 'Подписка на месяц', until: '2026-12-21T12:00:00.000Z' });
  });

  it.each([
    [404, 'PROMO_NOT_FOUND', 'titlePromo', 'notFound'],
    [409, 'PROMO_ALREADY_USED', 'titlePromo', 'alreadyUsed'],
    [409, 'PROMO_ONE_PER_CAMPAIGN', 'titleActivation', 'onePerCampaign'],
    [403, 'PROMO_NEW_USERS_ONLY', 'titleActivation', 'newUsersOnly'],
    [400, 'BAD_REQUEST', 'titlePromo', 'invalid'],
    [500, 'INTERNAL', 'titlePromo', 'default'],
  ])('an API %s %s shows «%s» / «%s»', async (status, code, title, text) => {
    const promoActivate = vi.fn(async () => {
      throw apiError(status, code);
    });
    const r = dataOf<Answer>(await codeAction({ request: post('/code', { code: 'EKRAN30', intent: 'activate' }), context: contextWith({ promoActivate }, { auth: registered }) } as never));
    expect(r.data.error).toMatchObject({ title, text, code });
    // A refusal is the form's answer (200); failures of ours stay 502.
    expect(r.init?.status).toBe(status >= 500 ? 502 : 200);
  });

  it('an empty code is an input mistake, without calling the API', async () => {
    const promoCheck = vi.fn();
    const r = dataOf<Answer>(await codeAction({ request: post('/code', { code: '  ' }), context: contextWith({ promoCheck }, { auth: registered }) } as never));
    expect(r.init?.status).toBe(200);
    expect(r.data.error).toMatchObject({ title: 'titlePromo', text: 'invalid' });
    expect(promoCheck).not.toHaveBeenCalled();
  });
});

describe('/code/success', () => {
  const load = (qs: string, auth: AuthData | null = registered) => outcome(async () => successLoader({ request: get(`/code/success?${qs}`), context: contextWith({}, { auth }) } as never));

  it('shows what was activated and until when (Moscow date)', async () => {
    const r = await load('campaign=Акция&tariff=Подписка%20на%20месяц&until=2026-12-21T12:00:00.000Z');
    expect('value' in r && r.value).toEqual({ view: { kind: 'subscription', campaign: 'Акция', tariff: 'Подписка на месяц', until: '21 декабря 2026 г.', extended: false } });
  });

  it('a discount code offers its tariff at its price', async () => {
    const r = await load(`tariff=Первый%20месяц&discount=${TARIFF_ID}&price=149&currency=RUB`);
    expect('value' in r && r.value).toMatchObject({ view: { kind: 'discount', tariffId: TARIFF_ID, price: expect.stringMatching(/^149\s₽$/) } });
  });

  it('without an activation behind it goes to /code; a virtual visitor to /auth', async () => {
    for (const qs of ['', 'tariff=x&until=never', 'tariff=x&discount=not-a-uuid&price=1']) {
      const r = await load(qs);
      expect('thrown' in r && (r.thrown as Response).headers.get('location')).toBe('/code');
    }
    const r = await load('tariff=x&until=2026-12-21T12:00:00.000Z', virtual);
    expect('thrown' in r && (r.thrown as Response).headers.get('location')).toMatch(/^\/auth\?back=%2Fcode%2Fsuccess/);
  });

  it('«Оформить» goes to the payment host of the discount tariff\'s link, with client_key', async () => {
    const paymentLink = vi.fn(async () => ({ url: 'https://pay.example.ru/checkout?order=1' }));
    const r = (await successAction({ request: post('/code/success', { tariff_id: TARIFF_ID }), context: contextWith({ paymentLink }, { auth: registered }) } as never)) as Response;
    expect(paymentLink).toHaveBeenCalledWith(`/api/v1/billing/tariffs/${TARIFF_ID}/payment`, { ga_id: undefined });
    const to = new URL(r.headers.get('location')!);
    expect(to.origin + to.pathname).toBe('https://pay.example.ru/checkout');
    expect(to.searchParams.get('client_key')).toBe(env.WEB_API_KEY);
    const bad = dataOf<{ error: boolean }>(await successAction({ request: post('/code/success', { tariff_id: 'x' }), context: contextWith({ paymentLink }, { auth: registered }) } as never));
    expect(bad.init?.status).toBe(400);
    const failing = vi.fn(async () => {
      throw apiError(404, 'NOT_FOUND');
    });
    const failed = dataOf<{ error: boolean }>(await successAction({ request: post('/code/success', { tariff_id: TARIFF_ID }), context: contextWith({ paymentLink: failing }, { auth: registered }) } as never));
    expect(failed.init?.status).toBe(502);
  });
});

describe('/coupon/registration/{promo}', () => {
  const coupon = { alias: 'welcome', title: 'Добро пожаловать на Экран', gives: { kind: 'days' as const, days: 14, tariff_title: 'Подписка на месяц' }, ends_at: null };

  it('loads the coupon; an unknown one is the not-found screen', async () => {
    const r = await couponLoader({ params: { promo: 'welcome' }, context: contextWith({ coupon: async () => coupon }, { auth: virtual }) } as never);
    expect(r).toEqual({ coupon, error: null, registered: false });
    const missing = await thrown(() => couponLoader({ params: { promo: 'nope' }, context: contextWith({ coupon: async () => { throw apiError(404, 'PROMO_NOT_FOUND'); } }, { auth: virtual }) } as never));
    expect((missing as unknown as { init: { status: number } }).init.status).toBe(404);
    const expired = await couponLoader({ params: { promo: 'old' }, context: contextWith({ coupon: async () => { throw apiError(409, 'PROMO_NO_LONGER_AVAILABLE'); } }, { auth: virtual }) } as never);
    expect(expired.error).toMatchObject({ title: 'titlePromo', text: 'notActive' });
  });

  it('registers and goes to /code/success', async () => {
    const couponRegister = vi.fn(async () => ({ auth: registered, activation: { ...activation, code: null } }));
    const r = (await couponAction({ request: post('/coupon/registration/welcome', { email: 'new@mail.ru', password: 'secret-pass' }), params: { promo: 'welcome' }, context: contextWith({ couponRegister }, { auth: virtual }) } as never)) as Response;
    expect(couponRegister).toHaveBeenCalledWith('welcome', { email: 'new@mail.ru', password: 'secret-pass' });
    expect(r.headers.get('location')).toMatch(/^\/code\/success\?/);
  });

  it.each([
    [409, 'EMAIL_TAKEN', 'titleActivation', 'emailTaken'],
    [400, 'PROMO_EMAIL_FORMAT', 'titleActivation', 'emailFormat'],
    [400, 'INVALID_EMAIL', 'titleRegistration', 'emailFormat'],
  ])('an API %s %s shows «%s» / «%s», keeping the address', async (status, code, title, text) => {
    const couponRegister = vi.fn(async () => {
      throw apiError(status, code);
    });
    const r = dataOf<{ error: { title: string; text: string }; email: string }>(
      await couponAction({ request: post('/coupon/registration/welcome', { email: 'x@mail.ru', password: 'secret-pass' }), params: { promo: 'welcome' }, context: contextWith({ couponRegister }, { auth: virtual }) } as never),
    );
    expect(r.data).toMatchObject({ error: { title, text }, email: 'x@mail.ru' });
    expect(status).toBeLessThan(500);
    expect(r.init?.status).toBe(200);
  });

  it('a registered viewer is told «Вы уже зарегистрированы» without calling the API', async () => {
    const couponRegister = vi.fn();
    const r = dataOf<{ error: { title: string; text: string } }>(
      await couponAction({ request: post('/coupon/registration/welcome', { email: 'x@mail.ru', password: 'secret-pass' }), params: { promo: 'welcome' }, context: contextWith({ couponRegister }, { auth: registered }) } as never),
    );
    expect(r.data.error).toMatchObject({ title: 'titleActivation', text: 'alreadyRegistered' });
    expect(couponRegister).not.toHaveBeenCalled();
  });
});

describe('/pages/gift and the certificate host', () => {
  afterEach(() => {
    env.GIFT_HOST = undefined;
  });

  it('offers the form to a registered viewer; activation is the same as /code, with the way back to the landing', async () => {
    expect(giftLoader({ context: contextWith({}, { auth: registered }) } as never)).toEqual({ registered: true });
    expect(giftLoader({ context: contextWith({}, { auth: virtual }) } as never)).toEqual({ registered: false });
    const res = await thrown(() => giftAction({ request: post('/pages/gift', { code: 'GIFT-2026-0001', intent: 'activate' }), context: contextWith({}, { auth: virtual }) } as never));
    expect(res?.headers.get('location')).toBe('/auth?back=%2Fpages%2Fgift');
    const promoActivate = vi.fn(async () => ({ ...activation, campaign: { alias: 'gift', title: 'Сертификат', kind: 'gift' as const } }));
    const r = (await giftAction({ request: post('/pages/gift', { code: 'GIFT-2026-0001', intent: 'activate' }), context: contextWith({ promoActivate, refresh: async () => registered }, { auth: registered }) } as never)) as Response;
    expect(r.headers.get('location')).toMatch(/^\/code\/success\?campaign=/);
  });

  it('on GIFT_HOST the home is the gift landing and popups are suppressed; elsewhere nothing changes', async () => {
    const api = { catalog: async () => ({ items: [] }) } as Partial<Api>;
    const auth = { current_country_code: 'RU', profile_for_child: false, virtual: true, language: { interface: 'ru' } };
    const run = (url: string) => outcome(async () => rootLoader({ request: new Request(url), params: {}, context: contextWith(api, { auth: auth as never }) } as never));
    env.GIFT_HOST = 'gift.localhost';
    const home = await run('http://gift.localhost/');
    expect('thrown' in home && (home.thrown as Response).headers.get('location')).toBe('/pages/gift');
    const page = await run('http://gift.localhost/pages/gift');
    expect('value' in page && page.value).toMatchObject({ screenType: 'certificates', suppressPopups: true });
    const main = await run('http://localhost/');
    expect('value' in main && main.value).toMatchObject({ screenType: null, suppressPopups: false });
  });
});
