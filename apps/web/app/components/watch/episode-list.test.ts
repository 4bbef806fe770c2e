import type { Title, TitleState } from '@ekran/contracts';
import { describe, expect, it } from 'vitest';
import { currentSeason } from './episode-list.tsx';

const still = { url: '/api/v1/images/art/horizontal/x', width: 1280, height: 720 };
const episode = (season: number, n: number) => ({ number: n, title: `Серия ${n}`, description: '', duration_minutes: 45, ekran_id: `s${season}e${n}`, is_preview: false, still });
const title = { items: [1, 2, 3].map((s) => ({ number: s, title: '', episodes: [episode(s, 1), episode(s, 2)] })) } as unknown as Title;
const resumingIn = (season: number): TitleState => ({
  alias: 'x',
  is_favorite: false,
  rating: null,
  resume: { episode_id: `s${season}e2`, season_number: season, episode_number: 2, position: 120, duration: 2700, percent: 4, is_finished: false, next: false, updated_at: '2026-11-01T10:00:00Z' },
  episodes: [],
});

describe('the season the title page shows', () => {
  it.each([
    ['?season=2 asks for season 2', '2', null, 2],
    ['an unknown season falls back to the first', '9', null, 1],
    ['a malformed value falls back to the first', '2abc', null, 1],
    ['without ?season, the first', null, null, 1],
    ['without ?season, the season of the episode to resume', null, 3, 3],
    ['?season wins over the episode to resume', '1', 3, 1],
  ])('%s', (_case, asked, resumeSeason, expected) => {
    const state = resumeSeason === null ? null : resumingIn(resumeSeason);
    expect(currentSeason(title, asked, state)?.number).toBe(expected);
  });

  it('is null for a title without seasons', () => {
    expect(currentSeason({ items: [] } as unknown as Title, null, null)).toBeNull();
  });
});
