import { describe, expect, it } from 'vitest';
import { buildBreadcrumbs } from './breadcrumbs.ts';

describe('buildBreadcrumbs (platform §2, catalogue §2)', () => {
  it.each([
    [
      'adult: Главная links to /',
      [{ title: 'Фильмы', url: '/movies' }, { title: 'Драмы', url: '/movies/drama' }],
      false,
      [
        { title: 'Главная', url: '/', link: true },
        { title: 'Фильмы', url: '/movies', link: true },
        { title: 'Драмы', url: '/movies/drama', link: false },
      ],
    ],
    [
      'child: Главная links to /kids',
      [{ title: 'Мультфильмы', url: '/animation' }],
      true,
      [
        { title: 'Главная', url: '/kids', link: true },
        { title: 'Мультфильмы', url: '/animation', link: false },
      ],
    ],
    [
      'non-last items without a url are plain text',
      [{ title: 'Кино на ТВ' }, { title: 'Фильмы на ТВ', url: '/archive/movies' }, { title: '2020' }],
      false,
      [
        { title: 'Главная', url: '/', link: true },
        { title: 'Кино на ТВ', link: false },
        { title: 'Фильмы на ТВ', url: '/archive/movies', link: true },
        { title: '2020', link: false },
      ],
    ],
    ['no items: Главная alone is the last item, plain text', [], false, [{ title: 'Главная', url: '/', link: false }]],
    [
      'an empty url counts as none',
      [{ title: 'Журнал', url: '' }, { title: 'Статья' }],
      false,
      [
        { title: 'Главная', url: '/', link: true },
        { title: 'Журнал', link: false },
        { title: 'Статья', link: false },
      ],
    ],
  ])('%s', (_name, items, isChild, expected) => {
    expect(buildBreadcrumbs(items, { isChild })).toEqual(expected);
  });
});
