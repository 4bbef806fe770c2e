import { describe, expect, it } from 'vitest';
import {
  isTvSectionPath, landingState, LANDING_SLUG_PATTERN, LANDING_SLUGS, OFFER_SEEN_COOKIE_SECONDS, offerKindsAllowedByCookies, offerRefusal, UPSELL_ANSWERED_SECONDS, upsellShownAgainAfter,
  type OfferCookies, type OfferRuleRecord, type OfferVisitorFacts,
} from './offers.ts';

const NOW = new Date('2026-11-21T12:00:00Z');
const HOUR = 3_600_000;
const ago = (ms: number) => new Date(NOW.getTime() - ms);
const group = (name: 'A' | 'B') => [{ exp_name: 'offer_off', group_name: name }];

const offer = (o: Partial<OfferRuleRecord> = {}): OfferRuleRecord => ({
  kind: 'offer', audience: 'all', countries: ['RU'], isActive: true, startsAt: new Date('2026-11-01T00:00:00Z'), endsAt: new Date('2026-12-01T00:00:00Z'), ...o,
});
const visitor = (o: Partial<OfferVisitorFacts> = {}): OfferVisitorFacts => ({
  countryCode: 'RU', isVirtual: false, isChild: false, hasLiveSubscription: false, hasExternals: false, ab: group('A'), impression: null, ...o,
});

describe('offerRefusal (spec platform §4 Offers, §5 upsell, §6 offer_off, §9 windows)', () => {
  it('lets a Russian adult without a subscription see a running offer', () => {
    expect(offerRefusal(offer(), visitor(), 'main', NOW)).toBeNull();
    expect(offerRefusal(offer(), visitor({ isVirtual: true }), 'main', NOW)).toBeNull();
  });

  it.each<[string, Partial<OfferRuleRecord>, Partial<OfferVisitorFacts>, string]>([
    ['switched off', { isActive: false }, {}, 'inactive'],
    ['not started', { startsAt: new Date('2026-11-22T00:00:00Z') }, {}, 'period'],
    ['over (ends_at is exclusive)', { endsAt: NOW }, {}, 'period'],
    ['outside RU', {}, { countryCode: 'KZ' }, 'country'],
    ['a child profile', {}, { isChild: true }, 'child'],
    ['a live subscription', {}, { hasLiveSubscription: true }, 'subscription'],
    ['a partner’s subscription (externals)', {}, { hasExternals: true }, 'subscription'],
    ['the offer_off group that switches offers off', {}, { ab: group('B') }, 'offer_off'],
    ['a registered-only offer to a virtual visitor', { audience: 'registered' }, { isVirtual: true }, 'virtual'],
    ['already shown to the account', {}, { impression: { shownAt: ago(200 * 24 * HOUR), answeredAt: null } }, 'shown'],
    ['another offer shown to the account 71 hours ago (the 72-hour window)', {}, { lastShownOfKind: ago(71 * HOUR) }, 'shown'],
  ])('refuses the offer: %s', (_name, o, v, reason) => {
    expect(offerRefusal(offer(o), visitor(v), 'main', NOW)).toBe(reason);
  });

  it('another offer shown 73 hours ago does not refuse', () => {
    expect(offerRefusal(offer(), visitor({ lastShownOfKind: ago(73 * HOUR) }), 'main', NOW)).toBeNull();
  });

  it('the subscriptions popup may show an offer already seen, but never against the other rules', () => {
    const seen = { impression: { shownAt: ago(HOUR), answeredAt: ago(HOUR) } };
    expect(offerRefusal(offer(), visitor(seen), 'subscriptions', NOW)).toBeNull();
    expect(offerRefusal(offer(), visitor({ ...seen, ab: group('B') }), 'subscriptions', NOW)).toBe('offer_off');
  });

  it('the play-grand popup shows once per account, to subscribers too, and is not switched off by offer_off', () => {
    const pg = offer({ kind: 'play_grand' });
    expect(offerRefusal(pg, visitor({ hasLiveSubscription: true, ab: group('B') }), 'main', NOW)).toBeNull();
    expect(offerRefusal(pg, visitor({ impression: { shownAt: ago(HOUR), answeredAt: null } }), 'main', NOW)).toBe('shown');
    expect(offerRefusal(pg, visitor({ isChild: true }), 'main', NOW)).toBe('child');
  });

  it.each<[string, Partial<OfferVisitorFacts>, string | null]>([
    ['a registered adult without subscriptions', {}, null],
    ['a virtual visitor', { isVirtual: true }, 'virtual'],
    ['a subscriber', { hasLiveSubscription: true }, 'subscription'],
    ['a partner’s subscriber (externals)', { hasExternals: true }, 'subscription'],
    ['a child profile', { isChild: true }, 'child'],
    ['outside RU', { countryCode: 'DE' }, 'country'],
    ['shown 23 hours ago', { impression: { shownAt: ago(23 * HOUR), answeredAt: null } }, 'shown'],
    ['shown 25 hours ago, unanswered', { impression: { shownAt: ago(25 * HOUR), answeredAt: null } }, null],
    ['answered 89 days ago', { impression: { shownAt: ago(89 * 24 * HOUR), answeredAt: ago(89 * 24 * HOUR) } }, 'shown'],
    ['answered 91 days ago', { impression: { shownAt: ago(91 * 24 * HOUR), answeredAt: ago(91 * 24 * HOUR) } }, null],
    ['in the offer_off group B (it switches offers, not the upsell)', { ab: group('B') }, null],
  ])('the upsell (§5) for %s', (_name, v, reason) => {
    expect(offerRefusal(offer({ kind: 'upsell' }), visitor(v), 'product', NOW)).toBe(reason);
  });

  it('an upsell shown again waits for both windows', () => {
    expect(upsellShownAgainAfter({ shownAt: NOW, answeredAt: null })).toEqual(new Date(NOW.getTime() + 24 * HOUR));
    expect(upsellShownAgainAfter({ shownAt: NOW, answeredAt: NOW })).toEqual(new Date(NOW.getTime() + 90 * 24 * HOUR));
  });
});

