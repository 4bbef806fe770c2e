// Spec platform §7 promo and coupon paths (check, activate, meta), catalogue §8 promo and activation errors.
import { AccountSubscriptionsSchema, ErrorCode, PromoActivationSchema, PromoErrorCode, PromoMetaSchema, CouponRegistrationSchema } from '@ekran/contracts';
import { paymentMethods, promoActivations, promoCampaigns, promoCodes, subscriptions, users } from '@ekran/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, freshAddress, loginDevice, type TestApp } from '../../test/harness.ts';

let t: TestApp;
let month: { id: string; title: string };
let discount: { id: string };
let n = 0;

beforeAll(async () => {
  t = await createTestApp();
  month = await t.make.tariff({ alias: 'month', title: 'Подписка на месяц', price: 399, durationDays: 30 });
  discount = await t.make.tariff({ alias: 'month-149', title: 'Первый месяц за 149 ₽', price: 149, durationDays: 30, isListed: false, originalId: month.id, recurrentPrice: 399 });
});
afterAll(() => t.close());

const DAY = 86_400_000;
const now = () => t.clock.now;

/** A campaign (30 free days on the month tariff, running) with one code of `maxUses` uses (1 by default; null: unlimited). */
async function campaign(o: Partial<typeof promoCampaigns.$inferInsert> = {}, code?: { code?: string; maxUses?: number | null; uses?: number }) {
  const i = ++n;
  const [c] = await t.db
    .insert(promoCampaigns)
    .values({ alias: `campaign-${i}`, title: `Акция ${i}`, tariffId: month.id, grantDays: 30, startsAt: new Date('2026-01-01T00:00:00Z'), createdAt: new Date('2026-01-01T00:00:00Z'), ...o })
    .returning();
  const [k] = await t.db
    .insert(promoCodes)
    .values({ code: code?.code ?? `CODE${i}X`, campaignId: c!.id, maxUses: code && 'maxUses' in code ? code.maxUses : 1, uses: code?.uses ?? 0 })
    .returning();
  return { campaign: c!, code: k! };
}

/** A registered account (created long ago by default) signed in on a device. */
async function viewer(o: Partial<typeof users.$inferInsert> = {}) {
  const user = await t.make.user({ createdAt: new Date('2025-06-01T00:00:00Z'), ...o });
  const { auth } = await t.make.session({ userId: user.id });
  return { user, auth };
}

// Each call from a new address: this file fails more codes than one address may in an hour (lib/lockout-rules.ts).
const post = (url: string, auth: Record<string, string>, payload: unknown) => t.app.inject({ method: 'POST', url, headers: auth, remoteAddress: freshAddress(), payload: payload as object });
const check = (auth: Record<string, string>, code: unknown, premium?: boolean) => post('/api/v1/promo/check', auth, premium === undefined ? { code } : { code, premium });
const activate = (auth: Record<string, string>, code: unknown, premium?: boolean) => post('/api/v1/promo/activate', auth, premium === undefined ? { code } : { code, premium });

describe('POST /api/v1/promo/check', () => {
  it('tells the campaign and the free days a code gives, whatever its case', async () => {
    const { code } = await campaign({ title: 'Месяц в подарок' }, { code: 'SPRING30' });
    const { auth } = await viewer();
    const res = await check(auth, ' spring30 ');
    expect(res.statusCode).toBe(200);
    const meta = PromoMetaSchema.parse(res.json());
    expect(meta).toMatchObject({ code: code.code, campaign: { title: 'Месяц в подарок', kind: 'promo', is_premium: false }, gives: { kind: 'days', days: 30, tariff_title: 'Подписка на месяц' } });
  });

  it('a discount campaign gives its discount tariff with its payment link', async () => {
    const { code } = await campaign({ tariffId: null, grantDays: null, discountTariffId: discount.id });
    const { auth } = await viewer();
    const meta = PromoMetaSchema.parse((await check(auth, code.code)).json());
    expect(meta.gives).toMatchObject({ kind: 'discount', tariff: { _id: discount.id, price: 149, original_id: month.id, url: `/api/v1/billing/tariffs/${discount.id}/payment` } });
  });

  it('a virtual visitor may check a code (the page then sends it to /auth to activate)', async () => {
    const { code } = await campaign();
    const { auth } = await loginDevice(t);
    expect((await check(auth, code.code)).statusCode).toBe(200);
  });

  it('answers 400 for a missing or non-string code, 401 without a session', async () => {
    const { auth } = await viewer();
    for (const body of [{}, { code: '' }, { code: 12345 }, { code: 'x'.repeat(65) }]) {
      const res = await post('/api/v1/promo/check', auth, body);
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe(ErrorCode.BadRequest);
    }
    const res = await check(t.headers, 'ANYCODE');
    expect(res.statusCode).toBe(401);
  });
});

