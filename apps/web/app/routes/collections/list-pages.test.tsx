// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { createRoutesStub } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { toCardView } from '../../lib/card-view.ts';
import { createI18n } from '../../lib/i18n.ts';
import { titleCard } from '../../test/collections.ts';
import PersonPage from '../person/person.tsx';
import PlaylistPage from '../playlists/playlist.tsx';
import CollectionsPage from './collections.tsx';

afterEach(cleanup);

function show(path: string, pattern: string, Component: unknown, loaderData: object) {
  const Stub = createRoutesStub([{ path: pattern, Component: Component as never, loader: () => loaderData, HydrateFallback: () => null }]);
  return render(
    <I18nextProvider i18n={createI18n('ru')}>
      <Stub initialEntries={[path]} />
    </I18nextProvider>,
  );
}

const poster = { url: '/v/x', width: 600, height: 900 };

describe('the list of collections', () => {
  it('shows each collection as a card with its count, linking to its page, and pages on', async () => {
    show('/collections', '/collections/:p1?/:p2?', CollectionsPage, {
      mode: 'list', page: 1, pages: 2, total: 31, skip: 0,
      collections: [{ alias: 'vybor', title: 'Выбор редакции', description: 'Редакция советует.', for_kids: false, items_total: 16, posters: [poster], url: '/collections/vybor' }],
    });
    const card = await screen.findByTestId('cover-card');
    expect(card.getAttribute('href')).toBe('/collections/vybor');
    expect(card.textContent).toContain('16 названий');
    expect(screen.getByText('31 коллекция')).toBeTruthy();
    const pager = screen.getByRole('navigation', { name: 'Страницы списка' });
    expect(within(pager).getByRole('link', { name: 'Дальше' }).getAttribute('href')).toBe('/collections/page2');
    expect(within(pager).queryByRole('link', { name: 'Назад' })).toBeNull();
  });

  it('shows a hashtag collection with its tag', async () => {
    show('/collections/neozhidannyy-final', '/collections/:p1?/:p2?', CollectionsPage, {
      mode: 'collection', page: 2, pages: 2, base: '/collections/neozhidannyy-final', skip: 30, alias: 'neozhidannyy-final', kind: 'hashtag',
      title: 'Неожиданный финал', description: '', hashtag: 'неожиданный_финал', total: 31, items: [toCardView(titleCard('a'))],
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Неожиданный финал' })).toBeTruthy();
    expect(screen.getByText('#неожиданный_финал')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Назад' }).getAttribute('href')).toBe('/collections/neozhidannyy-final');
  });
});

describe('a playlist', () => {
  it('numbers its items across pages and plays from the first item', async () => {
    const item = (uid: string, cls: string, alias: string) => ({ uid, cls, alias, title: `${alias} ${cls}`, ratingAge: '16+', minutes: 45, poster });
    show('/playlist/vecher/page2', '/playlist/:alias/:page?', PlaylistPage, {
      page: 2, pages: 2, base: '/playlist/vecher', skip: 40, alias: 'vecher', title: 'Вечер кино', description: 'Подряд.', total: 42, duration: 125,
      first: { alias: 'pervyy', uid: 'u1' }, items: [item('u41', 'Episode', 'serial'), item('u42', 'Trailer', 'drugoy')],
    });
    expect((await screen.findByTestId('play-all')).getAttribute('href')).toBe('/watch/pervyy');
    expect(screen.getByText('42 видео · 2 часа 5 минут', { exact: false })).toBeTruthy();
    const list = screen.getByRole('list', { name: 'Видео плейлиста' });
    expect(list.getAttribute('start')).toBe('41');
    expect(within(list).getAllByRole('link').map((a) => a.getAttribute('href'))).toEqual(['/watch/serial', '/watch/drugoy']);
    expect(within(list).getByText('Серия')).toBeTruthy();
    expect(within(list).getByText('Трейлер')).toBeTruthy();
  });
});

describe('a person', () => {
  it('shows facts, the biography and the filmography by role with characters', async () => {
    show('/person/ivan-petrov', '/person/:person', PersonPage, {
      person: {
        alias: 'ivan-petrov', name: 'Иван Петров', nameOriginal: 'Ivan Petrov', biography: 'Актёр театра и кино.', birthDate: '1980-04-12', age: 46,
        roles: ['actor', 'director'], total: 2, years: { from: 2019, to: 2023 }, genres: ['драма'],
      },
      filmography: [
        { role: 'actor', items: [{ card: toCardView(titleCard('mayak')), character: 'Смотритель' }] },
        { role: 'director', items: [{ card: toCardView(titleCard('sad')), character: null }] },
      ],
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Иван Петров' })).toBeTruthy();
    expect(screen.getByText('Актёр, режиссёр')).toBeTruthy();
    expect(screen.getByText('12 апреля 1980 г. (46 лет)')).toBeTruthy();
    expect(screen.getByText('2019 — 2023')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 3, name: 'Актёр · 1' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 3, name: 'Режиссёр · 1' })).toBeTruthy();
    expect(screen.getByText('Роль: Смотритель')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Режиссёр · 1' }).getAttribute('href')).toBe('#role-director');
  });
});
