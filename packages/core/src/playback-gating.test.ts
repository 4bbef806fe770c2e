import { describe, expect, it } from 'vitest';
import {
  gaClientId,
  gatingOutcome,
  inManageableGrace,
  isOperatorBlocked,
  pickFlowTariff,
  playbackFailureOutcome,
  subscriptionPopupAllowed,
  tariffFlowStart,
  type GatingUser,
  type PlaybackFailure,
  type SubscriptionPopupContext,
} from './playback-gating.ts';

const registered: GatingUser = {
  virtual: false,
  email: 'viewer@example.ru',
  phone: null,
  profile_for_child: false,
  partner: { name: null },
  externals: [],
  subscriptions: [],
  mf_info: { is_mf: false, mf_pop_up: null },
};
const virtual: GatingUser = { ...registered, virtual: true, email: null };
const user = (patch: Partial<GatingUser>): GatingUser => ({ ...registered, ...patch });
const OPTIONS = [{ tariff_id: 't1' }];

describe('gatingOutcome: spec platform §4 Playback gating, in its order', () => {
  it.each<[string, GatingUser, readonly unknown[], boolean, ReturnType<typeof gatingOutcome>]>([
    // 1. partner ttk: partner popup (before everything else that follows)
    ['1 partner ttk', user({ partner: { name: 'ttk' } }), OPTIONS, true, 'partner-popup'],
    ['1 partner ttk, even with externals', user({ partner: { name: 'ttk' }, externals: [{ name: 'ttk' }] }), OPTIONS, true, 'partner-popup'],
    ['1 another partner is not ttk', user({ partner: { name: 'domru' } }), OPTIONS, false, 'tariff-flow'],
    // 2. externals present and no subscriptions: /pages/subscription/already
    ['2 externals, no subscriptions', user({ externals: [{ name: 'okko' }] }), OPTIONS, true, 'subscription-already'],
    ['2 externals with a subscription: on to step 3', user({ externals: [{ name: 'okko' }], subscriptions: [{ status: 'cancelled' }] }), OPTIONS, true, 'subscription-popup'],
    ['2 a virtual user with externals', { ...virtual, externals: [{ name: 'kion' }] }, OPTIONS, true, 'subscription-already'],
    // 3. the subscription-popup rule says show: subscription popup
    ['3 popup allowed', registered, OPTIONS, true, 'subscription-popup'],
    ['3 popup allowed for a virtual user too', virtual, OPTIONS, true, 'subscription-popup'],
    // 4. upgrade options present and user not virtual: tariff flow
    ['4 options, registered', registered, OPTIONS, false, 'tariff-flow'],
    // 5. otherwise a virtual user goes to /auth, else the tariff flow starts
    ['5 options, virtual', virtual, OPTIONS, false, 'auth'],
    ['5 no options, virtual', virtual, [], false, 'auth'],
    ['5 no options, registered', registered, [], false, 'tariff-flow'],
    // Operator subscribers in a blocking popup state: /auth or the insufficient-balance message
    ['operator no_money', user({ mf_info: { is_mf: true, mf_pop_up: 'no_money' } }), OPTIONS, true, 'insufficient-balance'],
    ['operator no_money, virtual', { ...virtual, mf_info: { is_mf: true, mf_pop_up: 'no_money' } }, OPTIONS, true, 'auth'],
    ['operator no_money before partner and externals', user({ partner: { name: 'ttk' }, externals: [{ name: 'megafon' }], mf_info: { is_mf: true, mf_pop_up: 'no_money' } }), OPTIONS, true, 'insufficient-balance'],
    ['operator got_money does not block', user({ mf_info: { is_mf: true, mf_pop_up: 'got_money' } }), OPTIONS, false, 'tariff-flow'],
    ['operator info does not block', user({ mf_info: { is_mf: true, mf_pop_up: 'info' } }), OPTIONS, true, 'subscription-popup'],
    ['no_money without is_mf does not block', user({ mf_info: { is_mf: false, mf_pop_up: 'no_money' } }), OPTIONS, false, 'tariff-flow'],
  ])('%s', (_name, u, options, popup, expected) => {
    expect(gatingOutcome({ user: u, upgradeOptions: options, subscriptionPopup: popup })).toBe(expected);
  });
});

describe('isOperatorBlocked', () => {
  it('only no_money of an operator customer blocks', () => {
    expect(isOperatorBlocked({ mf_info: { is_mf: true, mf_pop_up: 'no_money' } })).toBe(true);
    expect(isOperatorBlocked({ mf_info: { is_mf: true, mf_pop_up: null } })).toBe(false);
  });
});

