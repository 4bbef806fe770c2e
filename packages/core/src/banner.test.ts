import { describe, expect, it } from 'vitest';
import {
  bannerClickOutcome,
  bannerExtraActions,
  isInternalUrl,
  type BannerAction,
  type BannerClickOutcome,
  type BannerType,
  type BannerVisitor,
} from './banner.ts';
import { isMobileWebAppOn } from './menu.ts';

const adult: BannerVisitor = { isVirtual: false, isChild: false, hasChildProfile: true };
const adultNoChild: BannerVisitor = { isVirtual: false, isChild: false, hasChildProfile: false };
const child: BannerVisitor = { isVirtual: false, isChild: true, hasChildProfile: true };
const virtual: BannerVisitor = { isVirtual: true, isChild: false, hasChildProfile: false };

const open = (o: Partial<BannerAction> = {}): BannerAction => ({ type: 'open', ...o });
const play = (o: Partial<BannerAction> = {}): BannerAction => ({ type: 'play', ...o });
const trailer = (o: Partial<BannerAction> = {}): BannerAction => ({ type: 'play_trailer', ...o });

type Row = [string, BannerType, BannerAction[], BannerVisitor, BannerClickOutcome];

// spec platform §4 Banner click, step by step.
describe('bannerClickOutcome (spec platform §4 Banner click)', () => {
  // "1. If a play action exists, play it (a playlist goes to the playlist loader, otherwise the product loader)."
  const step1: Row[] = [
    ['a playlist banner plays its playlist', 'playlist', [play({ alias: 'novogodnie' })], adult, { kind: 'play-playlist', alias: 'novogodnie' }],
    ['a product banner plays the product', 'product', [play({ alias: 'ekipazh' })], adult, { kind: 'play-product', alias: 'ekipazh' }],
    ['a collection banner with play goes to the product loader', 'collection', [play({ alias: 'ekipazh' })], adult, { kind: 'play-product', alias: 'ekipazh' }],
    ['play wins over play_trailer and open', 'product', [open({ alias: 'a' }), trailer({ trailer_id: 't1' }), play({ alias: 'a' })], adult, { kind: 'play-product', alias: 'a' }],
    ['play without its own alias takes the banner action alias', 'product', [open({ alias: 'ekipazh' }), play()], adult, { kind: 'play-product', alias: 'ekipazh' }],
    ['a virtual visitor plays too (gating decides later)', 'product', [play({ alias: 'ekipazh' })], virtual, { kind: 'play-product', alias: 'ekipazh' }],
  ];
  // "2. Else if a play_trailer action with trailer_id exists, play that trailer."
  const step2: Row[] = [
    ['play_trailer with trailer_id plays the trailer', 'product', [trailer({ alias: 'ekipazh', trailer_id: 'x1' })], adult, { kind: 'play-trailer', trailerId: 'x1', alias: 'ekipazh' }],
    ['play_trailer wins over open', 'product', [open({ alias: 'ekipazh' }), trailer({ trailer_id: 'x1' })], adult, { kind: 'play-trailer', trailerId: 'x1', alias: 'ekipazh' }],
    ['play_trailer without trailer_id falls to open', 'product', [trailer({ alias: 'ekipazh' }), open({ alias: 'ekipazh' })], adult, { kind: 'navigate', url: '/watch/ekipazh' }],
    ['play_trailer without trailer_id and nothing else does nothing', 'product', [trailer({ alias: 'ekipazh' })], adult, { kind: 'none' }],
  ];
  // "3. Else if an open action exists, navigate by type: product /watch/{alias}; collection /collection/{alias};
  // playlist /playlist/{alias}; channel /tvchannels/watch/{alias}; tv_selection /channel/?category={alias};
  // mainselection /main/{alias}; profile /auth, /kids or / as appropriate; link goes to the given internal URL"
  const step3: Row[] = [
    ['product', 'product', [open({ alias: 'ekipazh' })], adult, { kind: 'navigate', url: '/watch/ekipazh' }],
    ['collection', 'collection', [open({ alias: 'luchshie-komedii' })], adult, { kind: 'navigate', url: '/collection/luchshie-komedii' }],
    ['playlist', 'playlist', [open({ alias: 'novogodnie' })], adult, { kind: 'navigate', url: '/playlist/novogodnie' }],
    ['channel', 'channel', [open({ alias: 'ekran-kino' })], adult, { kind: 'navigate', url: '/tvchannels/watch/ekran-kino' }],
    ['tv_selection', 'tv_selection', [open({ alias: 'sport' })], adult, { kind: 'navigate', url: '/channel/?category=sport' }],
    ['mainselection', 'mainselection', [open({ alias: 'top-nedeli' })], adult, { kind: 'navigate', url: '/main/top-nedeli' }],
    ['an alias is URL-encoded', 'mainselection', [open({ alias: 'a b/c' })], adult, { kind: 'navigate', url: '/main/a%20b%2Fc' }],
    ['profile: a virtual visitor signs in at /auth', 'profile', [open()], virtual, { kind: 'navigate', url: '/auth' }],
    ['profile: a child profile goes to /kids', 'profile', [open()], child, { kind: 'navigate', url: '/kids' }],
    ['profile: an adult profile goes to /', 'profile', [open()], adult, { kind: 'navigate', url: '/' }],
    ['link: the given internal URL', 'link', [open({ url: '/promos' })], adult, { kind: 'navigate', url: '/promos' }],
    ['link: with its query', 'link', [open({ url: '/movies/comedy?sort=-year' })], virtual, { kind: 'navigate', url: '/movies/comedy?sort=-year' }],
    ['link: an external URL does nothing', 'link', [open({ url: 'https://example.com/' })], adult, { kind: 'none' }],
    ['link: a protocol-relative URL does nothing', 'link', [open({ url: '//example.com/x' })], adult, { kind: 'none' }],
    ['link: no URL does nothing', 'link', [open()], adult, { kind: 'none' }],
    ['an open action without any alias does nothing', 'collection', [open()], adult, { kind: 'none' }],
  ];
  // "(a link containing /child_profile opens the child-profile creation prompt if no child profile exists)"
  const childLink: Row[] = [
    ['no child profile: the creation prompt', 'link', [open({ url: '/child_profile' })], adultNoChild, { kind: 'child-profile-prompt' }],
    ['a child profile exists: the link opens', 'link', [open({ url: '/child_profile' })], adult, { kind: 'navigate', url: '/child_profile' }],
    ['with a query, no child profile: the prompt', 'link', [open({ url: '/child_profile?from=banner' })], adultNoChild, { kind: 'child-profile-prompt' }],
    ['a virtual visitor signs in first and comes back', 'link', [open({ url: '/child_profile' })], virtual, { kind: 'navigate', url: '/auth?back=%2Fchild_profile' }],
    ['only the path counts, not a query naming it', 'link', [open({ url: '/promos?next=/child_profile' })], adultNoChild, { kind: 'navigate', url: '/promos?next=/child_profile' }],
  ];
  // "4. A profile banner with a child action switches to the child profile."
  const step4: Row[] = [
    ['a child action switches', 'profile', [{ type: 'add_to_favorites', child: true }], adult, { kind: 'switch-to-child' }],
    ['an open child action switches too', 'profile', [open({ child: true })], adultNoChild, { kind: 'switch-to-child' }],
    ['in a child profile it switches (to the current one)', 'profile', [open({ child: true })], child, { kind: 'switch-to-child' }],
    ['a virtual visitor signs in first', 'profile', [open({ child: true })], virtual, { kind: 'navigate', url: '/auth?back=%2Fchild_profile' }],
    ['a child action on another type does not switch', 'product', [{ type: 'add_to_favorites', alias: 'a', child: true }], adult, { kind: 'none' }],
    ['a profile banner without actions does nothing', 'profile', [], adult, { kind: 'none' }],
  ];

  for (const [name, rows] of [
    ['1. play', step1],
    ['2. play_trailer', step2],
    ['3. open by type', step3],
    ['3. link to /child_profile', childLink],
    ['4. profile with a child action', step4],
  ] as const) {
    describe(name, () => {
      it.each(rows)('%s', (_name, type, actions, visitor, expected) => {
        expect(bannerClickOutcome({ type, actions }, visitor)).toEqual(expected);
      });
    });
  }
});

