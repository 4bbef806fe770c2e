// @vitest-environment jsdom
// The archive's cards, grid, filters, drawer, states and subscribe button (catalogue §2, §4, §9).
import { BADGE_SHORT_BELOW, expiryBadge, NO_ARCHIVE_FILTERS, type ArchiveFilters as Filters } from '@ekran/core';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { createRoutesStub } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createI18n } from '../../lib/i18n.ts';
import { renderInRouter } from '../../test/render.tsx';
import { catchup } from '../../test/archive.ts';
import { toArchiveCard } from './archive-card.ts';
import { InfiniteGrid } from '../catalog/infinite-grid.tsx';
import { resetTariffCache } from '../watch/playback-client.ts';
import { ARCHIVE_DEFAULT_IMAGE, ArchiveCard } from './archive-card.tsx';
import { archiveCss, archiveImageSizes } from './archive-css.ts';
import { ArchiveFilterDrawer } from './archive-drawer.tsx';
import { ArchiveFilters, type ArchiveFilterGroups } from './archive-filters.tsx';
import { ArchiveGrid } from './archive-grid.tsx';
import { ArchiveEmpty, ArchiveError, ArchiveGeo } from './archive-states.tsx';
import { ArchiveSubscribe } from './archive-subscribe.tsx';
import type { ArchiveCardView } from './archive-view.ts';

const trackClick = vi.fn();
const trackEvent = vi.fn();
vi.mock('../../lib/analytics.ts', () => ({ trackClick: (e: unknown) => trackClick(e), trackEvent: (e: unknown) => trackEvent(e) }));

afterEach(() => {
  cleanup();
  trackClick.mockClear();
  trackEvent.mockClear();
});

const NOW = Date.parse('2026-11-22T09:00:00Z');
const t = createI18n('ru').t;
/** Renders inside the router and waits until it shows (the root loader answers first). */
async function renderReady(ui: React.ReactElement) {
  renderInRouter(<div data-testid="ready">{ui}</div>);
  await screen.findByTestId('ready');
}

const card = (id: string, o: Partial<ArchiveCardView> = {}): ArchiveCardView => ({ ...toArchiveCard(catchup(id), 3, NOW), ...o });

