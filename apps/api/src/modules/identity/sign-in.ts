import { DAY_MS } from '@ekran/core';
import type { AuthData } from '@ekran/contracts';
import { ErrorCode, SESSION_COOKIE } from '@ekran/contracts';
import type { FastifyReply } from 'fastify';
import { randomUUID } from 'node:crypto';
import type { Deps } from '../../deps.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { hashToken, newToken } from '../../lib/tokens.ts';
import { sessionCookieOptions } from '../../plugins/session.ts';
import { toAccountDevice } from '../devices/device-name.ts';
import { createDeviceLimitTickets } from './device-limit-tickets.ts';
import { createIdentityRepo, type DeviceRow, type MayAddDevice, type NewDevice } from './identity.repo.ts';
import type { IdentityService } from './identity.service.ts';
import type { SessionContext } from '../sessions/session-context.ts';

/**
 * Devices a virtual user may register: it is one visitor's browser, so it needs few, but it is outside the
 * account's device limit (and its popup); this bound only stops an anonymous caller filling the table.
 */
export const VIRTUAL_DEVICE_LIMIT = 10;

/** The rule of the device limit: a registered account holds at most `limit` devices, a virtual user VIRTUAL_DEVICE_LIMIT. */
export const mayAddDevice = (limit: number): MayAddDevice => (user, devices) => devices.length < (user.isVirtual ? VIRTUAL_DEVICE_LIMIT : limit);

/** spec platform §8: 403 DEVICE_COUNT_EXCEEDED names the devices (and, for a sign-in, the ticket that completes it). */
export function deviceCountExceeded(limit: number, devices: DeviceRow[], ticket: { ticket: string; expiresAt: Date } | null, currentDeviceId: string | null = null): AppError {
  return new AppError(403, ErrorCode.DeviceCountExceeded, `The account already has ${devices.length} devices (the limit is ${limit}); remove one first`, {
    device_limit: {
      limit,
      devices: devices.map((d) => toAccountDevice(d, currentDeviceId)),
      ticket: ticket?.ticket ?? null,
      ticket_expires_at: ticket?.expiresAt.toISOString() ?? null,
    },
  });
}

/**
 * The one way a user gets a new session on this device, whatever proved who they are (password, SMS code,
 * a social provider). Device registration and its limit live here so every sign-in obeys them.
 */
export function createSignIn(deps: Pick<Deps, 'env' | 'database' | 'now'>, { identity }: { identity: IdentityService }) {
  const repo = createIdentityRepo(deps.database.db);
  const tickets = createDeviceLimitTickets(deps.database.db, deps.env.CODE_SECRET, deps.now);
  const cookieOptions = sessionCookieOptions(deps.env);
  const mayAdd = mayAddDevice(deps.env.DEVICE_LIMIT);

  /**
   * A session of the user on the device, registered to the account when new and the limit allows it;
   * otherwise 403 DEVICE_COUNT_EXCEEDED with a ticket that lets this caller remove a device and finish.
   */
  async function start(input: { userId: string; apiClientId: string; device: NewDevice; current: SessionContext | null }): Promise<AuthData> {
    const token = newToken();
    const now = deps.now();
    const created = await repo.createSession({
      userId: input.userId,
      tokenHash: hashToken(token),
      apiClientId: input.apiClientId,
      expiresAt: new Date(now.getTime() + deps.env.SESSION_TTL_DAYS * DAY_MS),
      now,
      device: input.device,
      mayAdd,
    });
    if (!created.ok) {
      const ticket = await tickets.issue({ userId: input.userId, device: input.device, apiClientId: input.apiClientId, sessionId: input.current?.sessionId ?? null });
      throw deviceCountExceeded(deps.env.DEVICE_LIMIT, created.devices, ticket);
    }
    // The caller's earlier session ends when it belonged to someone else: the browser now holds the account's.
    if (input.current && input.current.userId !== input.userId) await repo.revokeSession(input.current.sessionId, now);
    return identity.refresh(token);
  }

  return {
    /**
     * A new session of the user on the caller's device (registered to the account when new). A caller
     * without a device (no device login first) counts as a new device every time, so it cannot slip past
     * the limit.
     */
    async signIn(input: { userId: string; apiClientId: string; current: SessionContext | null; userAgent?: string | null }): Promise<AuthData> {
      const known = await repo.deviceUidOf(input.current?.deviceId ?? null);
      const device: NewDevice = known
        ? { uid: known.uid, type: known.type, userAgent: input.userAgent ?? known.userAgent }
        : { uid: `unregistered-${randomUUID()}`, type: 'web', userAgent: input.userAgent ?? null };
      return start({ userId: input.userId, apiClientId: input.apiClientId, device, current: input.current });
    },

    /**
     * A new session of the user on a device another client named (a TV signed in by a code the viewer confirmed
     * on the site, RFC 8628): the same registration, limit and ticket as any sign-in; the TV holds no session yet.
     */
    async signInDevice(input: { userId: string; apiClientId: string; device: NewDevice }): Promise<AuthData> {
      return start({ ...input, current: null });
    },

    /**
     * Completes a sign-in stopped by the device limit: the ticket's account loses the chosen device (its
     * sessions end as removed) and the sign-in it names goes on. Only the client and session that got the
     * ticket may use it, once, within its lifetime.
     */
    async resolveDeviceLimit(input: { ticket: string; removeDeviceId: string; apiClientId: string; current: SessionContext | null }): Promise<AuthData> {
      const ticket = await tickets.verify(input.ticket);
      if (ticket.apiClientId !== input.apiClientId || (ticket.sessionId && ticket.sessionId !== input.current?.sessionId)) {
        throw new AppError(403, ErrorCode.InvalidTicket, 'This ticket belongs to another session or client; sign in again');
      }
      const devices = await repo.listDevices(ticket.userId);
      if (!devices.some((d) => d.id === input.removeDeviceId)) throw notFound(`Device ${input.removeDeviceId}`);
      await tickets.consume(ticket.id);
      await repo.removeDevice(ticket.userId, input.removeDeviceId, deps.now());
      return start({
        userId: ticket.userId,
        apiClientId: ticket.apiClientId,
        device: { uid: ticket.deviceUid, type: ticket.deviceType, userAgent: ticket.userAgent },
        current: input.current,
      });
    },

    /** Puts the new session's token in the web cookie. */
    setCookie(reply: FastifyReply, data: AuthData) {
      void reply.setCookie(SESSION_COOKIE, data.authentication_token, cookieOptions);
    },
  };
}
export type SignIn = ReturnType<typeof createSignIn>;

/** Identity and the one sign-in, as the composition root builds them once (services.ts). */
export interface AuthServices {
  identity: IdentityService;
  signIn: SignIn;
}
