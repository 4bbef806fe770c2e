import { eq, sql } from 'drizzle-orm';
import type { Db } from '../client.ts';
import {
  apiClients, collectionItems, collections, countries, credits, episodes, extras, genres, mediaAssets, people, seasons,
  tariffs, titleCountries, titleGenres, titles,
  genreTexts,
} from '../schema.ts';
import { GENRE_TEXTS, type SeedGenreText } from './content/genre-texts.ts';
import { generateCatalogue } from './content/index.ts';
import { seedSelectionsAndPlaylists } from './selections-playlists.ts';
import type { SeedCatalogue } from './content/types.ts';
import { seedBanners } from './banners.ts';
import { seedPlayerSlots } from './player-slots.ts';
import { seedPromo } from './promo.ts';
import { seedTvChannels } from './tv-channels.ts';
import { seedMarketing } from './marketing.ts';
import { seedSupport } from './support.ts';
import { seedJournal } from './journal.ts';
import { seedContent } from './content.ts';
// The demo programme guide (XMLTV), imported by the API's importer after the seed
export { buildDemoGuide, broadcastDayStart, demoGuideProgrammes, DEMO_GUIDE_CHANNELS, GUIDE_TITLE_SYSTEM, toXmltv, type GuideChannel, type GuideProgramme, type GuideTitle } from './tv-guide.ts';
export { ensureTvChannels, seedTvChannels, TV_CATEGORIES, TV_CHANNELS, TV_LOOP_EPOCH } from './tv-channels.ts';

export type { SeedCatalogue } from './content/types.ts';
export { generateCatalogue } from './content/index.ts';
// The help centre's articles (and their seeding into a database seeded before them)
export { ensureSupport, seedSupport, SUPPORT_SECTIONS, type SeedSupportArticle, type SeedSupportSection } from './support.ts';
export { ensureMarketing, LANDINGS, OFFERS, SPECIAL_TARIFFS, seedMarketing, type SeedLanding, type SeedOffer } from './marketing.ts';
// The journal: rubrics and the editors' articles about the catalogue's titles
export { ensureJournal, JOURNAL_RUBRICS, mentionedAliases, seedJournal, type SeedRubric } from './journal.ts';
export type { SeedArticle } from './journal-articles.ts';
export { JOURNAL_ARTICLES } from './journal-articles.ts';
// Legal documents with their versions, static pages
export { ensureContent, seedContent } from './content.ts';
export { LEGAL_DOCUMENTS, type SeedLegalDocument } from './legal-texts.ts';
export { STATIC_PAGES, type SeedPage } from './page-texts.ts';

/** One asset of media/demo/manifest.json. */
export interface MediaManifestEntry {
  slug: string;
  kind: 'feature' | 'trailer';
  durationSeconds: number;
  renditions: { name: string; width: number; height: number; bandwidth: number; codecs: string }[];
  // ---- What the pipeline (npm run media:ingest -- --out) writes besides; absent in older manifests
  audioTracks?: { lang: string; name: string; isDefault: boolean }[];
  subtitles?: { lang: string; name: string }[];
  thumbnailsVtt?: string | null;
  introStartSeconds?: number | null;
  introEndSeconds?: number | null;
  creditsStartSeconds?: number | null;
}

export interface SeedOptions {
  media: MediaManifestEntry[];
  /** API clients to register (the web client's public key at least). */
  apiClients: { key: string; name: string; platform: string }[];
  catalogue?: SeedCatalogue;
}

export interface SeedResult {
  titles: number; people: number; episodes: number; collections: number;
  selections: number; playlists: number;
}

const CHUNK = 400;
async function inChunks<T>(rows: T[], run: (chunk: T[]) => Promise<unknown>) {
  for (let i = 0; i < rows.length; i += CHUNK) await run(rows.slice(i, i + CHUNK));
}
const excluded = (column: string) => sql.raw(`excluded.${column}`);

/**
 * The tariffs of spec platform §9: the weight-0 monthly tariff with a 7-day trial ("499 for
 * trial": the tariff flow and every playback upgrade offer it) and 3 months at 1190 then 499 per
 * 30 days are listed; the discount tariffs reached through offers are not: 1 month at 499 without a trial (the
 * listed monthly one already costs that once the trial is used), the first month at 149 then 499, and 399.
 * The alias is the stable key; chains (original_id, next_tariff_id) are linked by alias after the upsert.
 */