describe('ArchiveCard (catalogue §3, §4)', () => {
  it('shows the picture, age, title, year and genres, the channel and air time, and links to the recording', async () => {
    await renderReady(<ArchiveCard item={card('a')} t={t} sizes={archiveImageSizes} bySubscription={false} />);
    const link = screen.getByTestId('archive-card');
    expect(link.getAttribute('href')).toBe('/archive/watch/a');
    expect(link.querySelector('.archive-card__age')!.textContent).toBe('16+');
    expect(link.querySelector('.archive-card__title')!.textContent).toBe('Фильм a');
    expect(link.querySelector('.archive-card__facts')!.textContent).toBe('2021 · Драма');
    expect(link.querySelector('.archive-card__aired')!.textContent).toBe('21 ноября, 21:30');
    expect(screen.getByAltText('Экран Кино').getAttribute('src')).toBe('/tv-logos/ekran-kino.svg');
    expect(link.querySelector('img.archive-card__image')!.getAttribute('src')).toBe('/img/a/frame?w=640&q=75&type=jpeg');
    expect(screen.queryByText('по подписке Экран')).toBeNull();
  });

  it('says «по подписке Экран» to a viewer without a subscription (catalogue §1)', async () => {
    await renderReady(<ArchiveCard item={card('a')} t={t} sizes={archiveImageSizes} bySubscription />);
    expect(screen.getByText('по подписке Экран')).toBeTruthy();
  });

  it('has both badge texts in the markup; below 405 px the stylesheet shows «Ещё», from 405 «Доступно ещё» (catalogue §4)', async () => {
    await renderReady(<ArchiveCard item={card('a')} t={t} sizes={archiveImageSizes} bySubscription={false} />);
    const badge = screen.getByTestId('archive-card-expiry');
    expect(badge.querySelector('.archive-card__expiry-long')!.textContent).toBe(expiryBadge(BADGE_SHORT_BELOW));
    expect(badge.querySelector('.archive-card__expiry-short')!.textContent).toBe(expiryBadge(BADGE_SHORT_BELOW - 1));
    expect([expiryBadge(405), expiryBadge(404)]).toEqual(['Доступно ещё', 'Ещё']);
    expect(badge.textContent).toBe('Доступно ещёЕщё 13 дней');
    expect(archiveCss).toContain('.archive-card__expiry-short { display: none; }');
    expect(archiveCss).toContain('@media (width < 405px) { .archive-card__expiry-long { display: none; } .archive-card__expiry-short { display: inline; } }');
  });

  it('has no badge once the recording has expired', async () => {
    await renderReady(<ArchiveCard item={card('a', { timeLeft: null })} t={t} sizes={archiveImageSizes} bySubscription={false} />);
    expect(screen.queryByTestId('archive-card-expiry')).toBeNull();
  });

  it('reads genres sent as a JSON-like string', async () => {
    const item = toArchiveCard(catchup('a', { genres: "['Комедия', 'Мелодрама']" }), 3, NOW);
    await renderReady(<ArchiveCard item={item} t={t} sizes={archiveImageSizes} bySubscription={false} />);
    expect(screen.getByTestId('archive-card').querySelector('.archive-card__facts')!.textContent).toBe('2021 · Комедия, Мелодрама');
  });

  it('names the episode of a series', async () => {
    await renderReady(<ArchiveCard item={card('s', { isSeries: true, episode: { season: 2, episode: 5 } })} t={t} sizes={archiveImageSizes} bySubscription={false} />);
    expect(screen.getByText('2 сезон, 5 серия')).toBeTruthy();
  });

  it('falls back from frame_wide to cover, then to the default picture, when images fail (catalogue §4)', async () => {
    await renderReady(<ArchiveCard item={card('a')} t={t} sizes={archiveImageSizes} bySubscription={false} />);
    const image = () => screen.getByTestId('archive-card').querySelector('img.archive-card__image')!;
    await waitFor(() => expect(image().getAttribute('src')).toContain('/img/a/frame'));
    fireEvent.error(image());
    await waitFor(() => expect(image().getAttribute('src')).toContain('/img/a/cover'));
    expect(screen.getByTestId('archive-card').querySelector('source')!.getAttribute('srcset')).toContain('/img/a/cover?w=240&q=75&type=webp 240w');
    fireEvent.error(image());
    await waitFor(() => expect(image().getAttribute('src')).toBe(ARCHIVE_DEFAULT_IMAGE));
    expect(screen.getByTestId('archive-card').querySelector('source')).toBeNull();
  });
});

describe('archive grid CSS (catalogue §9: desktop 5, wide tablet 3, tablet 4, mobile 2; padding 56 or 24; gap 16; 16:9)', () => {
  it('has the columns of each device, the gap, the frame ratio and the padding', () => {
    expect(archiveCss).toContain('.archive-grid { grid-template-columns: repeat(2, minmax(0, 1fr)); }');
    expect(archiveCss).toContain('@media (min-width: 768px) { .archive-grid { grid-template-columns: repeat(4, minmax(0, 1fr)); } }');
    expect(archiveCss).toContain('@media (min-width: 992px) { .archive-grid { grid-template-columns: repeat(3, minmax(0, 1fr)); } }');
    expect(archiveCss).toContain('@media (min-width: 1025px) { .archive-grid { grid-template-columns: repeat(5, minmax(0, 1fr)); } }');
    expect(archiveCss).toContain('.archive-grid { gap: 24px 16px; }');
    expect(archiveCss).toContain('aspect-ratio: 16 / 9;');
    expect(archiveCss).toContain('.archive { --archive-pad: 24px; }');
    expect(archiveCss).toContain('@media (min-width: 1025px) { .archive { --archive-pad: 56px; } }');
    expect(archiveImageSizes).toBe('(max-width: 767px) 50vw, (max-width: 991px) 25vw, (max-width: 1024px) 33vw, (max-width: 1440px) 20vw, 20vw');
  });
});

