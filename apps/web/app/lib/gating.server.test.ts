import { gatingOutcome, isSubscriber, subscriptionPopupAllowed } from '@ekran/core';
import { describe, expect, it } from 'vitest';
import { viewer } from '../test/billing.ts';
import { playbackViewerOf } from './gating.server.ts';

// An operator customer's entitling subscription comes in auth data like any subscriber's (marked
// with its partner), so the client's subscriber rules hold for them without knowing about operators.
describe('playbackViewerOf: an operator subscriber is a subscriber', () => {
  const operatorSub = {
    _id: 'os1', tariff_id: 't-mf', status: 'active' as const, started_at: '2026-05-01T00:00:00Z', expires_at: '2026-05-31T00:00:00Z', reccurent: true,
    googleplay_id: null, itunes_product_id: null, huawei_id: null, partner: 'megafon',
  };
  const ctx = { fromTv: false, viewportWidth: 1280, authTokenInQuery: false, fromLogout: false };

  it('no subscription popup for them (platform §5), unlike the same customer without it', () => {
    const subscribed = playbackViewerOf(viewer({ phone: '+79261234567', email: null, mf_info: { is_mf: true, mf_pop_up: null }, subscriptions: [operatorSub] }));
    expect(isSubscriber(subscribed)).toBe(true);
    expect(subscriptionPopupAllowed({ user: subscribed, ...ctx })).toBe(false);
    const without = playbackViewerOf(viewer({ phone: '+79261234567', email: null, mf_info: { is_mf: true, mf_pop_up: null } }));
    expect(subscriptionPopupAllowed({ user: without, ...ctx })).toBe(true);
  });

  it('the no_app popup does not block playback: a refused check still follows the usual steps', () => {
    const abroad = playbackViewerOf(viewer({ mf_info: { is_mf: true, mf_pop_up: 'no_app' } }));
    expect(gatingOutcome({ user: abroad, upgradeOptions: [{}], subscriptionPopup: false })).toBe('tariff-flow');
    const broke = playbackViewerOf(viewer({ mf_info: { is_mf: true, mf_pop_up: 'no_money' } }));
    expect(gatingOutcome({ user: broke, upgradeOptions: [{}], subscriptionPopup: false })).toBe('insufficient-balance');
  });
});