export const BASE_TARIFFS = [
  // Two simultaneous streams on the month tariff.
  { alias: 'month', title: 'Подписка на месяц', price: 499, currency: 'RUB', durationDays: 30, weight: 0, allowTrial: true, trialDays: 7, maxStreams: 2, recurrentPrice: null, isListed: true },
  { alias: 'month-499', title: '1 месяц', price: 499, currency: 'RUB', durationDays: 30, weight: 1, allowTrial: false, trialDays: 7, maxStreams: 2, recurrentPrice: null, isListed: false },
  { alias: 'three-months', title: '3 месяца', price: 1190, currency: 'RUB', durationDays: 90, weight: 2, allowTrial: false, trialDays: 7, maxStreams: 2, recurrentPrice: 499, isListed: true },
  { alias: 'first-month-149', title: 'Первый месяц за 149 ₽', price: 149, currency: 'RUB', durationDays: 30, weight: 0, allowTrial: false, trialDays: 7, maxStreams: 2, recurrentPrice: 499, isListed: false },
  { alias: 'month-399', title: 'Подписка на месяц', price: 399, currency: 'RUB', durationDays: 30, weight: 0, allowTrial: false, trialDays: 7, maxStreams: 2, recurrentPrice: null, isListed: false },
];
/** Discount chains of BASE_TARIFFS by alias: [tariff, original (regular) tariff, next tariff after the first period]. */
export const TARIFF_CHAINS: [alias: string, original: string | null, next: string | null][] = [
  ['three-months', null, 'month'],
  ['first-month-149', 'month', 'month'],
  ['month-399', 'month', null],
];

/**
 * Seeds the demo catalogue. Deterministic (the generator is seeded) and idempotent: every row is upserted
 * on its natural key, so a second run changes nothing.
 */
