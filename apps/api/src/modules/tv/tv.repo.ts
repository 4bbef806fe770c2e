import { UUID_SOURCE, DAY_MS } from '@ekran/core';
import { favoriteChannels, titles, tvCategories, tvChannelCategories, tvChannels, tvProgrammes, type Db } from '@ekran/db';
import { and, asc, eq, gt, inArray, lt, lte, or, sql } from 'drizzle-orm';

/** A channel row with what its card needs. */
export type ChannelRow = Pick<typeof tvChannels.$inferSelect, 'id' | 'alias' | 'title' | 'number' | 'logo' | 'description' | 'forKids' | 'isFree' | 'ratingAge'>;
export type CategoryRow = Pick<typeof tvCategories.$inferSelect, 'id' | 'alias' | 'title' | 'forKids' | 'position'>;

/** A programme with the catalogue title it is, if any. */
export type ProgrammeRow = Pick<
  typeof tvProgrammes.$inferSelect,
  'id' | 'channelId' | 'startsAt' | 'endsAt' | 'title' | 'subTitle' | 'description' | 'categories' | 'ratingAge' | 'year' | 'poster' | 'seasonNumber' | 'episodeNumber' | 'expiredAt'
> & { linked: { alias: string; kind: 'movie' | 'series'; poster: PosterArt } | null };

const channelColumns = {
  id: tvChannels.id, alias: tvChannels.alias, title: tvChannels.title, number: tvChannels.number, logo: tvChannels.logo,
  description: tvChannels.description, forKids: tvChannels.forKids, isFree: tvChannels.isFree, ratingAge: tvChannels.ratingAge,
};

const programmeColumns = {
  id: tvProgrammes.id, channelId: tvProgrammes.channelId, startsAt: tvProgrammes.startsAt, endsAt: tvProgrammes.endsAt, title: tvProgrammes.title,
  subTitle: tvProgrammes.subTitle, description: tvProgrammes.description, categories: tvProgrammes.categories, ratingAge: tvProgrammes.ratingAge,
  year: tvProgrammes.year, poster: tvProgrammes.poster, seasonNumber: tvProgrammes.seasonNumber, episodeNumber: tvProgrammes.episodeNumber,
  expiredAt: tvProgrammes.expiredAt,
  // Named apart from the programme's own columns (a subquery cannot have two "poster" columns).
  titleAlias: sql<string | null>`${titles.alias}`.as('title_alias'),
  titleKind: sql<'movie' | 'series' | null>`${titles.kind}`.as('title_kind'),
  titlePoster: sql<PosterArt | null>`${titles.poster}`.as('title_poster'),
};
type PosterArt = { hue: number; hue2: number; pattern: string; seed: number };
/** A programme as selected, before its title is folded into `linked`. */
interface RawProgramme extends Omit<ProgrammeRow, 'linked'> {
  titleAlias: string | null;
  titleKind: 'movie' | 'series' | null;
  titlePoster: PosterArt | null;
}

// Times are made Dates again: a subquery's columns may come back as the driver's text.
const toProgrammeRow = ({ titleAlias, titleKind, titlePoster, ...p }: RawProgramme): ProgrammeRow => ({
  ...p,
  startsAt: new Date(p.startsAt),
  endsAt: new Date(p.endsAt),
  expiredAt: p.expiredAt ? new Date(p.expiredAt) : null,
  linked: titleAlias && titleKind && titlePoster ? { alias: titleAlias, kind: titleKind, poster: titlePoster } : null,
});