describe('ArchiveEmpty and ArchiveError (catalogue §4, §8)', () => {
  it('says «Ничего не нашлось» / «Попробуйте изменить фильтры», with a reset when filters are chosen', async () => {
    await renderReady(<ArchiveEmpty canReset />);
    const empty = screen.getByTestId('archive-empty');
    expect(empty.querySelector('.empty__title')!.textContent).toBe('Ничего не нашлось');
    expect(within(empty).getByText('Попробуйте изменить фильтры')).toBeTruthy();
    expect(within(empty).getByRole('link', { name: 'Сбросить' }).getAttribute('href')).toBe('/archive');
  });

  it('says outside RU that the archive is not available there, with the GeoIP attribution (decision 029)', async () => {
    await renderReady(<ArchiveGeo />);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Кино на ТВ недоступно в вашей стране');
    expect(screen.getByRole('link', { name: 'IP Geolocation by DB-IP' }).getAttribute('href')).toBe('https://db-ip.com');
  });

  it('shows a failed list as an alert with a link that loads the page again', async () => {
    await renderReady(<ArchiveError retryHref="/archive/drama" />);
    expect(screen.getByRole('alert').textContent).toContain('Не получилось загрузить записи');
    expect(screen.getByRole('link', { name: 'Попробовать ещё раз' }).getAttribute('href')).toBe('/archive/drama');
  });
});

const GROUPS: ArchiveFilterGroups = {
  category: { title: 'Тип', items: [{ alias: 'movies', title: 'Фильмы' }, { alias: 'series', title: 'Сериалы' }] },
  genre: { title: 'Жанр', items: Array.from({ length: 24 }, (_, i) => ({ alias: `g${i}`, title: `Жанр ${i}` })) },
  year: { title: 'Год', items: [{ alias: '2021', title: '2021' }, { alias: '2020', title: '2020' }] },
};
const optionsOf = (group: string) =>
  [...document.querySelectorAll<HTMLAnchorElement>(`[data-testid="archive-filter-option"][data-group="${group}"]`)].map((a) => ({
    alias: a.dataset.alias,
    href: a.getAttribute('href'),
    current: a.getAttribute('aria-current'),
  }));

describe('ArchiveFilters (catalogue §4: a category replaces, genre and year toggle; reset; columns of 10)', () => {
  it('links every option to the rebuilt address and marks the chosen ones', async () => {
    const filters: Filters = { category: 'movies', genres: ['g1'], years: [2021] };
    await renderReady(<ArchiveFilters groups={GROUPS} filters={filters} genreTitles={{ g1: 'Жанр 1' }} layout="bar" />);
    expect(optionsOf('category')).toEqual([
      { alias: 'all', href: '/archive/g1/2021', current: null },
      { alias: 'movies', href: '/archive/movies/g1/2021', current: 'true' },
      { alias: 'series', href: '/archive/series/g1/2021', current: null },
    ]);
    const genres = optionsOf('genre');
    expect(genres[1]).toEqual({ alias: 'g1', href: '/archive/movies/2021', current: 'true' });
    expect(genres[2]).toEqual({ alias: 'g2', href: '/archive/movies/2021?genres=g1,g2', current: null });
    expect(optionsOf('year')).toEqual([
      { alias: '2021', href: '/archive/movies/g1', current: 'true' },
      { alias: '2020', href: '/archive/movies/g1?year=2021,2020', current: null },
    ]);
    const genrePanel = screen.getByTestId('archive-filter-genre');
    expect([...genrePanel.querySelectorAll('.filter__column')].map((c) => c.querySelectorAll('li').length)).toEqual([10, 10, 4]);
    expect(genrePanel.querySelector('summary')!.getAttribute('aria-label')).toBe('Жанр: выбран 1');
    expect(screen.getByTestId('archive-filters-reset').getAttribute('href')).toBe('/archive');
  });

  it('lists a chosen genre the archive holds nothing of now first, so it can be unchosen', async () => {
    await renderReady(<ArchiveFilters groups={GROUPS} filters={{ ...NO_ARCHIVE_FILTERS, genres: ['war'] }} genreTitles={{ war: 'Военный' }} layout="bar" />);
    expect(optionsOf('genre')[0]).toEqual({ alias: 'war', href: '/archive', current: 'true' });
    expect(screen.getByText('Военный')).toBeTruthy();
  });

  it('has no reset without filters', async () => {
    await renderReady(<ArchiveFilters groups={GROUPS} filters={NO_ARCHIVE_FILTERS} genreTitles={{}} layout="bar" />);
    expect(screen.queryByTestId('archive-filters-reset')).toBeNull();
    expect(optionsOf('category')[0]).toMatchObject({ alias: 'all', current: 'true' });
  });

  it('reports filter clicks (catalogue §7)', async () => {
    await renderReady(<ArchiveFilters groups={GROUPS} filters={NO_ARCHIVE_FILTERS} genreTitles={{}} layout="bar" />);
    const option = screen.getByText('Жанр 3').closest('a')!;
    // The test's router has no archive page to go to: the click is reported, the navigation stopped.
    option.addEventListener('click', (event) => event.preventDefault());
    fireEvent.click(option);
    await waitFor(() => expect(trackClick).toHaveBeenCalledWith({ block_type: 'filters', element_type: 'genre', element_id: 'g3', element_text: 'Жанр 3' }));
  });
});

