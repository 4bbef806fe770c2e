// The demo TV channels and their categories. The aliases are stable keys (pages, XMLTV ids, tests).
// Each channel's live stream loops over demo media (media/demo) from a fixed wall-clock origin, so every viewer
// sees the same moment; the programme guide is imported from XMLTV (seed/tv-guide.ts makes the demo one).
import { sql } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { mediaAssets, tvCategories, tvChannelCategories, tvChannelLoopItems, tvChannels } from '../schema.ts';

export interface SeedTvCategory { alias: string; title: string; forKids: boolean }
export interface SeedTvChannel {
  alias: string;
  title: string;
  description: string;
  number: number;
  categories: readonly string[];
  forKids: boolean;
  isFree: boolean;
  ratingAge: string;
  /** Demo media slugs the live stream loops over, in order. */
  loop: readonly string[];
}

/** The tv_selection categories, in menu order (the all-channels choice is the pages' own, not a category). */
export const TV_CATEGORIES: readonly SeedTvCategory[] = [
  { alias: 'kino', title: 'Кино', forKids: false },
  { alias: 'serialy', title: 'Сериалы', forKids: false },
  { alias: 'poznavatelnye', title: 'Познавательные', forKids: false },
  { alias: 'razvlekatelnye', title: 'Развлекательные', forKids: false },
  { alias: 'detskie', title: 'Детские', forKids: true },
];

/** The demo channels. ekran-novosti is free to watch live; the kids channels carry for_kids. */
export const TV_CHANNELS: readonly SeedTvChannel[] = [
  { alias: 'ekran-kino', title: 'Экран Кино', description: 'Фильмы каталога Экрана в эфире круглые сутки: премьеры, хиты и классика.', number: 1, categories: ['kino'], forKids: false, isFree: false, ratingAge: '16+', loop: ['metropolis', 'aurora'] },
  { alias: 'ekran-serialy', title: 'Экран Сериалы', description: 'Сериалы подряд: новые серии вечером, марафоны по выходным.', number: 2, categories: ['serialy'], forKids: false, isFree: false, ratingAge: '16+', loop: ['meadow', 'metropolis'] },
  { alias: 'ekran-premera', title: 'Экран Премьера', description: 'Главные премьеры месяца и фильмы-события.', number: 3, categories: ['kino'], forKids: false, isFree: false, ratingAge: '18+', loop: ['aurora', 'metropolis', 'meadow'] },
  { alias: 'nashe-kino', title: 'Наше кино', description: 'Отечественные фильмы разных лет: от советской классики до новых хитов.', number: 4, categories: ['kino'], forKids: false, isFree: false, ratingAge: '12+', loop: ['meadow', 'aurora'] },
  { alias: 'detektiv-tv', title: 'Детектив ТВ', description: 'Детективы и криминальные сериалы.', number: 5, categories: ['serialy'], forKids: false, isFree: false, ratingAge: '16+', loop: ['metropolis'] },
  { alias: 'priroda', title: 'Планета и природа', description: 'Документальные фильмы о природе, путешествиях и науке.', number: 6, categories: ['poznavatelnye'], forKids: false, isFree: true, ratingAge: '0+', loop: ['aurora', 'meadow'] },
  { alias: 'ekran-novosti', title: 'Экран Новости', description: 'Новости кино и сериалов, интервью и обзоры премьер.', number: 7, categories: ['razvlekatelnye'], forKids: false, isFree: true, ratingAge: '12+', loop: ['teaser', 'meadow'] },
  { alias: 'komediya-tv', title: 'Комедия ТВ', description: 'Комедии и ситкомы для хорошего настроения.', number: 8, categories: ['razvlekatelnye', 'serialy'], forKids: false, isFree: false, ratingAge: '16+', loop: ['meadow', 'teaser', 'aurora'] },
  { alias: 'detskiy-ekran', title: 'Детский Экран', description: 'Мультфильмы и детские сериалы с утра до вечера.', number: 9, categories: ['detskie'], forKids: true, isFree: false, ratingAge: '0+', loop: ['meadow', 'aurora'] },
  { alias: 'multlandia', title: 'Мультляндия', description: 'Любимые мультфильмы для малышей и школьников.', number: 10, categories: ['detskie'], forKids: true, isFree: true, ratingAge: '0+', loop: ['aurora'] },
];

