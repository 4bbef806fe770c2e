// Profiles, kids content and the parental PIN: spec platform §3, §4 (Child profile switch, Pin status),
// §5 (child-form rule), §6 (child profile), §9 (child-profile prompt).

import { AGE_RATINGS, type AgeRating } from './age-rating.ts';
import { CHILD_PROFILE_PROMPT_LIMIT, KIDS_PATH } from './constants.ts';
import { isUnderRoute } from './shell.ts';

// The spec gives a popup for the maximum number of profiles but not the number; 5 is our default
// (the API's PROFILES_MAX setting).
/** Default maximum number of profiles per account (platform §1 "maximum count enforced by a popup"). */
export const PROFILES_MAX_DEFAULT = 5;

/** Length of a parental PIN: four digits. */
export const PIN_LENGTH = 4;
/** Wrong PIN tries before checks lock. */
export const PIN_MAX_ATTEMPTS = 5;
/** How long PIN checks stay locked after the last allowed wrong try. */
export const PIN_LOCK_MINUTES = 15;
/** Lifetime of a forgotten-PIN link (/pin_remove?token=…). */
export const PIN_RESET_TTL_MINUTES = 30;

/** Whether a value is a well-formed PIN: exactly four ASCII digits. */
export function isPin(value: unknown): value is string {
  return typeof value === 'string' && /^\d{4}$/.test(value);
}

// ---------------------------------------------------------------- kids age caps

// The child form asks for an age cap in the classes of Russian age labelling (0+, 6+, 12+). Titles carry
// the catalogue's ratings (AGE_RATINGS); a title is allowed under a cap when its age is not above it.
/** Age caps a child profile may have, youngest first. */
export const KIDS_AGE_CAPS = ['0+', '6+', '12+'] as const;
/** An age cap of a child profile. */
export type KidsAgeCap = (typeof KIDS_AGE_CAPS)[number];

const yearsOf = (label: string) => Number.parseInt(label, 10);

/** Whether a value is one of the child age caps. */
export function isKidsAgeCap(value: unknown): value is KidsAgeCap {
  return typeof value === 'string' && (KIDS_AGE_CAPS as readonly string[]).includes(value);
}

/** The catalogue ratings a child profile with this cap may watch: 0+ → 0+; 6+ → 0+, 6+; 12+ → 0+, 6+, 8+. */
export function ratingsAllowedUnder(cap: KidsAgeCap): AgeRating[] {
  return AGE_RATINGS.filter((rating) => yearsOf(rating) <= yearsOf(cap));
}

/** Whether a title rating is allowed under a child's cap; an unknown rating never is. */
export function isRatingAllowedUnder(rating: string, cap: KidsAgeCap): boolean {
  return (ratingsAllowedUnder(cap) as readonly string[]).includes(rating);
}

/** Full years between a birth date (YYYY-MM-DD) and today (both read as calendar dates in UTC). */
export function ageInYears(birthDate: string, today: Date): number {
  const [y, m, d] = birthDate.split('-').map(Number) as [number, number, number];
  let age = today.getUTCFullYear() - y;
  const month = today.getUTCMonth() + 1;
  if (month < m || (month === m && today.getUTCDate() < d)) age -= 1;
  return age;
}

/** The cap suggested for a child of this age: under 6 → 0+, under 12 → 6+, else 12+. */
export function ageCapForAge(years: number): KidsAgeCap {
  if (years < 6) return '0+';
  if (years < 12) return '6+';
  return '12+';
}

/** Whether a cap is at most another one (a child session may only make profiles as young as itself). */
export function isCapWithin(cap: KidsAgeCap, limit: KidsAgeCap): boolean {
  return yearsOf(cap) <= yearsOf(limit);
}

// ---------------------------------------------------------------- PIN status (platform §3, §4)

/** The auth data's pin_status (platform §3). */
export type PinStatus = 'none' | 'create' | 'skip' | 'required';

/**
 * pin_status of an account: none for a virtual user or an account without child profiles (there is nothing
 * to protect), required once a PIN is set, skip when the viewer declined to make one, else create.
 */
