import { mediaAssets, titles, tvChannelLoopItems, tvChannels, tvProgrammes, type Db } from '@ekran/db';
import { and, asc, eq } from 'drizzle-orm';

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

/** Drizzle queries of TV playback; no rules. */
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
  };
}
export type TvPlaybackRepo = ReturnType<typeof createTvPlaybackRepo>;
