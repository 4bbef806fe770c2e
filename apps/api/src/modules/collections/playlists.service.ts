import type { Image, PlaylistItem, PlaylistList, PlaylistResponse } from '@ekran/contracts';
import { ApiPath, RatingAgeSchema } from '@ekran/contracts';
import type { Db } from '@ekran/db';
import { notFound } from '../../lib/errors.ts';
import { createTtlCache, type CacheRevision } from '../../lib/ttl-cache.ts';
import type { TitleRow } from '../catalog/catalog.types.ts';
import { posterImage } from '../images/poster-url.ts';
import { createPlaylistsRepo, type PlaylistItemRow } from './playlists.repo.ts';
import { scopeAdmits, scopeCacheKey, type TitleScope } from './title-scope.ts';

const COVER_POSTERS = 3;

/** A playlist item with the title it belongs to (for scope and covers). */
interface Entry {
  item: PlaylistItem;
  title: TitleRow;
}

/** The canonical page of a playlist. */
export const playlistUrl = (alias: string) => `/playlist/${alias}`;

/**
 * Playlists (spec platform §3 Playlist response, §7 GET {playlist path}/{alias}): movies, episodes and trailers
 * to watch one after another. Each item carries the playback check the player calls, exactly as a title's
 * playback_options do; the check decides entitlement per item. A child session sees only the items of kids
 * titles within its age cap, and a playlist with none of them is not found.
 */
export function createPlaylistsService(db: Db, options: { cacheTtlMs: number; revision?: CacheRevision | undefined } = { cacheTtlMs: 0 }) {
  const repo = createPlaylistsRepo(db);
  const cache = createTtlCache<unknown>({ name: 'playlists', ttlMs: options.cacheTtlMs, revision: options.revision, maxEntries: 200 });
  const cached = <T>(key: string, load: () => Promise<T>): Promise<T> =>
    options.cacheTtlMs > 0 ? (cache.get(key, load) as Promise<T>) : load();

  /** The items of each playlist in order, as the Playlist response has them, within the scope. */
  async function entries(playlistIds: string[], scope: TitleScope): Promise<Map<string, Entry[]>> {
    const items = await repo.itemsOf(playlistIds);
    const ids = (key: 'titleId' | 'episodeId' | 'extraId') => items.map((i) => i[key]).filter((v): v is string => v !== null);
    const [movies, eps, extras] = await Promise.all([repo.movies(ids('titleId')), repo.episodes(ids('episodeId')), repo.extras(ids('extraId'))]);
    const movieById = new Map(movies.map((m) => [m.title.id, m]));
    const episodeById = new Map(eps.map((e) => [e.episode.id, e]));
    const extraById = new Map(extras.map((x) => [x.extra.id, x]));

    const entryOf = (i: PlaylistItemRow): Entry | null => {
      const movie = i.titleId ? movieById.get(i.titleId) : undefined;
      if (movie) {
        const t = movie.title;
        const minutes = t.durationMinutes ?? Math.ceil((movie.media?.durationSeconds ?? 0) / 60);
        return { title: t, item: item('Movie', t.id, t, t.title, posterImage(t.poster, 'horizontal'), minutes) };
      }
      const ep = i.episodeId ? episodeById.get(i.episodeId) : undefined;
      if (ep) {
        const t = ep.title;
        // The same title the player shows for an episode (playback service).
        const title = `${t.title}. Сезон ${ep.season.number}, серия ${ep.episode.number}. ${ep.episode.title}`;
        const still = posterImage({ ...t.poster, seed: t.poster.seed + 1000 + ep.season.number * 100 + ep.episode.number }, 'horizontal');
        return { title: t, item: item('Episode', ep.episode.id, t, title, still, ep.episode.durationMinutes) };
      }
      const x = i.extraId ? extraById.get(i.extraId) : undefined;
      if (x) {
        const t = x.title;
        // The packshot the title page shows for this extra.
        const packshot = posterImage({ ...t.poster, seed: t.poster.seed + x.extra.position + 1 }, 'horizontal');
        return { title: t, item: item('Trailer', x.extra.id, t, `${t.title}. ${x.extra.title}`, packshot, Math.max(1, Math.round(x.media.durationSeconds / 60))) };
      }
      return null;
    };

    const map = new Map<string, Entry[]>();
    for (const i of items) {
      const entry = entryOf(i);
      if (!entry || !scopeAdmits(scope, entry.title)) continue;
      const list = map.get(i.playlistId) ?? [];
      list.push(entry);
      map.set(i.playlistId, list);
    }
    return map;
  }

  const service = {
    /** Every playlist with something in the scope, in editorial order. */
    list(scope: TitleScope): Promise<PlaylistList> {
      return cached(`playlists:${scopeCacheKey(scope)}`, async () => {
        const rows = await repo.list();
        const byPlaylist = await entries(rows.map((r) => r.id), scope);
        return {
          items: rows.flatMap((r) => {
            const list = byPlaylist.get(r.id) ?? [];
            if (list.length === 0) return [];
            return [{
              alias: r.alias, title: r.title, description: r.description, items_total: list.length,
              duration_minutes: list.reduce((sum, e) => sum + e.item.duration_minutes, 0),
              posters: covers(list), url: playlistUrl(r.alias),
            }];
          }),
        };
      });
    },

    /** spec platform §3 Playlist response: a page of the playlist's items in order. */
    get(alias: string, scope: TitleScope, skip: number, limit: number): Promise<PlaylistResponse> {
      return cached(`playlist:${alias}:${scopeCacheKey(scope)}:${skip}:${limit}`, async () => {
        const row = await repo.byAlias(alias);
        const list = row ? ((await entries([row.id], scope)).get(row.id) ?? []) : [];
        if (!row || list.length === 0) throw notFound(`Playlist ${alias}`);
        return {
          alias: row.alias, title: row.title, description: row.description,
          duration_minutes: list.reduce((sum, e) => sum + e.item.duration_minutes, 0),
          items: list.slice(skip, skip + limit).map((e) => e.item), items_total: list.length, skip, limit,
        };
      });
    },
  };
  return service;
}

function item(cls: PlaylistItem['cls'], uid: string, t: TitleRow, title: string, poster: Image, minutes: number): PlaylistItem {
  return {
    cls, id: uid, uid, alias: t.alias, title, rating_age: RatingAgeSchema.parse(t.ratingAge),
    playback_options: { url: ApiPath.playbackCheck(uid) }, poster, duration_minutes: minutes,
  };
}

/** The vertical posters of the first distinct titles of a playlist: its cover. */
function covers(list: Entry[]): Image[] {
  const seen = new Map<string, Image>();
  for (const e of list) if (!seen.has(e.title.id) && seen.size < COVER_POSTERS) seen.set(e.title.id, posterImage(e.title.poster, 'vertical'));
  return [...seen.values()];
}
export type PlaylistsService = ReturnType<typeof createPlaylistsService>;
