// The guide's supply: the demo guide generated from the catalogue and imported through the
// importer, on start (a database seeded before TV gets it) and on the TV_IMPORT_CRON schedule (so it never runs
// out); or, with TV_XMLTV_SOURCE, the configured guide file or URL.
import { ARCHIVE_AVAILABILITY_DAYS, TV_GUIDE_DAYS, DAY_MS } from '@ekran/core';
import { countries, episodes, genres, seasons, titleCountries, titleGenres, titles, tvChannels, tvProgrammes, type Db } from '@ekran/db';
import { buildDemoGuide, broadcastDayStart, type GuideTitle } from '@ekran/db/seed';
import { asc, eq, lt, max } from 'drizzle-orm';
import { fromRoot } from '../../lib/paths.ts';
import { importXmltv, readXmltvSource, type TvImportResult } from './tv-import.ts';

/** The demo guide is extended once fewer than this many days of it are ahead. */
const EXTEND_BELOW_DAYS = TV_GUIDE_DAYS.ahead - 1;
/**
 * Programmes that ended longer ago than this are dropped by the schedule: past the guide's two weeks back and
 * the archive's 14 days nobody can see or play them, and the table would otherwise grow by ~300 rows a day.
 */
export const GUIDE_KEEP_DAYS = 30;
/** The source name of the demo guide's imports (tv_imports.source). */
export const DEMO_GUIDE_SOURCE = 'demo';

/** The catalogue titles the demo guide may put on air, with genres, countries and episodes. */
export async function loadGuideTitles(db: Db): Promise<GuideTitle[]> {
  const [rows, genreRows, countryRows, episodeRows] = await Promise.all([
    db
      .select({
        id: titles.id, alias: titles.alias, kind: titles.kind, title: titles.title, year: titles.year, durationMinutes: titles.durationMinutes, ratingAge: titles.ratingAge,
        forKids: titles.forKids, isAnimation: titles.isAnimation, popularity: titles.popularity, description: titles.description,
      })
      .from(titles)
      .where(eq(titles.isDisabled, false))
      .orderBy(asc(titles.alias)),
    db.select({ titleId: titleGenres.titleId, alias: genres.alias, title: genres.title }).from(titleGenres).innerJoin(genres, eq(genres.id, titleGenres.genreId)).orderBy(asc(titleGenres.position)),
    db.select({ titleId: titleCountries.titleId, code: countries.code }).from(titleCountries).innerJoin(countries, eq(countries.code, titleCountries.countryCode)).orderBy(asc(titleCountries.position)),
    db
      .select({ titleId: seasons.titleId, season: seasons.number, number: episodes.number, title: episodes.title, durationMinutes: episodes.durationMinutes })
      .from(episodes)
      .innerJoin(seasons, eq(seasons.id, episodes.seasonId))
      .orderBy(asc(seasons.number), asc(episodes.number)),
  ]);
  const group = <T extends { titleId: string }>(list: T[]) => {
    const map = new Map<string, T[]>();
    for (const r of list) map.set(r.titleId, [...(map.get(r.titleId) ?? []), r]);
    return map;
  };
  const genresOf = group(genreRows);
  const countriesOf = group(countryRows);
  const episodesOf = group(episodeRows);
  return rows.map(({ id, ...t }) => {
    const eps = episodesOf.get(id) ?? [];
    const seasonNumbers = [...new Set(eps.map((e) => e.season))];
    return {
      ...t,
      genres: (genresOf.get(id) ?? []).map((g) => ({ alias: g.alias, title: g.title })),
      countries: (countriesOf.get(id) ?? []).map((c) => c.code.toLowerCase()),
      seasons: seasonNumbers.map((number) => ({ number, episodes: eps.filter((e) => e.season === number).map((e) => ({ number: e.number, title: e.title, durationMinutes: e.durationMinutes })) })),
    };
  });
}

/** Generates the demo guide over [from, to) (whole broadcast days) and imports it. */
export async function importDemoGuide(db: Db, window: { from: Date; to: Date }): Promise<TvImportResult> {
  const text = buildDemoGuide({ titles: await loadGuideTitles(db), from: window.from, to: window.to });
  return importXmltv(db, text, { source: DEMO_GUIDE_SOURCE });
}

/** Until when every channel has a guide (the earliest of the channels' last programme ends); null when one has none. */
export async function guideCoveredUntil(db: Db): Promise<Date | null> {
  const rows = await db
    .select({ lastEnd: max(tvProgrammes.endsAt) })
    .from(tvChannels)
    .leftJoin(tvProgrammes, eq(tvProgrammes.channelId, tvChannels.id))
    .groupBy(tvChannels.id);
  if (!rows.length || rows.some((r) => !r.lastEnd)) return null;
  return new Date(Math.min(...rows.map((r) => new Date(r.lastEnd!).getTime())));
}

export interface GuideSupplyDeps {
  db: Db;
  now: Date;
  /** TV_XMLTV_SOURCE: a file (relative to the repository root) or an http(s) URL; unset: the demo guide. */
  source?: string | undefined;
  fetch?: typeof fetch;
}

/**
 * Keeps the guide supplied. Without a source: the demo guide is generated and imported when any channel's guide
 * ends less than six days ahead (a new database gets two weeks back and a week ahead; later runs add the days
 * from the last covered one). With a source: the source is imported as it is. Answers null when nothing was due
 * (or there are no channels yet).
 */
export async function supplyGuide(deps: GuideSupplyDeps): Promise<TvImportResult | null> {
  const { db, now } = deps;
  if (deps.source) {
    const location = /^https?:\/\//i.test(deps.source) ? deps.source : fromRoot(deps.source);
    return importXmltv(db, await readXmltvSource(location, deps.fetch), { source: deps.source });
  }
  const [channel] = await db.select({ id: tvChannels.id }).from(tvChannels).limit(1);
  if (!channel) return null;
  const covered = await guideCoveredUntil(db);
  const horizon = new Date(now.getTime() + TV_GUIDE_DAYS.ahead * DAY_MS);
  if (covered && covered.getTime() >= now.getTime() + EXTEND_BELOW_DAYS * DAY_MS) return null;
  const earliest = new Date(now.getTime() - ARCHIVE_AVAILABILITY_DAYS * DAY_MS);
  // From the broadcast day the guide runs out in (so a channel's day is whole; a day generates the same again),
  // never before two weeks back.
  const from = covered && covered > earliest ? broadcastDayStart(covered) : earliest;
  return importDemoGuide(db, { from, to: horizon });
}

/** Drops the programmes that ended more than GUIDE_KEEP_DAYS before `now`; answers how many. */
export async function pruneGuide(db: Db, now: Date): Promise<number> {
  const gone = await db
    .delete(tvProgrammes)
    .where(lt(tvProgrammes.endsAt, new Date(now.getTime() - GUIDE_KEEP_DAYS * DAY_MS)))
    .returning({ id: tvProgrammes.id });
  return gone.length;
}
