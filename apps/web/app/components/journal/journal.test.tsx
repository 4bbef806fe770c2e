// @vitest-environment jsdom
import type { ArticleBlock, ArticleSummary, TitleCard } from '@ekran/contracts';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { createI18n } from '../../lib/i18n.ts';
import { renderInRouter } from '../../test/render.tsx';
import { titleFixture } from '../../test/title-fixture.ts';
import { titleTabs } from '../watch/title-header.tsx';
import { ArticleBody } from './article-body.tsx';
import { ArticleCard } from './article-card.tsx';

const t = createI18n('ru').t;
afterEach(cleanup);

const art = (spec: string) => ({ url: `/api/v1/images/art/horizontal/${spec}.sig`, width: 1280, height: 720 });
const summary = (o: Partial<ArticleSummary> = {}): ArticleSummary => ({
  alias: 'o-mayake', url: '/journal/o-mayake', title: 'О маяке', lead: 'Коротко о фильме.', cover: art('waves-1-2-3'), cover_alt: 'Тайна маяка',
  rubric: { alias: 'retsenzii', title: 'Рецензии', description: '', url: '/journal/retsenzii' }, author: 'Редакция Экрана', tags: [],
  published_at: '2026-10-28T21:30:00.000Z', updated_at: '2026-10-28T21:30:00.000Z', reading_minutes: 5, ...o,
});
const card: TitleCard = {
  _cls: 'Product.Movie', _id: 'id1', uid: 'id1', alias: 'tayna-mayaka', title: 'Тайна маяка', genres: [{ alias: 'drama', title: 'Драма' }],
  release_date: '2021-01-01', ekran_release_date: '2025-01-01', year: 2021, rating_age: '16+', rating_ekran: 7.4, for_kids: false, is_free: false,
  duration_minutes: 101, seasons_count: 0, horizontal_poster: art('rays-1-2-3'), vertical_poster: { url: '/api/v1/images/art/vertical/rays-1-2-3.sig', width: 600, height: 900 },
};

describe('ArticleCard', () => {
  it.each([
    [1, '1 минута чтения'],
    [3, '3 минуты чтения'],
    [5, '5 минут чтения'],
    [21, '21 минута чтения'],
  ])('reads %i minutes as «%s» (Intl.PluralRules)', async (minutes, text) => {
    renderInRouter(<ArticleCard article={summary({ reading_minutes: minutes })} t={t} />);
    expect(await screen.findByText(text)).toBeTruthy();
  });

  it('links the title and the rubric and dates the article on Moscow’s day', async () => {
    renderInRouter(<ArticleCard article={summary()} t={t} />);
    expect((await screen.findByRole('link', { name: 'О маяке' })).getAttribute('href')).toBe('/journal/o-mayake');
    expect(screen.getByRole('link', { name: 'Рецензии' }).getAttribute('href')).toBe('/journal/retsenzii');
    // 21:30 UTC on the 28th is past midnight in Moscow.
    expect(screen.getByText('29 октября 2026').getAttribute('datetime')).toBe('2026-10-28T21:30:00.000Z');
  });
});

describe('ArticleBody', () => {
  const blocks: ArticleBlock[] = [
    { type: 'html', html: '<h2>Начало</h2><p>Текст статьи.</p>' },
    { type: 'title', title: card },
    { type: 'gallery', caption: 'Кадры из фильма', images: [{ image: art('waves-1-2-3'), alt: 'Маяк ночью' }, { image: art('peaks-1-2-3'), alt: 'Берег' }, { image: art('grid-1-2-3'), alt: 'Шторм' }] },
  ];

  it('renders the HTML, a title card with play and favourite actions, and the gallery’s pictures as labelled buttons', async () => {
    renderInRouter(<ArticleBody blocks={blocks} t={t} />);
    expect(await screen.findByRole('heading', { level: 2, name: 'Начало' })).toBeTruthy();
    const embed = screen.getByTestId('title-embed');
    expect(within(embed).getByRole('link', { name: 'Тайна маяка' }).getAttribute('href')).toBe('/watch/tayna-mayaka');
    expect(within(embed).getByRole('link', { name: 'Смотреть: Тайна маяка' }).getAttribute('href')).toBe('/watch/tayna-mayaka?play=1');
    expect(within(embed).getByTestId('favorite-button')).toBeTruthy();
    expect(within(embed).getByText('2021 · Драма')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Открыть фото 2 из 3: Берег' })).toBeTruthy();
    expect(screen.getByText('Кадры из фильма')).toBeTruthy();
  });

  it('opens the viewer at the picture pressed, pages with the arrow keys, closes with Escape and gives the focus back', async () => {
    renderInRouter(<ArticleBody blocks={blocks} t={t} />);
    const second = await screen.findByRole('button', { name: 'Открыть фото 2 из 3: Берег' });
    second.focus();
    fireEvent.click(second);
    const dialog = await screen.findByRole('dialog', { name: 'Фотогалерея: Кадры из фильма' });
    expect(within(dialog).getByRole('img').getAttribute('alt')).toBe('Берег');
    expect(within(dialog).getByText('2 из 3')).toBeTruthy();
    fireEvent.keyDown(dialog, { key: 'ArrowRight' });
    expect(within(dialog).getByRole('img').getAttribute('alt')).toBe('Шторм');
    fireEvent.keyDown(dialog, { key: 'ArrowRight' });
    expect(within(dialog).getByText('1 из 3')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Предыдущее фото' }));
    expect(within(dialog).getByText('3 из 3')).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Следующее фото' })).toBeTruthy();
    fireEvent.keyDown(dialog, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(second));
  });
});

describe('the title page’s articles tab', () => {
  const title = titleFixture();
  it('appears last, and only when an article mentions the title', () => {
    expect(titleTabs(title, null, 0).map((tab) => tab.key)).not.toContain('articles');
    const tabs = titleTabs(title, null, 2);
    expect(tabs.at(-1)).toEqual({ key: 'articles', path: `/watch/${title.alias}/articles` });
  });
});
