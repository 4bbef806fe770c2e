import { episodes, extras, mediaAssets, seasons, tariffs, titles, type Db } from '@ekran/db';
import { and, asc, eq } from 'drizzle-orm';

export type PlayableKind = 'movie' | 'episode' | 'extra';

/** Drizzle queries of playable items; no rules. */
export function createPlaybackRepo(db: Db) {
  return {
    async movieOrSeries(id: string) {
      const [row] = await db
        .select({ title: titles, media: mediaAssets })
        .from(titles)
        .leftJoin(mediaAssets, eq(mediaAssets.id, titles.mediaAssetId))
        .where(and(eq(titles.id, id), eq(titles.isDisabled, false)))
        .limit(1);
      return row ?? null;
    },

    /** The first episode of a series: what "play" on a series starts. */
    async firstEpisode(titleId: string) {
      const [row] = await db
        .select({ episode: episodes, media: mediaAssets, season: seasons })
        .from(episodes)
        .innerJoin(seasons, eq(seasons.id, episodes.seasonId))
        .innerJoin(mediaAssets, eq(mediaAssets.id, episodes.mediaAssetId))
        .where(eq(seasons.titleId, titleId))
        .orderBy(asc(seasons.number), asc(episodes.number))
        .limit(1);
      return row ?? null;
    },

    async episode(id: string) {
      const [row] = await db
        .select({ episode: episodes, season: seasons, title: titles, media: mediaAssets })
        .from(episodes)
        .innerJoin(seasons, eq(seasons.id, episodes.seasonId))
        .innerJoin(titles, eq(titles.id, seasons.titleId))
        .innerJoin(mediaAssets, eq(mediaAssets.id, episodes.mediaAssetId))
        .where(and(eq(episodes.id, id), eq(titles.isDisabled, false)))
        .limit(1);
      return row ?? null;
    },

    async extra(id: string) {
      const [row] = await db
        .select({ extra: extras, title: titles, media: mediaAssets })
        .from(extras)
        .innerJoin(titles, eq(titles.id, extras.titleId))
        .innerJoin(mediaAssets, eq(mediaAssets.id, extras.mediaAssetId))
        .where(and(eq(extras.id, id), eq(titles.isDisabled, false)))
        .limit(1);
      return row ?? null;
    },

    async firstTrailer(titleId: string) {
      const [row] = await db.select({ id: extras.id }).from(extras).where(and(eq(extras.titleId, titleId), eq(extras.kind, 'trailer'))).orderBy(asc(extras.position)).limit(1);
      return row ?? null;
    },

    activeTariffs() {
      return db.select().from(tariffs).where(eq(tariffs.isActive, true)).orderBy(asc(tariffs.weight), asc(tariffs.price));
    },
  };
}
export type PlaybackRepo = ReturnType<typeof createPlaybackRepo>;
