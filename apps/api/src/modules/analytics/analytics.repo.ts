import { analyticsEvents, type Db } from '@ekran/db';

export type AnalyticsEventRow = typeof analyticsEvents.$inferInsert;

/** Drizzle queries of analytics events; no rules. */
export function createAnalyticsRepo(db: Db) {
  return {
    /** Stores a batch in one statement. */
    async insert(rows: AnalyticsEventRow[]): Promise<void> {
      if (rows.length > 0) await db.insert(analyticsEvents).values(rows);
    },
  };
}
