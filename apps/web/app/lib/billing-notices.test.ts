import { describe, expect, it, vi } from 'vitest';
import { subscription, viewer } from '../test/billing.ts';
import type { Api } from './api.server.ts';
import { showExtensionBanner, trialNotice, type BillingNoticeData } from './billing-notices.ts';
import { loadBillingNotices } from './billing-notices.server.ts';

const SUB = 'sub-1';
const withExtension: BillingNoticeData = { extension: { subscription_id: SUB }, trial_ends_at: null };

describe('the extension banner (spec platform §8: dismissal remembered per session; not shown on /account)', () => {
  it.each([
    ['/', null, true],
    ['/watch/film', null, true],
    ['/account', null, false],
    ['/account/subscriptions', null, false],
    ['/accounting-is-not-account', null, true],
    ['/', SUB, false],
    ['/', 'another-subscription', true],
    ['/web/success', null, false],
    ['/mobile/fail', null, false],
    ['/paymentSuccess', null, false],
  ] as const)('on %s with %s dismissed → %s', (path, dismissed, shown) => {
    expect(showExtensionBanner(withExtension, path, dismissed)).toBe(shown);
  });
  it('nothing to extend, nothing shown', () => expect(showExtensionBanner({ extension: null, trial_ends_at: null }, '/', null)).toBe(false));
});

describe('trial-remaining hints (spec platform §4: 172800–86400 s: 2 days; 86400–43200: 1 day; 43200–28800: 12 hours)', () => {
  const ends = '2026-05-10T12:00:00Z';
  const at = (secondsLeft: number) => Date.parse(ends) - secondsLeft * 1000;
  const data: BillingNoticeData = { extension: null, trial_ends_at: ends };
  it.each([
    [172_801, null],
    [172_800, '2 дня'],
    [86_401, '2 дня'],
    [86_400, '1 день'],
    [43_201, '1 день'],
    [43_200, '12 часов'],
    [28_801, '12 часов'],
    [28_800, null],
    [3600, null],
  ] as const)('%i s left → %s', (left, text) => expect(trialNotice(data, at(left), '/', null)?.text ?? null).toBe(text));

  it('a dismissed hint stays closed this session; the next threshold shows again', () => {
    const first = trialNotice(data, at(100_000), '/', null)!;
    expect(trialNotice(data, at(100_000), '/', first.key)).toBeNull();
    expect(trialNotice(data, at(50_000), '/', first.key)?.text).toBe('1 день');
  });
  it('not on /account (the subscriptions section shows it)', () => expect(trialNotice(data, at(100_000), '/account/subscriptions', null)).toBeNull());
});

describe('what the root loader finds for them (cheaply)', () => {
  const now = Date.parse('2026-05-01T12:00:00Z');
  it('asks nothing for a virtual visitor, a child profile or an account without a subscription near its end', async () => {
    const subscriptions = vi.fn();
    const api = { subscriptions } as unknown as Api;
    expect(await loadBillingNotices(viewer({ virtual: true }), api, now)).toEqual({ extension: null, trial_ends_at: null });
    expect(await loadBillingNotices(viewer({ profile_for_child: true }), api, now)).toEqual({ extension: null, trial_ends_at: null });
    const far = { _id: 'a', tariff_id: 't', status: 'active' as const, started_at: '', expires_at: '2026-06-01T00:00:00Z', reccurent: true, googleplay_id: null, itunes_product_id: null, huawei_id: null, partner: null };
    expect(await loadBillingNotices(viewer({ subscriptions: [far] }), api, now)).toEqual({ extension: null, trial_ends_at: null });
    expect(subscriptions).not.toHaveBeenCalled();
  });

  it('a subscription in grace: reads its billing window and names it', async () => {
    const grace = { _id: 'a', tariff_id: 't', status: 'grace' as const, started_at: '', expires_at: '2026-04-30T00:00:00Z', reccurent: true, googleplay_id: null, itunes_product_id: null, huawei_id: null, partner: null };
    const api = { subscriptions: vi.fn().mockResolvedValue({ data: { subscriptions: [subscription({ _id: 'a', status: 'grace', expiration: '2026-04-30T00:00:00Z', billing_expire: '2026-05-03T00:00:00Z' })] } }) } as unknown as Api;
    expect(await loadBillingNotices(viewer({ subscriptions: [grace] }), api, now)).toEqual({ extension: { subscription_id: 'a' }, trial_ends_at: null });
  });

  it('an operator subscription near its end (issue 6 opsfix) is the operator\'s to renew: no call, no banner', async () => {
    const subscriptions = vi.fn();
    const operator = { _id: 'a', tariff_id: 't', status: 'active' as const, started_at: '', expires_at: '2026-05-02T00:00:00Z', reccurent: true, googleplay_id: null, itunes_product_id: null, huawei_id: null, partner: 'megafon' };
    expect(await loadBillingNotices(viewer({ subscriptions: [operator] }), { subscriptions } as unknown as Api, now)).toEqual({ extension: null, trial_ends_at: null });
    expect(subscriptions).not.toHaveBeenCalled();
  });

  it('a trial gives its end; a failed call shows no banner', async () => {
    const trial = { _id: 'a', tariff_id: 't', status: 'trial' as const, started_at: '', expires_at: '2026-05-02T12:00:00Z', reccurent: true, googleplay_id: null, itunes_product_id: null, huawei_id: null, partner: null };
    const api = { subscriptions: vi.fn().mockRejectedValue(new Error('down')) } as unknown as Api;
    expect(await loadBillingNotices(viewer({ subscriptions: [trial] }), api, now)).toEqual({ extension: null, trial_ends_at: '2026-05-02T12:00:00Z' });
  });
});
