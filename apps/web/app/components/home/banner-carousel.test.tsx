// @vitest-environment jsdom
import type { Banner, BannerAction } from '@ekran/contracts';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { createRoutesStub } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { trackEvent } from '../../lib/analytics.ts';
import { createI18n } from '../../lib/i18n.ts';
import { BannerCarousel } from './banner-carousel.tsx';

vi.mock('../../lib/analytics.ts', () => ({ trackEvent: vi.fn(), trackClick: vi.fn() }));

// jsdom has no layout observers: a controllable IntersectionObserver, inert Resize/Mutation observers, matchMedia.
const observers: { callback: IntersectionObserverCallback; elements: Element[] }[] = [];
class FakeIntersectionObserver {
  constructor(readonly callback: IntersectionObserverCallback) {
    observers.push({ callback, elements: (this.elements = []) });
  }
  elements: Element[];
  observe(element: Element) {
    this.elements.push(element);
  }
  unobserve() {}
  disconnect() {
    this.elements.length = 0;
  }
  takeRecords() {
    return [];
  }
}
class NoopObserver {
  observe() {}
  unobserve() {}
  disconnect() {}
}
let reducedMotion = false;
beforeEach(() => {
  observers.length = 0;
  reducedMotion = false;
  vi.stubGlobal('IntersectionObserver', FakeIntersectionObserver);
  vi.stubGlobal('ResizeObserver', NoopObserver);
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: query.includes('reduced-motion') ? reducedMotion : false,
    media: query,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    addListener: () => undefined,
    removeListener: () => undefined,
  }));
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.useRealTimers();
  vi.mocked(trackEvent).mockClear();
});

/** Shows one slide as 95% or 0% visible to the view-event observers. */
function setVisible(slide: Element, ratio: number) {
  for (const o of observers) {
    if (!o.elements.includes(slide)) continue;
    const entry = { target: slide, isIntersecting: ratio > 0, intersectionRatio: ratio } as unknown as IntersectionObserverEntry;
    act(() => o.callback([entry], {} as IntersectionObserver));
  }
}

const art = (kind: string) => ({ url: `/api/v1/images/art/${kind}/rays-1-2-3`, width: 1326, height: 310 });
const action = (o: Partial<BannerAction>): BannerAction => ({ type: 'open', alias: null, url: null, target_id: null, trailer_id: null, child: false, ...o });
const banner = (o: Partial<Banner> & Pick<Banner, 'alias' | 'type' | 'actions'>): Banner => ({
  id: `id-${o.alias}`,
  title: `Баннер ${o.alias}`,
  description: 'Описание.',
  images: { web_desktop: art('banner'), web_mobile: { ...art('banner-mobile'), width: 768, height: 432 }, image_narrow: { ...art('banner-narrow'), width: 620 } },
  is_narrow: false,
  for_kids: false,
  target_alias: null,
  target_url: null,
  ...o,
});

const banners = [
  banner({ alias: 'premiera', type: 'product', actions: [action({ type: 'play', alias: 'tayna' }), action({ type: 'add_to_favorites', alias: 'tayna' })] }),
  banner({ alias: 'vybor', type: 'collection', actions: [action({ alias: 'vybor-redaktsii' })] }),
  banner({ alias: 'detskiy', type: 'link', is_narrow: true, actions: [action({ url: '/child_profile' })] }),
  banner({ alias: 'kanal', type: 'channel', actions: [action({ alias: 'ekran-kino' }), action({ type: 'catchup', target_id: 'rec-7' })] }),
  banner({ alias: 'trailer', type: 'product', actions: [action({ type: 'play_trailer', trailer_id: 'trailer-404' })] }),
];

function renderCarousel(list: Banner[], root: Record<string, unknown> = { isVirtual: true, isChild: false }) {
  const Stub = createRoutesStub([
    {
      id: 'root',
      path: '/',
      loader: () => root,
      HydrateFallback: () => null,
      children: [
        { index: true, Component: () => <BannerCarousel banners={list} /> },
        { path: 'auth', Component: () => <p>Страница входа</p> },
      ],
    },
  ]);
  render(
    <I18nextProvider i18n={createI18n('ru')}>
      <Stub initialEntries={['/']} />
    </I18nextProvider>,
  );
}

const slide = (alias: string) => document.querySelector(`[data-banner="${alias}"]`) as HTMLElement;

