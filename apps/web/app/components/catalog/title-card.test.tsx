// @vitest-environment jsdom
import type { TitleCard as TitleCardData } from '@ekran/contracts';
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { createI18n } from '../../lib/i18n.ts';
import { renderInRouter } from '../../test/render.tsx';

const t = createI18n('ru').t;
import { toCardView } from '../../lib/card-view.ts';
import { TitleCard } from './title-card.tsx';

afterEach(cleanup);

const card = (o: Partial<TitleCardData> = {}): TitleCardData => ({
  _cls: 'Product.Series', _id: 'id1', uid: 'id1', alias: 'dom-na-krayu', title: 'Дом на краю', genres: [{ alias: 'drama', title: 'Драма' }],
  release_date: '2024-01-01', ekran_release_date: '2025-01-01', year: 2024, rating_age: '16+', rating_ekran: 7.84, for_kids: false,
  is_free: false, duration_minutes: null, seasons_count: 2,
  horizontal_poster: { url: '/api/v1/images/art/horizontal/rays-1-2-3', width: 1280, height: 720 },
  vertical_poster: { url: '/api/v1/images/art/vertical/rays-1-2-3', width: 600, height: 900 },
  ...o,
});

describe('TitleCard', () => {
  it('links to the title page and shows age, rating, year, genre and seasons in Russian', async () => {
    renderInRouter(<TitleCard title={toCardView(card())} t={t} sizes="200px" />);
    const link = await screen.findByRole('link');
    expect(link.getAttribute('href')).toBe('/watch/dom-na-krayu');
    expect(link.getAttribute('data-free')).toBeNull();
    expect(screen.getByText('16+')).toBeTruthy();
    expect(screen.getByText('7.8')).toBeTruthy();
    expect(screen.getByText('2024 · 2 сезона')).toBeTruthy();
    expect(screen.getByRole('list').textContent).toBe('Драма');
  });

  it.each([
    [1, '1 сезон'],
    [5, '5 сезонов'],
    [21, '21 сезон'],
  ])('pluralises %i seasons', async (n, text) => {
    renderInRouter(<TitleCard title={toCardView(card({ seasons_count: n }))} t={t} sizes="200px" />);
    expect(await screen.findByText(`2024 · ${text}`)).toBeTruthy();
  });

  it('carries up to three genre chips, in the title’s order (catalogue §9)', async () => {
    const genres = ['drama', 'comedy', 'family', 'war'].map((alias, i) => ({ alias, title: ['Драма', 'Комедия', 'Семейный', 'Военный'][i]! }));
    renderInRouter(<TitleCard title={toCardView(card({ genres }))} t={t} sizes="200px" />);
    const chips = (await screen.findByRole('list')).querySelectorAll('li');
    expect([...chips].map((li) => li.textContent)).toEqual(['Драма', 'Комедия', 'Семейный']);
  });

  it('marks free titles', async () => {
    renderInRouter(<TitleCard title={toCardView(card({ is_free: true, _cls: 'Product.Movie' }))} t={t} sizes="200px" />);
    const link = await screen.findByRole('link');
    expect(link.getAttribute('data-free')).toBe('true');
    expect(screen.getByText('Бесплатно')).toBeTruthy();
  });
});
