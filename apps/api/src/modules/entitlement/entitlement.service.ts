import type { PlaybackCheck } from '@ekran/contracts';
import { ErrorCode } from '@ekran/contracts';
import { kidsScopeOf, scopeAllows } from '@ekran/core';
import type { Deps } from '../../deps.ts';
import { AppError, forbidden } from '../../lib/errors.ts';
import { createIpRanges } from '../../lib/ip-ranges.ts';
import { createTtlCache, type CacheRevision } from '../../lib/ttl-cache.ts';
import type { SessionContext } from '../sessions/session-context.ts';
import { createEntitlementRepo, type EntitlementFacts } from './entitlement.repo.ts';

/** What the gate reads of an item: a title's, or a TV channel's or a recording's. */
export interface Gateable {
  forKids: boolean;
  ratingAge: string;
  /** Plays for anyone (an open title; a free channel live). */
  isOpen: boolean;
}

/** What the gate decided for an item that passed every refusal. */
export interface GateResult<T extends Gateable> {
  item: T;
  /** May play it now. */
  entitled: boolean;
  /** Holds an entitling subscription (slots for non-subscribers are not shown to subscribers). */
  subscribed: boolean;
  /** An operator customer out of balance (mf_pop_up no_money). */
  operatorBlocked: boolean;
}

/** A check's answer without a stream. */
const emptyCheck = () => ({ playlists: [], stream: null, markers: null, prerolls: [], postrolls: [], next: null });

/**
 * Entitlement alone answers "may this profile play this item now" (docs/decisions/040-api-composition-root.md), for
 * VOD (playback) and TV (tv-playback) alike: the refusals of spec platform §4 "Playback gating" in their order,
 * then an entitling subscription of ours (core's ENTITLING_STATUSES) or an operator's.
 */
