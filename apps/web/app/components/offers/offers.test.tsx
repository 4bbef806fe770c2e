// @vitest-environment jsdom
// The shell's one marketing popup per page view (spec platform §4 Offers, §5 upsell, the
// play-grand popup) and the subscriptions popup's offer screen.
import type { Offer, UpgradeOption } from '@ekran/contracts';
import { formatPrice } from '@ekran/core';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { createRoutesStub } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createI18n } from '../../lib/i18n.ts';
import type { ShellPopup } from '../../lib/shell-popup.server.ts';
import { tariff } from '../../test/billing.ts';
import { firstScreen, SubscriptionDialog } from '../watch/subscription-dialog.tsx';
import { ShellPopupHost, shellPopupDecision } from './shell-popup-host.tsx';
import { VISIT_STORAGE_KEY } from './visits.ts';

const offer = (o: Partial<Offer> = {}): Offer => ({
  _id: '5d2f7c0e-1b3a-4c5d-8e9f-0a1b2c3d4e5f', alias: 'black-friday-149', kind: 'offer', title: 'Чёрная пятница на Экране', text: 'Первый месяц подписки за 149 ₽ вместо 499 ₽.',
  cta_text: 'Оформить за 149 ₽', image: '/images/offers/offer-ticket.svg', tariff: tariff({ _id: 't149', price: 149, allow_trial: false, recurrent_price: 499 }),
  next_tariff: null, promo_code: null, landing: 'black-friday', ends_at: '2026-11-30T21:00:00.000Z', ...o,
});
const popup = (o: Partial<Offer> = {}): ShellPopup => ({ offer: offer(o), placement: 'main' });

/** fetch() of the page, answered by intent; records the forms posted to /resources/offer. */
function stubOfferFetch(accept: unknown = { next: '/pages/black-friday' }) {
  const posted: Record<string, string>[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_input: string, init?: RequestInit) => {
      const form = Object.fromEntries(new URLSearchParams(String(init?.body ?? '')));
      posted.push(form);
      const body = form.intent === 'accept' ? accept : { ok: true };
      return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
    }),
  );
  return posted;
}

/** This browser is on its second visit (decision 038), begun as the registered viewer it is now. */
function secondVisit() {
  window.localStorage.setItem(VISIT_STORAGE_KEY, JSON.stringify({ n: 2, start: Date.now(), last: Date.now(), virtualAtStart: false }));
}

function renderHost(shellPopup: ShellPopup | null, blocked = false, visit: () => void = secondVisit) {
  visit();
  const Stub = createRoutesStub([
    { path: '/', loader: () => ({ shellPopup }), HydrateFallback: () => null, Component: () => <ShellPopupHost blocked={blocked} trialAvailable /> },
    { path: '/pages/:slug', Component: () => <p>landing page</p> },
  ]);
  return render(
    <I18nextProvider i18n={createI18n('ru')}>
      <Stub initialEntries={['/']} />
    </I18nextProvider>,
  );
}

beforeEach(() => vi.stubGlobal('scrollTo', () => undefined));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('shellPopupDecision: one popup per page view, after the shell’s own', () => {
  const base: Parameters<typeof shellPopupDecision>[0] = { popup: popup(), blocked: false, systemPopupOpen: false, automaticChecked: true, previousPath: null, lookedAround: true };
  it.each<[string, Partial<typeof base>, string]>([
    ['the API’s popup opens', {}, 'open'],
    ['the viewer has not looked around yet (first visit, or the visit that signed up)', { lookedAround: false }, 'none'],
    ['nothing to show', { popup: null }, 'none'],
    ['popups suppressed (certificate host, kids mode, the operator’s or deleted-device popup)', { blocked: true }, 'none'],
    ['a profile popup (who-watches, the PIN prompt) is open', { systemPopupOpen: true }, 'none'],
    ['the profile area has not decided its popups yet', { automaticChecked: false }, 'wait'],
    ['the upsell for a visitor coming from TV', { popup: popup({ kind: 'upsell' }), previousPath: '/channel/pervyy' }, 'none'],
    ['the offer for a visitor coming from TV', { previousPath: '/tv' }, 'open'],
  ])('%s → %s', (_name, input, expected) => {
    expect(shellPopupDecision({ ...base, ...input })).toBe(expected);
  });
});

