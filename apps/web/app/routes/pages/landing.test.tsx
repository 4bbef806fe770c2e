// @vitest-environment jsdom
// /pages/{slug} (spec platform §2 Landings): the loader (an unknown slug is the not-found screen),
// the button's action (the tariff flow and payment redirect of §4), the SEO meta, and what the page shows while the
// offer runs, after it ended and before it starts.
import type { Landing } from '@ekran/contracts';
import { formatPrice } from '@ekran/core';
import { cleanup, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { createRoutesStub } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiCallError } from '../../lib/api.server.ts';
import { createI18n } from '../../lib/i18n.ts';
import { tariff, viewer } from '../../test/billing.ts';
import { titleCard } from '../../test/collections.ts';
import { contextWith, outcome } from '../../test/visitor.ts';
import LandingPage, { action, lastDayOf, loader, meta } from './landing.tsx';

const landing = (o: Partial<Landing> = {}): Landing => ({
  slug: 'black-friday', title: 'Чёрная пятница на Экране', lead: 'Первый месяц подписки за 149 ₽ вместо 499 ₽.',
  sections: [{ heading: 'Условия', text: 'Для зрителей без подписки.', items: ['Один раз на аккаунт'] }],
  hero: { desktop: { url: '/api/v1/images/art/banner/stripes-0-280-7104', width: 1326, height: 310 }, mobile: { url: '/api/v1/images/art/banner-mobile/stripes-0-280-7104', width: 768, height: 432 } },
  seo: { title: 'Чёрная пятница: первый месяц Экрана за 149 ₽', description: 'Только до 30 ноября.' },
  state: 'active', starts_at: '2026-11-19T21:00:00.000Z', ends_at: '2026-11-30T21:00:00.000Z', cta_text: 'Оформить за 149 ₽',
  tariff: tariff({ _id: 't149', title: 'Первый месяц за 149 ₽', price: 149, allow_trial: false, recurrent_price: 499, url: '/api/v1/billing/tariffs/t149/payment' }),
  next_tariff: null, promo_code: null, code_entry: false, featured: { ...titleCard('tayna-sinego-doma'), description: 'Триллер о доме с секретом.' }, ...o,
});

const get = (path: string) => new Request(`http://localhost${path}`);
const post = (path: string, fields: Record<string, string> = {}, cookie?: string) =>
  new Request(`http://localhost${path}`, { method: 'POST', body: new URLSearchParams(fields), headers: cookie ? { cookie } : {} });
const statusOf = (r: { thrown: unknown } | { value: unknown }) =>
  'thrown' in r ? (r.thrown instanceof Response ? r.thrown.status : (r.thrown as { init?: { status: number } }).init?.status) : 200;

afterEach(() => cleanup());

describe('/pages/{slug} loader', () => {
  it('loads the landing from the API', async () => {
    const api = { landing: vi.fn().mockResolvedValue(landing()) };
    const r = await loader({ params: { slug: 'black-friday' }, request: get('/pages/black-friday'), context: contextWith(api, { auth: viewer({ trial_is_available: false }) }) } as never);
    expect(api.landing).toHaveBeenCalledWith('black-friday');
    expect(r).toEqual({ landing: landing(), trialAvailable: false });
  });

  it('an unknown slug is the not-found screen; one that cannot be a slug is not even asked', async () => {
    const api = { landing: vi.fn().mockRejectedValue(new ApiCallError(404, { status: 404, code: 'NOT_FOUND', message: 'x' })) };
    expect(statusOf(await outcome(() => loader({ params: { slug: 'no-such' }, context: contextWith(api) } as never)))).toBe(404);
    const none = { landing: vi.fn() };
    expect(statusOf(await outcome(() => loader({ params: { slug: 'Black_Friday' }, context: contextWith(none) } as never)))).toBe(404);
    expect(none.landing).not.toHaveBeenCalled();
  });

  it('lets other API failures reach the error screen', async () => {
    const api = { landing: vi.fn().mockRejectedValue(new ApiCallError(500, null)) };
    const r = await outcome(() => loader({ params: { slug: 'black-friday' }, context: contextWith(api) } as never));
    expect('thrown' in r && r.thrown).toBeInstanceOf(ApiCallError);
  });
});

