import type { EntitlingStatus } from '@ekran/core';
import { devices, operatorSubscriptions, streamSessions, subscriptions, tariffs, users, type Db } from '@ekran/db';
import { and, count, eq, gt, inArray, isNull, max, ne, or, sql } from 'drizzle-orm';
import { operatorEntitles } from '../partners/operator.filters.ts';

export type StreamRow = typeof streamSessions.$inferSelect;
type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** A live stream with the device that plays it, for the over-the-limit answer and the list. */
export interface LiveStreamRow {
  stream: StreamRow;
  device: { id: string; deviceType: string; userAgent: string | null };
}

/** What a first heartbeat came to: started (active), or why not. */
export type StartResult =
  | { ok: true; stream: StreamRow }
  | { ok: false; reason: 'missing' }
  | { ok: false; reason: 'stopped'; stream: StreamRow }
  | { ok: false; reason: 'limit'; limit: number; live: LiveStreamRow[] };

/** The item a stream plays. */
export interface StreamItem {
  uid: string;
  title: string;
  slug: string;
}

/** Drizzle queries of stream sessions; the rules (limits, ownership, answers) live in streams.service.ts. */
export function createStreamsRepo(db: Db) {
  /** The account's streams that are active with a heartbeat since `aliveSince`, oldest first, with their devices. */
  const liveStreams = (q: Db | Tx, userId: string, aliveSince: Date) =>
    q
      .select({ stream: streamSessions, device: { id: devices.id, deviceType: devices.deviceType, userAgent: devices.userAgent } })
      .from(streamSessions)
      .innerJoin(devices, eq(devices.id, streamSessions.deviceId))
      .where(and(eq(streamSessions.userId, userId), eq(streamSessions.state, 'active'), gt(streamSessions.lastSeenAt, aliveSince)))
      .orderBy(streamSessions.startedAt);

  /**
   * The largest max_streams over the account's entitling, unexpired subscriptions, and its
   * entitling operator subscription's tariff while its popup does not block (no_money); null when it has none.
   */
  async function tariffLimit(q: Db | Tx, userId: string, now: Date, statuses: readonly EntitlingStatus[]): Promise<number | null> {
    // One after the other: `q` may be a transaction's single connection.
    const [ours] = await q
      .select({ limit: max(tariffs.maxStreams) })
      .from(subscriptions)
      .innerJoin(tariffs, eq(tariffs.id, subscriptions.tariffId))
      .where(and(eq(subscriptions.userId, userId), inArray(subscriptions.status, [...statuses]), or(gt(subscriptions.expiresAt, now), gt(subscriptions.billingExpiresAt, now))));
    const [operator] = await q
      .select({ limit: tariffs.maxStreams })
      .from(operatorSubscriptions)
      .innerJoin(tariffs, eq(tariffs.id, operatorSubscriptions.tariffId))
      .innerJoin(users, eq(users.id, operatorSubscriptions.userId))
      .where(and(eq(operatorSubscriptions.userId, userId), operatorEntitles(now), or(isNull(users.operatorPopup), ne(users.operatorPopup, 'no_money'))));
    const limits = [ours?.limit, operator?.limit].filter((n): n is number => typeof n === 'number');
    return limits.length ? Math.max(...limits) : null;
  }

  return {
    liveStreams: (userId: string, aliveSince: Date) => liveStreams(db, userId, aliveSince),
    tariffLimit: (userId: string, now: Date, statuses: readonly EntitlingStatus[]) => tariffLimit(db, userId, now, statuses),

    /**
     * The playback check's stream session of (account, device), created or pointed at this item. It stays
     * active only when it already plays this item with fresh heartbeats; otherwise it becomes pending (it counts
     * toward no limit until the player's first heartbeat), so a page view never starts a stream.
     */
    async openForCheck(input: { userId: string; deviceId: string; profileId: string; item: StreamItem; now: Date; aliveSince: Date }): Promise<StreamRow> {
      const t = streamSessions;
      // Whether the existing row keeps playing: the same item, active, heard from within the alive window.
      const keeps = sql`(${t.state} = 'active' and ${t.itemUid} = excluded.item_uid and ${t.lastSeenAt} > ${input.aliveSince.toISOString()}::timestamptz)`;
      const [row] = await db
        .insert(t)
        .values({
          userId: input.userId, deviceId: input.deviceId, profileId: input.profileId,
          itemUid: input.item.uid, itemTitle: input.item.title, mediaSlug: input.item.slug,
          state: 'pending', lastSeenAt: input.now, checkedAt: input.now, createdAt: input.now,
        })
        .onConflictDoUpdate({
          target: [t.userId, t.deviceId],
          set: {
            profileId: sql`excluded.profile_id`,
            itemUid: sql`excluded.item_uid`,
            itemTitle: sql`excluded.item_title`,
            mediaSlug: sql`excluded.media_slug`,
            state: sql`case when ${keeps} then 'active' else 'pending' end`,
            startedAt: sql`case when ${keeps} then ${t.startedAt} else null end`,
            positionSeconds: sql`case when ${t.itemUid} = excluded.item_uid then ${t.positionSeconds} else null end`,
            // A kept stream's freshness is its heartbeats' business; a pending one gets the alive window from now.
            lastSeenAt: sql`case when ${keeps} then ${t.lastSeenAt} else excluded.last_seen_at end`,
            stoppedAt: null,
            stoppedBy: null,
            checkedAt: sql`excluded.checked_at`,
          },
        })
        .returning();
      if (!row) throw new Error('upsert stream_sessions returned nothing');
      return row;
    },

    /** A stream of this account (any device). */
    async ofAccount(id: string, userId: string): Promise<StreamRow | null> {
      const [row] = await db.select().from(streamSessions).where(and(eq(streamSessions.id, id), eq(streamSessions.userId, userId))).limit(1);
      return row ?? null;
    },

    /** How many streams of every account are active and heard from since `aliveSince`. */
    async countLive(aliveSince: Date): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(streamSessions)
        .where(and(eq(streamSessions.state, 'active'), gt(streamSessions.lastSeenAt, aliveSince)));
      return row?.n ?? 0;
    },

    /** State and freshness of a stream by id, for the media guard. */
    async stateOf(id: string): Promise<{ state: StreamRow['state']; lastSeenAt: Date } | null> {
      const [row] = await db.select({ state: streamSessions.state, lastSeenAt: streamSessions.lastSeenAt }).from(streamSessions).where(eq(streamSessions.id, id)).limit(1);
      return row ?? null;
    },

    /**
     * A heartbeat of a stream that is active and fresh: records it (and the item, which may have moved on to
     * the next episode) without locks. Null when the stream is anything else; the caller then starts it.
     */
    async beat(input: { id: string; userId: string; deviceId: string; item: StreamItem; position: number | null; now: Date; aliveSince: Date }): Promise<StreamRow | null> {
      const t = streamSessions;
      const [row] = await db
        .update(t)
        .set({
          lastSeenAt: input.now, itemUid: input.item.uid, itemTitle: input.item.title, mediaSlug: input.item.slug,
          ...(input.position === null ? {} : { positionSeconds: input.position }),
        })
        .where(and(eq(t.id, input.id), eq(t.userId, input.userId), eq(t.deviceId, input.deviceId), eq(t.state, 'active'), gt(t.lastSeenAt, input.aliveSince)))
        .returning();
      return row ?? null;
    },

    /**
     * A first heartbeat (or the first after the stream went silent): in one transaction that locks the account,
     * counts the account's live streams on other devices against the limit and makes this one active, or answers
     * why not. Parallel starts of one account queue on the lock, so they can never exceed the limit together.
     */
    async start(input: {
      id: string;
      userId: string;
      deviceId: string;
      item: StreamItem;
      position: number | null;
      now: Date;
      aliveSince: Date;
      statuses: readonly EntitlingStatus[];
      freeLimit: number;
    }): Promise<StartResult> {
      return db.transaction(async (tx) => {
        await tx.select({ id: users.id }).from(users).where(eq(users.id, input.userId)).for('update');
        const [own] = await tx
          .select()
          .from(streamSessions)
          .where(and(eq(streamSessions.id, input.id), eq(streamSessions.userId, input.userId), eq(streamSessions.deviceId, input.deviceId)))
          .for('update');
        if (!own) return { ok: false, reason: 'missing' };
        if (own.state === 'stopped') return { ok: false, reason: 'stopped', stream: own };
        const limit = (await tariffLimit(tx, input.userId, input.now, input.statuses)) ?? input.freeLimit;
        const others = (await liveStreams(tx, input.userId, input.aliveSince)).filter((s) => s.stream.deviceId !== input.deviceId);
        if (others.length >= limit) return { ok: false, reason: 'limit', limit, live: others };
        const [stream] = await tx
          .update(streamSessions)
          .set({
            state: 'active', lastSeenAt: input.now,
            // A run that is still live (a second start racing the first) keeps its start; any other begins now.
            startedAt: own.state === 'active' && own.lastSeenAt > input.aliveSince && own.startedAt ? own.startedAt : input.now,
            itemUid: input.item.uid, itemTitle: input.item.title, mediaSlug: input.item.slug,
            ...(input.position === null ? {} : { positionSeconds: input.position }),
          })
          .where(and(eq(streamSessions.id, own.id), ne(streamSessions.state, 'stopped')))
          .returning();
        if (!stream) throw new Error('update stream_sessions returned nothing');
        return { ok: true, stream };
      });
    },

    /** Stops a stream unless it is stopped already; answers the row as it is now. */
    async stop(id: string, userId: string, by: 'self' | 'other_device' | 'server', now: Date): Promise<StreamRow | null> {
      const [row] = await db
        .update(streamSessions)
        .set({ state: 'stopped', stoppedAt: now, stoppedBy: by })
        .where(and(eq(streamSessions.id, id), eq(streamSessions.userId, userId), ne(streamSessions.state, 'stopped')))
        .returning();
      return row ?? null;
    },
  };
}
export type StreamsRepo = ReturnType<typeof createStreamsRepo>;