describe('ArchiveFilterDrawer (catalogue §2: on mobile the filters are in a drawer)', () => {
  it('opens the filters in a dialog from a «Фильтры» button that counts the chosen ones', async () => {
    await renderReady(<ArchiveFilterDrawer groups={GROUPS} filters={{ category: 'series', genres: ['g1', 'g2'], years: [] }} genreTitles={{}} total={42} />);
    const button = await screen.findByTestId('archive-filters-button');
    expect(button.textContent).toBe('Фильтры3');
    expect(button.getAttribute('aria-label')).toBe('Фильтры, выбрано 3');
    expect(screen.queryByRole('dialog')).toBeNull();
    fireEvent.click(button);
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Фильтры')).toBeTruthy();
    expect(within(dialog).getAllByTestId('archive-filter-option').length).toBe(3 + 24 + 2);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Показать 42 названия' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});

/** An IntersectionObserver the test drives: `show(ids)` reports those cards in view. */
function stubObserver() {
  const observers: { callback: IntersectionObserverCallback; targets: Set<Element>; options?: IntersectionObserverInit }[] = [];
  vi.stubGlobal(
    'IntersectionObserver',
    class {
      entry: (typeof observers)[number];
      constructor(callback: IntersectionObserverCallback, options?: IntersectionObserverInit) {
        this.entry = { callback, targets: new Set(), options };
        observers.push(this.entry);
      }
      observe(target: Element) {
        this.entry.targets.add(target);
      }
      unobserve(target: Element) {
        this.entry.targets.delete(target);
      }
      disconnect() {
        this.entry.targets.clear();
      }
    },
  );
  const show = (ids: string[]) =>
    act(() => {
      for (const o of observers) {
        const entries = [...o.targets]
          .filter((el) => ids.includes((el as HTMLElement).dataset.id ?? ''))
          .map((target) => ({ target, isIntersecting: true, intersectionRatio: 1 }) as unknown as IntersectionObserverEntry);
        if (entries.length) o.callback(entries, o as never);
      }
    });
  return { observers, show };
}

describe('ArchiveGrid: collection_view (catalogue §4: viewed cards reported in a batch after 2000 ms)', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('reports the cards seen within 2 s in one event 2 s after the first, each card once per page view', async () => {
    const { show } = stubObserver();
    await renderReady(<ArchiveGrid items={[card('a'), card('b'), card('c')]} bySubscription={false} />);
    vi.useFakeTimers();
    show(['a']);
    await act(() => vi.advanceTimersByTimeAsync(1500));
    show(['b', 'a']);
    await act(() => vi.advanceTimersByTimeAsync(499));
    expect(trackEvent).not.toHaveBeenCalled();
    await act(() => vi.advanceTimersByTimeAsync(1));
    await vi.waitFor(() => expect(trackEvent).toHaveBeenCalledTimes(1));
    expect(trackEvent).toHaveBeenCalledWith({ action_id: 'collection_view', block_type: 'archive', element_type: 'card', action_attributes_str: JSON.stringify({ ids: ['a', 'b'] }) });
    show(['a', 'b', 'c']);
    await act(() => vi.advanceTimersByTimeAsync(2000));
    await vi.waitFor(() => expect(trackEvent).toHaveBeenCalledTimes(2));
    expect(trackEvent).toHaveBeenLastCalledWith(expect.objectContaining({ action_attributes_str: JSON.stringify({ ids: ['c'] }) }));
  });
});

describe('InfiniteGrid with archive cards (catalogue §4, §9)', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    sessionStorage.clear();
  });

  it('asks the next portion by skip in the viewport’s size, keeps its cells, and watches 50% below the view', async () => {
    const { observers } = stubObserver();
    const asked: string[] = [];
    const Stub = createRoutesStub([
      {
        id: 'root',
        path: '/',
        loader: () => ({}),
        HydrateFallback: () => null,
        children: [
          {
            path: 'archive',
            Component: () => (
              <InfiniteGrid<ArchiveCardView>
                initial={{ items: [card('a'), card('b')], skip: 0, total: 30, nextCursor: '2' }}
                page={1}
                pageSize={2}
                portionSize={10}
                portionUrl={(skip) => `/resources/catchups?skip=${skip}&limit=10`}
                pageHref={(p) => (p > 1 ? `/archive?page=${p}` : '/archive')}
                renderItems={(items, placeholders) => <ArchiveGrid items={items} placeholders={placeholders} bySubscription />}
                rootMargin="0px 0px 50% 0px"
              />
            ),
          },
          {
            path: 'resources/catchups',
            loader: ({ request }: { request: Request }) => {
              asked.push(new URL(request.url).search);
              return { items: [card('c'), card('d')], skip: 2, total: 30, nextCursor: null };
            },
          },
        ],
      },
    ]);
    render(
      <I18nextProvider i18n={createI18n('ru')}>
        <Stub initialEntries={['/archive']} />
      </I18nextProvider>,
    );
    const listing = await screen.findByTestId('listing');
    expect(screen.getAllByTestId('archive-card')).toHaveLength(2);
    expect(listing.querySelectorAll('.card-grid__placeholder')).toHaveLength(10);
    const sentinel = observers.find((o) => o.options?.rootMargin === '0px 0px 50% 0px');
    expect(sentinel, 'the sentinel observer with the spec’s margin').toBeDefined();
    act(() => sentinel!.callback([{ target: [...sentinel!.targets][0]!, isIntersecting: true, intersectionRatio: 1 } as unknown as IntersectionObserverEntry], sentinel as never));
    await waitFor(() => expect(screen.getAllByTestId('archive-card')).toHaveLength(4));
    expect(asked[0]).toContain('skip=2&limit=10');
    expect(listing.getAttribute('data-pages')).toBe('2');
  });
});

