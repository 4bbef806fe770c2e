// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { createRoutesStub } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import type { CardView } from '../../lib/card-view.ts';
import { createI18n } from '../../lib/i18n.ts';
import { catchup } from '../../test/archive.ts';
import { toArchiveCard } from '../archive/archive.server.ts';
import SearchPage, { type SearchPageData } from './search.tsx';

afterEach(cleanup);

const card = (alias: string, title: string): CardView => ({
  id: alias, alias, title, year: 2021, genre: 'Драма', genres: ['Драма'], isSeries: false, seasonsCount: 0, ratingAge: '16+', rating: 7.2, isFree: false,
  poster: { url: '/api/v1/images/art/vertical/x', width: 600, height: 900 },
});

function renderPage(data: SearchPageData, isChild = false) {
  const Stub = createRoutesStub([
    {
      id: 'root',
      path: '/',
      loader: () => ({ isChild, isKids: isChild }),
      HydrateFallback: () => null,
      children: [{ path: 'search', loader: () => data, Component: SearchPage as never }],
    },
  ]);
  render(
    <I18nextProvider i18n={createI18n('ru')}>
      <Stub initialEntries={[`/search?q=${encodeURIComponent(data.q)}`]} />
    </I18nextProvider>,
  );
}

describe('/search page', () => {
  it('shows both groups with their counts, the query in the field, and people linking to their pages', async () => {
    renderPage({
      state: 'results',
      q: 'волк',
      titles: { items: [card('chyornyy-volk', 'Чёрный волк'), card('nepobedimyy-volk', 'Непобедимый волк')], total: 2 },
      people: { items: [{ alias: 'anna-volkova', name: 'Анна Волкова', name_original: null, roles: ['actor', 'writer'], titles_count: 3 }], total: 1 },
      recordings: [],
      bySubscription: false,
    });
    expect((await screen.findByRole<HTMLInputElement>('combobox')).value).toBe('волк');
    expect(screen.getByText('3 результата по запросу «волк»')).toBeTruthy();
    const films = screen.getByRole('region', { name: 'Фильмы и сериалы 2' });
    expect(within(films).getAllByTestId('title-card').map((a) => a.getAttribute('href'))).toEqual(['/watch/chyornyy-volk', '/watch/nepobedimyy-volk']);
    const people = screen.getByRole('region', { name: 'Актёры и режиссёры 1' });
    const person = within(people).getByRole('link');
    expect(person.getAttribute('href')).toBe('/person/anna-volkova');
    expect(person.textContent).toBe('АВАнна ВолковаРоли в кино, сценарии · 3 работы');
  });

  it('says when a group shows only the first results', async () => {
    renderPage({ state: 'results', q: 'а', titles: { items: [card('a', 'А')], total: 87 }, people: { items: [], total: 0 }, recordings: [], bySubscription: false });
    expect(await screen.findByText('Показаны первые 1 из 87 — уточните запрос, чтобы найти остальное.')).toBeTruthy();
    expect(screen.queryByRole('region', { name: /Актёры/ })).toBeNull();
  });

  it('gives advice and the catalogue when nothing is found', async () => {
    renderPage({ state: 'results', q: 'кзщ', titles: { items: [], total: 0 }, people: { items: [], total: 0 }, recordings: [], bySubscription: false });
    expect(await screen.findByRole('heading', { name: 'По запросу «кзщ» ничего не нашлось' })).toBeTruthy();
    expect(screen.getByText('Проверьте, нет ли в запросе опечаток.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Фильмы' }).getAttribute('href')).toBe('/movies');
  });

  it('shows the archive’s recordings of the query as a group «В записи с ТВ» (issue 7 archive)', async () => {
    const recording = toArchiveCard(catchup('0b4c2f1e-6a55-4c1d-9a0e-3f5c8b2d7e11', { title: 'Волк и семеро' }), 3, Date.parse('2026-11-22T09:00:00Z'));
    renderPage({ state: 'results', q: 'волк', titles: { items: [], total: 0 }, people: { items: [], total: 0 }, recordings: [recording], bySubscription: true });
    const group = await screen.findByRole('region', { name: 'В записи с ТВ 1' });
    const link = within(group).getByTestId('archive-card');
    expect(link.getAttribute('href')).toBe('/archive/watch/0b4c2f1e-6a55-4c1d-9a0e-3f5c8b2d7e11');
    expect(within(link).getByText('Волк и семеро')).toBeTruthy();
    expect(within(link).getByText('по подписке Экран')).toBeTruthy();
    expect(screen.getByText('1 результат по запросу «волк»')).toBeTruthy();
  });

  it('asks what to watch for an empty query', async () => {
    renderPage({ state: 'empty', q: '' });
    expect(await screen.findByText('Что будем смотреть?')).toBeTruthy();
    expect(screen.getByRole<HTMLInputElement>('combobox').value).toBe('');
  });

  it('explains a too long query', async () => {
    renderPage({ state: 'too-long', q: 'а'.repeat(100) });
    expect((await screen.findByRole('alert')).textContent).toBe('Слишком длинный запросСократите запрос до 100 символов и попробуйте ещё раз.');
  });
});