describe('POST /api/v1/promo/activate', () => {
  it('grants a promo subscription for the free days (active, not recurrent) and records the activation in one go', async () => {
    const { code, campaign: c } = await campaign({}, { code: 'FREE30A' });
    const { user, auth } = await viewer();
    const res = await activate(auth, 'free30a');
    expect(res.statusCode).toBe(200);
    const body = PromoActivationSchema.parse(res.json());
    expect(body.subscription).toMatchObject({ tariff_title: 'Подписка на месяц', days: 30, extended: false, expires_at: new Date(now().getTime() + 30 * DAY).toISOString() });
    expect(body.discount_tariff).toBeNull();
    const [sub] = await t.db.select().from(subscriptions).where(eq(subscriptions.userId, user.id));
    expect(sub).toMatchObject({ id: body.subscription!._id, status: 'active', source: 'promo', isRecurrent: false, tariffId: month.id });
    const acts = await t.db.select().from(promoActivations).where(eq(promoActivations.userId, user.id));
    expect(acts).toEqual([expect.objectContaining({ codeId: code.id, campaignId: c.id, subscriptionId: sub!.id })]);
    const [after] = await t.db.select().from(promoCodes).where(eq(promoCodes.id, code.id));
    expect(after!.uses).toBe(1);
    // The auth data now shows the subscription (the site refreshes it after activation).
    const refresh = await post('/api/v1/auth/refresh', auth, {});
    expect(refresh.json().subscriptions).toHaveLength(1);
    // The account page tells a promo subscription by its source and code (not as one bought elsewhere).
    const listed = await t.app.inject({ method: 'GET', url: '/api/v1/account/subscriptions', headers: auth });
    expect(listed.statusCode).toBe(200);
    const [mine] = AccountSubscriptionsSchema.parse(listed.json()).data.subscriptions;
    expect(mine).toMatchObject({ _id: sub!.id, source: 'promo', promo_code: 'FREE30A', reccurent: false, next_charge: null, manageable: false });
  });

  it('extends a live subscription from its expiry instead of starting another', async () => {
    const { code } = await campaign({ grantDays: 14 });
    const { user, auth } = await viewer();
    const live = await t.make.subscription({ userId: user.id, tariffId: month.id, expiresAt: new Date('2026-12-01T00:00:00Z'), billingExpiresAt: new Date('2026-12-04T00:00:00Z') });
    const body = PromoActivationSchema.parse((await activate(auth, code.code)).json());
    expect(body.subscription).toMatchObject({ _id: live.id, days: 14, extended: true, expires_at: '2026-12-15T00:00:00.000Z' });
    const rows = await t.db.select().from(subscriptions).where(eq(subscriptions.userId, user.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.billingExpiresAt?.toISOString()).toBe('2026-12-18T00:00:00.000Z');
  });

  it('a discount code answers the discount tariff for the tariff flow and grants nothing yet', async () => {
    const { code } = await campaign({ tariffId: null, grantDays: null, discountTariffId: discount.id });
    const { user, auth } = await viewer();
    const body = PromoActivationSchema.parse((await activate(auth, code.code)).json());
    expect(body.subscription).toBeNull();
    expect(body.discount_tariff).toMatchObject({ _id: discount.id, url: `/api/v1/billing/tariffs/${discount.id}/payment` });
    expect(await t.db.select().from(subscriptions).where(eq(subscriptions.userId, user.id))).toEqual([]);
  });

  it('a virtual visitor gets 401 AUTH_REQUIRED and nothing changes; no session is 401 too', async () => {
    const { code } = await campaign();
    const { auth } = await loginDevice(t);
    const res = await activate(auth, code.code);
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe(ErrorCode.AuthRequired);
    expect((await activate(t.headers, code.code)).statusCode).toBe(401);
    const [after] = await t.db.select().from(promoCodes).where(eq(promoCodes.id, code.id));
    expect(after!.uses).toBe(0);
  });

  it('answers 400 for bad input', async () => {
    const { auth } = await viewer();
    for (const body of [{}, { code: null }, { code: 'ABC', premium: 'yes' }]) {
      const res = await post('/api/v1/promo/activate', auth, body);
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe(ErrorCode.BadRequest);
    }
  });

  // catalogue §8: every situation its own code (the site shows the spec's text for each)
  describe('every promo error is a distinct code, and changes nothing', () => {
    const expectError = async (res: Awaited<ReturnType<typeof activate>>, status: number, code: string) => {
      expect({ status: res.statusCode, code: res.json().code }).toEqual({ status, code });
    };

    it('not found; invalid format', async () => {
      const { auth } = await viewer();
      await expectError(await activate(auth, 'NOSUCHCODE'), 404, PromoErrorCode.NotFound);
      await expectError(await check(auth, 'NOSUCHCODE'), 404, PromoErrorCode.NotFound);
      for (const bad of ['ab', 'не-код', 'CODE WITH SPACE', 'x'.repeat(33), 'a_b_c']) await expectError(await activate(auth, bad), 400, PromoErrorCode.InvalidFormat);
    });

    it('not active, no longer available (ended, campaign exhausted), no rates', async () => {
      const { auth } = await viewer();
      await expectError(await activate(auth, (await campaign({ isActive: false })).code.code), 409, PromoErrorCode.NotActive);
      await expectError(await activate(auth, (await campaign({ endsAt: new Date('2026-06-01T00:00:00Z') })).code.code), 409, PromoErrorCode.NoLongerAvailable);
      await expectError(await activate(auth, (await campaign({ maxActivations: 3, activations: 3 })).code.code), 409, PromoErrorCode.NoLongerAvailable);
      await expectError(await activate(auth, (await campaign({ tariffId: null })).code.code), 409, PromoErrorCode.NoRates);
      const off = await t.make.tariff({ isActive: false });
      await expectError(await check(auth, (await campaign({ tariffId: off.id })).code.code), 409, PromoErrorCode.NoRates);
    });

    it('not yet started', async () => {
      const { auth } = await viewer();
      await expectError(await activate(auth, (await campaign({ startsAt: new Date('2027-01-01T00:00:00Z') })).code.code), 409, PromoErrorCode.NotStarted);
    });

    it('already used: by this account, or a one-use code used by someone else', async () => {
      const { code } = await campaign({}, { maxUses: null });
      const a = await viewer();
      expect((await activate(a.auth, code.code)).statusCode).toBe(200);
      await expectError(await activate(a.auth, code.code), 409, PromoErrorCode.AlreadyUsed);
      await expectError(await check(a.auth, code.code), 409, PromoErrorCode.AlreadyUsed);
      const single = await campaign();
      expect((await activate((await viewer()).auth, single.code.code)).statusCode).toBe(200);
      await expectError(await activate(a.auth, single.code.code), 409, PromoErrorCode.AlreadyUsed);
      expect(await t.db.select().from(subscriptions).where(eq(subscriptions.userId, a.user.id))).toHaveLength(1);
    });

    it('one code per campaign', async () => {
      const { campaign: c, code } = await campaign();
      const [other] = await t.db.insert(promoCodes).values({ code: `${code.code}B`, campaignId: c.id }).returning();
      const { auth } = await viewer();
      expect((await activate(auth, code.code)).statusCode).toBe(200);
      await expectError(await activate(auth, other!.code), 409, PromoErrorCode.OnePerCampaign);
    });

    it('an account with externals; one paying through the App Store or Play Market', async () => {
      const ext = await viewer();
      await t.make.external({ userId: ext.user.id });
      await expectError(await activate(ext.auth, (await campaign()).code.code), 403, PromoErrorCode.ExternalAccount);
      for (const type of ['itunes_receipt', 'google_token']) {
        const v = await viewer();
        await t.db.insert(paymentMethods).values({ userId: v.user.id, provider: type === 'itunes_receipt' ? 'apple' : 'google', type });
        await expectError(await activate(v.auth, (await campaign()).code.code), 403, PromoErrorCode.ForeignSubscription);
      }
      // A removed App Store method does not count.
      const v = await viewer();
      await t.db.insert(paymentMethods).values({ userId: v.user.id, provider: 'apple', type: 'itunes_receipt', state: 'removed', isActive: false });
      expect((await activate(v.auth, (await campaign()).code.code)).statusCode).toBe(200);
    });

    it('only new users: says whether an earlier subscription or an older account is the reason', async () => {
      const started = new Date('2026-10-01T00:00:00Z');
      const older = await viewer({ createdAt: new Date('2026-09-01T00:00:00Z') });
      let res = await activate(older.auth, (await campaign({ newUsersOnly: true, startsAt: started })).code.code);
      await expectError(res, 403, PromoErrorCode.NewUsersOnly);
      expect(res.json().promo_reason).toBe('registered_before');
      const subscribed = await viewer({ createdAt: new Date('2026-10-05T00:00:00Z') });
      await t.make.subscription({ userId: subscribed.user.id, tariffId: month.id, status: 'expired', expiresAt: new Date('2026-10-20T00:00:00Z') });
      res = await activate(subscribed.auth, (await campaign({ newUsersOnly: true, startsAt: started })).code.code);
      await expectError(res, 403, PromoErrorCode.NewUsersOnly);
      expect(res.json().promo_reason).toBe('had_subscription');
      const fresh = await viewer({ createdAt: new Date('2026-10-05T00:00:00Z') });
      expect((await activate(fresh.auth, (await campaign({ newUsersOnly: true, startsAt: started })).code.code)).statusCode).toBe(200);
    });

    it('/premium_code takes only premium campaigns; coupons have no codes to enter', async () => {
      const { auth } = await viewer();
      await expectError(await activate(auth, (await campaign()).code.code, true), 404, PromoErrorCode.NotFound);
      expect((await activate(auth, (await campaign({ isPremium: true })).code.code, true)).statusCode).toBe(200);
      await expectError(await activate(auth, (await campaign({ kind: 'coupon' })).code.code), 404, PromoErrorCode.NotFound);
    });
  });

  it('race: 20 accounts activating a one-use code at once — exactly one wins', async () => {
    const { code, campaign: c } = await campaign();
    const viewers = await Promise.all(Array.from({ length: 20 }, () => viewer()));
    const results = await Promise.all(viewers.map((v) => activate(v.auth, code.code)));
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((s) => s === 200)).toHaveLength(1);
    expect(results.filter((r) => r.statusCode !== 200).map((r) => r.json().code)).toEqual(Array(19).fill(PromoErrorCode.AlreadyUsed));
    const [after] = await t.db.select().from(promoCodes).where(eq(promoCodes.id, code.id));
    expect(after!.uses).toBe(1);
    expect(await t.db.select().from(promoActivations).where(eq(promoActivations.campaignId, c.id))).toHaveLength(1);
    const granted = await Promise.all(viewers.map((v) => t.db.select().from(subscriptions).where(eq(subscriptions.userId, v.user.id))));
    expect(granted.flat()).toHaveLength(1);
  });

  it('race: one account activating an unlimited code 20 times at once gets its days once', async () => {
    const { code } = await campaign({}, { maxUses: null });
    const { user, auth } = await viewer();
    const results = await Promise.all(Array.from({ length: 20 }, () => activate(auth, code.code)));
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(1);
    // The losers are told the code is used, or, past the account's allowance of failures, to wait.
    const losers = new Set(results.filter((r) => r.statusCode !== 200).map((r) => r.json().code));
    expect(losers.has(PromoErrorCode.AlreadyUsed)).toBe(true);
    expect([...losers].every((c) => c === PromoErrorCode.AlreadyUsed || c === ErrorCode.RateLimited)).toBe(true);
    expect(await t.db.select().from(subscriptions).where(eq(subscriptions.userId, user.id))).toHaveLength(1);
  });

  it('race: a campaign with 3 activations left, 10 accounts — exactly 3 win', async () => {
    const { campaign: c } = await campaign({ maxActivations: 3 }, { maxUses: null });
    const [k] = await t.db.select().from(promoCodes).where(eq(promoCodes.campaignId, c.id));
    const viewers = await Promise.all(Array.from({ length: 10 }, () => viewer()));
    const results = await Promise.all(viewers.map((v) => activate(v.auth, k!.code)));
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(3);
    expect(new Set(results.filter((r) => r.statusCode !== 200).map((r) => r.json().code))).toEqual(new Set([PromoErrorCode.NoLongerAvailable]));
  });
});

