// @vitest-environment jsdom
import type { GenrePage, TitleCard } from '@ekran/contracts';
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiCallError } from '../../lib/api.server.ts';
import { renderInRouter } from '../../test/render.tsx';
import { contextWith, outcome } from '../../test/visitor.ts';
import GenrePageView, { loader, meta } from './genre.tsx';

afterEach(cleanup);

const card = (alias: string, o: Partial<TitleCard> = {}): TitleCard => ({
  _cls: 'Product.Movie', _id: alias, uid: alias, alias, title: `Название ${alias}`, genres: [{ alias: 'drama', title: 'Драма' }], release_date: '2024-01-01',
  ekran_release_date: '2025-01-01', year: 2024, rating_age: '16+', rating_ekran: 7, for_kids: false, is_free: false, duration_minutes: 100, seasons_count: 0,
  horizontal_poster: { url: `/api/v1/images/art/horizontal/${alias}`, width: 1280, height: 720 }, vertical_poster: { url: `/api/v1/images/art/vertical/${alias}`, width: 600, height: 900 },
  ...o,
});
const text = (heading: string, description: string) => ({ heading, description, body: [`${heading}: первый абзац.`, 'Второй абзац.', 'Третий абзац.'] });
const drama: GenrePage = {
  alias: 'drama', title: 'Драма', counts: { movies: 36, series: 21, animation: 2 }, items_total: 59,
  sections: [
    { kind: 'movies', items_total: 36, items: [card('a'), card('b')], text: text('Драмы: смотреть фильмы онлайн', 'Описание драматических фильмов.') },
    { kind: 'series', items_total: 21, items: [card('c', { _cls: 'Product.Series', seasons_count: 2 })], text: text('Драматические сериалы онлайн', 'Описание сериалов.') },
    { kind: 'animation', items_total: 2, items: [card('d')], text: null },
  ],
};
const talkshow: GenrePage = {
  alias: 'talkshow', title: 'Ток-шоу', counts: { movies: 0, series: 3, animation: 0 }, items_total: 3,
  sections: [{ kind: 'series', items_total: 3, items: [card('e')], text: text('Ток-шоу онлайн: разговоры, которые хочется досмотреть', 'Описание ток-шоу.') }],
};

function run(alias: string, genre: ReturnType<typeof vi.fn>, auth: unknown = null) {
  return outcome(() => loader({ request: new Request(`http://localhost/genres/${alias}`), params: { genre: alias }, context: contextWith({ genre } as never, { auth: auth as never }) } as never));
}
const status = (r: Awaited<ReturnType<typeof run>>) => ('thrown' in r ? (r.thrown as { init?: { status: number } }).init?.status : 200);
type Data = Extract<Awaited<ReturnType<typeof run>>, { value: unknown }>['value'];
const dataOf = async (page: GenrePage) => {
  const r = await run(page.alias, vi.fn(async () => page));
  if (!('value' in r)) throw new Error('loader threw');
  return r.value;
};

describe('/genres/{genre} loader', () => {
  it('asks for the genre of the viewer and sends light cards', async () => {
    const genre = vi.fn(async () => drama);
    const r = await run('drama', genre, { profile_for_child: true });
    expect(genre).toHaveBeenCalledWith('drama', true);
    const d = 'value' in r ? r.value : null;
    expect(d?.sections.map((s) => [s.kind, s.total, s.items.length])).toEqual([['movies', 36, 2], ['series', 21, 1], ['animation', 2, 1]]);
    expect(d?.sections[1]!.items[0]).toMatchObject({ alias: 'c', isSeries: true, seasonsCount: 2, genre: 'Драма' });
    expect(d?.image).toBe('/api/v1/images/art/horizontal/a?w=1280&q=75&type=jpeg');
  });

  it.each(['Drama', 'drama!', 'x', 'a'.repeat(41)])('answers 404 for the malformed alias %s without calling the API', async (alias) => {
    const genre = vi.fn();
    expect(status(await run(alias, genre))).toBe(404);
    expect(genre).not.toHaveBeenCalled();
  });

  it('answers 404 when the API does not know the genre (or the viewer may not see it)', async () => {
    const genre = vi.fn(async () => Promise.reject(new ApiCallError(404, { status: 404, code: 'NOT_FOUND', message: 'Genre horror not found' })));
    expect(status(await run('horror', genre))).toBe(404);
  });

  it('lets other API failures through to the error screen', async () => {
    const genre = vi.fn(async () => Promise.reject(new ApiCallError(503, null)));
    const r = await run('drama', genre);
    expect('thrown' in r && r.thrown).toBeInstanceOf(ApiCallError);
  });
});

