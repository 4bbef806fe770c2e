// Test data of live TV and the guide (channels looping over demo media, programmes). Kept apart
// from factories.ts to keep the TV helpers in one place.
import { tvChannelLoopItems, tvChannels, tvProgrammes, type Db } from '@ekran/db';
import { createFactories } from './factories.ts';

let n = 0;

/** Builders of TV rows: a channel (looping over demo media by slug) and a programme of it. */
export function createTvFactories(db: Db) {
  const make = createFactories(db);
  return {
    /** A channel over `loop` (demo media slugs, read from MEDIA_DIR), from loop_epoch 2026-01-01T00:00:00Z by default. */
    async channel(o: Partial<typeof tvChannels.$inferInsert> & { loop?: string[] } = {}) {
      const i = ++n;
      const { loop = ['metropolis', 'aurora'], ...rest } = o;
      const alias = rest.alias ?? `kanal-${i}`;
      const [channel] = await db
        .insert(tvChannels)
        .values({
          alias, title: `Канал ${i}`, number: 100 + i, logo: `/tv-logos/${alias}.svg`, xmltvId: `${alias}.test.tv`,
          loopEpoch: new Date('2026-01-01T00:00:00Z'), ratingAge: '16+', ...rest,
        })
        .returning();
      const assets = await Promise.all(loop.map((slug) => make.media(slug)));
      if (assets.length) await db.insert(tvChannelLoopItems).values(assets.map((a, position) => ({ channelId: channel!.id, position, mediaAssetId: a.id })));
      return channel!;
    },

    /** A programme of a channel; a recording when expiredAt is set. */
    async programme(o: { channelId: string; startsAt: Date; endsAt: Date } & Partial<typeof tvProgrammes.$inferInsert>) {
      const [row] = await db.insert(tvProgrammes).values({ title: `Передача ${++n}`, ...o }).returning();
      return row!;
    },
  };
}
