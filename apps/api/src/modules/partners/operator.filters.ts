import { operatorSubscriptions } from '@ekran/db';
import { and, eq, gt, ne, type SQL } from 'drizzle-orm';

/**
 * Whether an operator subscription entitles now (one rule for playback, auth data, the account
 * page and the stream limit): active, within the billed period, and not out of money (the blocking state of
 * platform §4: a suspended one, or a balance reported as no_money).
 */
export const operatorEntitles = (now: Date): SQL =>
  and(eq(operatorSubscriptions.status, 'active'), gt(operatorSubscriptions.expiresAt, now), ne(operatorSubscriptions.balanceState, 'no_money'))!;