describe('ArchiveSubscribe (catalogue §4, §6)', () => {
  afterEach(() => {
    resetTariffCache();
    vi.unstubAllGlobals();
  });

  it('sends a virtual visitor to /signup', async () => {
    await renderReady(<ArchiveSubscribe button={{ text: 'Смотреть 7 дней бесплатно', action: 'signup' }} viewer={{ virtual: true, email: null, phone: null, trialIsAvailable: true }} tariffs={null} />);
    const link = screen.getByRole('link', { name: 'Смотреть 7 дней бесплатно' });
    expect(link.getAttribute('href')).toBe('/signup');
  });

  it('opens the subscription dialog for a registered viewer without subscriptions', async () => {
    const tariffs = [{ _id: 't0', title: 'Месяц', price: 399, currency: 'RUB', duration_days: 30, weight: 0, allow_trial: true, trial_period_duration: { days: 14 }, max_streams: 3, original_id: null, recurrent_price: null, next_tariff_id: null, url: '/api/t0' }];
    await renderReady(<ArchiveSubscribe button={{ text: 'Смотреть 14 дней бесплатно', action: 'subscribe' }} viewer={{ virtual: false, email: 'a@b.ru', phone: null, trialIsAvailable: true }} tariffs={tariffs} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Смотреть 14 дней бесплатно' }));
    const dialog = await screen.findByTestId('subscription-dialog');
    expect(within(dialog).getByTestId('subscription-offer').textContent).toContain('14 дней');
  });
});