describe('/pages/{slug} action: the button (spec platform §4 Tariff flow, Payment redirect)', () => {
  const run = (api: object, auth: ReturnType<typeof viewer> | null, fields: Record<string, string> = {}, cookie?: string) =>
    outcome(() => action({ params: { slug: 'black-friday' }, request: post('/pages/black-friday', fields, cookie), context: contextWith(api, { auth }) } as never));

  it('a registered viewer goes to the payment host for the landing’s tariff, with client_key, tracking and the 3-minute flag', async () => {
    const api = { landing: vi.fn().mockResolvedValue(landing()), paymentLink: vi.fn().mockResolvedValue({ url: 'https://pay.example.test/pay/ch_1' }) };
    const r = await run(api, viewer(), { utm_source: 'vk', utm_campaign: 'bf' }, '_ga=GA1.2.111.222; from_offer=black-friday-149');
    const res = 'thrown' in r ? (r.thrown as Response) : null;
    expect(res?.status).toBe(302);
    const to = new URL(res!.headers.get('location')!);
    expect(to.origin).toBe('https://pay.example.test');
    expect(to.searchParams.get('client_key')).toBeTruthy();
    expect(res!.headers.get('set-cookie')).toMatch(/^payment_redirect=1; Path=\/; Max-Age=180/);
    expect(api.paymentLink).toHaveBeenCalledWith('/api/v1/billing/tariffs/t149/payment', expect.objectContaining({
      ga_id: '111.222', utm_source: 'vk', utm_campaign: 'bf', from_offer: 'black-friday-149', back_url: '/watch/tayna-sinego-doma',
    }));
  });

  it('a visitor without an email or phone signs in first and comes back to the landing', async () => {
    const api = { landing: vi.fn().mockResolvedValue(landing()), paymentLink: vi.fn() };
    for (const auth of [null, viewer({ virtual: true, email: null })]) {
      const r = await run(api, auth);
      const res = 'thrown' in r ? (r.thrown as Response) : null;
      expect(res?.headers.get('location')).toBe('/auth?back=%2Fpages%2Fblack-friday');
    }
    expect(api.paymentLink).not.toHaveBeenCalled();
  });

  it('an offer that ended meanwhile sells nothing (409), whatever the browser sends', async () => {
    const api = { landing: vi.fn().mockResolvedValue(landing({ state: 'ended', tariff: null })), paymentLink: vi.fn() };
    const r = await run(api, viewer(), { tariff_id: 't149' });
    expect('value' in r && (r.value as { init: { status: number } }).init.status).toBe(409);
    expect(api.paymentLink).not.toHaveBeenCalled();
  });

  it('a failed payment link is «Что-то пошло не так» (502)', async () => {
    const api = { landing: vi.fn().mockResolvedValue(landing()), paymentLink: vi.fn().mockRejectedValue(new ApiCallError(503, null)) };
    const r = await run(api, viewer());
    expect('value' in r && (r.value as { data: unknown; init: { status: number } }).init.status).toBe(502);
  });
});

describe('/pages/{slug} meta (SEO)', () => {
  const tags = (l: Landing) => meta({ data: { landing: l, trialAvailable: true }, matches: [{ id: 'root', data: { origin: 'https://ekran.ru' } }] } as never);
  it('title, description, canonical, the hero as the preview and the offer in JSON-LD', () => {
    const m = tags(landing());
    expect(m).toContainEqual({ title: 'Чёрная пятница: первый месяц Экрана за 149 ₽' });
    expect(m).toContainEqual({ name: 'description', content: 'Только до 30 ноября.' });
    expect(m).toContainEqual({ tagName: 'link', rel: 'canonical', href: 'https://ekran.ru/pages/black-friday' });
    expect(m).toContainEqual({ property: 'og:image', content: 'https://ekran.ru/api/v1/images/art/banner/stripes-0-280-7104?w=1280&q=75&type=jpeg' });
    const ld = m.find((t) => 'script:ld+json' in t) as { 'script:ld+json': { offers: { price: number; priceCurrency: string } } };
    expect(ld['script:ld+json'].offers).toMatchObject({ '@type': 'Offer', price: 149, priceCurrency: 'RUB' });
    expect(m.some((t) => 'name' in t && t.name === 'robots')).toBe(false);
  });
  it('an ended landing is readable but not indexed', () => {
    expect(tags(landing({ state: 'ended', tariff: null }))).toContainEqual({ name: 'robots', content: 'noindex, follow' });
  });
});

