// Every catalogue page describes itself through lib/seo.ts: title, description, canonical, Open
// Graph and JSON-LD with absolute URLs of the site's origin.
import type { MetaDescriptor } from 'react-router';
import { describe, expect, it } from 'vitest';
import { titleFixture } from '../../test/title-fixture.ts';
import { meta as categoryMeta } from '../catalog/category.tsx';
import { meta as homeMeta } from '../home/home.tsx';
import { meta as kidsMeta } from '../kids/kids.tsx';
import { meta as watchMeta } from '../watch/watch.tsx';

const matches = [{ id: 'root', data: { origin: 'https://ekran.ru' } }];
const find = (tags: MetaDescriptor[], key: string, value: string) => tags.find((t) => (t as Record<string, unknown>)[key] === value) as Record<string, string> | undefined;
const canonical = (tags: MetaDescriptor[]) => (tags.find((t) => 'rel' in t && t.rel === 'canonical') as { href: string } | undefined)?.href;
const titleOf = (tags: MetaDescriptor[]) => (tags.find((t) => 'title' in t) as { title: string }).title;
const ld = (tags: MetaDescriptor[]) => tags.filter((t) => 'script:ld+json' in t).map((t) => (t as Record<string, Record<string, unknown>>)['script:ld+json']!);
const ldOf = (tags: MetaDescriptor[], type: string) => ld(tags).find((l) => l['@type'] === type);

describe('home and kids meta', () => {
  it('home: canonical /, Open Graph, WebSite and Organization', () => {
    const tags = homeMeta({ matches } as never);
    expect(titleOf(tags)).toBe('Экран — смотреть фильмы и сериалы онлайн в хорошем качестве');
    expect(canonical(tags)).toBe('https://ekran.ru/');
    expect(find(tags, 'property', 'og:url')?.content).toBe('https://ekran.ru/');
    expect(find(tags, 'property', 'og:locale')?.content).toBe('ru_RU');
    expect(ld(tags).map((l) => l['@type'])).toEqual(['WebSite', 'Organization']);
    expect(find(tags, 'name', 'robots')).toBeUndefined();
  });

  it('kids: canonical /kids and its breadcrumbs', () => {
    const tags = kidsMeta({ matches } as never);
    expect(canonical(tags)).toBe('https://ekran.ru/kids');
    expect(ldOf(tags, 'BreadcrumbList')?.itemListElement).toEqual([
      { '@type': 'ListItem', position: 1, name: 'Главная', item: 'https://ekran.ru/' },
      { '@type': 'ListItem', position: 2, name: 'Детям', item: 'https://ekran.ru/kids' },
    ]);
  });
});

