import {
  DEVICE_VERIFICATION_PATH, DeviceCodeErrorCode, DeviceTokenError, DeviceTypeSchema, formatUserCode, USER_CODE_ALPHABET, USER_CODE_LENGTH,
  type DeviceAuthorization, type DeviceAuthorizationRequest, type DeviceDecision, type DeviceToken, type DeviceTokenErrorBody,
  type PendingDevice,
} from '@ekran/contracts';
import { DAY_MS } from '@ekran/core';
import { randomInt } from 'node:crypto';
import type { Deps } from '../../deps.ts';
import { AppError } from '../../lib/errors.ts';
import { hashToken, newToken } from '../../lib/tokens.ts';
import { describeUserAgent } from '../devices/device-name.ts';
import type { IdentityService } from '../identity/identity.service.ts';
import { deviceCountExceeded, mayAddDevice, type SignIn } from '../identity/sign-in.ts';
import type { SessionContext } from '../sessions/session-context.ts';
import { createDeviceAuthRepo, type DeviceAuthorizationRow } from './device-auth.repo.ts';

/** RFC 8628 §3.2: the codes live 10 minutes, and the TV polls every 5 seconds (+5 at each slow_down, §3.5). */
export const DEVICE_CODE_TTL_SECONDS = 600;
export const POLL_INTERVAL_SECONDS = 5;
const SLOW_DOWN_STEP_SECONDS = 5;
/** A poll this much early still counts as on time: a TV's timer and the network jitter. */
const POLL_GRACE_MS = 1000;
/** Dead requests are kept a day (support can still see one), then their user codes are free again. */
const KEEP_DEAD_MS = DAY_MS;

/** A poll that gets no token: RFC 8628 §3.5 and RFC 6749 §5.2, in the API's error shape. */
export type DeviceTokenOutcome = { ok: true; token: DeviceToken } | { ok: false; body: DeviceTokenErrorBody };

const DESCRIPTIONS: Record<DeviceTokenErrorBody['error'], string> = {
  authorization_pending: 'The viewer has not confirmed the code yet; poll again after the interval',
  slow_down: 'Polled too soon; keep the new interval between polls',
  access_denied: 'The viewer refused to sign this device in',
  expired_token: 'The code expired; ask for a new one',
  invalid_grant: 'Unknown or already used device code',
};

/** A fresh user code: USER_CODE_LENGTH characters drawn uniformly from the unambiguous alphabet. */
export function newUserCode(): string {
  let code = '';
  for (let i = 0; i < USER_CODE_LENGTH; i++) code += USER_CODE_ALPHABET[randomInt(USER_CODE_ALPHABET.length)];
  return code;
}

/**
 * Signing a TV in by a code (RFC 8628 device authorization grant, docs/decisions/053-tv-sign-in-by-code.md): the TV
 * asks for a code and polls; a signed-up adult confirms the code on the site; the TV's next poll gets its session
 * through the one sign-in (identity's signIn), so the device limit and its ticket apply as to any sign-in.
 */
