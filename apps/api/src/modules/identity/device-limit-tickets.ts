import { isUuid } from '@ekran/core';
import { deviceLimitTickets, type Db } from '@ekran/db';
import { ErrorCode } from '@ekran/contracts';
import { and, eq, gt, isNull } from 'drizzle-orm';
import { AppError } from '../../lib/errors.ts';
import { hmac, safeEqual } from '../../lib/tokens.ts';
import type { NewDevice } from './identity.repo.ts';

/** A device-limit ticket lives this long: time to choose a device to remove, not to keep it around. */
export const DEVICE_LIMIT_TICKET_TTL_MS = 10 * 60_000;

const invalid = () => new AppError(403, ErrorCode.InvalidTicket, 'The device-limit ticket is invalid, expired or used; sign in again');

export type DeviceLimitTicket = typeof deviceLimitTickets.$inferSelect;

/**
 * Tickets of sign-ins stopped by the device limit. The ticket is `{id}.{HMAC(id, user, device, expiry)}`:
 * the row says what the sign-in was, the signature makes a guessed or altered ticket worthless, and the
 * row's used_at makes it single use.
 */
export function createDeviceLimitTickets(db: Db, secret: string, now: () => Date) {
  const sign = (row: Pick<DeviceLimitTicket, 'id' | 'userId' | 'deviceUid' | 'expiresAt'>) =>
    hmac(secret, `device-limit-ticket:${row.id}:${row.userId}:${row.deviceUid}:${row.expiresAt.getTime()}`);

  return {
    async issue(input: { userId: string; device: NewDevice; apiClientId: string; sessionId: string | null }) {
      const at = now();
      const [row] = await db
        .insert(deviceLimitTickets)
        .values({
          userId: input.userId,
          deviceUid: input.device.uid,
          deviceType: input.device.type,
          userAgent: input.device.userAgent,
          apiClientId: input.apiClientId,
          sessionId: input.sessionId,
          expiresAt: new Date(at.getTime() + DEVICE_LIMIT_TICKET_TTL_MS),
          createdAt: at,
        })
        .returning();
      if (!row) throw new Error('insert device_limit_tickets returned nothing');
      return { ticket: `${row.id}.${sign(row)}`, expiresAt: row.expiresAt };
    },

    /** The unused, unexpired ticket behind a token, or 403 INVALID_TICKET. */
    async verify(token: string): Promise<DeviceLimitTicket> {
      const [id, signature, ...rest] = token.split('.');
      if (!id || !signature || rest.length || !isUuid(id)) throw invalid();
      const [row] = await db.select().from(deviceLimitTickets).where(eq(deviceLimitTickets.id, id)).limit(1);
      if (!row || !safeEqual(signature, sign(row)) || row.usedAt || row.expiresAt <= now()) throw invalid();
      return row;
    },

    /** Marks the ticket used; only one of two concurrent uses wins. */
    async consume(id: string): Promise<void> {
      const at = now();
      const used = await db
        .update(deviceLimitTickets)
        .set({ usedAt: at })
        .where(and(eq(deviceLimitTickets.id, id), isNull(deviceLimitTickets.usedAt), gt(deviceLimitTickets.expiresAt, at)))
        .returning({ id: deviceLimitTickets.id });
      if (used.length === 0) throw invalid();
    },
  };
}