describe('category meta', () => {
  const card = (alias: string) => ({ id: alias, alias, title: `Фильм ${alias}`, year: 2024, genre: 'Драма', genres: ['Драма'], isSeries: false, seasonsCount: 0, ratingAge: '16+', rating: 7, isFree: false, poster: { url: `/api/v1/images/art/vertical/rays-1-2-${alias.length}`, width: 600, height: 900 } });
  const data = (o: Record<string, unknown> = {}) => ({ category: 'movies', path: { genre: 'drama', page: 2 }, total: 45, portion: { items: [card('a'), card('bb')], skip: 40, total: 45, nextCursor: null }, pages: 2, genreTitle: 'Драма', countryTitle: null, canonical: '/movies/drama/page2', ...o });

  it('a genre page: its own canonical per page, description with the count, breadcrumbs and the titles as an ItemList', () => {
    const tags = categoryMeta({ data: data(), matches } as never);
    expect(titleOf(tags)).toBe('Фильмы: драма — смотреть онлайн на Экране — страница 2');
    expect(canonical(tags)).toBe('https://ekran.ru/movies/drama/page2');
    expect(find(tags, 'name', 'description')?.content).toBe('Фильмы: драма — 45 названий онлайн по подписке Экран. Смотрите в хорошем качестве на любом устройстве.');
    expect(find(tags, 'property', 'og:image')?.content).toBe('https://ekran.ru/api/v1/images/art/vertical/rays-1-2-1?w=600&q=75&type=jpeg');
    expect(ldOf(tags, 'BreadcrumbList')?.itemListElement).toEqual([
      { '@type': 'ListItem', position: 1, name: 'Главная', item: 'https://ekran.ru/' },
      { '@type': 'ListItem', position: 2, name: 'Фильмы', item: 'https://ekran.ru/movies' },
      { '@type': 'ListItem', position: 3, name: 'Драма', item: 'https://ekran.ru/movies/drama' },
    ]);
    const list = ldOf(tags, 'ItemList')!;
    expect(list.numberOfItems).toBe(45);
    expect(list.itemListElement).toEqual([
      { '@type': 'ListItem', position: 41, url: 'https://ekran.ru/watch/a', name: 'Фильм a' },
      { '@type': 'ListItem', position: 42, url: 'https://ekran.ru/watch/bb', name: 'Фильм bb' },
    ]);
  });

  it('a category root', () => {
    const tags = categoryMeta({ data: data({ category: 'series', path: { page: 1 }, genreTitle: null, canonical: '/series', pages: 1 }), matches } as never);
    expect(titleOf(tags)).toBe('Сериалы смотреть онлайн в хорошем качестве — Экран');
    expect(canonical(tags)).toBe('https://ekran.ru/series');
    expect(ldOf(tags, 'BreadcrumbList')?.itemListElement).toHaveLength(2);
  });
});

describe('title page meta', () => {
  it('a movie: canonical, video.movie Open Graph with a jpeg preview, Movie and BreadcrumbList', () => {
    const tags = watchMeta({ data: { title: titleFixture(), check: null }, params: { watchAlias: 'tayna-mayaka' }, matches } as never);
    expect(titleOf(tags)).toBe('Тайна маяка (2023) — смотреть фильм онлайн на Экране');
    expect(canonical(tags)).toBe('https://ekran.ru/watch/tayna-mayaka');
    expect(find(tags, 'property', 'og:type')?.content).toBe('video.movie');
    expect(find(tags, 'property', 'og:image')?.content).toBe('https://ekran.ru/api/v1/images/art/horizontal/rays-1-2-3?w=1280&q=75&type=jpeg');
    expect(find(tags, 'name', 'description')?.content?.length).toBeLessThanOrEqual(160);
    expect(ld(tags).map((l) => l['@type'])).toEqual(['Movie', 'BreadcrumbList']);
    expect(ldOf(tags, 'Movie')?.['@context']).toBe('https://schema.org');
    expect(ldOf(tags, 'BreadcrumbList')?.itemListElement).toEqual([
      { '@type': 'ListItem', position: 1, name: 'Главная', item: 'https://ekran.ru/' },
      { '@type': 'ListItem', position: 2, name: 'Фильмы', item: 'https://ekran.ru/movies' },
      { '@type': 'ListItem', position: 3, name: 'Тайна маяка', item: 'https://ekran.ru/watch/tayna-mayaka' },
    ]);
  });

  it('a series is video.tv_show and TVSeries', () => {
    const tags = watchMeta({ data: { title: titleFixture({ _cls: 'Product.Series' }), check: null }, params: { watchAlias: 'tayna-mayaka' }, matches } as never);
    expect(titleOf(tags)).toBe('Тайна маяка (2023) — смотреть сериал онлайн на Экране');
    expect(find(tags, 'property', 'og:type')?.content).toBe('video.tv_show');
    expect(ldOf(tags, 'TVSeries')).toBeDefined();
  });

  // Sub-pages (season-{n}, trailers, …) have their own module and meta: watch-subpage.loader.test.ts.
  it('no data (a 404) gives no tags of its own', () => {
    expect(watchMeta({ data: undefined, params: { watchAlias: 'x' }, matches } as never)).toEqual([]);
  });
});