export function createDeviceAuthService(deps: Pick<Deps, 'env' | 'database' | 'now'>, { identity, signIn }: { identity: IdentityService; signIn: SignIn }) {
  const repo = createDeviceAuthRepo(deps.database.db);
  const mayAdd = mayAddDevice(deps.env.DEVICE_LIMIT);
  const verificationUri = `${deps.env.WEB_ORIGIN}${DEVICE_VERIFICATION_PATH}`;

  const refusal = (error: DeviceTokenErrorBody['error'], interval?: number): DeviceTokenOutcome => ({
    ok: false,
    body: { status: 400, code: error, message: DESCRIPTIONS[error], error, error_description: DESCRIPTIONS[error], ...(interval ? { interval } : {}) },
  });

  const deviceOf = (row: DeviceAuthorizationRow) => ({
    device_type: DeviceTypeSchema.catch('smarttv').parse(row.deviceType),
    device_name: row.deviceName ?? describeUserAgent(row.userAgent).name,
  });

  /** The live, pending request of a typed user code, or the error the site page shows. */
  async function pendingOf(userCode: string): Promise<DeviceAuthorizationRow> {
    const row = await repo.byUserCode(userCode);
    if (!row) throw new AppError(400, DeviceCodeErrorCode.Invalid, 'No such code; check it on the TV screen');
    if (row.expiresAt <= deps.now()) throw new AppError(410, DeviceCodeErrorCode.Expired, 'The code expired; ask the TV for a new one');
    if (row.status !== 'pending') throw new AppError(409, DeviceCodeErrorCode.Used, 'The code was already confirmed or refused');
    return row;
  }

  return {
    /** RFC 8628 §3.1–3.2: a new device code (returned once, kept hashed) and user code for the TV to show. */
    async authorize(input: DeviceAuthorizationRequest, apiClientId: string, userAgent: string | null): Promise<DeviceAuthorization> {
      const now = deps.now();
      await repo.pruneExpired(new Date(now.getTime() - KEEP_DEAD_MS));
      const deviceCode = newToken();
      for (let attempt = 0; attempt < 5; attempt++) {
        const userCode = newUserCode();
        const row = await repo.create({
          deviceCodeHash: hashToken(deviceCode),
          userCode,
          apiClientId,
          deviceUid: input.device_id,
          deviceType: input.device_type,
          deviceName: input.device_name ?? null,
          userAgent,
          intervalSeconds: POLL_INTERVAL_SECONDS,
          createdAt: now,
          expiresAt: new Date(now.getTime() + DEVICE_CODE_TTL_SECONDS * 1000),
        });
        if (!row) continue; // that user code is live elsewhere: draw another
        const shown = formatUserCode(userCode);
        return {
          device_code: deviceCode,
          user_code: shown,
          verification_uri: verificationUri,
          verification_uri_complete: `${verificationUri}?code=${shown}`,
          expires_in: DEVICE_CODE_TTL_SECONDS,
          interval: POLL_INTERVAL_SECONDS,
        };
      }
      throw new Error('no free user code after 5 draws');
    },

    /**
     * RFC 8628 §3.4–3.5: the TV's poll. Pending, denied, expired, too soon and unknown are answers (not thrown); an
     * approved code is taken by one poll only and yields the session of a sign-in on the TV's device, or the
     * device-limit error (403 DEVICE_COUNT_EXCEEDED with its ticket) when the account has no room left by now.
     */
    async token(deviceCode: string, apiClientId: string): Promise<DeviceTokenOutcome> {
      const now = deps.now();
      const row = await repo.byDeviceCodeHash(hashToken(deviceCode));
      // RFC 6749 §5.2: a code is bound to the client it was issued to.
      if (!row || row.apiClientId !== apiClientId || row.status === 'used') return refusal(DeviceTokenError.InvalidGrant);
      if (row.expiresAt <= now) return refusal(DeviceTokenError.ExpiredToken);
      if (!(await repo.poll(row.id, now, POLL_GRACE_MS))) {
        const interval = await repo.slowDown(row.id, now, SLOW_DOWN_STEP_SECONDS);
        return refusal(DeviceTokenError.SlowDown, interval ?? undefined);
      }
      if (row.status === 'pending') return refusal(DeviceTokenError.AuthorizationPending);
      if (row.status === 'denied') return refusal(DeviceTokenError.AccessDenied);
      const claimed = await repo.claim(row.id, now);
      if (!claimed?.userId) return refusal(DeviceTokenError.InvalidGrant);
      const data = await signIn.signInDevice({
        userId: claimed.userId,
        apiClientId,
        device: { uid: claimed.deviceUid, type: claimed.deviceType, userAgent: claimed.userAgent },
      });
      return {
        ok: true,
        token: { ...data, access_token: data.authentication_token, token_type: 'Bearer', expires_in: Math.round((deps.env.SESSION_TTL_DAYS * DAY_MS) / 1000) },
      };
    },

    /** The device waiting behind a typed code, for the site to show before the viewer confirms. */
    async lookup(userCode: string): Promise<PendingDevice> {
      const row = await pendingOf(userCode);
      return { user_code: formatUserCode(row.userCode), ...deviceOf(row), expires_at: row.expiresAt.toISOString() };
    },

    /**
     * The viewer confirms the code: the TV's next poll signs it in to this account. Refused with the device-limit
     * error when the account has no room for the TV (a device it already knows is no new one), so the viewer can
     * free a place in the account's devices and confirm again while the code lives.
     */
    async approve(userCode: string, session: SessionContext): Promise<DeviceDecision> {
      const row = await pendingOf(userCode);
      const devices = await identity.listDevices(session.userId);
      if (!devices.some((d) => d.deviceUid === row.deviceUid) && !mayAdd({ isVirtual: session.isVirtual }, devices)) {
        throw deviceCountExceeded(deps.env.DEVICE_LIMIT, devices, null, session.deviceId);
      }
      return decide(row, session, 'approved');
    },

    /** The viewer refuses the code: the TV's next poll gets access_denied. */
    async deny(userCode: string, session: SessionContext): Promise<DeviceDecision> {
      return decide(await pendingOf(userCode), session, 'denied');
    },
  };

  async function decide(row: DeviceAuthorizationRow, session: SessionContext, status: 'approved' | 'denied'): Promise<DeviceDecision> {
    const decided = await repo.decide(row.id, { userId: session.userId, status, now: deps.now() });
    // Another tab decided first, or the code died a moment ago.
    if (!decided) throw new AppError(409, DeviceCodeErrorCode.Used, 'The code was already confirmed or refused');
    return { user_code: formatUserCode(decided.userCode), status, ...deviceOf(decided) };
  }
}
export type DeviceAuthService = ReturnType<typeof createDeviceAuthService>;