describe('bannerExtraActions', () => {
  it('offers add_to_favorites by alias and catchup by its recording page', () => {
    expect(
      bannerExtraActions({
        type: 'product',
        actions: [open({ alias: 'ekipazh' }), { type: 'add_to_favorites' }, { type: 'catchup', target_id: 'rec-42' }],
      }),
    ).toEqual([
      { kind: 'add-to-favorites', alias: 'ekipazh' },
      { kind: 'catchup', url: '/archive/watch/rec-42' },
    ]);
  });

  it('skips actions it cannot act on and the click actions', () => {
    expect(bannerExtraActions({ type: 'link', actions: [open({ url: '/promos' }), { type: 'add_to_favorites' }, { type: 'catchup' }] })).toEqual([]);
  });
});

describe('isInternalUrl', () => {
  it.each([
    ['/', true],
    ['/watch/a?b=1#c', true],
    ['//evil.example', false],
    ['/\\evil.example', false],
    ['https://example.com', false],
    ['javascript:alert(1)', false],
    ['watch/a', false],
    ['/a\nb', false],
    ['', false],
    [null, false],
  ])('%s → %s', (url, expected) => {
    expect(isInternalUrl(url)).toBe(expected);
  });
});

// spec catalogue §2: "Shown at width 1024 or less when the experiment Mobile_web_app is on."
describe('isMobileWebAppOn', () => {
  it.each([
    ['B', true],
    ['A', false],
    [null, false],
    [undefined, false],
  ])('group %s → %s', (group, on) => {
    expect(isMobileWebAppOn(group)).toBe(on);
  });
});
