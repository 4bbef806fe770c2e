import {
  ErrorCode, PROMO_CODE_PATTERN, PromoErrorCode,
  type AuthData, type CouponMeta, type CouponRegistration, type CouponRegistrationRequest, type PromoActivation, type PromoCodeRequest, type PromoGives, type PromoMeta,
  type PromoNewUsersReason,
} from '@ekran/contracts';
import { PromoCodeRequestSchema } from '@ekran/contracts';
import { isEmail, looksLikeEmail, DAY_MS } from '@ekran/core';
import type { Deps as Handles } from '../../deps.ts';
import { AppError } from '../../lib/errors.ts';
import { hashPassword } from '../../lib/passwords.ts';
import type { createAccountsService } from '../accounts/accounts.service.ts';
import { toTariff } from '../billing/billing.mapper.ts';
import type { IdentityService } from '../identity/identity.service.ts';
import type { SessionContext } from '../sessions/session-context.ts';
import { createPromoRepo, type CampaignRow, type CodeRow, type PromoRepo, type TariffRow } from './promo.repo.ts';

const isUniqueViolation = (err: unknown) => (err as { code?: string; cause?: { code?: string } })?.code === '23505' || (err as { cause?: { code?: string } })?.cause?.code === '23505';

// ---- the errors of catalogue §8, one code each (the site maps them to the exact texts)
const err = (status: number, code: string, message: string, extra: ConstructorParameters<typeof AppError>[3] = {}) => new AppError(status, code, message, extra);
export const promoErrors = {
  notFound: () => err(404, PromoErrorCode.NotFound, 'No such promo code'),
  invalidFormat: () => err(400, PromoErrorCode.InvalidFormat, 'A promo code is 3 to 32 letters, digits or dashes'),
  notActive: () => err(409, PromoErrorCode.NotActive, 'The campaign of this code is not active'),
  noLongerAvailable: () => err(409, PromoErrorCode.NoLongerAvailable, 'The campaign of this code is over'),
  noRates: () => err(409, PromoErrorCode.NoRates, 'The campaign of this code has nothing on sale to give'),
  alreadyUsed: () => err(409, PromoErrorCode.AlreadyUsed, 'This code was already activated'),
  externalAccount: () => err(403, PromoErrorCode.ExternalAccount, 'The subscription was bought through another service'),
  notStarted: () => err(409, PromoErrorCode.NotStarted, 'The campaign of this code has not started yet'),
  onePerCampaign: () => err(409, PromoErrorCode.OnePerCampaign, 'Another code of this campaign was already used by this account'),
  newUsersOnly: (reason: PromoNewUsersReason) =>
    err(403, PromoErrorCode.NewUsersOnly, reason === 'had_subscription' ? 'Only for new users: this account already had a subscription' : 'Only for new users: this account was created before the campaign started', { promo_reason: reason }),
  foreignSubscription: () => err(403, PromoErrorCode.ForeignSubscription, 'The account pays through the App Store or Google Play'),
  emailFormat: () => err(400, PromoErrorCode.EmailFormat, 'This is not an email address'),
  invalidEmail: () => err(400, PromoErrorCode.InvalidEmail, 'This email address cannot be registered (spec platform §5 email rules)'),
  authRequired: () => err(401, ErrorCode.AuthRequired, 'Sign in or sign up to activate a code'),
  alreadyRegistered: () => err(409, ErrorCode.AlreadyRegistered, 'This account is already registered'),
  emailTaken: () => err(409, ErrorCode.EmailTaken, 'This email is already registered'),
};

/** A code as stored and compared: upper case; PROMO_INVALID_FORMAT unless it has the shape of one. */
export function normalizeCode(raw: string): string {
  const code = raw.trim();
  if (!PROMO_CODE_PATTERN.test(code)) throw promoErrors.invalidFormat();
  return code.toUpperCase();
}

/**
 * The campaign-wide rules, in the order the viewer is best told about them: switched off, not started, over,
 * nothing to give. Throws the first that fails.
 */
export function assertCampaignUsable(campaign: CampaignRow, grant: { tariff: TariffRow | null; discount: TariffRow | null }, now: Date): void {
  if (!campaign.isActive) throw promoErrors.notActive();
  if (campaign.startsAt && campaign.startsAt > now) throw promoErrors.notStarted();
  if (campaign.endsAt && campaign.endsAt <= now) throw promoErrors.noLongerAvailable();
  if (campaign.maxActivations !== null && campaign.activations >= campaign.maxActivations) throw promoErrors.noLongerAvailable();
  const gives = campaign.discountTariffId ? grant.discount?.isActive : grant.tariff?.isActive && campaign.grantDays;
  if (!gives) throw promoErrors.noRates();
}

export interface UserFacts {
  createdAt: Date;
  hadSubscription: boolean;
  hasExternals: boolean;
  hasForeignSubscription: boolean;
  /** Codes of this campaign the account already used (null: a coupon registration). */
  usedCodeIds: (string | null)[];
}

