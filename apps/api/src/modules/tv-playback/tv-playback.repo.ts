import { mediaAssets, titles, tvChannelLoopItems, tvChannels, tvProgrammes, type Db } from '@ekran/db';
import { and, asc, desc, eq, gt, gte, isNotNull, lt, lte } from 'drizzle-orm';

export type TvChannelRow = typeof tvChannels.$inferSelect;
export type TvProgrammeRow = typeof tvProgrammes.$inferSelect;

/** A channel with the media slugs its live stream loops over, in order. */
export interface ChannelWithLoop {
  channel: TvChannelRow;
  loop: string[];
}

/** A programme with the catalogue title it airs (if any): alias, kind of content and age. */
export interface ProgrammeRow {
  programme: TvProgrammeRow;
  title: { alias: string; forKids: boolean; ratingAge: string } | null;
}

/** Drizzle queries of TV playback (issue 7 tvstream); no rules. */
export function createTvPlaybackRepo(db: Db) {
  const programmeColumns = { programme: tvProgrammes, title: { alias: titles.alias, forKids: titles.forKids, ratingAge: titles.ratingAge } };

  async function withLoop(channel: TvChannelRow | undefined): Promise<ChannelWithLoop | null> {
    if (!channel) return null;
    const loop = await db
      .select({ slug: mediaAssets.slug })
      .from(tvChannelLoopItems)
      .innerJoin(mediaAssets, eq(mediaAssets.id, tvChannelLoopItems.mediaAssetId))
      .where(eq(tvChannelLoopItems.channelId, channel.id))
      .orderBy(asc(tvChannelLoopItems.position));
    return { channel, loop: loop.map((r) => r.slug) };
  }

  /** The programme whose [starts_at, ends_at) holds `at`, if any. */
  async function onAir(channelId: string, at: Date): Promise<ProgrammeRow | null> {
    const [row] = await db
      .select(programmeColumns)
      .from(tvProgrammes)
      .leftJoin(titles, eq(titles.id, tvProgrammes.titleId))
      .where(and(eq(tvProgrammes.channelId, channelId), lte(tvProgrammes.startsAt, at), gt(tvProgrammes.endsAt, at)))
      .orderBy(desc(tvProgrammes.startsAt))
      .limit(1);
    return row ?? null;
  }

  /** The first programme starting at or after `at`. */
  async function startingFrom(channelId: string, at: Date): Promise<ProgrammeRow | null> {
    const [row] = await db
      .select(programmeColumns)
      .from(tvProgrammes)
      .leftJoin(titles, eq(titles.id, tvProgrammes.titleId))
      .where(and(eq(tvProgrammes.channelId, channelId), gte(tvProgrammes.startsAt, at)))
      .orderBy(asc(tvProgrammes.startsAt))
      .limit(1);
    return row ?? null;
  }

  return {
    /** An enabled channel by its alias, with its loop. */
    async channelByAlias(alias: string): Promise<ChannelWithLoop | null> {
      const [row] = await db.select().from(tvChannels).where(and(eq(tvChannels.alias, alias), eq(tvChannels.isDisabled, false))).limit(1);
      return withLoop(row);
    },

    /** An enabled channel by id, with its loop. */
    async channelById(id: string): Promise<ChannelWithLoop | null> {
      const [row] = await db.select().from(tvChannels).where(and(eq(tvChannels.id, id), eq(tvChannels.isDisabled, false))).limit(1);
      return withLoop(row);
    },

    /** A programme by id, with its title (no rules: whether it is a recording is the service's). */
    async programme(id: string): Promise<ProgrammeRow | null> {
      const [row] = await db.select(programmeColumns).from(tvProgrammes).leftJoin(titles, eq(titles.id, tvProgrammes.titleId)).where(eq(tvProgrammes.id, id)).limit(1);
      return row ?? null;
    },

    /** The programme on air at `at` and the one after it (after the current one's end, or the next to start). */
    async nowNext(channelId: string, at: Date): Promise<{ now: ProgrammeRow | null; next: ProgrammeRow | null }> {
      const now = await onAir(channelId, at);
      const next = await startingFrom(channelId, now ? now.programme.endsAt : at);
      return { now, next };
    },

    /** Programmes starting in [from, to) that have ended by `now` and whose recording is still offered, in order. */
    recordedBetween(channelId: string, from: Date, to: Date, now: Date): Promise<ProgrammeRow[]> {
      return db
        .select(programmeColumns)
        .from(tvProgrammes)
        .leftJoin(titles, eq(titles.id, tvProgrammes.titleId))
        .where(
          and(
            eq(tvProgrammes.channelId, channelId),
            gte(tvProgrammes.startsAt, from),
            lt(tvProgrammes.startsAt, to),
            lte(tvProgrammes.endsAt, now),
            isNotNull(tvProgrammes.expiredAt),
            gt(tvProgrammes.expiredAt, now),
          ),
        )
        .orderBy(asc(tvProgrammes.startsAt));
    },
  };
}
export type TvPlaybackRepo = ReturnType<typeof createTvPlaybackRepo>;