export function pinStatusOf(input: { isVirtual: boolean; childProfiles: number; hasPin: boolean; skipped: boolean }): PinStatus {
  if (input.isVirtual || input.childProfiles === 0) return 'none';
  if (input.hasPin) return 'required';
  return input.skipped ? 'skip' : 'create';
}

// spec platform §2: "The parental-control popup does not show on some excluded routes." They are not
// listed; ours are the pages where a popup would be in the way of what the viewer came to do.
/** Routes (with everything under them) where the parental-control popup never opens on its own (platform §2). */
export const PARENTAL_POPUP_EXCLUDED = ['/pin_remove', '/child_profile', '/auth', '/signin', '/signup', '/signup_confirm', '/logout', '/password'] as const;

/**
 * spec platform §4 Pin status, §5, §6: pin_status create opens the parental-control popup with type null
 * (create), once per session, never in a child profile (no PIN prompt there) nor for a virtual user, and
 * not on the excluded routes. required opens it with type check only when an action needs it, so never
 * on its own. Returns whether to open the create popup now.
 */
export function opensPinCreatePopup(input: {
  pinStatus: PinStatus;
  isChild: boolean;
  isVirtual: boolean;
  shownThisSession: boolean;
  pathname: string;
}): boolean {
  if (input.pinStatus !== 'create' || input.isChild || input.isVirtual || input.shownThisSession) return false;
  return !PARENTAL_POPUP_EXCLUDED.some((route) => isUnderRoute(input.pathname, route));
}

// ---------------------------------------------------------------- child-profile prompt (platform §5, §9)

/**
 * spec platform §5 "A child-form count below 3 with email or phone opens the child-profile prompt", §9
 * "Child-profile prompt while fewer than 3 child profiles exist".
 */
export function offersChildProfile(input: { childProfiles: number; email: string | null; phone: string | null }): boolean {
  return input.childProfiles < CHILD_PROFILE_PROMPT_LIMIT && Boolean(input.email || input.phone);
}

// ---------------------------------------------------------------- child profile switch (platform §4)

/** A profile as the switch sees it. */
export interface SwitchProfile {
  id: string;
  child: boolean;
}

/** What the interface does next in a profile switch. */
export type ProfileSwitchStep =
  /** No child profile exists: prompt to create one. */
  | { kind: 'create-child' }
  /** pin_status skip: show the PIN popup (create) and remember the profile in local storage. */
  | { kind: 'pin-popup'; profileId: string }
  /** Leaving a child profile for an adult one while a PIN is set: ask for it (popup type check). */
  | { kind: 'pin-check'; profileId: string }
  /** Select the profile by POST. */
  | { kind: 'select'; profileId: string }
  /** The profile is already the current one: only go to its home. */
  | { kind: 'home'; path: string };

/** The home of a profile: /kids for a child, / otherwise (platform §4). */
export const profileHome = (child: boolean): string => (child ? KIDS_PATH : '/');

/**
 * spec platform §4 Child profile switch, in its order:
 * 1. no child profile exists → prompt to create one;
 * 2. pin_status skip → show the PIN popup and remember the profile (a child profile has no PIN prompt,
 *    platform §5, so this step is skipped when the viewer already is in one). pin_status create does the
 *    same while its once-per-session popup has not shown yet: entering the child profile first would skip
 *    that prompt (no PIN prompt in a child profile) and leave the child profile without a PIN;
 * 3. else, if the current profile differs → select it by POST.
 * The same steps serve a switch to any profile (the chooser, the profile menu): leaving a child profile
 * for an adult one asks for the PIN when one is set (the server checks it too).
 * `target` null means "the child profile": the current one in a child profile, else the account's first.
 */