function renderPage(l: Landing, trialAvailable = true) {
  const Stub = createRoutesStub([{ path: '/pages/:slug', Component: LandingPage as never, loader: () => ({ landing: l, trialAvailable }), HydrateFallback: () => null }]);
  return render(
    <I18nextProvider i18n={createI18n('ru')}>
      <Stub initialEntries={[`/pages/${l.slug}?utm_source=vk`]} />
    </I18nextProvider>,
  );
}

describe('/pages/{slug} page', () => {
  it('while the offer runs: the copy, the button with the page’s utm, the price chain, the last day and the featured title', async () => {
    renderPage(landing());
    expect(await screen.findByRole('heading', { level: 1, name: 'Чёрная пятница на Экране' })).toBeTruthy();
    const cta = screen.getByTestId('landing-cta');
    expect(cta.textContent).toBe('Оформить за 149 ₽');
    expect((cta.closest('form')!.querySelector('input[name="utm_source"]') as HTMLInputElement).value).toBe('vk');
    expect(screen.getByTestId('landing-price').textContent).toBe(`${formatPrice(149, 'RUB')} за месяц, затем ${formatPrice(499, 'RUB')} в месяц`);
    expect(screen.getByText(`Акция действует до ${lastDayOf('2026-11-30T21:00:00.000Z')} включительно`)).toBeTruthy();
    expect(lastDayOf('2026-11-30T21:00:00.000Z')).toBe('30 ноября 2026 г.');
    expect(screen.getByText('Один раз на аккаунт')).toBeTruthy();
    expect(screen.getByTestId('landing-featured-link').getAttribute('href')).toBe('/watch/tayna-sinego-doma');
    expect(screen.getByTestId('landing-featured-link').textContent).toBe('Подробнее о фильме');
    expect(screen.queryByTestId('landing-closed')).toBeNull();
  });

  it('names a featured series a series', async () => {
    const base = landing();
    renderPage({ ...base, featured: { ...base.featured!, _cls: 'Product.Series' } });
    expect((await screen.findByTestId('landing-featured-link')).textContent).toBe('Подробнее о сериале');
  });

  it('a discount chain says what renewals cost and how often (the next tariff)', async () => {
    const month = tariff({ _id: 't-month', price: 499, duration_days: 30 });
    renderPage(landing({ tariff: tariff({ _id: 't3', price: 1190, duration_days: 90, allow_trial: false, recurrent_price: 499, next_tariff_id: 't-month' }), next_tariff: month }));
    expect((await screen.findByTestId('landing-price')).textContent).toBe(`${formatPrice(1190, 'RUB')} за 3 месяца, затем ${formatPrice(499, 'RUB')} в месяц`);
  });

  it('a trial tariff says the trial first, for a viewer who still has one', async () => {
    renderPage(landing({ tariff: tariff({ price: 499, allow_trial: true }) }));
    expect((await screen.findByTestId('landing-price')).textContent).toBe(`7 дней бесплатно, затем ${formatPrice(499, 'RUB')} в месяц`);
  });

  it('a promo landing’s button opens /code with its code; a partner’s opens /code', async () => {
    renderPage(landing({ tariff: null, promo_code: 'STUDENT2026', cta_text: 'Применить промокод' }));
    expect((await screen.findByTestId('landing-cta')).getAttribute('href')).toBe('/code?code=STUDENT2026');
    cleanup();
    renderPage(landing({ tariff: null, code_entry: true, cta_text: 'Ввести промокод' }));
    expect((await screen.findByTestId('landing-cta')).getAttribute('href')).toBe('/code');
  });

  it('an ended offer says so and leads to /tariffs, without a button', async () => {
    renderPage(landing({ state: 'ended', tariff: null }));
    expect((await screen.findByTestId('landing-closed')).textContent).toContain('Акция завершилась');
    expect(screen.getByTestId('landing-tariffs').getAttribute('href')).toBe('/tariffs');
    expect(screen.queryByTestId('landing-cta')).toBeNull();
    // what it was about is still there
    expect(screen.getByText('Условия')).toBeTruthy();
  });

  it('an upcoming offer says when it starts', async () => {
    renderPage(landing({ state: 'upcoming', tariff: null, starts_at: '2026-12-14T21:00:00.000Z' }));
    const closed = await screen.findByTestId('landing-closed');
    expect(closed.textContent).toContain('Акция ещё не началась');
    expect(closed.textContent).toContain('15 декабря 2026 г.');
  });
});
