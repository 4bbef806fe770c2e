import { type KidsScope } from '@ekran/core';
import type { ArchiveCategory } from '@ekran/core';
import { episodes, genres, searchForm, searchFormOrEmpty, seasons, titleGenres, titles, tvChannels, tvProgrammes, type Db } from '@ekran/db';
import { and, asc, countDistinct, desc, eq, exists, gt, inArray, isNotNull, lte, max, or, sql, type SQL } from 'drizzle-orm';

/** What the archive is filtered by (catalogue §2: one category, several genres and years, any of them matching). */
export interface ArchiveQuery {
  category: ArchiveCategory | null;
  genres: readonly string[];
  years: readonly number[];
  /** Only titles of a kids scope (a child session, or for_kids). */
  kids: KidsScope | null;
  /** Search: the normalized text the title's name (or original name) contains. */
  text?: string | undefined;
}

export type ArchiveTitleRow = Pick<typeof titles.$inferSelect, 'id' | 'alias' | 'kind' | 'title' | 'description' | 'year' | 'durationMinutes' | 'ratingAge' | 'poster'>;

/** A recording offered now, with its channel. */
export interface BroadcastRow {
  id: string;
  titleId: string;
  startsAt: Date;
  endsAt: Date;
  expiredAt: Date;
  poster: string | null;
  subTitle: string | null;
  seasonNumber: number | null;
  episodeNumber: number | null;
  channelAlias: string;
  channelTitle: string;
  channelLogo: string;
}

/**
 * The archive's queries (catalogue §1: recordings of the films and series of our catalogue that aired,
 * offered for 14 days). A recording is offered at `now` when its programme has ended and has not expired
 * (ends_at <= now < expired_at), on a channel and of a title that are not disabled.
 */
