import type { Title, TitleCard } from '@ekran/contracts';
import { isNothingThere } from '../../lib/api-call.server.ts';
import { ApiCallError, type Api } from '../../lib/api.server.ts';
import { MOODS, type Mood } from './moods.ts';

/**
 * A title drawn at random from the catalogue within the visitor's scope (kids: kids titles only; a child profile's
 * session is held to its age cap by the API itself), of the mood's genre; any title of the scope when that genre has
 * none (a kids catalogue has no thrillers). Null when the scope is empty.
 */
export async function drawTitle(api: Pick<Api, 'titles'>, mood: Mood, kids: boolean, random: () => number = Math.random): Promise<TitleCard | null> {
  const genre = MOODS[mood];
  for (const query of genre ? [{ genre }, {}] : [{}]) {
    const first = await api.titles({ ...query, for_kids: kids, limit: 1 });
    if (first.items_total === 0) continue;
    const skip = Math.min(first.items_total - 1, Math.floor(random() * first.items_total));
    if (skip === 0 && first.items[0]) return first.items[0];
    const drawn = await api.titles({ ...query, for_kids: kids, limit: 1, skip });
    return drawn.items[0] ?? first.items[0] ?? null;
  }
  return null;
}

/** The title a prediction's link names, or null when it is gone or not for this visitor (a child profile, say). */
export async function predictedTitle(api: Pick<Api, 'title'>, alias: string): Promise<Title | null> {
  try {
    return await api.title(alias);
  } catch (err) {
    if (isNothingThere(err) || (err instanceof ApiCallError && err.status === 403)) return null;
    throw err;
  }
}
