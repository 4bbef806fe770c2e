import { describe, expect, it } from 'vitest';
import {
  afterProfileSelection, kidsScopeOf, scopeAllows, scopeKey, ageCapForAge, ageInYears, isCapWithin, isKidsAgeCap, isPin, isRatingAllowedUnder, KIDS_AGE_CAPS, nextProfileSwitchStep,
  offersChildProfile, opensPinCreatePopup, PIN_LOCK_MINUTES, PIN_MAX_ATTEMPTS, pinStatusOf, PROFILES_MAX_DEFAULT, ratingsAllowedUnder, showsWhoWatch,
  type PinStatus, type SwitchProfile,
} from './profiles.ts';

describe('limits', () => {
  it('has 5 profiles per account, a 4-digit PIN, 5 tries and a 15-minute lock', () => {
    expect([PROFILES_MAX_DEFAULT, PIN_MAX_ATTEMPTS, PIN_LOCK_MINUTES]).toEqual([5, 5, 15]);
  });

  it.each([
    ['1234', true],
    ['0000', true],
    ['123', false],
    ['12345', false],
    ['12a4', false],
    ['١٢٣٤', false],
    [' 1234', false],
    [1234, false],
    [null, false],
  ])('isPin(%j) is %s', (value, expected) => {
    expect(isPin(value)).toBe(expected);
  });
});

describe('kids age caps mapped to the catalogue ratings (platform §9 AGE_RATINGS)', () => {
  it('offers 0+, 6+ and 12+', () => {
    expect(KIDS_AGE_CAPS).toEqual(['0+', '6+', '12+']);
    expect(isKidsAgeCap('6+')).toBe(true);
    expect(isKidsAgeCap('8+')).toBe(false);
  });

  it.each([
    ['0+', ['0+']],
    ['6+', ['0+', '6+']],
    ['12+', ['0+', '6+', '8+']],
  ] as const)('%s allows %j', (cap, ratings) => {
    expect(ratingsAllowedUnder(cap)).toEqual(ratings);
  });

  it.each([
    ['0+', '0+', true],
    ['6+', '0+', false],
    ['8+', '6+', false],
    ['8+', '12+', true],
    ['13+', '12+', false],
    ['18+', '12+', false],
    ['12+', '12+', false], // not a catalogue rating
  ] as const)('a %s title under a %s cap: %s', (rating, cap, expected) => {
    expect(isRatingAllowedUnder(rating, cap)).toBe(expected);
  });

  it.each([
    ['0+', '0+', true],
    ['0+', '12+', true],
    ['6+', '0+', false],
    ['12+', '6+', false],
  ] as const)('cap %s within %s: %s', (cap, limit, expected) => {
    expect(isCapWithin(cap, limit)).toBe(expected);
  });

  it.each([
    ['2020-05-10', '2026-05-09', 5],
    ['2020-05-10', '2026-05-10', 6],
    ['2014-12-31', '2026-11-21', 11],
    ['2008-02-29', '2026-02-28', 17],
  ])('born %s is %i on %s', (birth, today, years) => {
    expect(ageInYears(birth, new Date(`${today}T12:00:00Z`))).toBe(years);
  });

  it.each([
    [0, '0+'],
    [5, '0+'],
    [6, '6+'],
    [11, '6+'],
    [12, '12+'],
    [17, '12+'],
  ] as const)('age %i suggests %s', (years, cap) => {
    expect(ageCapForAge(years)).toBe(cap);
  });
});