export function createEntitlementService(deps: Pick<Deps, 'env' | 'database' | 'now'>, catalog: { revision?: CacheRevision } = {}) {
  const repo = createEntitlementRepo(deps.database.db);
  // A session's facts are kept under its account's version, as its auth data is (decision 047): a purchase, a lapse
  // the billing job writes, a device added or removed moves the version. Money never reads these: billing asks the
  // database (holdsOperatorSubscription).
  const accountTtlMs = deps.env.ACCOUNT_CACHE_SECONDS * 1000;
  const keptFacts = createTtlCache<EntitlementFacts>({ ttlMs: accountTtlMs, maxEntries: 20_000, now: () => deps.now().getTime(), name: 'entitlement' });
  const factsOf = (session: Pick<SessionContext, 'userId' | 'accountVersion'>, deviceUid?: string): Promise<EntitlementFacts> => {
    const load = () => repo.facts(session.userId, deps.now(), deviceUid);
    return keptFacts.get(`${session.userId}:${session.accountVersion}:${deviceUid ?? ''}`, load);
  };
  // The tariffs a refusal offers are the catalogue's (tariffs bump its revision).
  const catalogTtlMs = deps.env.CATALOG_CACHE_SECONDS * 1000;
  const keptTariffs = createTtlCache<Awaited<ReturnType<typeof repo.activeTariffs>>>({ ttlMs: catalogTtlMs, maxEntries: 1, revision: catalog.revision, name: 'catalog' });
  const activeTariffs = () => keptTariffs.get('active', () => repo.activeTariffs());
  // One refusal per list of tariffs kept, the same object for every refused check: the answer's encoding is
  // remembered per object (lib/memo-serializer.ts), so it is encoded once while the tariffs stay.
  const refusals = new WeakMap<object, PlaybackCheck>();
  // Parsed once at start (env.ts has validated every entry).
  const anonymizers = createIpRanges(deps.env.ANONYMIZER_IP_RANGES);
  const blocked = createIpRanges(deps.env.BLOCKED_IP_RANGES);

  /** A child session plays only kids titles within its age cap: 403 KIDS_PROFILE_RESTRICTED. */
  function refuseOutsideKidsScope(item: Gateable, session: SessionContext | null) {
    if (!scopeAllows(kidsScopeOf(session), item)) throw forbidden('This title is not available in a kids profile', ErrorCode.KidsProfileRestricted);
  }

  /** spec platform §8: 400 whose code and message are USER_USE_ANONYMIZER or FORBIDEN_IP (the client matches the message). */
  function refuseAddress(ip: string) {
    if (anonymizers.has(ip)) throw new AppError(400, ErrorCode.UserUseAnonymizer, ErrorCode.UserUseAnonymizer);
    if (blocked.has(ip)) throw new AppError(400, ErrorCode.ForbiddenIp, ErrorCode.ForbiddenIp);
  }

  return {
    refuseOutsideKidsScope,

    /**
     * The server side of spec platform §4 "Playback gating" for an item found already (its 404 is its owner's),
     * in order: a child profile and an item outside its scope 403 KIDS_PROFILE_RESTRICTED; `refuseRegion` (TV's
     * geo rule, spec platform §6); an anonymizer or a blocked address 400; (a check, which names the device) an
     * unregistered device 403 DEVICE_NOT_REGISTERED; then entitlement: open items play for anyone, the rest need
     * an entitling subscription, and an operator customer whose balance ran out (mf_pop_up no_money, the blocking
     * popup state of platform §4) plays only open items.
     */
    async gate<T extends Gateable>(
      item: T,
      session: SessionContext,
      ip: string,
      device?: { uid: string | undefined },
      options: { refuseRegion?: (session: SessionContext) => void } = {},
    ): Promise<GateResult<T>> {
      refuseOutsideKidsScope(item, session);
      options.refuseRegion?.(session);
      refuseAddress(ip);
      const facts = await factsOf(session, device?.uid);
      if (device) {
        // Without a device id the session's own device stands for it; the stream session belongs to that device,
        // so a session without one cannot hold a stream.
        const registered = device.uid ? facts.deviceRegistered === true : session.deviceId !== null;
        if (!registered || !session.deviceId) throw forbidden('This device is not registered to the account', ErrorCode.DeviceNotRegistered);
      }
      const subscribed = facts.subscribed || facts.operatorSubscribed;
      const operatorBlocked = facts.isOperator && facts.operatorPopup === 'no_money';
      return { item, entitled: item.isOpen || (subscribed && !operatorBlocked), subscribed, operatorBlocked };
    },

    /**
     * Whether the account holds a subscription that entitles playback now: one of ours, or an active operator
     * subscription the operator bills (a suspended one, or one out of money, does not play).
     */
    async isSubscribed(session: Pick<SessionContext, 'userId' | 'accountVersion'>): Promise<boolean> {
      const facts = await factsOf(session);
      return facts.subscribed || facts.operatorSubscribed;
    },

    /** Whether the account holds a partner's subscription (platform §3 externals), as its offers' rules read it. */
    async hasExternals(session: Pick<SessionContext, 'userId' | 'accountVersion'>): Promise<boolean> {
      return (await factsOf(session)).hasExternals;
    },

    /** Whether the account holds an entitling operator subscription (its holder is a subscriber; billing sells it none). */
    async holdsOperatorSubscription(userId: string): Promise<boolean> {
      return (await repo.facts(userId, deps.now())).operatorSubscribed;
    },

    /**
     * spec platform §3 Playback-check response when not entitled: no playlists; the tariffs that would unlock it,
     * or, for an operator customer whose balance ran out, «Пополните баланс и возвращайтесь» (spec platform §8): the
     * operator already bills for the subscription.
     */
    async refusal(gated: { operatorBlocked: boolean }): Promise<PlaybackCheck> {
      if (gated.operatorBlocked) return { ...emptyCheck(), reason: 'insufficient_balance', upgrade_options: [] };
      const tariffs = await activeTariffs();
      let refused: PlaybackCheck | undefined = refusals.get(tariffs);
      if (!refused) {
        refused = {
          ...emptyCheck(),
          reason: 'subscription_required',
          upgrade_options: tariffs.map((t) => ({
            tariff_id: t.id, title: t.title, price: t.price, currency: t.currency, duration_days: t.durationDays,
            allow_trial: t.allowTrial, trial_days: t.trialDays,
          })),
        };
        refusals.set(tariffs, refused);
      }
      return refused;
    },
  };
}
export type EntitlementService = ReturnType<typeof createEntitlementService>;