describe('offerKindsAllowedByCookies (spec platform §9 cookies)', () => {
  const none: OfferCookies = { offerUser: null, playGrandUser: null, upsellUser: null, upsellAnswered: null, redirectFlag: null };
  const all = ['offer', 'play_grand', 'upsell'] as const;
  const me = { userId: 'u1', virtual: false };

  it('keeps every kind without cookies', () => {
    expect(offerKindsAllowedByCookies(all, me, none)).toEqual(['offer', 'play_grand', 'upsell']);
  });
  it('none while the redirect flag of an accepted offer lives', () => {
    expect(offerKindsAllowedByCookies(all, me, { ...none, redirectFlag: '1' })).toEqual([]);
  });
  it('the offer cookie holds the account that saw it; another account of this browser may still see it', () => {
    expect(offerKindsAllowedByCookies(all, me, { ...none, offerUser: 'u1' })).toEqual(['play_grand', 'upsell']);
    expect(offerKindsAllowedByCookies(all, me, { ...none, offerUser: 'u2' })).toEqual(['offer', 'play_grand', 'upsell']);
  });
  it('a virtual visitor the server cannot tell apart: any offer cookie counts', () => {
    expect(offerKindsAllowedByCookies(all, { userId: 'v9', virtual: true }, { ...none, offerUser: 'v1', playGrandUser: 'v1' })).toEqual(['upsell']);
  });
  it('the upsell: shown within 24 h, or answered within 90 days, to this account', () => {
    expect(offerKindsAllowedByCookies(['upsell'], me, { ...none, upsellUser: 'u1' })).toEqual([]);
    expect(offerKindsAllowedByCookies(['upsell'], me, { ...none, upsellAnswered: 'u1' })).toEqual([]);
    expect(offerKindsAllowedByCookies(['upsell'], me, { ...none, upsellAnswered: 'u2' })).toEqual(['upsell']);
  });
  it('the cookie lifetimes of platform §9', () => {
    expect(OFFER_SEEN_COOKIE_SECONDS).toEqual({ offer: 72 * 3600, play_grand: 72 * 3600, upsell: 24 * 3600 });
    expect(UPSELL_ANSWERED_SECONDS).toBe(90 * 86_400);
  });
});

describe('landings (spec platform §2 Landings)', () => {
  const period = (startsAt: string | null, endsAt: string | null, isActive = true) => ({ isActive, startsAt: startsAt ? new Date(startsAt) : null, endsAt: endsAt ? new Date(endsAt) : null });
  it.each<[string, ReturnType<typeof period>, string]>([
    ['running', period('2026-11-01T00:00:00Z', '2026-12-01T00:00:00Z'), 'active'],
    ['open-ended', period(null, null), 'active'],
    ['not yet started', period('2026-12-20T00:00:00Z', null), 'upcoming'],
    ['over', period('2026-03-01T00:00:00Z', '2026-06-01T00:00:00Z'), 'ended'],
    ['switched off', period(null, null, false), 'ended'],
  ])('%s is %s', (_name, p, state) => {
    expect(landingState(p, NOW)).toBe(state);
  });

  it('lists the sixteen landings of the route table (gift has its own page) and their slugs are well formed', () => {
    expect(LANDING_SLUGS).toHaveLength(16);
    expect(LANDING_SLUGS).not.toContain('gift');
    for (const slug of LANDING_SLUGS) expect(LANDING_SLUG_PATTERN.test(slug)).toBe(true);
    for (const bad of ['Black-Friday', '-x', 'x-', 'a/b', '', 'x'.repeat(65)]) expect(LANDING_SLUG_PATTERN.test(bad)).toBe(false);
  });
});

describe('isTvSectionPath (platform §5 "not from TV")', () => {
  it.each([
    ['/tv', true], ['/channel/pervyy', true], ['/tvchannels', true], ['/archive/watch/1', true],
    ['/', false], ['/watch/tv-show', false], ['/television', false], [null, false],
  ])('%s → %s', (path, tv) => {
    expect(isTvSectionPath(path)).toBe(tv);
  });
});
