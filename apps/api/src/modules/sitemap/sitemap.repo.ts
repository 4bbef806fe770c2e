import {
  collectionItems, collections, credits, genres, journalArticles, journalRubrics, landings, people, supportArticles, supportCategories, supportSections, titleGenres,
  titles, tvChannels, type Db,
} from '@ekran/db';
import type { SitemapPart } from '@ekran/contracts';
import { and, asc, count, eq, gt, inArray, isNotNull, isNull, lt, lte, ne, or, sql, type SQL } from 'drizzle-orm';
import { unionAll } from 'drizzle-orm/pg-core';

/** Which titles a sitemap lists: visible ones; for a child session only its kids titles. */
export interface TitleScope {
  kidsOnly: boolean;
  ratings: readonly string[] | null;
}

/**
 * Drizzle queries of the sitemap; no rules. Every part is a subquery of (key, path, lastmod) over the
 * visible titles: paths are the site's, lastmod is the newest date a page's titles came to the service
 * (never in the future: a title announced ahead keeps today's date until it arrives).
 */
export function createSitemapRepo(db: Db) {
  function titleCondition(scope: TitleScope): SQL | undefined {
    return and(
      eq(titles.isDisabled, false),
      scope.kidsOnly ? eq(titles.forKids, true) : undefined,
      scope.ratings ? inArray(titles.ratingAge, [...scope.ratings]) : undefined,
    );
  }

  function partQuery(part: SitemapPart, scope: TitleScope, today: string, now: Date) {
    const where = titleCondition(scope);
    const titleDate = sql`least(${titles.ekranReleaseDate}, ${today}::date)`;
    const newest = sql<string>`(max(${titleDate}))::text`;
    switch (part) {
      case 'titles':
        // One row per title: no grouping, so a page walks the alias index.
        return db
          .select({ key: sql<string>`${titles.alias}`.as('key'), path: sql<string>`'/watch/' || ${titles.alias}`.as('path'), lastmod: sql<string>`(${titleDate})::text`.as('lastmod') })
          .from(titles)
          .where(where)
          .as('part');
      case 'categories': {
        // spec platform §2 Category pages: animation is its own category whatever the kind.
        const category = sql<string>`case when ${titles.isAnimation} then 'animation' when ${titles.kind} = 'movie' then 'movies' else 'series' end`;
        return db
          .select({
            key: sql<string>`${category} || '/' || ${genres.alias}`.as('key'),
            path: sql<string>`'/' || ${category} || '/' || ${genres.alias}`.as('path'),
            lastmod: newest.as('lastmod'),
          })
          .from(titleGenres)
          .innerJoin(titles, eq(titles.id, titleGenres.titleId))
          .innerJoin(genres, eq(genres.id, titleGenres.genreId))
          .where(where)
          .groupBy(category, genres.alias)
          .as('part');
      }
      case 'genres':
        return db
          .select({ key: sql<string>`${genres.alias}`.as('key'), path: sql<string>`'/genres/' || ${genres.alias}`.as('path'), lastmod: newest.as('lastmod') })
          .from(titleGenres)
          .innerJoin(titles, eq(titles.id, titleGenres.titleId))
          .innerJoin(genres, eq(genres.id, titleGenres.genreId))
          .where(where)
          .groupBy(genres.alias)
          .as('part');
      case 'people':
        // spec platform §3: person lists count only entries with both name and alias.
        return db
          .select({ key: sql<string>`${people.alias}`.as('key'), path: sql<string>`'/person/' || ${people.alias}`.as('path'), lastmod: newest.as('lastmod') })
          .from(credits)
          .innerJoin(titles, eq(titles.id, credits.titleId))
          .innerJoin(people, eq(people.id, credits.personId))
          .where(and(where, ne(people.name, ''), ne(people.alias, '')))
          .groupBy(people.alias)
          .as('part');
      case 'collections':
        return db
          .select({ key: sql<string>`${collections.alias}`.as('key'), path: sql<string>`'/collections/' || ${collections.alias}`.as('path'), lastmod: newest.as('lastmod') })
          .from(collectionItems)
          .innerJoin(titles, eq(titles.id, collectionItems.titleId))
          .innerJoin(collections, eq(collections.id, collectionItems.collectionId))
          .where(and(where, scope.kidsOnly ? eq(collections.forKids, true) : undefined))
          .groupBy(collections.alias)
          .as('part');
      case 'channels':
        // The live channel pages (a child session: the kids channels); their schedule changes every day,
        // so no lastmod.
        return db
          .select({ key: sql<string>`${tvChannels.alias}`.as('key'), path: sql<string>`'/channel/' || ${tvChannels.alias}`.as('path'), lastmod: sql<string | null>`null::text`.as('lastmod') })
          .from(tvChannels)
          .where(and(eq(tvChannels.isDisabled, false), scope.kidsOnly ? eq(tvChannels.forKids, true) : undefined))
          .as('part');
      case 'landings': {
        // Only offers running on the Moscow day (an ended one stays a page, but sells nothing);
        // none for kids. Moscow keeps UTC+3 all year. No lastmod: a landing's page changes with its offer's state.
        const dayStart = sql`(${today} || 'T00:00:00+03:00')::timestamptz`;
        const dayEnd = sql`(${today} || 'T00:00:00+03:00')::timestamptz + interval '1 day'`;
        return db
          .select({ key: sql<string>`${landings.slug}`.as('key'), path: sql<string>`'/pages/' || ${landings.slug}`.as('path'), lastmod: sql<string | null>`null::text`.as('lastmod') })
          .from(landings)
          .where(
            and(
              eq(landings.isActive, true),
              scope.kidsOnly ? sql`false` : undefined,
              or(isNull(landings.startsAt), lt(landings.startsAt, dayEnd)),
              or(isNull(landings.endsAt), gt(landings.endsAt, dayStart)),
            ),
          )
          .as('part');
      }
      case 'journal': {
        // The published articles (published_at has come by the service's clock), lastmod their last edit's Moscow
        // day, and the pages of the rubrics that have one, lastmod their newest article's; none for kids, like the
        // landings.
        const published = and(isNotNull(journalArticles.publishedAt), lte(journalArticles.publishedAt, now), scope.kidsOnly ? sql`false` : undefined);
        const edited = sql<string>`(greatest(${journalArticles.updatedAt}, ${journalArticles.publishedAt}) at time zone 'Europe/Moscow')::date::text`;
        const articles = db
          .select({ key: sql<string>`${journalArticles.alias}`.as('key'), path: sql<string>`'/journal/' || ${journalArticles.alias}`.as('path'), lastmod: edited.as('lastmod') })
          .from(journalArticles)
          .where(published);
        const rubrics = db
          .select({ key: sql<string>`${journalRubrics.alias}`.as('key'), path: sql<string>`'/journal/' || ${journalRubrics.alias}`.as('path'), lastmod: sql<string>`max(${edited})`.as('lastmod') })
          .from(journalArticles)
          .innerJoin(journalRubrics, eq(journalRubrics.id, journalArticles.rubricId))
          .where(published)
          .groupBy(journalRubrics.alias);
        return unionAll(articles, rubrics).as('part');
      }
      case 'support': {
        // The help centre: every section's page and every article's (/support/{section}/{article}), lastmod the Moscow
        // day of the article's last edit (a section's: its newest article's). Search and the ticket pages stay out.
        const edited = sql<string>`(${supportArticles.updatedAt} at time zone 'Europe/Moscow')::date::text`;
        const articles = db
          .select({ key: sql<string>`${supportSections.alias} || '/' || ${supportArticles.alias}`.as('key'), path: sql<string>`'/support/' || ${supportSections.alias} || '/' || ${supportArticles.alias}`.as('path'), lastmod: edited.as('lastmod') })
          .from(supportArticles)
          .innerJoin(supportCategories, eq(supportCategories.id, supportArticles.categoryId))
          .innerJoin(supportSections, eq(supportSections.id, supportCategories.sectionId));
        const sections = db
          .select({ key: sql<string>`${supportSections.alias}`.as('key'), path: sql<string>`'/support/' || ${supportSections.alias}`.as('path'), lastmod: sql<string>`max(${edited})`.as('lastmod') })
          .from(supportArticles)
          .innerJoin(supportCategories, eq(supportCategories.id, supportArticles.categoryId))
          .innerJoin(supportSections, eq(supportSections.id, supportCategories.sectionId))
          .groupBy(supportSections.alias);
        return unionAll(articles, sections).as('part');
      }
    }
  }

  return {
    /** The URL count and the newest lastmod of a part. */
    async summary(part: SitemapPart, scope: TitleScope, today: string, now: Date): Promise<{ total: number; lastmod: string | null }> {
      const q = partQuery(part, scope, today, now);
      const [row] = await db.select({ n: count(), lastmod: sql<string | null>`max(${q.lastmod})` }).from(q);
      return { total: Number(row?.n ?? 0), lastmod: row?.lastmod ?? null };
    },

    /** One page of a part's paths, in key order. */
    page(part: SitemapPart, scope: TitleScope, today: string, now: Date, limit: number, offset: number): Promise<{ path: string; lastmod: string | null }[]> {
      const q = partQuery(part, scope, today, now);
      return db.select({ path: q.path, lastmod: q.lastmod }).from(q).orderBy(asc(q.key)).limit(limit).offset(offset);
    },
  };
}
export type SitemapRepo = ReturnType<typeof createSitemapRepo>;
