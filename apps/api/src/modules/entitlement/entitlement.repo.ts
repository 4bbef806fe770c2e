import { ENTITLING_STATUSES } from '@ekran/core';
import { devices, externalSubscriptions, operatorSubscriptions, subscriptions, tariffs, users, type Db } from '@ekran/db';
import { and, asc, eq, exists, gt, inArray, isNull, or, sql } from 'drizzle-orm';
import { operatorEntitles } from '../partners/operator.filters.ts';

/** What the gate reads of an account, in one round trip. */
export interface EntitlementFacts {
  /** Holds one of our subscriptions in an entitling status within its period or billing window (core isLive). */
  subscribed: boolean;
  /** Holds an operator subscription that entitles now (partners' operatorEntitles). */
  operatorSubscribed: boolean;
  isOperator: boolean;
  operatorPopup: string | null;
  /** The named device is registered to the account; null when no device was named. */
  deviceRegistered: boolean | null;
  /** Holds a partner's subscription (platform §3 externals) not past its end: it buys nothing of ours, but offers read it. */
  hasExternals: boolean;
}

/** Drizzle queries of what entitles an account to play; no rules beyond the SQL form of core's isLive. */
export function createEntitlementRepo(db: Db) {
  // core's isLive in SQL: an entitling status, and the period or the billing window still ahead.
  const ourSubscriptionLive = (now: Date) =>
    and(eq(subscriptions.userId, users.id), inArray(subscriptions.status, ENTITLING_STATUSES), or(gt(subscriptions.expiresAt, now), gt(subscriptions.billingExpiresAt, now)));

  return {
    async facts(userId: string, now: Date, deviceUid?: string): Promise<EntitlementFacts> {
      const [row] = await db
        .select({
          isOperator: users.isOperator,
          operatorPopup: users.operatorPopup,
          subscribed: sql<boolean>`${exists(db.select({ one: sql`1` }).from(subscriptions).where(ourSubscriptionLive(now)))}`,
          operatorSubscribed: sql<boolean>`${exists(
            db.select({ one: sql`1` }).from(operatorSubscriptions).where(and(eq(operatorSubscriptions.userId, users.id), operatorEntitles(now))),
          )}`,
          hasExternals: sql<boolean>`${exists(
            db.select({ one: sql`1` }).from(externalSubscriptions).where(and(eq(externalSubscriptions.userId, users.id), or(isNull(externalSubscriptions.expiresAt), gt(externalSubscriptions.expiresAt, now)))),
          )}`,
          deviceRegistered:
            deviceUid === undefined
              ? sql<boolean | null>`null`
              : sql<boolean>`${exists(db.select({ one: sql`1` }).from(devices).where(and(eq(devices.userId, users.id), eq(devices.deviceUid, deviceUid))))}`,
        })
        .from(users)
        .where(eq(users.id, userId))
        .limit(1);
      return row ?? { isOperator: false, operatorPopup: null, subscribed: false, operatorSubscribed: false, hasExternals: false, deviceRegistered: deviceUid === undefined ? null : false };
    },

    /** The regular tariff list (no special channel), in weight order: what would unlock an item. */
    activeTariffs() {
      return db.select().from(tariffs).where(and(eq(tariffs.isActive, true), isNull(tariffs.channel))).orderBy(asc(tariffs.weight), asc(tariffs.price));
    },
  };
}
export type EntitlementRepo = ReturnType<typeof createEntitlementRepo>;