export async function seedDatabase(db: Db, options: SeedOptions): Promise<SeedResult> {
  const catalogue = options.catalogue ?? generateCatalogue();
  return db.transaction(async (tx) => {
    await tx.insert(apiClients).values(options.apiClients).onConflictDoNothing({ target: apiClients.key });
    await tx
      .insert(tariffs)
      .values(BASE_TARIFFS)
      .onConflictDoUpdate({
        target: tariffs.alias,
        set: {
          title: excluded('title'), price: excluded('price'), maxStreams: excluded('max_streams'), durationDays: excluded('duration_days'), weight: excluded('weight'),
          allowTrial: excluded('allow_trial'), recurrentPrice: excluded('recurrent_price'), isListed: excluded('is_listed'),
        },
      });
    // Link the discount chains by alias
    for (const [alias, original, next] of TARIFF_CHAINS) {
      await tx
        .update(tariffs)
        .set({
          originalId: original ? sql`(select id from tariffs where alias = ${original})` : null,
          nextTariffId: next ? sql`(select id from tariffs where alias = ${next})` : null,
        })
        .where(eq(tariffs.alias, alias));
    }

    const mediaRows = await tx
      .insert(mediaAssets)
      .values(
        options.media.map((m) => ({
          slug: m.slug, kind: m.kind, durationSeconds: m.durationSeconds,
          // only what the player needs of a rendition (the manifest also has playlist paths and averages)
          renditions: m.renditions.map(({ name, width, height, bandwidth, codecs }) => ({ name, width, height, bandwidth, codecs })),
          // Tracks, thumbnails and skip marks of the packaged demo media
          audioTracks: m.audioTracks ?? [], subtitles: m.subtitles ?? [], thumbnailsVtt: m.thumbnailsVtt ?? null,
          introStartSeconds: m.introStartSeconds ?? null, introEndSeconds: m.introEndSeconds ?? null, creditsStartSeconds: m.creditsStartSeconds ?? null,
        })),
      )
      .onConflictDoUpdate({
        target: mediaAssets.slug,
        set: Object.fromEntries(
          ['kind', 'duration_seconds', 'renditions', 'audio_tracks', 'subtitles', 'thumbnails_vtt', 'intro_start_seconds', 'intro_end_seconds', 'credits_start_seconds']
            .map((c) => [c.replace(/_([a-z])/g, (_, l: string) => l.toUpperCase()), excluded(c)]),
        ),
      })
      .returning({ id: mediaAssets.id, slug: mediaAssets.slug });
    const mediaId = (slug: string) => {
      const row = mediaRows.find((m) => m.slug === slug);
      if (!row) throw new Error(`seed: media asset ${slug} is not in media/demo/manifest.json`);
      return row.id;
    };

    const genreRows = await tx
      .insert(genres)
      .values(catalogue.genres.map((g, i) => ({ alias: g.alias, title: g.title, titleEn: g.titleEn, position: i })))
      .onConflictDoUpdate({ target: genres.alias, set: { title: excluded('title'), titleEn: excluded('title_en'), position: excluded('position') } })
      .returning({ id: genres.id, alias: genres.alias });
    const genreId = new Map(genreRows.map((g) => [g.alias, g.id]));

    await tx.insert(countries).values(catalogue.countries).onConflictDoUpdate({ target: countries.code, set: { title: excluded('title') } });

    const personId = new Map<string, string>();
    await inChunks(catalogue.people, async (chunk) => {
      const rows = await tx
        .insert(people)
        .values(chunk.map((p) => ({ alias: p.alias, name: p.name, nameOriginal: p.nameOriginal, biography: p.biography, birthDate: p.birthDate })))
        .onConflictDoUpdate({ target: people.alias, set: { name: excluded('name'), nameOriginal: excluded('name_original'), biography: excluded('biography'), birthDate: excluded('birth_date') } })
        .returning({ id: people.id, alias: people.alias });
      for (const r of rows) personId.set(r.alias, r.id);
    });

    const titleId = new Map<string, string>();
    await inChunks(catalogue.titles, async (chunk) => {
      const rows = await tx
        .insert(titles)
        .values(
          chunk.map((t) => ({
            alias: t.alias, kind: t.kind, title: t.title, titleOriginal: t.titleOriginal, description: t.description,
            releaseDate: t.releaseDate, ekranReleaseDate: t.ekranReleaseDate, year: t.year, durationMinutes: t.durationMinutes,
            ratingAge: t.ratingAge, ratingEkran: t.ratingEkran, popularity: t.popularity, isAnimation: t.isAnimation,
            forKids: t.forKids, isFree: t.isFree, hashtags: t.hashtags, locales: t.locales, seoSubject: t.seoSubject,
            poster: t.poster, mediaAssetId: t.kind === 'movie' ? mediaId(t.media) : null,
          })),
        )
        .onConflictDoUpdate({
          target: titles.alias,
          set: Object.fromEntries(
            ['kind', 'title', 'title_original', 'description', 'release_date', 'ekran_release_date', 'year', 'duration_minutes', 'rating_age',
              'rating_ekran', 'popularity', 'is_animation', 'for_kids', 'is_free', 'hashtags', 'locales', 'seo_subject', 'poster', 'media_asset_id']
              .map((c) => [c.replace(/_([a-z])/g, (_, l: string) => l.toUpperCase()), excluded(c)]),
          ),
        })
        .returning({ id: titles.id, alias: titles.alias });
      for (const r of rows) titleId.set(r.alias, r.id);
    });
    const idOf = (map: Map<string, string>, key: string, what: string) => {
      const v = map.get(key);
      if (!v) throw new Error(`seed: unknown ${what} ${key}`);
      return v;
    };

    const genreLinks = catalogue.titles.flatMap((t) => t.genres.map((g, i) => ({ titleId: idOf(titleId, t.alias, 'title'), genreId: idOf(genreId, g, 'genre'), position: i })));
    await inChunks(genreLinks, (c) => tx.insert(titleGenres).values(c).onConflictDoNothing());
    const countryLinks = catalogue.titles.flatMap((t) => t.countries.map((code, i) => ({ titleId: idOf(titleId, t.alias, 'title'), countryCode: code, position: i })));
    await inChunks(countryLinks, (c) => tx.insert(titleCountries).values(c).onConflictDoNothing());
    const creditRows = catalogue.titles.flatMap((t) =>
      t.credits.map((c, i) => ({ titleId: idOf(titleId, t.alias, 'title'), personId: idOf(personId, c.personAlias, 'person'), role: c.role, characterName: c.characterName, position: i })),
    );
    await inChunks(creditRows, (c) => tx.insert(credits).values(c).onConflictDoNothing());

    const extraRows = catalogue.titles.flatMap((t) =>
      t.extras.map((e, i) => ({ titleId: idOf(titleId, t.alias, 'title'), kind: e.kind, title: e.title, description: e.description, position: i, mediaAssetId: mediaId(e.media) })),
    );
    await inChunks(extraRows, (c) =>
      tx.insert(extras).values(c).onConflictDoUpdate({ target: [extras.titleId, extras.position], set: { kind: excluded('kind'), title: excluded('title'), description: excluded('description'), mediaAssetId: excluded('media_asset_id') } }),
    );

    const seasonInput = catalogue.titles.flatMap((t) => t.seasons.map((s) => ({ titleAlias: t.alias, season: s })));
    const seasonId = new Map<string, string>();
    await inChunks(seasonInput, async (chunk) => {
      const rows = await tx
        .insert(seasons)
        .values(chunk.map(({ titleAlias, season }) => ({ titleId: idOf(titleId, titleAlias, 'title'), number: season.number, title: season.title })))
        .onConflictDoUpdate({ target: [seasons.titleId, seasons.number], set: { title: excluded('title') } })
        .returning({ id: seasons.id, titleId: seasons.titleId, number: seasons.number });
      for (const r of rows) seasonId.set(`${r.titleId}/${r.number}`, r.id);
    });
    const episodeRows = seasonInput.flatMap(({ titleAlias, season }) =>
      season.episodes.map((e) => ({
        seasonId: idOf(seasonId, `${idOf(titleId, titleAlias, 'title')}/${season.number}`, 'season'),
        number: e.number, title: e.title, description: e.description, durationMinutes: e.durationMinutes, isPreview: e.isPreview, mediaAssetId: mediaId(e.media),
      })),
    );
    await inChunks(episodeRows, (c) =>
      tx.insert(episodes).values(c).onConflictDoUpdate({
        target: [episodes.seasonId, episodes.number],
        set: { title: excluded('title'), description: excluded('description'), durationMinutes: excluded('duration_minutes'), isPreview: excluded('is_preview'), mediaAssetId: excluded('media_asset_id') },
      }),
    );

    const collectionRows = await tx
      .insert(collections)
      .values(catalogue.collections.map((c, i) => ({ alias: c.alias, title: c.title, description: c.description, forKids: c.forKids, position: i })))
      .onConflictDoUpdate({ target: collections.alias, set: { title: excluded('title'), description: excluded('description'), forKids: excluded('for_kids'), position: excluded('position') } })
      .returning({ id: collections.id, alias: collections.alias });
    const collectionId = new Map(collectionRows.map((c) => [c.alias, c.id]));
    const items = catalogue.collections.flatMap((c) =>
      c.titleAliases.map((a, i) => ({ collectionId: idOf(collectionId, c.alias, 'collection'), titleId: idOf(titleId, a, 'title'), position: i })),
    );
    await inChunks(items, (c) => tx.insert(collectionItems).values(c).onConflictDoNothing());
    await seedGenreTexts(tx);

    // The home rows (selections) and the playlists
    const area = await seedSelectionsAndPlaylists(tx, catalogue, { titleId, collectionId });
    // The banners point at titles, trailers, collections, selections and playlists, so they come last.
    await seedBanners(tx, catalogue);
    await seedPlayerSlots(tx, catalogue); // The demo preroll and postroll
    await seedPromo(tx); // The demo campaigns and codes
    await seedTvChannels(tx, mediaId); // The demo channels (the guide is imported from XMLTV after the seed)
    await seedMarketing(tx); // The pb_special tariff, the landings (their featured titles exist by now) and the offers
    await seedJournal(tx); // The journal's rubrics and articles (the titles they mention exist by now)
    await seedContent(tx); // The legal documents with their versions, the static pages
    await seedSupport(tx); // The help centre's sections, categories and articles

    return { titles: catalogue.titles.length, people: catalogue.people.length, episodes: episodeRows.length, collections: catalogue.collections.length, ...area };
  });
}