describe('ShellPopupHost', () => {
  it('opens nothing on the first visit, and records that page view', async () => {
    const posted = stubOfferFetch();
    window.localStorage.removeItem(VISIT_STORAGE_KEY);
    renderHost(popup(), false, () => undefined);
    await act(async () => undefined);
    expect(screen.queryByTestId('offer-popup')).toBeNull();
    expect(posted).toEqual([]);
    expect(JSON.parse(window.localStorage.getItem(VISIT_STORAGE_KEY)!)).toMatchObject({ n: 1 });
  });

  it('opens the offer once, records the show, and «Не сейчас» closes it and records that', async () => {
    const posted = stubOfferFetch();
    renderHost(popup());
    const dialog = await screen.findByTestId('offer-popup');
    expect(dialog.getAttribute('role')).toBe('dialog');
    expect(screen.getByRole('heading', { name: 'Чёрная пятница на Экране' })).toBeTruthy();
    expect(screen.getByTestId('offer-price').textContent).toBe(`${formatPrice(149, 'RUB')} за месяц, затем ${formatPrice(499, 'RUB')} в месяц`);
    await waitFor(() => expect(posted).toEqual([expect.objectContaining({ intent: 'shown', kind: 'offer', placement: 'main' })]));
    fireEvent.click(screen.getByTestId('offer-later'));
    expect(screen.queryByTestId('offer-popup')).toBeNull();
    await waitFor(() => expect(posted.map((p) => p.intent)).toEqual(['shown', 'closed']));
  });

  it('accepting goes where the server says (here the offer’s landing)', async () => {
    const posted = stubOfferFetch({ next: '/pages/black-friday' });
    renderHost(popup());
    fireEvent.click(await screen.findByTestId('offer-cta'));
    expect(await screen.findByText('landing page')).toBeTruthy();
    expect(posted.map((p) => p.intent)).toEqual(['shown', 'accept']);
    expect(posted[1]).toMatchObject({ back: '/' });
    expect(screen.queryByTestId('offer-popup')).toBeNull();
  });

  it('says so when the offer ended in the meantime', async () => {
    stubOfferFetch({ error: 'not-running' });
    renderHost(popup());
    fireEvent.click(await screen.findByTestId('offer-cta'));
    expect((await screen.findByRole('alert')).textContent).toBe('Это предложение уже не действует.');
  });

  it('the upsell shows the welcome present', async () => {
    stubOfferFetch();
    renderHost({ offer: offer({ kind: 'upsell', title: 'Подарок к знакомству', image: '/images/offers/welcome-present.svg', landing: null }), placement: 'product' });
    const dialog = await screen.findByTestId('offer-popup');
    expect(dialog.querySelector('[data-kind="upsell"]')).toBeTruthy();
    expect(dialog.querySelector('img')?.getAttribute('src')).toBe('/images/offers/welcome-present.svg');
  });

  it('stays shut when another dialog is already open on the page', async () => {
    const posted = stubOfferFetch();
    const other = document.createElement('div');
    other.setAttribute('role', 'dialog');
    document.body.append(other);
    try {
      renderHost(popup());
      await act(async () => undefined);
      expect(screen.queryByTestId('offer-popup')).toBeNull();
      expect(posted).toEqual([]);
    } finally {
      other.remove();
    }
  });

  it('stays shut, and records nothing, when popups are blocked or there is none', async () => {
    const posted = stubOfferFetch();
    renderHost(popup(), true);
    await act(async () => undefined);
    expect(screen.queryByTestId('offer-popup')).toBeNull();
    cleanup();
    renderHost(null);
    await act(async () => undefined);
    expect(screen.queryByTestId('offer-popup')).toBeNull();
    expect(posted).toEqual([]);
  });
});

