import { describe, expect, it } from 'vitest';
import { titleFixture } from '../test/title-fixture.ts';
import { isoDuration, titleLd, watchSubPage } from './title-ld.ts';

const ORIGIN = 'https://ekran.ru';

describe('isoDuration (schema.org duration, ISO 8601)', () => {
  it.each([
    [112, 'PT1H52M'],
    [120, 'PT2H'],
    [45, 'PT45M'],
    [60, 'PT1H'],
    [61, 'PT1H1M'],
    [0, 'PT0M'],
  ])('%i minutes is %s', (minutes, iso) => {
    expect(isoDuration(minutes)).toBe(iso);
  });
});

describe('watchSubPage (spec platform §2 Watching sub-pages)', () => {
  it.each([
    [undefined, undefined, null],
    ['season-2', undefined, { path: '/season-2', label: { key: 'seo.watchPage.season', number: 2 } }],
    ['trailers', undefined, { path: '/trailers', label: { key: 'seo.watchPage.trailers' } }],
    ['person', 'anna-smirnova', { path: '/person/anna-smirnova', label: { key: 'seo.watchPage.person' } }],
    ['season-0', undefined, { path: '/season-0', label: { key: 'seo.watchPage.other' } }],
  ])('%s/%s', (page, pageId, want) => {
    expect(watchSubPage(page, pageId)).toEqual(want);
  });
});

describe('titleLd (issue 4 SEO: Movie and TVSeries)', () => {
  it('describes a movie with absolute URLs, people pages, running time, rating out of 10 and the trailer', () => {
    const ld = titleLd(ORIGIN, titleFixture());
    expect(ld).toMatchObject({
      '@type': 'Movie',
      url: 'https://ekran.ru/watch/tayna-mayaka',
      name: 'Тайна маяка',
      alternateName: 'The Lighthouse Secret',
      datePublished: '2023-04-12',
      genre: ['Драма', 'Детектив'],
      countryOfOrigin: [{ '@type': 'Country', name: 'Россия' }],
      inLanguage: ['ru', 'en'],
      duration: 'PT1H52M',
      contentRating: '16+',
      aggregateRating: { '@type': 'AggregateRating', ratingValue: 7.8, bestRating: 10, worstRating: 1 },
      actor: [{ '@type': 'Person', name: 'Анна Смирнова', url: 'https://ekran.ru/person/anna-smirnova' }],
      director: [{ '@type': 'Person', name: 'Пётр Орлов', url: 'https://ekran.ru/person/petr-orlov' }],
      author: [{ name: 'Олег Ким', url: 'https://ekran.ru/person/oleg-kim' }],
      producer: [{ name: 'Мария Белова' }],
      musicBy: [{ name: 'Илья Громов' }],
      trailer: {
        '@type': 'VideoObject',
        name: 'Тайна маяка. Трейлер',
        thumbnailUrl: 'https://ekran.ru/api/v1/images/art/horizontal/rays-1-2-4?w=1280&q=75&type=jpeg',
        uploadDate: '2025-02-01',
      },
      isAccessibleForFree: false,
    });
    expect(ld.image).toEqual([
      'https://ekran.ru/api/v1/images/art/vertical/rays-1-2-3?w=600&q=75&type=jpeg',
      'https://ekran.ru/api/v1/images/art/horizontal/rays-1-2-3?w=1280&q=75&type=jpeg',
    ]);
    expect(ld).not.toHaveProperty('offers');
    expect(ld).not.toHaveProperty('numberOfSeasons');
  });

  it('describes a free series with its seasons and episodes and a free offer, without a running time', () => {
    const episode = (n: number) => ({ number: n, title: `Серия ${n}`, description: '', duration_minutes: 45, ekran_id: `e${n}`, is_preview: false });
    const ld = titleLd(
      ORIGIN,
      titleFixture({
        _cls: 'Product.Series', is_free: true, duration_minutes: null, title_original: null, additional_content: [], writers: [],
        items: [{ number: 1, title: 'Сезон 1', episodes: [episode(1), episode(2)] }, { number: 2, title: 'Сезон 2', episodes: [episode(1)] }],
      }),
    );
    expect(ld).toMatchObject({
      '@type': 'TVSeries',
      numberOfSeasons: 2,
      numberOfEpisodes: 3,
      isAccessibleForFree: true,
      offers: { '@type': 'Offer', price: 0, priceCurrency: 'RUB', url: 'https://ekran.ru/watch/tayna-mayaka' },
    });
    for (const key of ['duration', 'alternateName', 'trailer', 'author']) expect(ld).not.toHaveProperty(key);
  });
});
