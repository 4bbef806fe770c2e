// @vitest-environment jsdom
import { buildHeaderMenu } from '@ekran/core';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderInRouter } from '../../test/render.tsx';
import { ErrorScreen } from '../ui/error-screen.tsx';
import { Breadcrumbs } from './breadcrumbs.tsx';
import { Footer } from './footer.tsx';
import { Header } from './header.tsx';

afterEach(cleanup);

const titles = { archive: 'Кино на ТВ', movies: 'Фильмы', series: 'Сериалы', animation: 'Мультфильмы', new: 'Новинки', journal: 'Журнал', tv: 'ТВ', kidsTv: 'Детское ТВ' };
const catalog = [
  { category: 'movie' as const, genres: [{ alias: 'drama', title: 'Драма' }] },
  { category: 'series' as const, genres: [{ alias: 'comedy', title: 'Комедия' }] },
];
const kidsCatalog = [
  { category: 'movie' as const, genres: [{ alias: 'family', title: 'Семейный' }, { alias: 'fairytale', title: 'Сказки' }] },
  { category: 'series' as const, genres: [{ alias: 'fairytale', title: 'Сказки' }, { alias: 'education', title: 'Познавательное' }] },
];

describe('Header (spec platform §2 header menu)', () => {
  it('shows the menu in the spec order with the archive for RU', async () => {
    const menu = buildHeaderMenu({ catalog, kidsCatalog, countryCode: 'RU', isChild: false, titles });
    renderInRouter(<Header menu={menu} isKids={false} account={null} />);
    const nav = await screen.findByRole('navigation', { name: 'Основное меню' });
    const labels = within(nav).getAllByRole('listitem').map((li) => li.textContent?.trim());
    expect(labels).toEqual(['Кино на ТВ', 'Фильмы', 'Сериалы', 'Мультфильмы', 'Новинки', 'Журнал', 'ТВ']);
    expect(within(nav).getByRole('link', { name: 'Журнал' }).getAttribute('href')).toBe('/journal');
  });

  it('drops the archive outside RU and names the TV item «Детское ТВ» for a child profile', async () => {
    const menu = buildHeaderMenu({ catalog, kidsCatalog, countryCode: 'DE', isChild: true, titles });
    renderInRouter(<Header menu={menu} isKids account={{ email: 'mama@example.ru' }} />);
    const nav = await screen.findByRole('navigation', { name: 'Основное меню' });
    expect(within(nav).queryByText('Кино на ТВ')).toBeNull();
    expect(within(nav).getByRole('link', { name: 'Детское ТВ' }).getAttribute('href')).toBe('/channel');
    expect(screen.getByText('Детский режим')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Экран — на главную' }).getAttribute('href')).toBe('/kids');
  });
});

describe('Header sections with genres', () => {
  it('links the label to its section and opens the genre panel from its own button, Escape closing it', async () => {
    const menu = buildHeaderMenu({ catalog, kidsCatalog, countryCode: 'RU', isChild: false, titles });
    renderInRouter(<Header menu={menu} isKids={false} account={null} />);
    const nav = await screen.findByRole('navigation', { name: 'Основное меню' });
    expect(within(nav).getByRole('link', { name: 'Фильмы' }).getAttribute('href')).toBe('/movies');
    const toggle = within(nav).getByRole('button', { name: 'Фильмы: жанры' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByTestId('nav-panel')).toBeNull();

    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    const panel = screen.getByTestId('nav-panel');
    expect(toggle.getAttribute('aria-controls')).toBe(panel.id);
    expect(within(panel).getByRole('link', { name: 'Драма' }).getAttribute('href')).toBe('/movies/drama');
    expect(within(panel).getByRole('link', { name: 'Все жанры: фильмы' }).getAttribute('href')).toBe('/movies');

    fireEvent.keyDown(within(panel).getByRole('link', { name: 'Драма' }), { key: 'Escape' });
    expect(screen.queryByTestId('nav-panel')).toBeNull();
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(toggle);
  });

  it('opens the panel with ArrowDown on the label, its first link taking the focus; one panel at a time', async () => {
    const menu = buildHeaderMenu({ catalog, kidsCatalog, countryCode: 'RU', isChild: false, titles });
    renderInRouter(<Header menu={menu} isKids={false} account={null} />);
    const nav = await screen.findByRole('navigation', { name: 'Основное меню' });
    fireEvent.keyDown(within(nav).getByRole('link', { name: 'Сериалы' }), { key: 'ArrowDown' });
    const panel = await screen.findByTestId('nav-panel');
    expect(document.activeElement).toBe(within(panel).getByRole('link', { name: 'Все жанры: сериалы' }));
    fireEvent.click(within(nav).getByRole('button', { name: 'Мультфильмы: жанры' }));
    expect(screen.getAllByTestId('nav-panel')).toHaveLength(1);
    expect(within(screen.getByTestId('nav-panel')).getByRole('link', { name: 'Сказки' }).getAttribute('href')).toBe('/animation/fairytale');
  });
});

describe('Breadcrumbs (spec platform §2)', () => {
  it('starts with Главная and keeps the last item plain text', async () => {
    renderInRouter(<Breadcrumbs items={[{ title: 'Фильмы', url: '/movies' }, { title: 'Драма' }]} />, { isChild: false });
    const nav = await screen.findByRole('navigation', { name: 'Навигационная цепочка' });
    expect(within(nav).getByRole('link', { name: 'Главная' }).getAttribute('href')).toBe('/');
    expect(within(nav).getByRole('link', { name: 'Фильмы' }).getAttribute('href')).toBe('/movies');
    expect(within(nav).queryByRole('link', { name: 'Драма' })).toBeNull();
    expect(within(nav).getByText('Драма').getAttribute('aria-current')).toBe('page');
  });

  it('links Главная to /kids in a child profile', async () => {
    renderInRouter(<Breadcrumbs items={[{ title: 'Мультфильмы' }]} />, { isChild: true });
    expect((await screen.findByRole('link', { name: 'Главная' })).getAttribute('href')).toBe('/kids');
  });
});

describe('ErrorScreen', () => {
  it.each([
    ['not-found', 'Такой страницы нет'],
    ['error', 'Что-то пошло не так'],
    ['missing-param', 'Что-то пошло не так'],
  ] as const)('shows the %s screen', async (kind, heading) => {
    renderInRouter(<ErrorScreen kind={kind} />);
    expect(await screen.findByRole('heading', { name: heading })).toBeTruthy();
  });

  it('uses the spec text of the error screen', async () => {
    renderInRouter(<ErrorScreen kind="error" />);
    expect(await screen.findByText('Скоро все починим. Попробуйте позже.')).toBeTruthy();
  });
});

describe('Footer site map', () => {
  const groupsOf = async () => {
    const map = await screen.findByRole('navigation', { name: 'Разделы' });
    return within(map)
      .getAllByRole('list')
      .map((list) => [list.getAttribute('aria-labelledby') && document.getElementById(list.getAttribute('aria-labelledby')!)?.textContent, within(list).getAllByRole('link').map((a) => a.getAttribute('href'))]);
  };

  it('lists the catalogue, TV, prices and codes, the viewer\'s lists, the service and help for an adult in RU', async () => {
    const menu = buildHeaderMenu({ catalog, kidsCatalog, countryCode: 'RU', isChild: false, titles });
    renderInRouter(<Footer menu={menu} />, { countryCode: 'RU', isChild: false });
    expect(await groupsOf()).toEqual([
      ['Смотреть', ['/movies', '/series', '/animation', '/new', '/genres', '/collections', '/selections', '/playlists', '/gadanie-random']],
      ['Телевидение', ['/tv', '/tvchannels', '/channel', '/archive']],
      ['Подписка', ['/tariffs', '/code', '/pages/gift', '/promos', '/partners']],
      ['Мой Экран', ['/favorites', '/kids']],
      ['О сервисе', ['/about', '/journal', '/ways-to-watch', '/ios-android-app', '/corporateinfo']],
      ['Помощь', ['/support', '/faq', '/contacts', '/legal']],
    ]);
    expect(screen.getByRole('link', { name: 'Ввести промокод' }).getAttribute('href')).toBe('/code');
  });

  it('leaves out TV outside RU (its pages answer 403 there) and prices and codes in a child profile', async () => {
    renderInRouter(<Footer menu={buildHeaderMenu({ catalog, kidsCatalog, countryCode: 'DE', isChild: false, titles })} />, { countryCode: 'DE', isChild: false });
    expect((await groupsOf()).map(([title]) => title)).toEqual(['Смотреть', 'Подписка', 'Мой Экран', 'О сервисе', 'Помощь']);
    cleanup();
    renderInRouter(<Footer menu={buildHeaderMenu({ catalog, kidsCatalog, countryCode: 'RU', isChild: true, titles })} />, { countryCode: 'RU', isChild: true });
    expect(await groupsOf()).toEqual([
      ['Смотреть', ['/movies', '/series', '/animation', '/new', '/genres', '/collections', '/selections', '/playlists', '/gadanie-random']],
      ['Телевидение', ['/tv', '/tvchannels', '/channel']],
      ['Мой Экран', ['/favorites']],
      ['О сервисе', ['/about', '/journal', '/ways-to-watch', '/ios-android-app', '/corporateinfo']],
      ['Помощь', ['/support', '/faq', '/contacts', '/legal']],
    ]);
  });
});

describe('Footer', () => {
  it('credits DB-IP, whose country database the geo rules of every page use (CC BY 4.0 asks for the link)', async () => {
    renderInRouter(<Footer menu={[]} />);
    const credit = await screen.findByRole('link', { name: 'IP Geolocation by DB-IP' });
    expect(credit.getAttribute('href')).toBe('https://db-ip.com');
  });
});
