import {
  apiClients, episodes, extras, genres, mediaAssets, profiles, seasons, subscriptions, tariffs, titleGenres, titles, users, type Db,
  devices, externalSubscriptions, playerSlots, sessions,
} from '@ekran/db';
import { asc, desc, eq } from 'drizzle-orm';
import { hashToken, newToken } from '../lib/tokens.ts';

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
    series: async (o: Partial<typeof titles.$inferInsert> & { genreIds?: string[]; episodes?: number; firstIsPreview?: boolean; seasons?: number } = {}) => {
      const { episodes: count = 3, firstIsPreview = false, seasons: seasonCount = 1, ...rest } = o;
      const title = await make.title({ kind: 'series', durationMinutes: null, mediaAssetId: null, ...rest });
      const media = await make.media('metropolis');
      // Several seasons of `episodes` episodes each; `season` is the first, `episodes` all in order.
      const allSeasons = await db
        .insert(seasons)
        .values(Array.from({ length: seasonCount }, (_, k) => ({ titleId: title.id, number: k + 1, title: `Сезон ${k + 1}` })))
        .returning();
      const eps = [];
      for (const season of allSeasons) {
        eps.push(
          ...(await db
            .insert(episodes)
            .values(Array.from({ length: count }, (_, k) => ({ seasonId: season.id, number: k + 1, title: `Серия ${k + 1}`, description: 'Серия.', durationMinutes: 45, isPreview: firstIsPreview && season.number === 1 && k === 0, mediaAssetId: media.id })))
            .returning()),
        );
      }
      return { title, season: allSeasons[0]!, seasons: allSeasons, episodes: eps };
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

    /** A subscription (active until 2026-12-01 by default) on a new tariff, or on `tariffId`, or on a tariff made from `tariff`. */
    subscription: async (o: { userId: string; tariff?: Partial<typeof tariffs.$inferInsert> } & Partial<typeof subscriptions.$inferInsert>) => {
      const { tariff: tariffFields, ...rest } = o;
      const tariff = rest.tariffId ? { id: rest.tariffId } : await make.tariff(tariffFields);
      return one(
        await db
          .insert(subscriptions)
          .values({ tariffId: tariff.id, status: 'active', startedAt: new Date('2026-11-01T00:00:00Z'), expiresAt: new Date('2026-12-01T00:00:00Z'), ...rest })
          .returning(),
      );
    },

    // ---- Partner and operator accounts, externals, devices, sessions, player slots

    /** A registered account that came through a partner (platform §4: partner ttk gets the partner popup). */
    partnerUser: (partnerName = 'ttk', o: Partial<typeof users.$inferInsert> = {}) => make.user({ partnerName, ...o }),

    /** A mobile-operator customer in a popup state (platform §3 mf_info; no_money blocks playback). */
    operatorUser: (operatorPopup: 'no_money' | 'got_money' | 'info' | null = 'no_money', o: Partial<typeof users.$inferInsert> = {}) =>
      make.user({ isOperator: true, operatorPopup, ...o }),

    /** A subscription bought through a partner (platform §3 externals); no expiry by default. */
    external: async (o: { userId: string } & Partial<typeof externalSubscriptions.$inferInsert>) =>
      one(await db.insert(externalSubscriptions).values({ partner: 'kion', ...o }).returning()),

    /** Another profile of an account (a child one with an age cap, say). */
    profile: async (o: { userId: string } & Partial<typeof profiles.$inferInsert>) =>
      one(await db.insert(profiles).values({ name: o.isChild ? 'Детский' : 'Второй', ...o }).returning()),

    device: async (o: { userId: string } & Partial<typeof devices.$inferInsert>) =>
      one(await db.insert(devices).values({ deviceUid: `web-device-${seq()}-${Math.random().toString(36).slice(2, 8)}`, deviceType: 'web', ...o }).returning()),

    /**
     * A signed-in session of an account on a device (a new one unless `deviceId`), on its main profile unless
     * `profileId`; answers the bearer token and a cookie header to call the API with.
     */
    session: async (o: { userId: string; profileId?: string; deviceId?: string | null; userAgent?: string; apiKey?: string }) => {
      const [client] = await db.select().from(apiClients).orderBy(asc(apiClients.createdAt)).limit(1);
      if (!client) throw new Error('make.session needs an API client (createTestApp makes one)');
      const [main] = await db.select().from(profiles).where(eq(profiles.userId, o.userId)).orderBy(desc(profiles.isMain), asc(profiles.createdAt)).limit(1);
      const profileId = o.profileId ?? main?.id;
      if (!profileId) throw new Error(`user ${o.userId} has no profile`);
      const device = o.deviceId === null ? null : o.deviceId ? { id: o.deviceId } : await make.device({ userId: o.userId, userAgent: o.userAgent ?? null });
      const token = newToken();
      await db.insert(sessions).values({
        tokenHash: hashToken(token), userId: o.userId, profileId, deviceId: device?.id ?? null, apiClientId: client.id, expiresAt: new Date('2099-01-01T00:00:00Z'),
      });
      return { token, profileId, deviceId: device?.id ?? null, auth: { 'x-api-key': client.key, cookie: `ekran_token=${token}` } };
    },

    /** A preroll or postroll promo on a media asset (teaser by default), active with no window. */
    playerSlot: async (o: Partial<typeof playerSlots.$inferInsert> = {}) => {
      const media = o.mediaAssetId ? { id: o.mediaAssetId } : await make.media('teaser');
      return one(await db.insert(playerSlots).values({ position: 'preroll', title: `Промо ${seq()}`, mediaAssetId: media.id, ...o }).returning());
    },
  };
  return make;
}