export function createArchiveRepo(db: Db) {
  const offered = (now: Date): SQL =>
    and(isNotNull(tvProgrammes.titleId), lte(tvProgrammes.endsAt, now), gt(tvProgrammes.expiredAt, now), eq(titles.isDisabled, false), eq(tvChannels.isDisabled, false))!;

  function where(query: ArchiveQuery, now: Date): SQL {
    const conditions: (SQL | undefined)[] = [offered(now)];
    if (query.category) conditions.push(eq(titles.kind, query.category === 'movies' ? 'movie' : 'series'));
    if (query.years.length) conditions.push(inArray(titles.year, [...query.years]));
    if (query.genres.length) {
      conditions.push(
        exists(
          db
            .select({ one: sql`1` })
            .from(titleGenres)
            .innerJoin(genres, eq(genres.id, titleGenres.genreId))
            .where(and(eq(titleGenres.titleId, titles.id), inArray(genres.alias, [...query.genres]))),
        ),
      );
    }
    if (query.kids) {
      conditions.push(eq(titles.forKids, true));
      if (query.kids.ratings) conditions.push(inArray(titles.ratingAge, query.kids.ratings));
    }
    if (query.text) {
      const like = `%${query.text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      conditions.push(or(sql`${searchForm(titles.title)} like ${like}`, sql`${searchFormOrEmpty(titles.titleOriginal)} like ${like}`));
    }
    return and(...conditions)!;
  }

  const recordings = () =>
    db.select().from(tvProgrammes).innerJoin(titles, eq(titles.id, tvProgrammes.titleId)).innerJoin(tvChannels, eq(tvChannels.id, tvProgrammes.channelId));

  return {
    /** How many titles have recordings offered. */
    async count(query: ArchiveQuery, now: Date): Promise<number> {
      const [row] = await db
        .select({ n: countDistinct(titles.id) })
        .from(tvProgrammes)
        .innerJoin(titles, eq(titles.id, tvProgrammes.titleId))
        .innerJoin(tvChannels, eq(tvChannels.id, tvProgrammes.channelId))
        .where(where(query, now));
      return row?.n ?? 0;
    },

    /** A page of title ids, newest airing first (then by id, so pages never overlap). */
    async page(query: ArchiveQuery, now: Date, limit: number, skip: number): Promise<string[]> {
      const latest = max(tvProgrammes.startsAt);
      const rows = await db
        .select({ id: titles.id, latest })
        .from(tvProgrammes)
        .innerJoin(titles, eq(titles.id, tvProgrammes.titleId))
        .innerJoin(tvChannels, eq(tvChannels.id, tvProgrammes.channelId))
        .where(where(query, now))
        .groupBy(titles.id)
        // Kids channels air a short cartoon every few minutes and would always head the list: outside the kids scope
        // the films and series for grown-ups come first, each part newest airing first.
        .orderBy(...(query.kids ? [] : [asc(titles.forKids)]), desc(latest), asc(titles.id))
        .limit(limit)
        .offset(skip);
      return rows.map((r) => r.id);
    },

    /** The titles of ids (any order). */
    async titles(ids: string[]): Promise<ArchiveTitleRow[]> {
      if (!ids.length) return [];
      return db
        .select({
          id: titles.id, alias: titles.alias, kind: titles.kind, title: titles.title, description: titles.description, year: titles.year,
          durationMinutes: titles.durationMinutes, ratingAge: titles.ratingAge, poster: titles.poster,
        })
        .from(titles)
        .where(inArray(titles.id, ids));
    },

    /** Genre titles of titles, in each title's order. */
    async genres(ids: string[]): Promise<{ titleId: string; title: string }[]> {
      if (!ids.length) return [];
      return db
        .select({ titleId: titleGenres.titleId, title: genres.title })
        .from(titleGenres)
        .innerJoin(genres, eq(genres.id, titleGenres.genreId))
        .where(inArray(titleGenres.titleId, ids))
        .orderBy(asc(titleGenres.position));
    },

    /** The recordings of titles offered now, newest first. */
    async broadcasts(ids: string[], now: Date): Promise<BroadcastRow[]> {
      if (!ids.length) return [];
      const rows = await recordings()
        .where(and(offered(now), inArray(tvProgrammes.titleId, ids)))
        .orderBy(desc(tvProgrammes.startsAt), asc(tvProgrammes.id));
      return rows.map(({ tv_programmes: p, tv_channels: c }) => ({
        id: p.id, titleId: p.titleId!, startsAt: p.startsAt, endsAt: p.endsAt, expiredAt: p.expiredAt!, poster: p.poster, subTitle: p.subTitle,
        seasonNumber: p.seasonNumber, episodeNumber: p.episodeNumber, channelAlias: c.alias, channelTitle: c.title, channelLogo: c.logo,
      }));
    },

    /** Episode titles of series by (title, season, episode). */
    async episodeTitles(ids: string[]): Promise<Map<string, string>> {
      if (!ids.length) return new Map();
      const rows = await db
        .select({ titleId: seasons.titleId, season: seasons.number, episode: episodes.number, title: episodes.title })
        .from(episodes)
        .innerJoin(seasons, eq(seasons.id, episodes.seasonId))
        .where(inArray(seasons.titleId, ids));
      return new Map(rows.map((r) => [`${r.titleId}/${r.season}/${r.episode}`, r.title]));
    },

    /** The title of a recording offered now (in the query's scope), or null. */
    async titleOfRecording(programmeId: string, query: ArchiveQuery, now: Date): Promise<string | null> {
      const [row] = await db
        .select({ titleId: titles.id })
        .from(tvProgrammes)
        .innerJoin(titles, eq(titles.id, tvProgrammes.titleId))
        .innerJoin(tvChannels, eq(tvChannels.id, tvProgrammes.channelId))
        .where(and(eq(tvProgrammes.id, programmeId), where(query, now)))
        .limit(1);
      return row?.titleId ?? null;
    },

    /** The title with this alias when it has a recording offered now (in the query's scope), or null. */
    async titleOfAlias(alias: string, query: ArchiveQuery, now: Date): Promise<string | null> {
      const [row] = await db
        .select({ titleId: titles.id })
        .from(tvProgrammes)
        .innerJoin(titles, eq(titles.id, tvProgrammes.titleId))
        .innerJoin(tvChannels, eq(tvChannels.id, tvProgrammes.channelId))
        .where(and(eq(titles.alias, alias), where(query, now)))
        .limit(1);
      return row?.titleId ?? null;
    },

    /** The newest recording offered now on the channel with this alias (in the query's scope), or null. */
    async newestOfChannel(alias: string, query: ArchiveQuery, now: Date): Promise<{ id: string; titleId: string } | null> {
      const [row] = await db
        .select({ id: tvProgrammes.id, titleId: titles.id })
        .from(tvProgrammes)
        .innerJoin(titles, eq(titles.id, tvProgrammes.titleId))
        .innerJoin(tvChannels, eq(tvChannels.id, tvProgrammes.channelId))
        .where(and(eq(tvChannels.alias, alias), where(query, now)))
        .orderBy(desc(tvProgrammes.endsAt))
        .limit(1);
      return row ?? null;
    },

    /** What the archive holds now (in a kids scope): categories, genres (in catalogue order) and years. */
    async facets(query: ArchiveQuery, now: Date): Promise<{ kinds: ('movie' | 'series')[]; genres: { alias: string; title: string }[]; years: number[] }> {
      const titleIds = db
        .selectDistinct({ id: titles.id })
        .from(tvProgrammes)
        .innerJoin(titles, eq(titles.id, tvProgrammes.titleId))
        .innerJoin(tvChannels, eq(tvChannels.id, tvProgrammes.channelId))
        .where(where(query, now));
      const [kinds, genreRows, years] = await Promise.all([
        db.selectDistinct({ kind: titles.kind }).from(titles).where(inArray(titles.id, titleIds)),
        db
          .selectDistinct({ alias: genres.alias, title: genres.title, position: genres.position })
          .from(titleGenres)
          .innerJoin(genres, eq(genres.id, titleGenres.genreId))
          .where(inArray(titleGenres.titleId, titleIds))
          .orderBy(asc(genres.position), asc(genres.alias)),
        db.selectDistinct({ year: titles.year }).from(titles).where(inArray(titles.id, titleIds)).orderBy(desc(titles.year)),
      ]);
      return { kinds: kinds.map((k) => k.kind), genres: genreRows.map(({ alias, title }) => ({ alias, title })), years: years.map((y) => y.year) };
    },
  };
}
export type ArchiveRepo = ReturnType<typeof createArchiveRepo>;