export function nextProfileSwitchStep(input: {
  target: SwitchProfile | null;
  profiles: readonly SwitchProfile[];
  currentProfileId: string;
  pinStatus: PinStatus;
  /** The create popup of pin_status create already showed in this session. */
  pinPromptShown: boolean;
}): ProfileSwitchStep {
  const current = input.profiles.find((p) => p.id === input.currentProfileId);
  // "The child profile": the current one when the viewer is in a child profile, else the first one.
  const target = input.target ?? (current?.child ? current : input.profiles.find((p) => p.child)) ?? null;
  if (!target) return { kind: 'create-child' };
  const inChild = current?.child ?? false;
  const offersPin = input.pinStatus === 'skip' || (input.pinStatus === 'create' && !input.pinPromptShown);
  if (target.child && offersPin && !inChild) return { kind: 'pin-popup', profileId: target.id };
  if (target.id === input.currentProfileId) return { kind: 'home', path: profileHome(target.child) };
  if (inChild && !target.child && input.pinStatus === 'required') return { kind: 'pin-check', profileId: target.id };
  return { kind: 'select', profileId: target.id };
}

/** What follows a profile selection (platform §4 "After selection"). */
export interface AfterSelection {
  /** /kids for a child, / otherwise. */
  path: string;
  /** The interface language changed with the profile: reload it. */
  reloadLanguage: boolean;
  /** Show the child-profile prompt (fewer than 3 child profiles, with email or phone). */
  showChildPrompt: boolean;
}

/**
 * spec platform §4: after selection go to /kids for a child or / otherwise, refresh auth data, clear the
 * stored selections, reload the interface language if it changed, and show the child-profile prompt while
 * fewer than 3 child profiles exist (with email or phone, §5).
 */
export function afterProfileSelection(input: {
  child: boolean;
  languageBefore: string;
  languageAfter: string;
  childProfiles: number;
  email: string | null;
  phone: string | null;
}): AfterSelection {
  return {
    path: profileHome(input.child),
    reloadLanguage: input.languageBefore !== input.languageAfter,
    showChildPrompt: offersChildProfile(input),
  };
}

/** Local-storage key holding the profile a switch continues with after the PIN popup (platform §4). */
export const PENDING_PROFILE_STORAGE_KEY = 'child_profile_target';
/** Stored selections a profile change clears (platform §4 "clear some stored selections"). */
export const PROFILE_SCOPED_STORAGE_KEYS = [PENDING_PROFILE_STORAGE_KEY, 'tv_category', 'search_value'] as const;

// ---------------------------------------------------------------- «Кто смотрит?» (platform §6 Who_watch)

/** The Who_watch group that shows the «Кто смотрит?» chooser. */
export const WHO_WATCH_GROUP_ON = 'B';

/**
 * The «Кто смотрит?» chooser (experiment Who_watch, platform §6): for a registered account with two or more
 * profiles in the experiment's on group, on the first page of a session (a new sign-in is a new session),
 * never in a child profile (leaving it would need the PIN anyway).
 */
export function showsWhoWatch(input: {
  whoWatchGroup: string | null;
  isVirtual: boolean;
  isChild: boolean;
  profiles: number;
  firstVisitOfSession: boolean;
}): boolean {
  return (
    input.whoWatchGroup === WHO_WATCH_GROUP_ON && !input.isVirtual && !input.isChild && input.profiles >= 2 && input.firstVisitOfSession
  );
}

/**
 * What a child session may see: kids titles only, and of those only the ratings its age cap allows (null:
 * every kids title, for a child profile without a cap). The server applies it on every catalogue, home,
 * title and playback endpoint whatever the query says (for_kids=false is ignored for a child session).
 */
export interface KidsScope {
  ratings: AgeRating[] | null;
}

/** The kids scope of a caller's profile, or null for an adult profile or an anonymous call. */
export function kidsScopeOf(caller: { isChild: boolean; ageCap: KidsAgeCap | null } | null | undefined): KidsScope | null {
  if (!caller?.isChild) return null;
  return { ratings: caller.ageCap ? ratingsAllowedUnder(caller.ageCap) : null };
}

/** Whether a title is visible in a kids scope (always, without one). */
export function scopeAllows(scope: KidsScope | null, title: { forKids: boolean; ratingAge: string }): boolean {
  if (!scope) return true;
  return title.forKids && (scope.ratings === null || (scope.ratings as readonly string[]).includes(title.ratingAge));
}

/** A stable cache key part for a scope. */
export const scopeKey = (scope: KidsScope | null): string => (scope ? `kids:${scope.ratings?.join(',') ?? '*'}` : 'all');
