import type { CatchupItem } from '@ekran/contracts';

// Catch-up fixtures as the API answers them.

const image = (url: string) => ({ url, width: 1280, height: 720 });
/** A catch-up item as the API answers it: a film aired on Экран Кино at 21:30 Moscow time on 21 November. */
export const catchup = (id: string, o: Partial<CatchupItem> = {}): CatchupItem => ({
  id,
  title: `Фильм ${id}`,
  alias: `film-${id}`,
  category: { alias: 'movie', title: 'Фильмы' },
  genres: ['Драма'],
  rating_age: '16+',
  expired_at: '2026-12-05T20:20:00.000Z',
  year: 2021,
  duration_minutes: 110,
  images: { frame_wide: image(`/img/${id}/frame`), cover: image(`/img/${id}/cover`), poster: image(`/img/${id}/poster`), cover_vertical: image(`/img/${id}/cv`) },
  quote: null,
  description: 'Описание.',
  streams: [
    {
      season_number: null,
      episode_number: null,
      episode_title: null,
      broadcasts: [
        {
          channel: { logo: '/tv-logos/ekran-kino.svg', title: 'Экран Кино', alias: 'ekran-kino' },
          program: { id, start_ts: Date.parse('2026-11-21T18:30:00Z') / 1000, end_ts: Date.parse('2026-11-21T20:20:00Z') / 1000, poster: null, expired_at: '2026-12-05T20:20:00.000Z' },
        },
      ],
    },
  ],
  ...o,
});

