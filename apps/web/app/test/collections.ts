import type { TitleCard } from '@ekran/contracts';

/** A title card of the API for list-page tests. */
export const titleCard = (alias: string, o: Partial<TitleCard> = {}): TitleCard => ({
  _cls: 'Product.Movie', _id: `id-${alias}`, uid: `id-${alias}`, alias, title: `Фильм ${alias}`, genres: [{ alias: 'drama', title: 'Драма' }],
  release_date: '2024-01-01', ekran_release_date: '2025-01-01', year: 2024, rating_age: '16+', rating_ekran: 7.2, for_kids: false, is_free: false,
  duration_minutes: 100, seasons_count: 0, horizontal_poster: { url: `/h/${alias}`, width: 1280, height: 720 }, vertical_poster: { url: `/v/${alias}`, width: 600, height: 900 },
  ...o,
});

/** What a loader threw or returned: the status of a thrown response (200 for a value) and its Location. */
export function statusOf(r: { thrown: unknown } | { value: unknown }): { status: number; location: string | null } {
  if (!('thrown' in r)) return { status: 200, location: null };
  const thrown = r.thrown;
  if (thrown instanceof Response) return { status: thrown.status, location: thrown.headers.get('location') };
  return { status: (thrown as { init?: { status: number } }).init?.status ?? 500, location: null };
}
