// A large catalogue for the paging benchmark, made in seconds: `count` extra films copied from the seeded
// ones with SQL (new aliases, spread popularity, rating and dates; the same genres and countries), written
// straight into the embedded database while no API holds it (PGlite is one process's at a time).
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';

/** Adds `count` films to the PGlite database in `dataDir`; returns how many films the /movies page then has. */
export async function addBenchFilms(dataDir, count) {
  // The search indexes call unaccent and pg_trgm, so the database opens with them as the API does (packages/db client).
  const db = new PGlite(dataDir, { extensions: { pg_trgm, unaccent } });
  try {
    return await insertBenchFilms(db, count);
  } finally {
    await db.close();
  }
}

/**
 * The same films added through a node-postgres client (a seeded PostgreSQL database), for plans and figures on the
 * production database.
 */
export async function addBenchFilmsPg(client, count) {
  const db = {
    query: (text, params) => client.query(text, params),
    async transaction(fn) {
      await client.query('begin');
      try {
        await fn(db);
        await client.query('commit');
      } catch (err) {
        await client.query('rollback');
        throw err;
      }
    },
  };
  return insertBenchFilms(db, count);
}

/** Adds the films through `db` (PGlite's interface: query, transaction); answers the /movies page's count. */
async function insertBenchFilms(db, count) {
  await db.transaction(async (tx) => {
    await tx.query(`delete from titles where alias like 'bench-%'`);
    await tx.query(
      `with src as (
         select row_number() over (order by alias) - 1 as i, * from titles where category = 'movies' and alias not like 'bench-%'
       ), n as (select count(*) as c from src)
       insert into titles (alias, kind, title, description, release_date, ekran_release_date, year, duration_minutes, rating_age,
                           rating_ekran, popularity, is_animation, for_kids, is_free, seo_subject, poster, hashtags, locales)
       select 'bench-' || g || '-' || src.alias, 'movie', src.title || ' ' || g, src.description, src.release_date,
              src.ekran_release_date - (g % 1500), src.year, src.duration_minutes, src.rating_age,
              round((1 + (g * 7919) % 90 / 10.0)::numeric, 1), (g * 104729) % 100000, false, false, false,
              src.seo_subject, src.poster, src.hashtags, src.locales
       from generate_series(1, $1::int) g, n join src on true
       where src.i = g % n.c`,
      [count],
    );
    // The copies keep their original's genres and countries (the alias says which it is).
    const original = `substring(t.alias from '^bench-[0-9]+-(.*)$')`;
    await tx.query(
      `insert into title_genres (title_id, genre_id, position)
       select t.id, tg.genre_id, tg.position from titles t join titles s on s.alias = ${original} join title_genres tg on tg.title_id = s.id
       where t.alias like 'bench-%'`,
    );
    await tx.query(
      `insert into title_countries (title_id, country_code, position)
       select t.id, tc.country_code, tc.position from titles t join titles s on s.alias = ${original} join title_countries tc on tc.title_id = s.id
       where t.alias like 'bench-%'`,
    );
  });
  // What autovacuum does on PostgreSQL (PGlite runs none): statistics, and the visibility map index-only scans need.
  await db.query('vacuum analyze titles');
  await db.query('vacuum analyze title_genres');
  await db.query('vacuum analyze title_countries');
  const { rows } = await db.query(`select count(*)::int as n from titles where category = 'movies' and not is_disabled`);
  return rows[0].n;
}
