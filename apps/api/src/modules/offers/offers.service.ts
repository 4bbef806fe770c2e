import { ErrorCode, type CurrentOffer, type Offer, type OfferAnswer, type OfferAnswerResult, type OfferRecorded } from '@ekran/contracts';
import {
  assignExperiments, OFFER_KINDS, offerRefusal, PLACEMENT_KINDS, UPSELL_COOKIE_DAYS, UPSELL_USER_ID_COOKIE_HOURS, type OfferKind, type OfferPlacement,
  HOUR_MS,
} from '@ekran/core';
import type { Deps as Handles } from '../../deps.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { createTtlCache, type CacheRevision } from '../../lib/ttl-cache.ts';
import { toTariff } from '../billing/billing.mapper.ts';
import type { EntitlementService } from '../entitlement/entitlement.service.ts';
import type { SessionContext } from '../sessions/session-context.ts';
import { createOffersRepo, type OfferRow } from './offers.repo.ts';

type Deps = Pick<Handles, 'env' | 'database' | 'now'>;

export const offerErrors = {
  notRunning: () => new AppError(409, ErrorCode.Conflict, 'This offer is not running (switched off or outside its period)'),
};

const isRunning = (o: OfferRow, now: Date) => o.isActive && (!o.startsAt || o.startsAt <= now) && (!o.endsAt || o.endsAt > now);

/**
 * The offers of the shell's popups (spec platform §4 Offers, §5 upsell, the play-grand popup): which one the
 * visitor gets now, by the rules of core's offerRefusal applied here, on the server; and the per-account record
 * of its show and answer that makes it once-only.
 */
export function createOffersService(
  deps: Pick<Deps, 'env' | 'database' | 'now'>,
  { entitlement, catalog = {} }: { entitlement: Pick<EntitlementService, 'isSubscribed' | 'hasExternals'>; catalog?: { revision?: CacheRevision } },
) {
  const repo = createOffersRepo(deps.database.db);
  // The offers switched on are the catalogue's (offers and tariffs bump its revision), kept as its answers are; whether
  // each is within its period is decided per call, by the clock.
  const catalogTtlMs = deps.env.CATALOG_CACHE_SECONDS * 1000;
  const kept = createTtlCache<Awaited<ReturnType<typeof repo.switchedOn>>>({ ttlMs: catalogTtlMs, maxEntries: 1, revision: catalog.revision, name: 'catalog' });
  const switchedOn = () => kept.get('on', () => repo.switchedOn());
  /** The tariff a discount tariff renews on (platform §3 next_tariff_id), for the words of its price. */
  const nextOf = async (tariff: TariffRow | null) => (tariff?.nextTariffId ? ((await repo.tariffsByIds([tariff.nextTariffId]))[0] ?? null) : null);

  return {
    /**
     * The offer for the visitor at this placement, or none: the kinds of the placement in precedence order (the
     * offer, then play-grand, then the upsell; minus those the browser's cookies rule out), and within a kind the
     * highest priority, that passes every rule.
     */
    async current(session: SessionContext, placement: OfferPlacement, skip: readonly OfferKind[]): Promise<CurrentOffer> {
      const kinds = PLACEMENT_KINDS[placement].filter((k) => !skip.includes(k));
      if (kinds.length === 0) return { offer: null };
      const now = deps.now();
      const candidates = (await switchedOn()).filter(({ offer }) => kinds.includes(offer.kind) && isRunning(offer, now));
      if (candidates.length === 0) return { offer: null };
      const [hasLiveSubscription, hasExternals, shown] = await Promise.all([
        entitlement.isSubscribed(session), entitlement.hasExternals(session), repo.impressions(session.userId),
      ]);
      const impressions = shown.map((s) => s.impression);
      // When an offer of each kind was last shown to the account.
      const lastShown = new Map<OfferKind, Date>();
      for (const { impression, kind } of shown) {
        const before = lastShown.get(kind);
        if (!before || impression.shownAt > before) lastShown.set(kind, impression.shownAt);
      }
      const ab = assignExperiments(session.userId);
      const precedence = (k: OfferKind) => OFFER_KINDS.indexOf(k);
      const ordered = [...candidates].sort((a, b) => precedence(a.offer.kind) - precedence(b.offer.kind));
      for (const { offer, tariff } of ordered) {
        // An offer that sells a tariff no longer on sale has nothing to sell.
        if (offer.tariffId && !tariff?.isActive) continue;
        const imp = impressions.find((i) => i.offerId === offer.id) ?? null;
        const refusal = offerRefusal(
          { kind: offer.kind, audience: offer.audience, countries: offer.countries, isActive: offer.isActive, startsAt: offer.startsAt, endsAt: offer.endsAt },
          {
            countryCode: session.countryCode, isVirtual: session.isVirtual, isChild: session.isChild, hasLiveSubscription, hasExternals, ab,
            impression: imp && { shownAt: imp.shownAt, answeredAt: imp.answeredAt }, lastShownOfKind: lastShown.get(offer.kind) ?? null,
          },
          placement,
          now,
        );
        if (!refusal) return { offer: toOffer(offer, tariff, await nextOf(tariff)) };
      }
      return { offer: null };
    },

    /** Records that the visitor saw the offer (once; the upsell again after its windows). 409 when it is not running. */
    async shown(session: SessionContext, offerId: string, placement: OfferPlacement): Promise<OfferRecorded> {
      const found = await repo.byId(offerId);
      if (!found) throw notFound('Offer');
      const { offer } = found;
      const now = deps.now();
      if (!isRunning(offer, now)) throw offerErrors.notRunning();
      const again =
        offer.kind === 'upsell'
          ? { shownBefore: new Date(now.getTime() - UPSELL_USER_ID_COOKIE_HOURS * HOUR_MS), answeredBefore: new Date(now.getTime() - UPSELL_COOKIE_DAYS * 24 * HOUR_MS) }
          : undefined;
      return { recorded: await repo.recordShown({ offerId, userId: session.userId, placement, at: now }, again) };
    },

    /**
     * Records the visitor's answer, closed or accepted (the first answer stands), and answers the offer: an accepted
     * one is what the site sells next (its tariff's payment link, its code, its landing). Only a running offer with
     * something on sale can be accepted (409 otherwise, and nothing is recorded); closing always records.
     */
    async answer(session: SessionContext, offerId: string, answer: OfferAnswer, placement: OfferPlacement): Promise<OfferAnswerResult> {
      const found = await repo.byId(offerId);
      if (!found) throw notFound('Offer');
      const { offer, tariff } = found;
      const now = deps.now();
      if (answer === 'accepted' && (!isRunning(offer, now) || (offer.tariffId && !tariff?.isActive))) throw offerErrors.notRunning();
      const recorded = await repo.recordAnswer({ offerId, userId: session.userId, placement, answer, at: now });
      return { recorded, offer: toOffer(offer, tariff, await nextOf(tariff)) };
    },
  };
}

type TariffRow = Parameters<typeof toTariff>[0];

function toOffer(row: OfferRow, tariff: TariffRow | null, next: TariffRow | null): Offer {
  return {
    _id: row.id,
    alias: row.alias,
    kind: row.kind,
    title: row.title,
    text: row.text,
    cta_text: row.ctaText,
    image: row.image,
    tariff: tariff ? toTariff(tariff) : null,
    next_tariff: tariff && next ? toTariff(next) : null,
    promo_code: row.promoCode,
    landing: row.landingSlug,
    ends_at: row.endsAt?.toISOString() ?? null,
  };
}
