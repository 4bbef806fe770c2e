import type { Credit, Title } from '@ekran/contracts';

const person = (name: string, alias: string, o: Partial<Credit> = {}): Credit => ({
  name, alias, name_original: null, character_name: null, photo: null, biography: null, filmography: [], ...o,
});

/** A whole title as the API gives it (a movie unless told otherwise), for meta and JSON-LD tests. */
export function titleFixture(o: Partial<Title> = {}): Title {
  return {
    _cls: 'Product.Movie', _id: 't1', uid: 't1', title: 'Тайна маяка', title_original: 'The Lighthouse Secret', alias: 'tayna-mayaka',
    genres: [{ alias: 'drama', title: 'Драма' }, { alias: 'detective', title: 'Детектив' }],
    release_date: '2023-04-12', ekran_release_date: '2025-02-01', year: 2023,
    description: 'Смотритель маяка находит в шторм лодку без экипажа и начинает собственное расследование, которое меняет жизнь всего посёлка.',
    horizontal_poster: { url: '/api/v1/images/art/horizontal/rays-1-2-3', width: 1280, height: 720 },
    vertical_poster: { url: '/api/v1/images/art/vertical/rays-1-2-3', width: 600, height: 900 },
    rating_age: '16+', rating_ekran: 7.8,
    additional_content: [
      { _id: 'x1', uid: 'x1', kind: 'trailer', title: 'Трейлер', description: 'Официальный трейлер.', packshot: { url: '/api/v1/images/art/horizontal/rays-1-2-4', width: 1280, height: 720 }, video_src: '/api/v1/playback/x1' },
    ],
    hashtags: [], similar: [],
    cast: [person('Анна Смирнова', 'anna-smirnova', { character_name: 'Вера' })],
    directors: [person('Пётр Орлов', 'petr-orlov')],
    operators: [],
    producers: [person('Мария Белова', 'mariya-belova')],
    writers: [person('Олег Ким', 'oleg-kim')],
    composers: [person('Илья Громов', 'ilya-gromov')],
    origin_countries: [{ code: 'ru', title: 'Россия' }],
    locales: ['ru', 'en'], seo: { subject: 'фильм «Тайна маяка» (2023)' }, duration_minutes: 112,
    is_disabled: false, unavailable_by_geo: false, for_kids: false, is_free: false, items: [],
    playback_options: { url: '/api/v1/playback/t1' }, trailer_src: '/api/v1/playback/x1',
    ...o,
  };
}