describe('/genres/{genre} meta', () => {
  const root = { id: 'root', data: { origin: 'https://ekran.ru' } };
  it('takes the title and description from the text of the largest section, with breadcrumbs and the list of titles', async () => {
    const tags = meta({ data: await dataOf(drama), matches: [root] } as never);
    expect(tags).toContainEqual({ title: 'Драмы: смотреть фильмы онлайн — Экран' });
    expect(tags).toContainEqual({ name: 'description', content: 'Описание драматических фильмов.' });
    expect(tags).toContainEqual({ tagName: 'link', rel: 'canonical', href: 'https://ekran.ru/genres/drama' });
    expect(tags).toContainEqual({ property: 'og:image', content: 'https://ekran.ru/api/v1/images/art/horizontal/a?w=1280&q=75&type=jpeg' });
    const ld = tags.flatMap((t) => ('script:ld+json' in t ? [t['script:ld+json'] as Record<string, unknown>] : []));
    expect(ld[0]).toMatchObject({
      '@type': 'BreadcrumbList',
      itemListElement: [
        { position: 1, name: 'Главная', item: 'https://ekran.ru/' },
        { position: 2, name: 'Жанры', item: 'https://ekran.ru/genres' },
        { position: 3, name: 'Драма', item: 'https://ekran.ru/genres/drama' },
      ],
    });
    expect(ld[1]).toMatchObject({ '@type': 'CollectionPage', name: 'Жанр «Драма»: фильмы, сериалы и мультфильмы', mainEntity: { numberOfItems: 4 } });
    expect((ld[1]!.mainEntity as { itemListElement: unknown[] }).itemListElement[0]).toEqual({ '@type': 'ListItem', position: 1, name: 'Название a', url: 'https://ekran.ru/watch/a' });
  });

  it('falls back to a written title and description when no section has a text', async () => {
    const bare = { ...drama, sections: drama.sections.map((s) => ({ ...s, text: null })) };
    const tags = meta({ data: await dataOf(bare), matches: [root] } as never);
    expect(tags).toContainEqual({ title: 'Жанр «Драма»: фильмы, сериалы и мультфильмы — смотреть онлайн на Экране' });
    const description = tags.find((t) => 'name' in t && t.name === 'description') as { content: string };
    expect(description.content).toMatch(/^Жанр «Драма» на Экране: фильмы, сериалы и мультфильмы онлайн/);
  });
});

describe('/genres/{genre} page', () => {
  const render = async (page: GenrePage) => {
    const Page = GenrePageView as unknown as (props: { loaderData: Data }) => React.ReactElement;
    renderInRouter(<Page loaderData={await dataOf(page)} />);
    return screen.findByRole('heading', { level: 1 });
  };

  it('has the genre as H1, a section per kind with its text, its titles and a link to the whole category', async () => {
    expect((await render(drama)).textContent).toBe('Жанр «Драма»: фильмы, сериалы и мультфильмы');
    expect(screen.getByText('36 фильмов · 21 сериал · 2 мультфильма')).toBeTruthy();
    const sections = screen.getAllByTestId('genre-section');
    expect(sections.map((s) => s.id)).toEqual(['movies', 'series', 'animation']);
    expect(sections.map((s) => within(s).getByRole('heading', { level: 2 }).textContent)).toEqual([
      'Драмы: смотреть фильмы онлайн', 'Драматические сериалы онлайн', 'Мультфильмы жанра «Драма»',
    ]);
    const all = sections.map((s) => within(s).getByRole('link', { name: /^Все/ }));
    expect(all.map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['Все фильмы жанра 36', '/movies/drama'],
      ['Все сериалы жанра 21', '/series/drama'],
      ['Все мультфильмы жанра 2', '/animation/drama'],
    ]);
    expect(within(sections[0]!).getAllByTestId('title-card').map((c) => c.getAttribute('href'))).toEqual(['/watch/a', '/watch/b']);
    expect(within(sections[0]!).getByText('Драмы: смотреть фильмы онлайн: первый абзац.')).toBeTruthy();
    expect(sections[2]!.querySelectorAll('.genre-text p')).toHaveLength(0);
    expect(screen.getByRole('navigation', { name: 'Разделы жанра' }).querySelectorAll('a')).toHaveLength(3);
    expect(screen.getByRole('navigation', { name: 'Навигационная цепочка' }).textContent).toBe('ГлавнаяЖанрыДрама');
  });

  it('uses the text’s heading as H1 when the genre has one kind, without section links', async () => {
    expect((await render(talkshow)).textContent).toBe('Ток-шоу онлайн: разговоры, которые хочется досмотреть');
    expect(screen.getByRole('heading', { level: 2 }).textContent).toBe('Сериалы жанра «Ток-шоу»');
    expect(screen.queryByRole('navigation', { name: 'Разделы жанра' })).toBeNull();
  });
});