/** The wall-clock origin of every demo channel's loop (fixed, so a re-seed does not jump the streams). */
export const TV_LOOP_EPOCH = new Date('2026-01-01T00:00:00Z');

const excluded = (column: string) => sql.raw(`excluded.${column}`);

/** Upserts the categories, the channels, their categories and loops; mediaId maps a demo media slug to its asset. */
export async function seedTvChannels(db: Db, mediaId: (slug: string) => string): Promise<number> {
  const categoryRows = await db
    .insert(tvCategories)
    .values(TV_CATEGORIES.map((c, i) => ({ alias: c.alias, title: c.title, forKids: c.forKids, position: i })))
    .onConflictDoUpdate({ target: tvCategories.alias, set: { title: excluded('title'), forKids: excluded('for_kids'), position: excluded('position') } })
    .returning({ id: tvCategories.id, alias: tvCategories.alias });
  const categoryId = new Map(categoryRows.map((c) => [c.alias, c.id]));
  const channelRows = await db
    .insert(tvChannels)
    .values(
      TV_CHANNELS.map((c) => ({
        alias: c.alias, title: c.title, description: c.description, number: c.number, logo: `/tv-logos/${c.alias}.svg`, xmltvId: `${c.alias}.ekran.tv`,
        forKids: c.forKids, isFree: c.isFree, ratingAge: c.ratingAge, loopEpoch: TV_LOOP_EPOCH,
      })),
    )
    .onConflictDoUpdate({
      target: tvChannels.alias,
      set: { title: excluded('title'), description: excluded('description'), number: excluded('number'), logo: excluded('logo'), forKids: excluded('for_kids'), isFree: excluded('is_free'), ratingAge: excluded('rating_age') },
    })
    .returning({ id: tvChannels.id, alias: tvChannels.alias });
  const channelId = new Map(channelRows.map((c) => [c.alias, c.id]));
  const idOf = (map: Map<string, string>, alias: string) => {
    const id = map.get(alias);
    if (!id) throw new Error(`seed: unknown TV alias ${alias}`);
    return id;
  };
  await db
    .insert(tvChannelCategories)
    .values(TV_CHANNELS.flatMap((c) => c.categories.map((a) => ({ channelId: idOf(channelId, c.alias), categoryId: idOf(categoryId, a) }))))
    .onConflictDoNothing();
  await db
    .insert(tvChannelLoopItems)
    .values(TV_CHANNELS.flatMap((c) => c.loop.map((slug, position) => ({ channelId: idOf(channelId, c.alias), position, mediaAssetId: mediaId(slug) }))))
    .onConflictDoUpdate({ target: [tvChannelLoopItems.channelId, tvChannelLoopItems.position], set: { mediaAssetId: excluded('media_asset_id') } });
  return channelRows.length;
}

/**
 * Adds the demo channels to a database seeded before TV existed (the start seeds only an empty
 * database; like ensureGenreTexts). A database that has any channel is left as its editors keep it. Answers how
 * many channels were added.
 */
export async function ensureTvChannels(db: Db): Promise<number> {
  const [any] = await db.select({ id: tvChannels.id }).from(tvChannels).limit(1);
  if (any) return 0;
  const media = await db.select({ id: mediaAssets.id, slug: mediaAssets.slug }).from(mediaAssets);
  const bySlug = new Map(media.map((m) => [m.slug, m.id]));
  return seedTvChannels(db, (slug) => {
    const id = bySlug.get(slug);
    if (!id) throw new Error(`seed: media asset ${slug} is not in the database (run npm run db:seed)`);
    return id;
  });
}
