import type { AuthData, DeviceLoginRequest, LoginCheck } from '@ekran/contracts';
import { DAY_MS, isEntitling, isKidsAgeCap, isLive, operatorPopupOf, pinStatusOf } from '@ekran/core';
import { ErrorCode } from '@ekran/contracts';
import type { Deps } from '../../deps.ts';
import { AppError, unauthorized } from '../../lib/errors.ts';
import { hashToken, newToken } from '../../lib/tokens.ts';
import type { SessionContext } from '../sessions/session-context.ts';
import { toAuthData } from './identity.mapper.ts';
import { createIdentityRepo, type DeviceRow, type SessionRow, type ExternalSubscriptionRow, type ProfileRow, type SubscriptionRow, type UserRow } from './identity.repo.ts';
import type { IdentityRow } from '../social/social.types.ts';
import type { OperatorSubscriptionRow } from '../partners/operator.types.ts';
import { requestCountry } from '../../lib/geo-plugin.ts';
import { createTtlCache } from '../../lib/ttl-cache.ts';
import { createSessionCache } from './session-cache.ts';


export type { SessionContext } from '../sessions/session-context.ts';

// Refresh the sliding expiry at most this often, so reads do not write on every call.
const TOUCH_EVERY_MS = 10 * 60_000;

/**
 * What the auth data (spec platform §3) reads from the modules that sit on top of identity: the linked social
 * identities, the parental-control facts behind pin_status, and the operator subscription. Those modules use
 * identity to sign in, so identity cannot call them; the composition root (services.ts) hands their readers in.
 */
export interface AuthDataSources {
  socialIdentities(userId: string): Promise<IdentityRow[]>;
  pinFacts(userId: string): Promise<{ childProfiles: number; hasPin: boolean; skipped: boolean }>;
  /** The operator subscription that entitles now, or null. */
  operatorSubscription(userId: string, now: Date): Promise<OperatorSubscriptionRow | null>;
}