/** The queries of live TV data. */
export function createTvRepo(db: Db) {
  // A disabled catalogue title is not linked: its programme stays in the guide as plain text.
  const linkedTitle = and(eq(titles.id, tvProgrammes.titleId), eq(titles.isDisabled, false));

  return {
    /** Every category, in menu order. */
    categories(): Promise<CategoryRow[]> {
      return db
        .select({ id: tvCategories.id, alias: tvCategories.alias, title: tvCategories.title, forKids: tvCategories.forKids, position: tvCategories.position })
        .from(tvCategories)
        .orderBy(asc(tvCategories.position), asc(tvCategories.alias));
    },

    /** The channels on air (not disabled), in channel order; only kids channels when `kidsOnly`. */
    channels(kidsOnly: boolean): Promise<ChannelRow[]> {
      return db
        .select(channelColumns)
        .from(tvChannels)
        .where(and(eq(tvChannels.isDisabled, false), kidsOnly ? eq(tvChannels.forKids, true) : undefined))
        .orderBy(asc(tvChannels.number));
    },

    /** A channel on air by its alias or id. */
    async channel(aliasOrId: string): Promise<ChannelRow | null> {
      const isUuid = new RegExp(`^${UUID_SOURCE}$`).test(aliasOrId);
      const [row] = await db
        .select(channelColumns)
        .from(tvChannels)
        .where(and(eq(tvChannels.isDisabled, false), isUuid ? or(eq(tvChannels.alias, aliasOrId), eq(tvChannels.id, aliasOrId)) : eq(tvChannels.alias, aliasOrId)))
        .limit(1);
      return row ?? null;
    },

    /** The category ids of channels. */
    async categoryLinks(channelIds: string[]): Promise<{ channelId: string; categoryId: string }[]> {
      if (!channelIds.length) return [];
      return db.select().from(tvChannelCategories).where(inArray(tvChannelCategories.channelId, channelIds));
    },

    /** The programmes of channels that overlap [from, to), in order of channel and start. */
    async programmes(channelIds: string[], from: Date, to: Date): Promise<ProgrammeRow[]> {
      if (!channelIds.length) return [];
      const rows = await db
        .select(programmeColumns)
        .from(tvProgrammes)
        .leftJoin(titles, linkedTitle)
        .where(and(inArray(tvProgrammes.channelId, channelIds), gt(tvProgrammes.endsAt, from), lt(tvProgrammes.startsAt, to)))
        .orderBy(asc(tvProgrammes.channelId), asc(tvProgrammes.startsAt));
      return rows.map(toProgrammeRow);
    },

    /**
     * The first two programmes of each channel that have not ended at `at` (the one on air, if any, and the
     * next), looking a day ahead.
     */
    async upcoming(channelIds: string[], at: Date): Promise<ProgrammeRow[]> {
      if (!channelIds.length) return [];
      const ranked = db
        .select({ ...programmeColumns, rank: sql<number>`row_number() over (partition by ${tvProgrammes.channelId} order by ${tvProgrammes.startsAt})`.as('rank') })
        .from(tvProgrammes)
        .leftJoin(titles, linkedTitle)
        .where(and(inArray(tvProgrammes.channelId, channelIds), gt(tvProgrammes.endsAt, at), lt(tvProgrammes.startsAt, new Date(at.getTime() + DAY_MS))))
        .as('ranked');
      const rows = await db.select().from(ranked).where(lte(ranked.rank, 2)).orderBy(asc(ranked.channelId), asc(ranked.startsAt));
      return rows.map(({ rank: _rank, ...r }) => toProgrammeRow(r));
    },

    /** The channel ids in a profile's favorites. */
    async favoriteIds(profileId: string): Promise<Set<string>> {
      const rows = await db.select({ channelId: favoriteChannels.channelId }).from(favoriteChannels).where(eq(favoriteChannels.profileId, profileId));
      return new Set(rows.map((r) => r.channelId));
    },

    async addFavorite(profileId: string, channelId: string, at: Date): Promise<void> {
      await db.insert(favoriteChannels).values({ profileId, channelId, createdAt: at }).onConflictDoNothing();
    },

    async removeFavorite(profileId: string, channelId: string): Promise<void> {
      await db.delete(favoriteChannels).where(and(eq(favoriteChannels.profileId, profileId), eq(favoriteChannels.channelId, channelId)));
    },
  };
}
export type TvRepo = ReturnType<typeof createTvRepo>;