describe('SubscriptionDialog with an offer (spec platform §4 Offers: the subscriptions popup’s offer screen)', () => {
  const viewer = { virtual: false, trial_is_available: true };
  const trialOption: UpgradeOption = { tariff_id: 't499', title: 'Месяц', price: 499, currency: 'RUB', duration_days: 30, allow_trial: true, trial_days: 7 };
  function renderDialog(onClose = () => undefined, options: UpgradeOption[] = []) {
    const Stub = createRoutesStub([
      { path: '/watch/:alias', HydrateFallback: () => null, Component: () => <SubscriptionDialog viewer={viewer} options={options} authHref="/auth" paying={false} onSubscribe={() => undefined} onClose={onClose} offer={offer()} back="/watch/tayna" /> },
    ]);
    return render(
      <I18nextProvider i18n={createI18n('ru')}>
        <Stub initialEntries={['/watch/tayna']} />
      </I18nextProvider>,
    );
  }

  it('opens on the trial the title page promised («Смотреть 7 дней бесплатно»), the offer one step further and back', async () => {
    const posted = stubOfferFetch();
    renderDialog(undefined, [trialOption]);
    expect((await screen.findByTestId('subscription-cta')).textContent).toBe('Смотреть 7 дней бесплатно');
    expect(screen.queryByTestId('subscription-offer-screen')).toBeNull();
    expect(posted.filter((p) => p.intent)).toEqual([]);
    fireEvent.click(screen.getByTestId('subscription-other-offer'));
    expect(screen.getByTestId('subscription-offer-screen')).toBeTruthy();
    await waitFor(() => expect(posted.filter((p) => p.intent)).toEqual([expect.objectContaining({ intent: 'shown', placement: 'subscriptions' })]));
    fireEvent.click(screen.getByRole('button', { name: 'Назад к пробному периоду' }));
    expect(screen.getByTestId('subscription-cta').textContent).toBe('Смотреть 7 дней бесплатно');
  });

  it.each([
    ['no offer', null, 7, 'tariffs'],
    ['an offer, no trial promised', offer(), null, 'offer'],
    ['an offer without a trial, a trial promised', offer(), 7, 'tariffs'],
    ['an offer that begins with the trial', offer({ tariff: tariff({ _id: 't', allow_trial: true }) }), 7, 'offer'],
  ] as const)('firstScreen: %s → %s', (_name, o, days, screenName) => {
    expect(firstScreen(o, days, true)).toBe(screenName);
  });

  it('opens on the offer screen, records its show, and «Другие варианты» leads to the regular screen', async () => {
    const posted = stubOfferFetch();
    renderDialog();
    expect(await screen.findByTestId('subscription-offer-screen')).toBeTruthy();
    await waitFor(() => expect(posted).toEqual([expect.objectContaining({ intent: 'shown', placement: 'subscriptions' })]));
    fireEvent.click(screen.getByRole('button', { name: 'Другие варианты' }));
    expect(screen.queryByTestId('subscription-offer-screen')).toBeNull();
    expect(screen.getByTestId('subscription-cta')).toBeTruthy();
  });

  it('closing it on the offer screen records the offer closed', async () => {
    const posted = stubOfferFetch();
    const onClose = vi.fn();
    renderDialog(onClose);
    await screen.findByTestId('subscription-offer-screen');
    fireEvent.click(screen.getByRole('button', { name: 'Закрыть' }));
    expect(onClose).toHaveBeenCalled();
    await waitFor(() => expect(posted.map((p) => p.intent)).toEqual(['shown', 'closed']));
  });

  it('accepting comes back to the title (back) through the same accept', async () => {
    const posted = stubOfferFetch({ error: 'failed' });
    renderDialog();
    fireEvent.click(await screen.findByTestId('offer-cta'));
    await waitFor(() => expect(posted.find((p) => p.intent === 'accept')).toMatchObject({ placement: 'subscriptions', back: '/watch/tayna' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Что-то пошло не так');
  });
});