describe('subscriptionPopupAllowed: spec platform §5', () => {
  const ctx: SubscriptionPopupContext = { user: registered, fromTv: false, viewportWidth: 1440, authTokenInQuery: false, fromLogout: false };
  const store = { googleplay_id: null, itunes_product_id: null, huawei_id: null };
  it.each<[string, Partial<SubscriptionPopupContext>, boolean]>([
    ['a registered non-subscriber on a desktop', {}, true],
    ['a virtual visitor', { user: virtual }, true],
    ['not a subscriber: active', { user: user({ subscriptions: [{ status: 'active', ...store }] }) }, false],
    ['not a subscriber: trial', { user: user({ subscriptions: [{ status: 'trial', ...store }] }) }, false],
    ['a cancelled subscription does not make a subscriber', { user: user({ subscriptions: [{ status: 'cancelled', ...store }] }) }, true],
    ['not a child profile', { user: user({ profile_for_child: true }) }, false],
    ['not from TV', { fromTv: true }, false],
    ['not on mobile width (425) with auth_token in the query', { viewportWidth: 425, authTokenInQuery: true }, false],
    ['mobile width without auth_token shows', { viewportWidth: 390, authTokenInQuery: false }, true],
    ['auth_token above mobile width shows', { viewportWidth: 426, authTokenInQuery: true }, true],
    ['not arriving from the logout page', { fromLogout: true }, false],
    ['not in a manageable grace period', { user: user({ subscriptions: [{ status: 'grace', ...store }] }) }, false],
    ['a grace period of an App Store subscription is not manageable here', { user: user({ subscriptions: [{ status: 'grace', ...store, itunes_product_id: 'ekran.month' }] }) }, true],
    ['a grace period of a Google Play subscription is not manageable here', { user: user({ subscriptions: [{ status: 'grace', ...store, googleplay_id: 'gp-1' }] }) }, true],
  ])('%s', (_name, patch, expected) => {
    expect(subscriptionPopupAllowed({ ...ctx, ...patch })).toBe(expected);
  });

  it('a Huawei subscription in grace is not manageable here', () => {
    expect(inManageableGrace({ subscriptions: [{ status: 'grace', huawei_id: 'h-1' }] })).toBe(false);
  });
});

describe('playbackFailureOutcome: spec platform §8', () => {
  const f = (status: number, code?: string, message?: string): PlaybackFailure => ({ status, code: code ?? null, message: message ?? null });
  type Viewer = Pick<GatingUser, 'partner' | 'email' | 'phone'>;
  const ttk: Viewer = { partner: { name: 'ttk' }, email: 'a@b.ru', phone: null };
  const withEmail: Viewer = { partner: { name: null }, email: 'a@b.ru', phone: null };
  const withPhone: Viewer = { partner: { name: null }, email: null, phone: '79161234567' };
  const noContact: Viewer = { partner: { name: null }, email: null, phone: null };
  it.each<[string, PlaybackFailure, PlaybackFailure | null | undefined, Viewer, ReturnType<typeof playbackFailureOutcome>]>([
    ['400 message USER_USE_ANONYMIZER', f(400, 'BAD_REQUEST', 'USER_USE_ANONYMIZER'), undefined, withEmail, 'vpn-warning'],
    ['400 message FORBIDEN_IP', f(400, 'BAD_REQUEST', 'FORBIDEN_IP'), undefined, withEmail, 'vpn-warning'],
    ['400 code USER_USE_ANONYMIZER', f(400, 'USER_USE_ANONYMIZER', 'Turn off the VPN'), undefined, withEmail, 'vpn-warning'],
    ['403 USER_USE_ANONYMIZER is not the 400 of the spec', f(403, 'USER_USE_ANONYMIZER'), undefined, withEmail, 'refresh-and-retry'],
    ['403 DEVICE_COUNT_EXCEEDED', f(403, 'DEVICE_COUNT_EXCEEDED'), undefined, withEmail, 'device-limit'],
    ['403 DEVICE_NOT_REGISTERED', f(403, 'DEVICE_NOT_REGISTERED'), undefined, withEmail, 'device-registration'],
    ['403 STREAM_LIMIT_EXCEEDED', f(403, 'STREAM_LIMIT_EXCEEDED'), undefined, withEmail, 'stream-limit'],
    ['403 KIDS_PROFILE_RESTRICTED', f(403, 'KIDS_PROFILE_RESTRICTED'), undefined, withEmail, 'kids-restricted'],
    ['400 DEVICE_NOT_REGISTERED is another failure', f(400, 'DEVICE_NOT_REGISTERED'), undefined, withEmail, 'refresh-and-retry'],
    // Any other failure: refresh the session and ask again.
    ['401', f(401, 'UNAUTHORIZED'), undefined, withEmail, 'refresh-and-retry'],
    ['404', f(404, 'NOT_FOUND'), undefined, withEmail, 'refresh-and-retry'],
    ['500', f(500, 'INTERNAL'), undefined, withEmail, 'refresh-and-retry'],
    ['no answer', f(0), undefined, withEmail, 'refresh-and-retry'],
    ['403 FORBIDDEN', f(403, 'FORBIDDEN'), undefined, withEmail, 'refresh-and-retry'],
    // It also fails with a status over 400 after an original 401.
    ['401 then 401: ttk', f(401), f(401), ttk, 'partner-popup'],
    ['401 then 403: email', f(401), f(403, 'FORBIDDEN'), withEmail, 'tariff-flow'],
    ['401 then 500: phone', f(401), f(500), withPhone, 'tariff-flow'],
    ['401 then 404: neither', f(401), f(404), noContact, 'auth'],
    // Otherwise: the error message.
    ['401 then 400', f(401), f(400, 'BAD_REQUEST'), withEmail, 'error-message'],
    ['401 then no answer', f(401), f(0), withEmail, 'error-message'],
    ['500 then 500', f(500), f(500), withEmail, 'error-message'],
    ['404 then 401 (the original was not 401)', f(404), f(401), noContact, 'error-message'],
    ['0 then 503', f(0), f(503), ttk, 'error-message'],
    // The named failures hold for the retried check too.
    ['401 then DEVICE_NOT_REGISTERED', f(401), f(403, 'DEVICE_NOT_REGISTERED'), withEmail, 'device-registration'],
    ['500 then anonymizer', f(500), f(400, 'BAD_REQUEST', 'USER_USE_ANONYMIZER'), withEmail, 'vpn-warning'],
    ['500 then STREAM_LIMIT_EXCEEDED', f(500), f(403, 'STREAM_LIMIT_EXCEEDED'), withEmail, 'stream-limit'],
    ['401 then KIDS_PROFILE_RESTRICTED', f(401), f(403, 'KIDS_PROFILE_RESTRICTED'), noContact, 'kids-restricted'],
    ['401 then DEVICE_COUNT_EXCEEDED', f(401), f(403, 'DEVICE_COUNT_EXCEEDED'), noContact, 'device-limit'],
  ])('%s', (_name, failure, retry, u, expected) => {
    expect(playbackFailureOutcome({ failure, retry, user: u })).toBe(expected);
  });
});

