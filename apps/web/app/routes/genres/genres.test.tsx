// @vitest-environment jsdom
import type { GenreSummary } from '@ekran/contracts';
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderInRouter } from '../../test/render.tsx';
import { contextWith, outcome } from '../../test/visitor.ts';
import GenresPage, { loader, meta } from './genres.tsx';

afterEach(cleanup);

const genre = (alias: string, title: string, counts: GenreSummary['counts']): GenreSummary => ({
  alias, title, counts, items_total: counts.movies + counts.series + counts.animation,
  cover: { url: `/api/v1/images/art/horizontal/rays-1-2-${alias.length}`, width: 1280, height: 720 },
});
const items = [
  genre('drama', 'Драма', { movies: 36, series: 21, animation: 2 }),
  genre('talkshow', 'Ток-шоу', { movies: 0, series: 3, animation: 0 }),
  { ...genre('fairytale', 'Сказки', { movies: 0, series: 0, animation: 1 }), cover: null },
];

describe('/genres loader', () => {
  it.each([
    [null, false],
    [{ profile_for_child: true }, true],
  ])('asks for the genres of the viewer (auth %j: for_kids %s)', async (auth, forKids) => {
    const genres = vi.fn(async () => ({ items }));
    const r = await outcome(() => loader({ request: new Request('http://localhost/genres'), params: {}, context: contextWith({ genres }, { auth: auth as never }) } as never));
    expect(genres).toHaveBeenCalledWith(forKids);
    expect('value' in r && r.value).toEqual({ isKids: forKids, genres: items });
  });
});

describe('/genres meta', () => {
  it('has the title, description, canonical URL, breadcrumbs and an item list of the genre pages', () => {
    const tags = meta({ data: { isKids: false, genres: items }, matches: [{ id: 'root', data: { origin: 'https://ekran.ru' } }] } as never);
    expect(tags).toContainEqual({ title: 'Жанры фильмов, сериалов и мультфильмов — смотреть онлайн на Экране' });
    expect(tags).toContainEqual({ tagName: 'link', rel: 'canonical', href: 'https://ekran.ru/genres' });
    const description = tags.find((t) => 'name' in t && t.name === 'description') as { content: string };
    expect(description.content.length).toBeGreaterThanOrEqual(120);
    const ld = tags.flatMap((t) => ('script:ld+json' in t ? [t['script:ld+json'] as Record<string, unknown>] : []));
    expect(ld.map((l) => l['@type'])).toEqual(['BreadcrumbList', 'CollectionPage']);
    expect(ld[1]).toMatchObject({
      mainEntity: { '@type': 'ItemList', numberOfItems: 3, itemListElement: expect.arrayContaining([{ '@type': 'ListItem', position: 2, name: 'Ток-шоу', url: 'https://ekran.ru/genres/talkshow' }]) },
    });
  });
});

describe('/genres page', () => {
  it('shows every genre as a tile linking to its page, with its counts per kind in Russian', async () => {
    const Page = GenresPage as unknown as (props: { loaderData: { isKids: boolean; genres: GenreSummary[] } }) => React.ReactElement;
    renderInRouter(<Page loaderData={{ isKids: false, genres: items }} />);
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('Жанры');
    expect(screen.getByText('3 жанра')).toBeTruthy();
    const tiles = screen.getAllByTestId('genre-tile');
    expect(tiles.map((t) => t.getAttribute('href'))).toEqual(['/genres/drama', '/genres/talkshow', '/genres/fairytale']);
    expect(within(tiles[0]!).getByText('36 фильмов · 21 сериал · 2 мультфильма')).toBeTruthy();
    expect(within(tiles[1]!).getByText('3 сериала')).toBeTruthy();
    expect(within(tiles[2]!).getByText('1 мультфильм')).toBeTruthy();
    expect(tiles[0]!.querySelector('img')?.getAttribute('src')).toMatch(/^\/api\/v1\/images\/art\/horizontal\/rays-1-2-5\?w=640/);
    expect(tiles[2]!.querySelector('img')).toBeNull();
    expect(screen.getByRole('navigation', { name: 'Навигационная цепочка' }).textContent).toBe('ГлавнаяЖанры');
  });
});
