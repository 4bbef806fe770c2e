import { sql } from 'drizzle-orm';
import { timestamp, uuid } from 'drizzle-orm/pg-core';

/** The columns every table writes the same way: a random uuid key and the creation time. */
export const id = () => uuid('id').primaryKey().default(sql`gen_random_uuid()`);
export const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