describe('tariffFlowStart: spec platform §4 Tariff flow', () => {
  const trial = { _id: 'base', weight: 0, allow_trial: true };
  const noTrial = { _id: 'base-no-trial', weight: 0, allow_trial: false };
  const year = { _id: 'year', weight: 10, allow_trial: false };
  const yearTrial = { _id: 'year-trial', weight: 10, allow_trial: true };
  const quarter = { _id: 'quarter', weight: 5, allow_trial: false };
  const quarterTrial = { _id: 'quarter-trial', weight: 5, allow_trial: true };

  it.each<[string, { email: string | null; phone: string | null }, { _id: string; weight: number; allow_trial: boolean }[] | null, string]>([
    ['neither email nor phone: /auth', { email: null, phone: null }, [trial], 'auth'],
    ['neither email nor phone, no tariffs: still /auth', { email: null, phone: null }, null, 'auth'],
    ['email: the weight-0 trial tariff', { email: 'a@b.ru', phone: null }, [year, trial, noTrial], 'pay:base'],
    ['phone: the weight-0 trial tariff', { email: null, phone: '79161234567' }, [noTrial, trial], 'pay:base'],
    ['no weight-0 trial tariff: the lowest weight', { email: 'a@b.ru', phone: null }, [year, quarter, yearTrial], 'pay:quarter'],
    ['no weight-0 trial tariff: the trial one of the lowest weight', { email: 'a@b.ru', phone: null }, [year, quarter, quarterTrial], 'pay:quarter-trial'],
    ['a weight-0 tariff without trial is the lowest', { email: 'a@b.ru', phone: null }, [yearTrial, noTrial], 'pay:base-no-trial'],
    ['the tariff list failed (null)', { email: 'a@b.ru', phone: null }, null, 'no-tariff'],
    ['an empty tariff list', { email: 'a@b.ru', phone: null }, [], 'no-tariff'],
  ])('%s', (_name, u, tariffs, expected) => {
    const start = tariffFlowStart(u, tariffs);
    expect(start.kind === 'pay' ? `pay:${start.tariff._id}` : start.kind).toBe(expected);
  });

  it('pickFlowTariff keeps the list order among equals', () => {
    const a = { id: 'a', weight: 3, allow_trial: false };
    const b = { id: 'b', weight: 3, allow_trial: false };
    expect(pickFlowTariff([a, b])).toBe(a);
  });
});

describe('gaClientId', () => {
  it.each([
    ['GA1.2.1234567890.1700000000', '1234567890.1700000000'],
    ['GA1.1.42.17', '42.17'],
    [' GA1.3.5.6 ', '5.6'],
    ['1234567890.1700000000', null],
    ['GA1.2.abc.def', null],
    ['', null],
    [null, null],
  ])('%s → %s', (cookie, expected) => {
    expect(gaClientId(cookie)).toBe(expected);
  });
});
