import {
  apiClients, episodes, extras, genres, mediaAssets, profiles, seasons, subscriptions, tariffs, titleGenres, titles, users, type Db,
} from '@ekran/db';
import { eq } from 'drizzle-orm';

let n = 0;
const seq = () => ++n;

/** Test data builders: the smallest valid rows, overridable field by field (conventions: make.user(), make.subscription()). */
export function createFactories(db: Db) {
  const one = <T>(rows: T[]): T => {
    const row = rows[0];
    if (!row) throw new Error('factory insert returned nothing');
    return row;
  };

  const make = {
    apiClient: async (o: Partial<typeof apiClients.$inferInsert> = {}) =>
      one(await db.insert(apiClients).values({ key: `key-${seq()}-abcdef`, name: 'test client', platform: 'web', ...o }).returning()),

    media: async (slug = 'aurora') => {
      const [existing] = await db.select().from(mediaAssets).where(eq(mediaAssets.slug, slug));
      if (existing) return existing;
      return one(
        await db
          .insert(mediaAssets)
          .values({ slug, kind: slug === 'teaser' ? 'trailer' : 'feature', durationSeconds: 48, renditions: [{ name: '360p', width: 640, height: 360, bandwidth: 500_000, codecs: 'avc1.4d401e,mp4a.40.2' }] })
          .returning(),
      );
    },

    genre: async (o: Partial<typeof genres.$inferInsert> = {}) => {
      const i = seq();
      return one(await db.insert(genres).values({ alias: `genre-${i}`, title: `Жанр ${i}`, titleEn: `Genre ${i}`, ...o }).returning());
    },

    /** A movie (default) or a series row; genres by id. */
    title: async (o: Partial<typeof titles.$inferInsert> & { genreIds?: string[] } = {}) => {
      const i = seq();
      const { genreIds = [], ...rest } = o;
      const media = await make.media();
      const row = one(
        await db
          .insert(titles)
          .values({
            alias: `title-${i}`, kind: 'movie', title: `Фильм ${i}`, description: 'Описание фильма.', releaseDate: '2024-03-01',
            ekranReleaseDate: '2025-01-10', year: 2024, durationMinutes: 101, ratingAge: '16+', ratingEkran: 7.4, popularity: 1000 - i,
            seoSubject: `фильм ${i}`, poster: { hue: 200, hue2: 20, pattern: 'rays', seed: i }, mediaAssetId: media.id, ...rest,
          })
          .returning(),
      );
      if (genreIds.length) await db.insert(titleGenres).values(genreIds.map((genreId, position) => ({ titleId: row.id, genreId, position })));
      return row;
    },

    /** A series with one season of `episodes` episodes; the first may be a preview. */
    series: async (o: Partial<typeof titles.$inferInsert> & { genreIds?: string[]; episodes?: number; firstIsPreview?: boolean } = {}) => {
      const { episodes: count = 3, firstIsPreview = false, ...rest } = o;
      const title = await make.title({ kind: 'series', durationMinutes: null, mediaAssetId: null, ...rest });
      const media = await make.media('metropolis');
      const season = one(await db.insert(seasons).values({ titleId: title.id, number: 1, title: 'Сезон 1' }).returning());
      const eps = await db
        .insert(episodes)
        .values(Array.from({ length: count }, (_, k) => ({ seasonId: season.id, number: k + 1, title: `Серия ${k + 1}`, description: 'Серия.', durationMinutes: 45, isPreview: firstIsPreview && k === 0, mediaAssetId: media.id })))
        .returning();
      return { title, season, episodes: eps };
    },

    extra: async (titleId: string, o: Partial<typeof extras.$inferInsert> = {}) => {
      const media = await make.media('teaser');
      return one(await db.insert(extras).values({ titleId, kind: 'trailer', title: 'Трейлер', description: 'Трейлер.', position: seq(), mediaAssetId: media.id, ...o }).returning());
    },

    user: async (o: Partial<typeof users.$inferInsert> = {}) => {
      const user = one(await db.insert(users).values({ isVirtual: false, email: `user${seq()}@example.ru`, ...o }).returning());
      await db.insert(profiles).values({ userId: user.id, name: 'Основной', isMain: true });
      return user;
    },

    tariff: async (o: Partial<typeof tariffs.$inferInsert> = {}) =>
      one(await db.insert(tariffs).values({ alias: `tariff-${seq()}`, title: 'Подписка на месяц', price: 399, durationDays: 30, allowTrial: true, ...o }).returning()),

    subscription: async (o: { userId: string } & Partial<typeof subscriptions.$inferInsert>) => {
      const tariff = o.tariffId ? { id: o.tariffId } : await make.tariff();
      return one(
        await db
          .insert(subscriptions)
          .values({ tariffId: tariff.id, status: 'active', startedAt: new Date('2026-11-01T00:00:00Z'), expiresAt: new Date('2026-12-01T00:00:00Z'), ...o })
          .returning(),
      );
    },
  };
  return make;
}