/** Accounts and sessions: device login, refresh, session resolution. */
export function createIdentityService(deps: Pick<Deps, 'env' | 'database' | 'now'>, sources: AuthDataSources) {
  const repo = createIdentityRepo(deps.database.db);
  const ttlMs = deps.env.SESSION_TTL_DAYS * DAY_MS;
  // The visitor's country of the request being handled (spec platform §6; lib/geo-plugin.ts),
  // DEFAULT_COUNTRY_CODE outside a request.
  const countryNow = () => requestCountry() ?? deps.env.DEFAULT_COUNTRY_CODE;
  // A session's auth data, kept under the account's version (decision 047): a sign-out ends the session (the lookup
  // finds none), a purchase or a profile edit moves the version, a profile switch changes the key's profile. The TTL
  // bounds only what the clock changes. About 2 KB an entry.
  const accountTtlMs = deps.env.ACCOUNT_CACHE_SECONDS * 1000;
  const kept = createTtlCache<AuthData>({ ttlMs: accountTtlMs, maxEntries: 20_000, now: () => deps.now().getTime(), name: 'account' });
  // The sessions themselves, for as long and only while the database's announcements of changes are heard
  // (session-cache.ts, decision 049): then a page's API calls find the session without a query.
  const sessionsKept = createSessionCache<SessionRow>({ ttlMs: accountTtlMs, maxEntries: 50_000, now: () => deps.now().getTime() });

  /** The live session of a token hash (kept or looked up), its sliding expiry extended now and then. */
  async function findSession(hash: string, now: Date): Promise<SessionRow | null> {
    const found = await sessionsKept.get(hash, () => repo.findSession(hash, now));
    if (found && now.getTime() - found.session.lastUsedAt.getTime() > TOUCH_EVERY_MS) {
      const expiresAt = new Date(now.getTime() + ttlMs);
      await repo.touchSession(found.session.id, now, expiresAt, found.session.deviceId);
      sessionsKept.touched(hash, now, expiresAt);
    }
    return found;
  }

  /** What auth data is made of besides the user and profile rows. */
  interface AccountFacts {
    devices: DeviceRow[];
    subscriptions: SubscriptionRow[];
    social: IdentityRow[];
    pin: { childProfiles: number; hasPin: boolean; skipped: boolean };
    externals: ExternalSubscriptionRow[];
    hadTrialOrder: boolean;
    operatorLive: OperatorSubscriptionRow | null;
  }

  async function authData(ctx: { userId: string; token: string; countryCode: string }, user: UserRow, profile: ProfileRow): Promise<AuthData> {
    const now = deps.now();
    const [devices, subscriptions, social, pin, externals, hadTrialOrder, operatorLive] = await Promise.all([
      repo.listDevices(ctx.userId), repo.listSubscriptions(ctx.userId), sources.socialIdentities(ctx.userId), sources.pinFacts(ctx.userId),
      repo.listLiveExternals(ctx.userId, now), repo.hadTrialOrder(ctx.userId),
      // Only an operator customer's account can hold one; and none while its popup blocks (no_money).
      user.isOperator && user.operatorPopup !== 'no_money' ? sources.operatorSubscription(ctx.userId, now) : null,
    ]);
    return authDataOf(ctx, user, profile, { devices, subscriptions, social, pin, externals, hadTrialOrder, operatorLive });
  }

  function authDataOf(ctx: { token: string; countryCode: string }, user: UserRow, profile: ProfileRow, facts: AccountFacts): AuthData {
    const now = deps.now();
    // A subscription in its billing window (grace: a renewal failed and is retried) still plays.
    const live = facts.subscriptions.filter((s) => s.expiresAt > now || (isEntitling(s.status) && isLive(s, now)));
    const pinStatus = pinStatusOf({ isVirtual: user.isVirtual, ...facts.pin });
    // A trial is for those who never had a subscription, and never had a trial (a trial order that
    // went through counts even when its subscription is gone, e.g. refunded and removed by support).
    const trialIsAvailable = facts.subscriptions.length === 0 && !facts.hadTrialOrder;
    // spec platform §6 Operator customer: popups by mf_info, and the no_app popup in the configured countries.
    const operatorPopup = operatorPopupOf({
      isOperator: user.isOperator, storedPopup: user.operatorPopup, countryCode: ctx.countryCode, noAppSeenCountry: user.operatorNoAppSeenCountry,
      noAppCountries: deps.env.OPERATOR_APP_UNAVAILABLE_COUNTRIES,
    });
    return toAuthData({
      user, profile, devices: facts.devices, subscriptions: live, token: ctx.token, countryCode: ctx.countryCode, trialIsAvailable, social: facts.social, pinStatus,
      externals: facts.externals, operator: facts.operatorLive, operatorPopup,
    });
  }

  /**
   * The 401 for a token without a live session: DEVICE_REMOVED when its device was removed from the
   * account (so that client can tell the viewer), the plain one otherwise.
   */
  async function endedSessionError(token: string): Promise<AppError> {
    const reason = token.length >= 16 && token.length <= 256 ? await repo.endReasonOf(hashToken(token)) : null;
    if (reason === 'device_removed') return new AppError(401, ErrorCode.DeviceRemoved, 'This device was removed from the account; sign in again');
    return unauthorized('Session expired or unknown');
  }

  return {
    /** spec platform §4 Session: a device login creates a virtual user with its own session. */
    async deviceLogin(input: DeviceLoginRequest, apiClientId: string, userAgent: string | null = null): Promise<AuthData> {
      const token = newToken();
      const now = deps.now();
      const countryCode = countryNow();
      const { user, profile, device } = await repo.createVirtualUserSession({
        countryCode,
        trafficSource: input.traffic_source ?? null,
        isChild: input.is_child,
        deviceUid: input.device_id,
        deviceType: input.device_type,
        userAgent,
        tokenHash: hashToken(token),
        apiClientId,
        expiresAt: new Date(now.getTime() + ttlMs),
        now,
      });
      // Everything else of an account made a moment ago is known: asking the database would only read it back.
      return authDataOf({ token, countryCode }, user, profile, {
        devices: [device], subscriptions: [], social: [], pin: { childProfiles: profile.isChild ? 1 : 0, hasPin: false, skipped: false }, externals: [],
        hadTrialOrder: false, operatorLive: null,
      });
    },

    /**
     * spec platform §2 /auth: the login step sends an email with an account to its password and a new one to
     * sign-up. The route counts the addresses asked about (decision 037); this only answers.
     */
    async checkLogin(email: string): Promise<LoginCheck> {
      return { email, exists: await repo.hasAccountWithEmail(email) };
    },

    /** spec platform §7 auth refresh: the current user data, or 401 for an unknown or expired token. */
    async refresh(token: string | undefined): Promise<AuthData> {
      if (!token) throw unauthorized('No session token');
      const now = deps.now();
      const found = await findSession(hashToken(token), now);
      if (!found) throw await endedSessionError(token);
      const countryCode = countryNow();
      const load = () => authData({ userId: found.user.id, token, countryCode }, found.user, found.profile);
      return kept.get(`${found.session.id}:${found.profile.id}:${found.accountVersion}:${countryCode}`, load);
    },

    /** The session behind a token, or null; extends its sliding expiry now and then. */
    async resolveSession(token: string): Promise<SessionContext | null> {
      if (token.length < 16 || token.length > 256) return null;
      const now = deps.now();
      const found = await findSession(hashToken(token), now);
      if (!found) return null;
      return {
        sessionId: found.session.id,
        userId: found.user.id,
        profileId: found.profile.id,
        deviceId: found.session.deviceId,
        isVirtual: found.user.isVirtual,
        isChild: found.profile.isChild,
        ageCap: found.profile.isChild && isKidsAgeCap(found.profile.ageCap) ? found.profile.ageCap : null,
        countryCode: countryNow(),
        token,
        accountVersion: found.accountVersion,
        roles: found.user.roles,
      };
    },

    endedSessionError,

    /** The database announced a change of this account or of one of its sessions (migration 0024). */
    accountChanged: (userId: string) => sessionsKept.changed(userId),
    /** Whether this process hears those announcements; sessions are kept only while it does. */
    accountChangesHeard: (heard: boolean) => sessionsKept.live(heard),
    /** The listener of those announcements, which says when every one committed so far has been heard. */
    hearAccountChangesWith: (listener: { caughtUp(): Promise<boolean> }) => sessionsKept.hearWith(listener),

    // The account's devices, as the devices module reads and changes them (identity keeps the devices and sessions).
    /** The account's devices, oldest first. */
    listDevices(userId: string) {
      return repo.listDevices(userId);
    },
    /** The account's device by its uid, or null. */
    deviceByUid(userId: string, uid: string) {
      return repo.deviceByUid(userId, uid);
    },
    /** Registers a device to the account (obeying the limit) and moves the session onto it. */
    registerDevice(input: Parameters<typeof repo.registerDevice>[0]) {
      return repo.registerDevice(input);
    },
    /** Removes a device of the account and ends its sessions; false when the account has no such device. */
    removeDevice(userId: string, deviceId: string, at: Date): Promise<boolean> {
      return repo.removeDevice(userId, deviceId, at);
    },

    /** Revokes a session on the server (sign-out); a revoked one stays revoked. */
    revokeSession(sessionId: string, at: Date): Promise<void> {
      return repo.revokeSession(sessionId, at);
    },
  };
}
export type IdentityService = ReturnType<typeof createIdentityService>;
