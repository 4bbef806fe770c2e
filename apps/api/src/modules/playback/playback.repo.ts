import { episodes, extras, mediaAssets, playerSlots, seasons, titles, type Db } from '@ekran/db';
import { and, asc, desc, eq, gt, isNull, lte, or } from 'drizzle-orm';

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

    /** The episode after (season, episode) in a series, across seasons; null after the last one. */
    async nextEpisode(titleId: string, season: number, episode: number) {
      const [row] = await db
        .select({ id: episodes.id, title: episodes.title, season: seasons.number, episode: episodes.number })
        .from(episodes)
        .innerJoin(seasons, eq(seasons.id, episodes.seasonId))
        .where(and(eq(seasons.titleId, titleId), or(gt(seasons.number, season), and(eq(seasons.number, season), gt(episodes.number, episode)))))
        .orderBy(asc(seasons.number), asc(episodes.number))
        .limit(1);
      return row ?? null;
    },

    /** Active player slots in their window for adult or kids profiles, highest priority first. */
    playerSlots(now: Date, forKids: boolean) {
      return db
        .select({ slot: playerSlots, media: mediaAssets, titleAlias: titles.alias })
        .from(playerSlots)
        .innerJoin(mediaAssets, eq(mediaAssets.id, playerSlots.mediaAssetId))
        .leftJoin(titles, and(eq(titles.id, playerSlots.titleId), eq(titles.isDisabled, false)))
        .where(
          and(
            eq(playerSlots.isActive, true),
            eq(playerSlots.forKids, forKids),
            or(isNull(playerSlots.startsAt), lte(playerSlots.startsAt, now)),
            or(isNull(playerSlots.endsAt), gt(playerSlots.endsAt, now)),
          ),
        )
        .orderBy(desc(playerSlots.priority), asc(playerSlots.createdAt));
    },
  };
}
export type PlaybackRepo = ReturnType<typeof createPlaybackRepo>;
