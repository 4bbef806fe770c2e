import { describe, expect, it } from 'vitest';
import { titleFixture } from '../test/title-fixture.ts';
import { isoDuration, seasonLd, titleLd, videosLd, watchSubPage } from './title-ld.ts';

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
    ['season-2', undefined, { sub: { kind: 'season', number: 2 }, path: '/season-2', label: { key: 'seo.watchPage.season', number: 2 } }],
    ['trailers', undefined, { sub: { kind: 'trailers' }, path: '/trailers', label: { key: 'seo.watchPage.trailers' } }],
    ['person', 'anna-smirnova', { sub: { kind: 'person-of-title', alias: 'anna-smirnova' }, path: '/person/anna-smirnova', label: { key: 'seo.watchPage.person' } }],
    // What names no sub-page is not found, not a page called «Материалы».
    ['season-0', undefined, null],
    ['reviews', undefined, null],
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
    const episode = (n: number) => ({ number: n, title: `Серия ${n}`, description: '', duration_minutes: 45, ekran_id: `e${n}`, is_preview: false, still: { url: `/api/v1/images/art/horizontal/s${n}`, width: 1280, height: 720 } });
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

describe('issue 5 titles: JSON-LD of the season and video sub-pages', () => {
  const episode = (n: number, o = {}) => ({ number: n, title: `Серия ${n}`, description: `О серии ${n}.`, duration_minutes: 52, ekran_id: `e${n}`, is_preview: false, still: { url: `/api/v1/images/art/horizontal/s${n}`, width: 1280, height: 720 }, ...o });
  const series = titleFixture({
    _cls: 'Product.Series', duration_minutes: null,
    items: [{ number: 1, title: '', episodes: [episode(1, { is_preview: true }), episode(2)] }, { number: 2, title: 'Сезон 2. Шторм', episodes: [episode(1)] }],
  });

  it('names every season of a series with its page (containsSeason)', () => {
    expect(titleLd(ORIGIN, series).containsSeason).toEqual([
      { '@type': 'TVSeason', seasonNumber: 1, name: 'Сезон 1', numberOfEpisodes: 2, url: 'https://ekran.ru/watch/tayna-mayaka/season-1' },
      { '@type': 'TVSeason', seasonNumber: 2, name: 'Сезон 2. Шторм', numberOfEpisodes: 1, url: 'https://ekran.ru/watch/tayna-mayaka/season-2' },
    ]);
    expect(titleLd(ORIGIN, titleFixture())).not.toHaveProperty('containsSeason');
  });

  it('describes a season page as a TVSeason of TVEpisodes, the preview episode free', () => {
    expect(seasonLd(ORIGIN, series, 1)).toEqual({
      '@type': 'TVSeason',
      '@id': 'https://ekran.ru/watch/tayna-mayaka/season-1',
      url: 'https://ekran.ru/watch/tayna-mayaka/season-1',
      name: 'Сезон 1',
      seasonNumber: 1,
      numberOfEpisodes: 2,
      partOfSeries: { '@type': 'TVSeries', '@id': 'https://ekran.ru/watch/tayna-mayaka', name: 'Тайна маяка', url: 'https://ekran.ru/watch/tayna-mayaka' },
      episode: [
        { '@type': 'TVEpisode', episodeNumber: 1, name: 'Серия 1', description: 'О серии 1.', timeRequired: 'PT52M', url: 'https://ekran.ru/watch/tayna-mayaka/season-1#episode-1', isAccessibleForFree: true },
        { '@type': 'TVEpisode', episodeNumber: 2, name: 'Серия 2', description: 'О серии 2.', timeRequired: 'PT52M', url: 'https://ekran.ru/watch/tayna-mayaka/season-1#episode-2', isAccessibleForFree: false },
      ],
    });
    expect(seasonLd(ORIGIN, series, 3)).toBeNull();
  });

  it('lists the trailers of a trailers page as free VideoObjects', () => {
    const title = titleFixture();
    const ld = videosLd(ORIGIN, title, title.additional_content, '/watch/tayna-mayaka/trailers');
    expect(ld).toMatchObject({
      '@type': 'ItemList',
      numberOfItems: 1,
      itemListElement: [{ position: 1, item: { '@type': 'VideoObject', name: 'Тайна маяка. Трейлер', description: 'Официальный трейлер.', isAccessibleForFree: true } }],
    });
  });
});