describe('coupons: GET /api/v1/coupons/:alias and POST /api/v1/coupons/:alias/registration', () => {
  let alias: string;
  beforeAll(async () => {
    alias = (await campaign({ kind: 'coupon', alias: 'welcome-test', title: 'Добро пожаловать', grantDays: 14 })).campaign.alias;
  });
  const register = (auth: Record<string, string>, body: unknown, a = alias) => post(`/api/v1/coupons/${a}/registration`, auth, body);

  it('meta: the coupon\'s campaign and what registering gives; unknown is 404, a bad alias 400', async () => {
    const res = await t.app.inject({ url: `/api/v1/coupons/${alias}`, headers: t.headers });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ alias, title: 'Добро пожаловать', gives: { kind: 'days', days: 14 } });
    expect((await t.app.inject({ url: '/api/v1/coupons/nope', headers: t.headers })).json().code).toBe(PromoErrorCode.NotFound);
    expect((await t.app.inject({ url: '/api/v1/coupons/%3Cx%3E', headers: t.headers })).statusCode).toBe(400);
  });

  it('a visitor registers by email and gets the grant in one step; the confirmation letter goes out', async () => {
    const { auth } = await loginDevice(t);
    const res = await register(auth, { email: 'Coupon.New@example.ru', password: 'secret-pass-1' });
    expect(res.statusCode).toBe(201);
    const body = CouponRegistrationSchema.parse(res.json());
    expect(body.auth).toMatchObject({ virtual: false, email: 'coupon.new@example.ru' });
    expect(body.auth.subscriptions).toHaveLength(1);
    expect(body.activation).toMatchObject({ code: null, campaign: { alias, kind: 'coupon' }, subscription: { days: 14, extended: false } });
    const outbox = await t.app.inject({ url: '/api/v1/dev/outbox?recipient=coupon.new@example.ru', headers: t.headers });
    expect(outbox.json().items).toHaveLength(1);
    // Signing in with the new password works.
    expect((await post('/api/v1/auth/email/login', t.headers, { email: 'coupon.new@example.ru', password: 'secret-pass-1' })).statusCode).toBe(200);
  });

  it('errors: email taken, wrong format, invalid email, already registered, unknown coupon — nothing registered', async () => {
    await t.make.user({ email: 'taken@example.ru' });
    const { auth, _id } = await loginDevice(t);
    const cases: [unknown, number, string][] = [
      [{ email: 'taken@example.ru', password: 'secret-pass-1' }, 409, ErrorCode.EmailTaken],
      [{ email: 'not an email', password: 'secret-pass-1' }, 400, PromoErrorCode.EmailFormat],
      [{ email: 'почта@пример.рф', password: 'secret-pass-1' }, 400, PromoErrorCode.InvalidEmail],
      [{ email: 'a!b@example.ru', password: 'secret-pass-1' }, 400, PromoErrorCode.InvalidEmail],
      [{ email: 'ok@example.ru', password: 'short' }, 400, ErrorCode.BadRequest],
    ];
    for (const [body, status, code] of cases) {
      const res = await register(auth, body);
      expect({ status: res.statusCode, code: res.json().code }).toEqual({ status, code });
    }
    expect((await register(auth, { email: 'ok@example.ru', password: 'secret-pass-1' }, 'nope')).json().code).toBe(PromoErrorCode.NotFound);
    const [still] = await t.db.select().from(users).where(eq(users.id, _id));
    expect(still!.isVirtual).toBe(true);
    const { auth: registered } = await viewer();
    const res = await register(registered, { email: 'other@example.ru', password: 'secret-pass-1' });
    expect({ status: res.statusCode, code: res.json().code }).toEqual({ status: 409, code: ErrorCode.AlreadyRegistered });
    expect((await register(t.headers, { email: 'x@example.ru', password: 'secret-pass-1' })).statusCode).toBe(401);
  });
});