/** The rules of one account and code (catalogue §8): already used, one per campaign, externals, app stores, new users only. */
export function assertUserMayUse(campaign: CampaignRow, code: CodeRow | null, facts: UserFacts): void {
  if (code && facts.usedCodeIds.includes(code.id)) throw promoErrors.alreadyUsed();
  if (facts.usedCodeIds.length > 0) throw code ? promoErrors.onePerCampaign() : promoErrors.alreadyUsed();
  if (code && code.maxUses !== null && code.uses >= code.maxUses) throw promoErrors.alreadyUsed();
  if (facts.hasExternals) throw promoErrors.externalAccount();
  if (facts.hasForeignSubscription) throw promoErrors.foreignSubscription();
  if (campaign.newUsersOnly) {
    if (facts.hadSubscription) throw promoErrors.newUsersOnly('had_subscription');
    const startedAt = campaign.startsAt ?? campaign.createdAt;
    if (facts.createdAt < startedAt) throw promoErrors.newUsersOnly('registered_before');
  }
}

function gives(campaign: CampaignRow, tariff: TariffRow | null, discount: TariffRow | null): PromoGives {
  if (campaign.discountTariffId && discount) return { kind: 'discount', tariff: toTariff(discount) };
  return { kind: 'days', days: campaign.grantDays ?? 0, tariff_title: tariff?.title ?? '' };
}

type Deps = Pick<Handles, 'env' | 'database' | 'now'>;