/** Whether the catalogue has been seeded (any title exists). */
export async function isSeeded(db: Db): Promise<boolean> {
  const rows = await db.select({ id: titles.id }).from(titles).limit(1);
  return rows.length > 0;
}

// ---------------------------------------------------------------- genre texts

export { GENRE_TEXTS, type SeedGenreText } from './content/genre-texts.ts';

/**
 * Upserts the genre marketing texts (spec catalogue §9) on (genre, kind), for the genres the database has;
 * returns how many were written. Idempotent like the rest of the seed.
 */
export async function seedGenreTexts(db: Db, texts: readonly SeedGenreText[] = GENRE_TEXTS): Promise<number> {
  const rows = await db.select({ id: genres.id, alias: genres.alias }).from(genres);
  const genreId = new Map(rows.map((g) => [g.alias, g.id]));
  const values = texts.flatMap((t) => {
    const id = genreId.get(t.genre);
    return id ? [{ genreId: id, kind: t.kind, heading: t.heading, description: t.description, body: [...t.body] }] : [];
  });
  await inChunks(values, (c) =>
    db
      .insert(genreTexts)
      .values(c)
      .onConflictDoUpdate({
        target: [genreTexts.genreId, genreTexts.kind],
        set: { heading: excluded('heading'), description: excluded('description'), body: excluded('body'), updatedAt: sql`now()` },
      }),
  );
  return values.length;
}

/**
 * Adds the genre texts to a database seeded before they existed (the start seeds only an empty database);
 * a database that has any genre text is left as its editors keep it.
 */
export async function ensureGenreTexts(db: Db): Promise<number> {
  const [any] = await db.select({ id: genreTexts.id }).from(genreTexts).limit(1);
  return any ? 0 : seedGenreTexts(db);
}
