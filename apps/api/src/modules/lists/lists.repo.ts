import { RESUME_MIN_SECONDS, type KidsScope } from '@ekran/core';
import { episodes, favorites, ratings, seasons, titles, watchProgress, type Db } from '@ekran/db';
import { and, asc, count, desc, eq, gte, inArray, lte, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';

export type TitleRow = typeof titles.$inferSelect;
export type ProgressRow = typeof watchProgress.$inferSelect;

/** A progress row with the numbers of its episode (none for a film). */
export interface ProgressWithEpisode {
  titleId: string;
  episodeId: string | null;
  positionSeconds: number;
  durationSeconds: number;
  isFinished: boolean;
  updatedAt: Date;
  seasonNumber: number | null;
  episodeNumber: number | null;
}

/** An episode as the next one to watch. */
export interface EpisodeRef {
  id: string;
  seasonNumber: number;
  episodeNumber: number;
}

interface Page {
  limit: number;
  skip: number;
}

/** Drizzle queries of the personal lists; no rules. */
export function createListsRepo(db: Db) {
  /** Titles a caller may see: enabled ones, and for a child session only its kids scope. */
  const visible = (scope: KidsScope | null): SQL | undefined =>
    and(eq(titles.isDisabled, false), scope ? eq(titles.forKids, true) : undefined, scope?.ratings ? inArray(titles.ratingAge, scope.ratings) : undefined);

  // The newest progress row of each title of a profile: what the history shows and continue watching reads.
  const latestOf = (profileId: string) =>
    db
      .selectDistinctOn([watchProgress.titleId], {
        titleId: watchProgress.titleId,
        episodeId: watchProgress.episodeId,
        positionSeconds: watchProgress.positionSeconds,
        durationSeconds: watchProgress.durationSeconds,
        isFinished: watchProgress.isFinished,
        updatedAt: watchProgress.updatedAt,
      })
      .from(watchProgress)
      .where(eq(watchProgress.profileId, profileId))
      .orderBy(watchProgress.titleId, desc(watchProgress.updatedAt))
      .as('latest');

  async function progressPage(profileId: string, scope: KidsScope | null, page: Page, onlyToContinue: boolean) {
    const latest = latestOf(profileId);
    // A finished episode still leaves the series to continue when another episode follows it.
    const nextExists = sql`exists (select 1 from ${episodes} e2 join ${seasons} s2 on s2.id = e2.season_id
      where s2.title_id = ${latest.titleId} and (s2.number, e2.number) > (${seasons.number}, ${episodes.number}))`;
    const toContinue = or(and(eq(latest.isFinished, false), gte(latest.positionSeconds, RESUME_MIN_SECONDS)), and(eq(latest.isFinished, true), nextExists));
    const where = and(visible(scope), onlyToContinue ? toContinue : undefined);
    const base = () =>
      db
        .select({
          title: titles,
          titleId: latest.titleId,
          episodeId: latest.episodeId,
          positionSeconds: latest.positionSeconds,
          durationSeconds: latest.durationSeconds,
          isFinished: latest.isFinished,
          updatedAt: latest.updatedAt,
          seasonNumber: seasons.number,
          episodeNumber: episodes.number,
        })
        .from(latest)
        .innerJoin(titles, eq(titles.id, latest.titleId))
        .leftJoin(episodes, eq(episodes.id, latest.episodeId))
        .leftJoin(seasons, eq(seasons.id, episodes.seasonId))
        .where(where);
    const rows = await base().orderBy(desc(latest.updatedAt), asc(titles.id)).limit(page.limit).offset(page.skip);
    // A page that is not full ends the list, so it tells the total itself: most profiles' whole list fits on the
    // home page's row, and a profile with no progress at all (every new visitor) costs one query, not two.
    if (rows.length < page.limit && (rows.length > 0 || page.skip === 0)) return { rows, total: page.skip + rows.length };
    const [total] = await db
      .select({ n: count() })
      .from(latest)
      .innerJoin(titles, eq(titles.id, latest.titleId))
      .leftJoin(episodes, eq(episodes.id, latest.episodeId))
      .leftJoin(seasons, eq(seasons.id, episodes.seasonId))
      .where(where);
    return { rows, total: Number(total?.n ?? 0) };
  }

  return {
    titleByAlias: async (titleAlias: string, scope: KidsScope | null): Promise<TitleRow | null> =>
      (await db.select().from(titles).where(and(eq(titles.alias, titleAlias), visible(scope))).limit(1))[0] ?? null,

    titleById: async (id: string, scope: KidsScope | null): Promise<TitleRow | null> =>
      (await db.select().from(titles).where(and(eq(titles.id, id), visible(scope))).limit(1))[0] ?? null,

    /** An episode of a title, with its season number; null when it is not one of the title's. */
    episodeOf: async (titleId: string, episodeId: string): Promise<EpisodeRef | null> =>
      (
        await db
          .select({ id: episodes.id, seasonNumber: seasons.number, episodeNumber: episodes.number })
          .from(episodes)
          .innerJoin(seasons, eq(seasons.id, episodes.seasonId))
          .where(and(eq(episodes.id, episodeId), eq(seasons.titleId, titleId)))
          .limit(1)
      )[0] ?? null,

    // ---- favorites

    /** Adds a favorite; adding it again keeps the one row (and its date). */
    addFavorite: (profileId: string, titleId: string, at: Date) =>
      db.insert(favorites).values({ profileId, titleId, createdAt: at }).onConflictDoNothing(),

    removeFavorite: (profileId: string, titleId: string) =>
      db.delete(favorites).where(and(eq(favorites.profileId, profileId), eq(favorites.titleId, titleId))),

    isFavorite: async (profileId: string, titleId: string) =>
      (await db.select({ t: favorites.titleId }).from(favorites).where(and(eq(favorites.profileId, profileId), eq(favorites.titleId, titleId))).limit(1)).length > 0,

    /** The aliases of a profile's favorites, newest first, at most `limit`. */
    favoriteAliases: async (profileId: string, scope: KidsScope | null, limit: number): Promise<string[]> =>
      (
        await db
          .select({ alias: titles.alias })
          .from(favorites)
          .innerJoin(titles, eq(titles.id, favorites.titleId))
          .where(and(eq(favorites.profileId, profileId), visible(scope)))
          .orderBy(desc(favorites.createdAt), asc(titles.id))
          .limit(limit)
      ).map((r) => r.alias),

    /** A page of favorites, newest first. */
    async favoritesPage(profileId: string, scope: KidsScope | null, page: Page) {
      const where = and(eq(favorites.profileId, profileId), visible(scope));
      const [rows, [total]] = await Promise.all([
        db
          .select({ title: titles, addedAt: favorites.createdAt })
          .from(favorites)
          .innerJoin(titles, eq(titles.id, favorites.titleId))
          .where(where)
          .orderBy(desc(favorites.createdAt), asc(titles.id))
          .limit(page.limit)
          .offset(page.skip),
        db.select({ n: count() }).from(favorites).innerJoin(titles, eq(titles.id, favorites.titleId)).where(where),
      ]);
      return { rows, total: Number(total?.n ?? 0) };
    },

    // ---- progress, history, continue watching

    /**
     * Stores a report unless a newer one is stored for the same film or episode (reports can arrive out of
     * order: a beacon of a closed tab after the next periodic report). Returns the row when it was applied.
     */
    async upsertProgress(values: { profileId: string; titleId: string; episodeId: string | null; positionSeconds: number; durationSeconds: number; isFinished: boolean; updatedAt: Date }) {
      const [row] = await db
        .insert(watchProgress)
        .values(values)
        .onConflictDoUpdate({
          target: [watchProgress.profileId, watchProgress.titleId, watchProgress.episodeId],
          set: {
            positionSeconds: sql`excluded.position_seconds`,
            durationSeconds: sql`excluded.duration_seconds`,
            isFinished: sql`excluded.is_finished`,
            updatedAt: sql`excluded.updated_at`,
          },
          setWhere: lte(watchProgress.updatedAt, sql`excluded.updated_at`),
        })
        .returning();
      return row ?? null;
    },

    /** The stored progress of one film or episode. */
    progressOf: async (profileId: string, titleId: string, episodeId: string | null): Promise<ProgressRow | null> =>
      (
        await db
          .select()
          .from(watchProgress)
          .where(and(eq(watchProgress.profileId, profileId), eq(watchProgress.titleId, titleId), episodeId ? eq(watchProgress.episodeId, episodeId) : sql`${watchProgress.episodeId} is null`))
          .limit(1)
      )[0] ?? null,

    /** Every progress row of one title (its episodes), newest first, with episode numbers. */
    titleProgress: (profileId: string, titleId: string): Promise<ProgressWithEpisode[]> =>
      db
        .select({
          titleId: watchProgress.titleId,
          episodeId: watchProgress.episodeId,
          positionSeconds: watchProgress.positionSeconds,
          durationSeconds: watchProgress.durationSeconds,
          isFinished: watchProgress.isFinished,
          updatedAt: watchProgress.updatedAt,
          seasonNumber: seasons.number,
          episodeNumber: episodes.number,
        })
        .from(watchProgress)
        .leftJoin(episodes, eq(episodes.id, watchProgress.episodeId))
        .leftJoin(seasons, eq(seasons.id, episodes.seasonId))
        .where(and(eq(watchProgress.profileId, profileId), eq(watchProgress.titleId, titleId)))
        .orderBy(desc(watchProgress.updatedAt)),

    /** Watched titles, the most recently watched first, each with its newest progress row. */
    historyPage: (profileId: string, scope: KidsScope | null, page: Page) => progressPage(profileId, scope, page, false),

    /** Titles to continue: unfinished past the first seconds, or a finished episode with another after it. */
    continuePage: (profileId: string, scope: KidsScope | null, page: Page) => progressPage(profileId, scope, page, true),

    /** The episode after each given one within its series (season by season), where there is one. */
    async nextEpisodes(episodeIds: string[]): Promise<Map<string, EpisodeRef>> {
      if (episodeIds.length === 0) return new Map();
      const cur = alias(episodes, 'cur');
      const curSeason = alias(seasons, 'cur_season');
      const rows = await db
        .selectDistinctOn([cur.id], { after: cur.id, id: episodes.id, seasonNumber: seasons.number, episodeNumber: episodes.number })
        .from(cur)
        .innerJoin(curSeason, eq(curSeason.id, cur.seasonId))
        .innerJoin(seasons, eq(seasons.titleId, curSeason.titleId))
        .innerJoin(episodes, eq(episodes.seasonId, seasons.id))
        .where(and(inArray(cur.id, episodeIds), sql`(${seasons.number}, ${episodes.number}) > (${curSeason.number}, ${cur.number})`))
        .orderBy(cur.id, asc(seasons.number), asc(episodes.number));
      return new Map(rows.map((r) => [r.after, { id: r.id, seasonNumber: r.seasonNumber, episodeNumber: r.episodeNumber }]));
    },

    removeHistory: (profileId: string, titleId?: string) =>
      db.delete(watchProgress).where(and(eq(watchProgress.profileId, profileId), titleId ? eq(watchProgress.titleId, titleId) : undefined)),

    // ---- ratings

    setRating: (profileId: string, titleId: string, value: number, at: Date) =>
      db
        .insert(ratings)
        .values({ profileId, titleId, value, updatedAt: at })
        .onConflictDoUpdate({ target: [ratings.profileId, ratings.titleId], set: { value, updatedAt: at } }),

    removeRating: (profileId: string, titleId: string) => db.delete(ratings).where(and(eq(ratings.profileId, profileId), eq(ratings.titleId, titleId))),

    ratingOf: async (profileId: string, titleId: string): Promise<number | null> =>
      (await db.select({ value: ratings.value }).from(ratings).where(and(eq(ratings.profileId, profileId), eq(ratings.titleId, titleId))).limit(1))[0]?.value ?? null,

    /** A page of rated titles, the most recently rated first. */
    async ratedPage(profileId: string, scope: KidsScope | null, page: Page) {
      const where = and(eq(ratings.profileId, profileId), visible(scope));
      const [rows, [total]] = await Promise.all([
        db
          .select({ title: titles, value: ratings.value, ratedAt: ratings.updatedAt })
          .from(ratings)
          .innerJoin(titles, eq(titles.id, ratings.titleId))
          .where(where)
          .orderBy(desc(ratings.updatedAt), asc(titles.id))
          .limit(page.limit)
          .offset(page.skip),
        db.select({ n: count() }).from(ratings).innerJoin(titles, eq(titles.id, ratings.titleId)).where(where),
      ]);
      return { rows, total: Number(total?.n ?? 0) };
    },
  };
}
export type ListsRepo = ReturnType<typeof createListsRepo>;