/** Promo codes, gift certificates and coupons: what a code gives, and activating it once, atomically. */
export function createPromoService(
  deps: Deps,
  { identity, accounts }: { identity: IdentityService; accounts: Pick<ReturnType<typeof createAccountsService>, 'resendConfirmation' | 'isEmailTaken' | 'registerVirtualIn'> },
) {
  const { db } = deps.database;
  const repo = createPromoRepo(db);

  async function grantOf(campaign: CampaignRow, r: PromoRepo = repo) {
    const [tariff, discount] = await Promise.all([r.tariff(campaign.tariffId), r.tariff(campaign.discountTariffId)]);
    return { tariff, discount };
  }

  /**
   * Inside the caller's transaction, with the code and campaign rows locked: the rules, then the grant (a new
   * promo subscription, or the live one extended from its expiry; nothing for a discount) and the activation.
   * The uses are counted with guarded updates and the unique keys of promo_activations catch a repeat, so two
   * concurrent activations of a one-use code cannot both win.
   */
  async function activateLocked(r: PromoRepo, userId: string, campaign: CampaignRow, code: CodeRow | null, now: Date, skipAgeRule = false): Promise<PromoActivation> {
    const grant = await grantOf(campaign, r);
    assertCampaignUsable(campaign, grant, now);
    const facts = await r.userFacts(userId, campaign.id, now);
    if (!facts) throw promoErrors.authRequired();
    // A coupon registration makes the account new at this moment (it was only a virtual visitor before).
    assertUserMayUse(campaign, code, skipAgeRule ? { ...facts, createdAt: now } : facts);
    if (code && !(await r.useCode(code.id))) throw promoErrors.alreadyUsed();
    if (!(await r.countActivation(campaign.id))) throw promoErrors.noLongerAvailable();

    let subscription: PromoActivation['subscription'] = null;
    let subscriptionId: string | null = null;
    if (!campaign.discountTariffId && grant.tariff && campaign.grantDays) {
      const days = campaign.grantDays;
      const live = await r.liveSubscriptionForUpdate(userId, now);
      if (live) {
        // spec: the free days follow the live subscription (its renewal, if any, moves with them).
        const expires = new Date(live.expiresAt.getTime() + days * DAY_MS);
        const billing = live.billingExpiresAt ? new Date(live.billingExpiresAt.getTime() + days * DAY_MS) : null;
        const row = await r.extendSubscription(live.id, expires, billing, now);
        const tariff = (await r.tariff(row.tariffId)) ?? grant.tariff;
        subscriptionId = row.id;
        subscription = { _id: row.id, tariff_title: tariff.title, days, expires_at: row.expiresAt.toISOString(), extended: true };
      } else {
        const row = await r.insertSubscription({
          userId, tariffId: grant.tariff.id, status: 'active', startedAt: now, expiresAt: new Date(now.getTime() + days * DAY_MS), isRecurrent: false, source: 'promo',
        });
        subscriptionId = row.id;
        subscription = { _id: row.id, tariff_title: grant.tariff.title, days, expires_at: row.expiresAt.toISOString(), extended: false };
      }
    }
    await r.insertActivation({ codeId: code?.id ?? null, campaignId: campaign.id, userId, subscriptionId, createdAt: now });
    return {
      code: code?.code ?? null,
      campaign: { alias: campaign.alias, title: campaign.title, kind: campaign.kind },
      subscription,
      discount_tariff: campaign.discountTariffId && grant.discount ? toTariff(grant.discount) : null,
    };
  }

  /** Unique violations inside an activation are a lost race with the same account (another tab): already used. */
  const raced = (e: unknown): never => {
    if (isUniqueViolation(e)) throw promoErrors.alreadyUsed();
    throw e;
  };

  return {
    /** spec platform §7 promo check (meta): the code's campaign and what it gives; the account's own rules when it is registered. */
    async check(session: SessionContext, body: PromoCodeRequest): Promise<PromoMeta> {
      const input = PromoCodeRequestSchema.parse(body);
      const code = normalizeCode(input.code);
      const found = await repo.codeWithCampaign(code);
      if (!found || (input.premium && !found.campaign.isPremium) || found.campaign.kind === 'coupon') throw promoErrors.notFound();
      const now = deps.now();
      const grant = await grantOf(found.campaign);
      assertCampaignUsable(found.campaign, grant, now);
      if (!session.isVirtual) {
        const facts = await repo.userFacts(session.userId, found.campaign.id, now);
        if (facts) assertUserMayUse(found.campaign, found.code, facts);
      } else if (found.code.maxUses !== null && found.code.uses >= found.code.maxUses) {
        throw promoErrors.alreadyUsed();
      }
      const c = found.campaign;
      return {
        code: found.code.code,
        campaign: { alias: c.alias, title: c.title, kind: c.kind, is_premium: c.isPremium, ends_at: c.endsAt?.toISOString() ?? null },
        gives: gives(c, grant.tariff, grant.discount),
      };
    },

    /** spec platform §7 promo activate: registered accounts only; one transaction for the rules, the grant and the record. */
    async activate(session: SessionContext, body: PromoCodeRequest): Promise<PromoActivation> {
      if (session.isVirtual) throw promoErrors.authRequired();
      const input = PromoCodeRequestSchema.parse(body);
      const code = normalizeCode(input.code);
      const now = deps.now();
      return db
        .transaction(async (tx) => {
          const r = createPromoRepo(tx);
          // FOR UPDATE over the join locks the code and its campaign row (so max_activations holds too) and,
          // after waiting, reads what the winner of a race committed.
          const found = await r.codeWithCampaign(code, true);
          if (!found || (input.premium && !found.campaign.isPremium) || found.campaign.kind === 'coupon') throw promoErrors.notFound();
          return activateLocked(r, session.userId, found.campaign, found.code, now);
        })
        .catch(raced);
    },

    /** spec platform §7 coupon meta: the landing's campaign and what registering gives. */
    async coupon(alias: string): Promise<CouponMeta> {
      const campaign = await repo.campaignByAlias(alias, 'coupon');
      if (!campaign) throw promoErrors.notFound();
      const grant = await grantOf(campaign);
      assertCampaignUsable(campaign, grant, deps.now());
      return { alias: campaign.alias, title: campaign.title, gives: gives(campaign, grant.tariff, grant.discount), ends_at: campaign.endsAt?.toISOString() ?? null };
    },

    /**
     * /coupon/registration/{promo}: the visitor (a virtual user) registers by email and password and gets the
     * coupon's grant in the same transaction; the confirmation letter follows as for any email sign-up.
     */
    async registerWithCoupon(session: SessionContext, alias: string, body: CouponRegistrationRequest): Promise<CouponRegistration> {
      if (!session.isVirtual) throw promoErrors.alreadyRegistered();
      if (!looksLikeEmail(body.email) || !body.email.includes('@')) throw promoErrors.emailFormat();
      if (!isEmail(body.email)) throw promoErrors.invalidEmail();
      const now = deps.now();
      // Checked before the password is hashed, so a dead coupon answers at once.
      const campaign = await repo.campaignByAlias(alias, 'coupon');
      if (!campaign) throw promoErrors.notFound();
      assertCampaignUsable(campaign, await grantOf(campaign), now);
      if (await accounts.isEmailTaken(body.email)) throw promoErrors.emailTaken();
      const passwordHash = await hashPassword(body.password);
      const activation = await db
        .transaction(async (tx) => {
          const r = createPromoRepo(tx);
          const locked = await r.campaignByAlias(alias, 'coupon', true);
          if (!locked) throw promoErrors.notFound();
          const user = await accounts.registerVirtualIn(tx, session.userId, body.email, passwordHash);
          if (!user) throw promoErrors.alreadyRegistered();
          return activateLocked(r, session.userId, locked, null, now, true);
        })
        .catch((e: unknown) => {
          // The address was taken by someone else in the meantime (users_email_key), or a second tab won.
          if (isUniqueViolation(e)) throw (e as { constraint?: string; cause?: { constraint?: string } })?.cause?.constraint === 'users_email_key' || (e as { constraint?: string }).constraint === 'users_email_key' ? promoErrors.emailTaken() : promoErrors.alreadyUsed();
          throw e;
        });
      // The account exists now; a lost letter is re-sent from the confirmation page (as the email sign-up does).
      await accounts.resendConfirmation(session).catch((e: unknown) => {
        if (!(e instanceof AppError) || e.status !== 503) throw e;
      });
      const auth: AuthData = await identity.refresh(session.token);
      return { auth, activation };
    },
  };
}
export type PromoService = ReturnType<typeof createPromoService>;