describe('BannerCarousel', () => {
  it('is a carousel of labelled slides; only the current one is reachable', async () => {
    renderCarousel(banners);
    const region = await screen.findByRole('region', { name: 'Премьеры и акции' });
    expect(region.getAttribute('aria-roledescription')).toBe('carousel');
    const slides = within(region).getAllByRole('group');
    expect(slides.map((s) => s.getAttribute('aria-label'))).toEqual(banners.map((b, i) => `${i + 1} из 5: ${b.title}`));
    expect(slides.map((s) => s.hasAttribute('inert'))).toEqual([false, true, true, true, true]);
    expect(screen.getAllByRole('button', { name: /Показать баннер/ })).toHaveLength(5);
    expect(screen.getByRole('button', { name: 'Следующий баннер' })).toBeTruthy();
  });

  it('gives each slide a picture: desktop art at 1326:310 on wide screens, the narrow art for a narrow banner, the phone art below; the first loads first', async () => {
    renderCarousel(banners);
    await screen.findByRole('region');
    const [first, second] = [slide('premiera'), slide('vybor')];
    const source = first.querySelector('source')!;
    expect(source.getAttribute('media')).toBe('(min-width: 1024px)');
    expect(source.getAttribute('srcset')).toContain('/api/v1/images/art/banner/rays-1-2-3?w=1280');
    expect(slide('detskiy').querySelector('source')!.getAttribute('srcset')).toContain('/api/v1/images/art/banner-narrow/');
    expect(slide('detskiy').classList.contains('banner--narrow')).toBe(true);
    const img = first.querySelector('img')!;
    expect(img.getAttribute('src')).toContain('/api/v1/images/art/banner-mobile/');
    expect(img.getAttribute('loading')).toBe('eager');
    expect(img.getAttribute('fetchpriority')).toBe('high');
    expect(second.querySelector('img')!.getAttribute('loading')).toBe('lazy');
    expect(second.querySelector('img')!.getAttribute('fetchpriority')).toBeNull();
  });

  it('labels and wires each banner by the click rule of platform §4', async () => {
    renderCarousel(banners);
    await screen.findByRole('region');
    const cta = (alias: string) => within(slide(alias)).getByTestId('banner-cta');
    expect(cta('premiera').tagName).toBe('BUTTON');
    expect(cta('premiera').textContent).toBe('Смотреть');
    expect(cta('vybor').getAttribute('href')).toBe('/collection/vybor-redaktsii');
    expect(cta('kanal').getAttribute('href')).toBe('/tvchannels/watch/ekran-kino');
    expect(cta('trailer').textContent).toBe('Смотреть трейлер');
    // A virtual visitor has no child profile to make: sign in, then the deeplink.
    expect(cta('detskiy').getAttribute('href')).toBe('/auth?back=%2Fchild_profile');
    expect(within(slide('kanal')).getByRole('link', { name: 'Смотреть в записи' }).getAttribute('href')).toBe('/archive/watch/rec-7');
    expect(within(slide('premiera')).getByRole('button', { name: 'В избранное' })).toBeTruthy();
  });

  it('opens the child-profile creation prompt for a registered adult without a child profile (link to /child_profile)', async () => {
    // Without the profile machinery (the shell is not mounted here) the deeplink runs the same switch.
    renderCarousel(banners, { isVirtual: false, isChild: false });
    await screen.findByRole('region');
    const button = within(slide('detskiy')).getByTestId('banner-cta');
    expect(button.tagName).toBe('BUTTON');
    expect(button.textContent).toBe('Создать детский профиль');
  });

  it('reports a banner view once it stays 90% visible for 2000 ms (spec platform §9)', async () => {
    renderCarousel(banners);
    await screen.findByRole('region');
    vi.useFakeTimers();
    setVisible(slide('premiera'), 0.95);
    act(() => {
      vi.advanceTimersByTime(1999);
    });
    expect(trackEvent).not.toHaveBeenCalled();
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(trackEvent).toHaveBeenCalledTimes(1);
    expect(trackEvent).toHaveBeenCalledWith(expect.objectContaining({ action_id: 'banner_view', element_id: 'id-premiera', element_text: 'Баннер premiera' }));
    // Once per banner.
    setVisible(slide('premiera'), 0);
    setVisible(slide('premiera'), 1);
    act(() => {
      vi.advanceTimersByTime(5000);
    });
    expect(trackEvent).toHaveBeenCalledTimes(1);
  });

  it('does not report a banner that leaves before 2000 ms or is less than 90% visible', async () => {
    renderCarousel(banners);
    await screen.findByRole('region');
    vi.useFakeTimers();
    setVisible(slide('vybor'), 0.95);
    act(() => {
      vi.advanceTimersByTime(1500);
    });
    setVisible(slide('vybor'), 0.5);
    act(() => {
      vi.advanceTimersByTime(3000);
    });
    setVisible(slide('kanal'), 0.89);
    act(() => {
      vi.advanceTimersByTime(3000);
    });
    expect(trackEvent).not.toHaveBeenCalled();
  });

  it('sends a virtual visitor to sign in when adding to favorites answers 401', async () => {
    const fetchMock = vi.fn().mockResolvedValue(new Response(JSON.stringify({ error: 'AUTH_REQUIRED' }), { status: 401 }));
    vi.stubGlobal('fetch', fetchMock);
    renderCarousel(banners);
    await screen.findByRole('region');
    fireEvent.click(within(slide('premiera')).getByRole('button', { name: 'В избранное' }));
    expect(await screen.findByText('Страница входа')).toBeTruthy();
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('/resources/favorites');
    expect(init.method).toBe('POST');
    expect(String(init.body)).toBe('intent=add&alias=tayna');
  });

  it('shows a favorite as added, and an error when adding fails', async () => {
    vi.stubGlobal('fetch', vi.fn().mockResolvedValueOnce(new Response('{}', { status: 200 })));
    renderCarousel([banners[0]!]);
    await screen.findByRole('region');
    fireEvent.click(screen.getByRole('button', { name: 'В избранное' }));
    const added = await screen.findByRole('button', { name: 'В избранном' });
    expect(added.getAttribute('aria-pressed')).toBe('true');
    cleanup();
    vi.stubGlobal('fetch', vi.fn().mockResolvedValueOnce(new Response('{}', { status: 500 })));
    renderCarousel([banners[0]!]);
    await screen.findByRole('region');
    fireEvent.click(screen.getByRole('button', { name: 'В избранное' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Не получилось добавить в избранное. Попробуйте ещё раз.');
  });

  it('only logs an error when the trailer of play_trailer is missing (spec platform §4)', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const fetchMock = vi.fn().mockResolvedValue(new Response(JSON.stringify({ error: { code: 'NOT_FOUND', message: '' } }), { status: 404 }));
    vi.stubGlobal('fetch', fetchMock);
    renderCarousel(banners);
    await screen.findByRole('region');
    fireEvent.click(within(slide('trailer')).getByTestId('banner-cta'));
    // The player module loads lazily on the press; give it time on a busy machine.
    await vi.waitFor(() => expect(logged).toHaveBeenCalledWith(expect.stringContaining('trailer trailer-404 is missing')), { timeout: 10_000 });
    expect(fetchMock.mock.calls[0]![0]).toBe('/resources/playback/trailer-404');
    // Nothing else happens: no dialog, no loading notice left.
    await vi.waitFor(() => expect(screen.queryByRole('status')).toBeNull(), { timeout: 5_000 });
    expect(screen.queryByRole('dialog')).toBeNull();
    logged.mockClear();
  });

  it('has a pause button, and never rotates for prefers-reduced-motion', async () => {
    renderCarousel(banners);
    const pause = await screen.findByRole('button', { name: 'Остановить прокрутку баннеров' });
    fireEvent.click(pause);
    expect(screen.getByRole('button', { name: 'Включить прокрутку баннеров' })).toBeTruthy();
    cleanup();
    reducedMotion = true;
    renderCarousel(banners);
    const play = await screen.findByRole('button', { name: 'Включить прокрутку баннеров' });
    expect((play as HTMLButtonElement).disabled).toBe(true);
  });

  it('shows no controls for a single banner and nothing without banners', async () => {
    renderCarousel([banners[1]!]);
    await screen.findByRole('region');
    expect(screen.queryByRole('button', { name: 'Следующий баннер' })).toBeNull();
    cleanup();
    renderCarousel([]);
    await new Promise((r) => setTimeout(r, 20));
    expect(screen.queryByRole('region')).toBeNull();
  });
});
