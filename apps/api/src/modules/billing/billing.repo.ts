import { tariffs, type Db } from '@ekran/db';
import { and, asc, eq, isNull } from 'drizzle-orm';

export type TariffRow = typeof tariffs.$inferSelect;

/** Drizzle queries of tariffs; no rules. */
export function createBillingRepo(db: Db) {
  return {
    /**
     * Active tariffs of a sales channel (null: the regular list), in weight order, then cheapest first. Discount
     * tariffs that are not listed (issue 6: reached through an offer or a chain) stay off the list but can be bought.
     */
    activeTariffs(channel: string | null) {
      return db
        .select()
        .from(tariffs)
        .where(and(eq(tariffs.isActive, true), eq(tariffs.isListed, true), channel === null ? isNull(tariffs.channel) : eq(tariffs.channel, channel)))
        .orderBy(asc(tariffs.weight), asc(tariffs.price), asc(tariffs.alias));
    },
  };
}
export type BillingRepo = ReturnType<typeof createBillingRepo>;