describe('pinStatusOf (platform §3 pin_status)', () => {
  it.each([
    [{ isVirtual: true, childProfiles: 1, hasPin: true, skipped: false }, 'none'],
    [{ isVirtual: false, childProfiles: 0, hasPin: false, skipped: false }, 'none'],
    [{ isVirtual: false, childProfiles: 0, hasPin: true, skipped: false }, 'none'],
    [{ isVirtual: false, childProfiles: 1, hasPin: false, skipped: false }, 'create'],
    [{ isVirtual: false, childProfiles: 2, hasPin: false, skipped: true }, 'skip'],
    [{ isVirtual: false, childProfiles: 1, hasPin: true, skipped: true }, 'required'],
    [{ isVirtual: false, childProfiles: 1, hasPin: true, skipped: false }, 'required'],
  ])('%j → %s', (input, expected) => {
    expect(pinStatusOf(input)).toBe(expected);
  });
});

describe('opensPinCreatePopup (platform §4 Pin status: create opens the popup with type null)', () => {
  const base = { pinStatus: 'create' as PinStatus, isChild: false, isVirtual: false, shownThisSession: false, pathname: '/' };
  it.each([
    [{}, true],
    [{ pathname: '/watch/some-film' }, true],
    [{ pinStatus: 'required' as PinStatus }, false],
    [{ pinStatus: 'skip' as PinStatus }, false],
    [{ pinStatus: 'none' as PinStatus }, false],
    [{ isChild: true }, false],
    [{ isVirtual: true }, false],
    [{ shownThisSession: true }, false],
    [{ pathname: '/pin_remove' }, false],
    [{ pathname: '/auth/signin' }, false],
    [{ pathname: '/logout' }, false],
    [{ pathname: '/child_profile' }, false],
  ])('%j → %s', (change, expected) => {
    expect(opensPinCreatePopup({ ...base, ...change })).toBe(expected);
  });
});

describe('offersChildProfile (platform §5: a child-form count below 3 with email or phone)', () => {
  it.each([
    [0, 'a@b.ru', null, true],
    [2, null, '79991234567', true],
    [3, 'a@b.ru', '79991234567', false],
    [4, 'a@b.ru', null, false],
    [0, null, null, false],
  ])('%i child profiles, email %s, phone %s → %s', (childProfiles, email, phone, expected) => {
    expect(offersChildProfile({ childProfiles, email, phone })).toBe(expected);
  });
});

describe('nextProfileSwitchStep (platform §4 Child profile switch, step by step)', () => {
  const adult: SwitchProfile = { id: 'adult', child: false };
  const second: SwitchProfile = { id: 'second', child: false };
  const kid: SwitchProfile = { id: 'kid', child: true };
  const kid2: SwitchProfile = { id: 'kid2', child: true };
  const all = [adult, second, kid, kid2];
  it.each([
    ['no child profile exists → prompt to create one', null, [adult], 'adult', 'none', false, { kind: 'create-child' }],
    ['pin_status skip → PIN popup, remember the profile', null, all, 'adult', 'skip', true, { kind: 'pin-popup', profileId: 'kid' }],
    ['pin_status skip with an explicit child target', kid2, all, 'adult', 'skip', true, { kind: 'pin-popup', profileId: 'kid2' }],
    ['pin_status create before its popup showed → PIN popup too', null, all, 'adult', 'create', false, { kind: 'pin-popup', profileId: 'kid' }],
    ['else the current profile differs → select by POST', null, all, 'adult', 'create', true, { kind: 'select', profileId: 'kid' }],
    ['with a PIN set, entering a child profile needs no PIN', null, all, 'adult', 'required', false, { kind: 'select', profileId: 'kid' }],
    ['already in the child profile → its home', null, all, 'kid', 'required', false, { kind: 'home', path: '/kids' }],
    ['in the second child profile, "the child profile" is that one', null, all, 'kid2', 'skip', false, { kind: 'home', path: '/kids' }],
    ['a child profile has no PIN prompt even with skip', kid2, all, 'kid', 'skip', false, { kind: 'select', profileId: 'kid2' }],
    ['leaving a child profile for an adult one with a PIN → check', adult, all, 'kid', 'required', false, { kind: 'pin-check', profileId: 'adult' }],
    ['leaving a child profile without a PIN → select', adult, all, 'kid', 'skip', false, { kind: 'select', profileId: 'adult' }],
    ['adult to adult → select', second, all, 'adult', 'required', false, { kind: 'select', profileId: 'second' }],
    ['adult to adult never asks for a PIN', second, all, 'adult', 'skip', false, { kind: 'select', profileId: 'second' }],
    ['the current adult profile → home', adult, all, 'adult', 'none', false, { kind: 'home', path: '/' }],
  ] as const)('%s', (_name, target, profiles, current, pinStatus, pinPromptShown, expected) => {
    expect(nextProfileSwitchStep({ target, profiles, currentProfileId: current, pinStatus, pinPromptShown })).toEqual(expected);
  });
});

