// @vitest-environment jsdom
import { act, cleanup, render, screen, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { createRoutesStub, useLoaderData } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CardView, RowView } from '../../lib/card-view.ts';
import { createI18n } from '../../lib/i18n.ts';
import { useLaterHomeRows } from './use-later-home-rows.ts';
import { HomePage, type LaterRowView } from '../../components/home/home-page.tsx';

const card = (alias: string): CardView => ({
  id: alias, alias, title: `Фильм ${alias}`, year: 2024, ratingAge: '16+', rating: 7.2, isFree: false, isSeries: false, seasonsCount: 0, genres: [], isFavorite: undefined,
  poster: { url: `/images/${alias}.jpg`, width: 600, height: 900 },
}) as unknown as CardView;
const row = (alias: string): RowView => ({ alias, title: `Ряд ${alias}`, url: `/selections/${alias}`, items: [card(`${alias}-1`), card(`${alias}-2`)] });
const later: LaterRowView[] = [{ alias: 'r5', title: 'Ряд r5', url: '/selections/r5' }, { alias: 'r6', title: 'Ряд r6', url: null }];

// jsdom has no layout: the observer of the first waiting row reports what the test says.
let report: ((entries: { isIntersecting: boolean }[]) => void) | null = null;
beforeEach(() => {
  report = null;
  vi.stubGlobal('IntersectionObserver', class {
    constructor(callback: (entries: { isIntersecting: boolean }[]) => void) {
      report = callback;
    }
    observe() {}
    disconnect() {}
  });
  vi.stubGlobal('ResizeObserver', class { observe() {} unobserve() {} disconnect() {} });
  vi.stubGlobal('matchMedia', (media: string) => ({ matches: false, media, addEventListener: () => undefined, removeEventListener: () => undefined }));
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** The home route as the site has it: the page's first rows, and the later rows from the resource when asked. */
function renderHome(answer: () => unknown) {
  const asked: string[] = [];
  function Page() {
    const data = useLoaderData<{ rows: RowView[]; laterRows: LaterRowView[] }>();
    const more = useLaterHomeRows(false);
    return <HomePage heading="Главная" className="home" banners={[]} personalRows={[]} rows={data.rows} laterRows={data.laterRows} {...more} />;
  }
  const Stub = createRoutesStub([
    { path: '/', Component: Page, loader: () => ({ rows: [row('r1')], laterRows: later }), HydrateFallback: () => null },
    { path: '/resources/home-rows', loader: ({ request }) => (asked.push(new URL(request.url).search), answer()) },
  ]);
  render(
    <I18nextProvider i18n={createI18n('ru')}>
      <Stub initialEntries={['/']} />
    </I18nextProvider>,
  );
  return asked;
}

describe('home page: the rows below the first screens', () => {
  it('shows their headings and links at once, and their cards once the viewer scrolls near them', async () => {
    const asked = renderHome(() => ({ rows: [row('r5'), row('r6')] }));
    await screen.findByRole('heading', { name: 'Ряд r1' });
    const waiting = screen.getAllByTestId('row-waiting');
    expect(waiting.map((s) => within(s).getByRole('heading').textContent)).toEqual(['Ряд r5', 'Ряд r6']);
    expect(within(waiting[0]!).getByRole('link', { name: 'Смотреть все' }).getAttribute('href')).toBe('/selections/r5');
    expect(screen.getAllByTestId('title-card')).toHaveLength(2);
    expect(asked).toEqual([]);

    await act(async () => report?.([{ isIntersecting: false }]));
    expect(asked).toEqual([]);
    await act(async () => report?.([{ isIntersecting: true }]));
    await screen.findByRole('link', { name: /Фильм r6-2/ });
    expect(asked).toEqual(['?kids=0']);
    expect(screen.queryAllByTestId('row-waiting')).toEqual([]);
    expect(screen.getAllByTestId('title-card')).toHaveLength(6);
  });

  it('leaves the later rows out when their answer failed, and asks only once', async () => {
    const asked = renderHome(() => ({ error: 'failed' }));
    await screen.findByRole('heading', { name: 'Ряд r5' });
    await act(async () => report?.([{ isIntersecting: true }]));
    await vi.waitFor(() => expect(screen.queryByRole('heading', { name: 'Ряд r5' })).toBeNull());
    expect(screen.getByRole('heading', { name: 'Ряд r1' })).toBeTruthy();
    await act(async () => report?.([{ isIntersecting: true }]));
    expect(asked).toEqual(['?kids=0']);
  });
});
