import { episodes, extras, mediaAssets, playlistItems, playlists, seasons, titles, type Db } from '@ekran/db';
import { and, asc, eq, inArray } from 'drizzle-orm';

export type PlaylistRow = typeof playlists.$inferSelect;
export type PlaylistItemRow = typeof playlistItems.$inferSelect;

/** Drizzle queries of playlists and what their items point at; no rules. */
export function createPlaylistsRepo(db: Db) {
  return {
    list() {
      return db.select().from(playlists).orderBy(asc(playlists.position), asc(playlists.alias));
    },

    async byAlias(alias: string) {
      const [row] = await db.select().from(playlists).where(eq(playlists.alias, alias)).limit(1);
      return row ?? null;
    },

    itemsOf(playlistIds: string[]) {
      if (playlistIds.length === 0) return Promise.resolve([]);
      return db.select().from(playlistItems).where(inArray(playlistItems.playlistId, playlistIds)).orderBy(asc(playlistItems.playlistId), asc(playlistItems.position));
    },

    /** Movies by id (a series is never a playlist item: its episodes are). */
    movies(ids: string[]) {
      if (ids.length === 0) return Promise.resolve([]);
      return db
        .select({ title: titles, media: { durationSeconds: mediaAssets.durationSeconds } })
        .from(titles)
        .leftJoin(mediaAssets, eq(mediaAssets.id, titles.mediaAssetId))
        .where(and(inArray(titles.id, ids), eq(titles.kind, 'movie')));
    },

    episodes(ids: string[]) {
      if (ids.length === 0) return Promise.resolve([]);
      return db
        .select({ episode: episodes, season: { number: seasons.number }, title: titles })
        .from(episodes)
        .innerJoin(seasons, eq(seasons.id, episodes.seasonId))
        .innerJoin(titles, eq(titles.id, seasons.titleId))
        .where(inArray(episodes.id, ids));
    },

    extras(ids: string[]) {
      if (ids.length === 0) return Promise.resolve([]);
      return db
        .select({ extra: extras, title: titles, media: { durationSeconds: mediaAssets.durationSeconds } })
        .from(extras)
        .innerJoin(titles, eq(titles.id, extras.titleId))
        .innerJoin(mediaAssets, eq(mediaAssets.id, extras.mediaAssetId))
        .where(inArray(extras.id, ids));
    },
  };
}
export type PlaylistsRepo = ReturnType<typeof createPlaylistsRepo>;