describe('afterProfileSelection (platform §4 "After selection")', () => {
  it.each([
    [{ child: true, languageBefore: 'ru', languageAfter: 'ru', childProfiles: 1, email: 'a@b.ru', phone: null }, { path: '/kids', reloadLanguage: false, showChildPrompt: true }],
    [{ child: false, languageBefore: 'ru', languageAfter: 'en', childProfiles: 3, email: 'a@b.ru', phone: null }, { path: '/', reloadLanguage: true, showChildPrompt: false }],
    [{ child: true, languageBefore: 'en', languageAfter: 'ru', childProfiles: 2, email: null, phone: null }, { path: '/kids', reloadLanguage: true, showChildPrompt: false }],
    [{ child: false, languageBefore: 'ru', languageAfter: 'ru', childProfiles: 2, email: null, phone: '79991234567' }, { path: '/', reloadLanguage: false, showChildPrompt: true }],
  ])('%j → %j', (input, expected) => {
    expect(afterProfileSelection(input)).toEqual(expected);
  });
});

describe('showsWhoWatch (platform §6 Who_watch)', () => {
  const base = { whoWatchGroup: 'B', isVirtual: false, isChild: false, profiles: 2, firstVisitOfSession: true };
  it.each([
    [{}, true],
    [{ profiles: 5 }, true],
    [{ whoWatchGroup: 'A' }, false],
    [{ whoWatchGroup: null }, false],
    [{ profiles: 1 }, false],
    [{ isVirtual: true }, false],
    [{ isChild: true }, false],
    [{ firstVisitOfSession: false }, false],
  ])('%j → %s', (change, expected) => {
    expect(showsWhoWatch({ ...base, ...change })).toBe(expected);
  });
});

describe('kidsScopeOf / scopeAllows (spec platform §4: a child profile sees kids titles within its cap)', () => {
  it('an adult profile or an anonymous call has no scope and sees everything', () => {
    expect(kidsScopeOf(null)).toBeNull();
    expect(kidsScopeOf({ isChild: false, ageCap: null })).toBeNull();
    expect(scopeAllows(null, { forKids: false, ratingAge: '18+' })).toBe(true);
    expect(scopeKey(null)).toBe('all');
  });
  it('a child profile without a cap sees every kids title and nothing else', () => {
    const scope = kidsScopeOf({ isChild: true, ageCap: null });
    expect(scope).toEqual({ ratings: null });
    expect(scopeAllows(scope, { forKids: true, ratingAge: '12+' })).toBe(true);
    expect(scopeAllows(scope, { forKids: false, ratingAge: '0+' })).toBe(false);
    expect(scopeKey(scope)).toBe('kids:*');
  });
  it('a capped child profile sees the kids titles its cap allows', () => {
    const scope = kidsScopeOf({ isChild: true, ageCap: '6+' });
    expect(scopeAllows(scope, { forKids: true, ratingAge: '6+' })).toBe(true);
    expect(scopeAllows(scope, { forKids: true, ratingAge: '12+' })).toBe(false);
    expect(scopeKey(scope)).toBe(`kids:${ratingsAllowedUnder('6+').join(',')}`);
  });
});
