import type { AvatarId, Profile, ProfileCreateRequest, ProfileList, ProfileSelectRequest, ProfileSelectResponse, ProfileUpdateRequest } from '@ekran/contracts';
import { ErrorCode } from '@ekran/contracts';
import { ageCapForAge, ageInYears, isCapWithin, type KidsAgeCap } from '@ekran/core';
import type { Deps } from '../../deps.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import type { IdentityService } from '../identity/identity.service.ts';
import type { SessionContext } from '../sessions/session-context.ts';
import { ALL_AVATARS, avatarFits, defaultAvatar } from './avatars.ts';
import { requireAdultSession, requireRegistered } from './guards.ts';
import type { PinService } from './pin.service.ts';
import { toProfile } from './profiles.mapper.ts';
import { createProfilesRepo, type NewProfile } from './profiles.repo.ts';

const CHILD_MAX_AGE = 18;
const bad = (message: string) => new AppError(400, ErrorCode.BadRequest, message);
const restricted = (message: string) => new AppError(403, ErrorCode.KidsProfileRestricted, message);

/** Profiles of an account: list, create (the child form too), change, delete, select (spec platform §3, §4, §7). */
export function createProfilesService(deps: Pick<Deps, 'env' | 'database' | 'now'>, { identity, pin }: { identity: IdentityService; pin: PinService }) {
  const repo = createProfilesRepo(deps.database.db);

  /** The child form's birth date: a real past date of someone under 18. */
  function checkBirthDate(birthDate: string | null | undefined) {
    if (!birthDate) return;
    const now = deps.now();
    const [y, m, d] = birthDate.split('-').map(Number) as [number, number, number];
    const date = new Date(Date.UTC(y, m - 1, d));
    if (date.getUTCFullYear() !== y || date.getUTCMonth() !== m - 1 || date.getUTCDate() !== d) throw bad('birth_date is not a calendar date');
    if (date > now) throw bad('birth_date is in the future');
    if (ageInYears(birthDate, now) >= CHILD_MAX_AGE) throw bad(`a child profile is for a child under ${CHILD_MAX_AGE}`);
  }

  function checkAvatar(avatar: AvatarId | undefined, child: boolean) {
    if (avatar && !avatarFits(avatar, child)) throw bad(child ? 'a child profile takes a child avatar (k…)' : 'an adult profile takes an adult avatar (a…)');
  }

  return {
    /** spec platform §7 GET profile list. */
    async list(session: SessionContext): Promise<ProfileList> {
      const rows = await repo.list(session.userId);
      return { profiles: rows.map((r) => toProfile(r, session.profileId)), max_profiles: deps.env.PROFILES_MAX, avatars: ALL_AVATARS };
    },

    /**
     * A new profile, up to PROFILES_MAX per account (409 PROFILE_LIMIT_REACHED). A child profile carries the
     * child form: birth date, an age cap (from the birth date when not given, else 0+) and a language. From
     * a child profile only child profiles as young as it can be made, never an adult one.
     */
    async create(session: SessionContext, body: ProfileCreateRequest): Promise<Profile> {
      requireRegistered(session);
      if (!body.child && (body.birth_date || body.age_cap)) throw bad('birth_date and age_cap belong to a child profile');
      checkBirthDate(body.birth_date);
      checkAvatar(body.avatar, body.child);
      const ageCap: KidsAgeCap | null = body.child ? (body.age_cap ?? (body.birth_date ? ageCapForAge(ageInYears(body.birth_date, deps.now())) : '0+')) : null;
      if (session.isChild) {
        if (!body.child) throw restricted('A child profile cannot make an adult profile');
        if (session.ageCap && ageCap && !isCapWithin(ageCap, session.ageCap)) throw restricted(`A ${session.ageCap} child profile can make profiles up to ${session.ageCap}`);
      }
      const values = (existing: number): NewProfile => ({
        name: body.name,
        isChild: body.child,
        isMain: false,
        avatar: body.avatar ?? defaultAvatar(body.child, existing),
        birthDate: body.child ? (body.birth_date ?? null) : null,
        ageCap,
        interfaceLanguage: body.language ?? null,
      });
      const row = await repo.createWithin(session.userId, deps.env.PROFILES_MAX, values);
      if (!row) throw new AppError(409, ErrorCode.ProfileLimitReached, `An account has at most ${deps.env.PROFILES_MAX} profiles`);
      return toProfile(row, session.profileId);
    },

    /** Rename, another avatar, the child form's fields, the language. Not from a child profile. */
    async update(session: SessionContext, profileId: string, body: ProfileUpdateRequest): Promise<Profile> {
      requireRegistered(session);
      requireAdultSession(session);
      const row = await repo.byId(session.userId, profileId);
      if (!row) throw notFound('Profile');
      if (!row.isChild && (body.birth_date || body.age_cap)) throw bad('birth_date and age_cap belong to a child profile');
      checkBirthDate(body.birth_date);
      checkAvatar(body.avatar, row.isChild);
      const set: Partial<NewProfile> = {};
      if (body.name !== undefined) set.name = body.name;
      if (body.avatar !== undefined) set.avatar = body.avatar;
      if (body.birth_date !== undefined && row.isChild) set.birthDate = body.birth_date;
      if (body.age_cap !== undefined) set.ageCap = body.age_cap;
      if (body.language !== undefined) set.interfaceLanguage = body.language;
      const updated = await repo.update(session.userId, profileId, set);
      if (!updated) throw notFound('Profile');
      return toProfile(updated, session.profileId);
    },

    /** Deletes a profile, never the main one; a session on it (this one too) moves to the main profile. */
    async remove(session: SessionContext, profileId: string): Promise<void> {
      requireRegistered(session);
      requireAdultSession(session);
      const rows = await repo.list(session.userId);
      const row = rows.find((r) => r.id === profileId);
      if (!row) throw notFound('Profile');
      if (row.isMain) throw new AppError(409, ErrorCode.MainProfileUndeletable, 'The main profile cannot be deleted');
      const main = rows.find((r) => r.isMain) ?? rows.find((r) => r.id !== profileId && !r.isChild);
      if (!main) throw new AppError(409, ErrorCode.MainProfileUndeletable, 'The account would have no adult profile left');
      await repo.remove({ userId: session.userId, profileId, mainId: main.id, isChild: row.isChild, now: deps.now() });
    },

    /**
     * spec platform §7 POST profile select: the session's profile changes and the profile-select response
     * of §3 comes back. Leaving a child profile for an adult one needs the PIN when one is set (403
     * PIN_REQUIRED, PIN_INVALID with tries_left, 423 PIN_LOCKED).
     */
    async select(session: SessionContext, body: ProfileSelectRequest): Promise<ProfileSelectResponse> {
      requireRegistered(session);
      const target = await repo.byId(session.userId, body.profile_id);
      if (!target) throw notFound('Profile');
      if (session.isChild && !target.isChild && (await pin.hasPin(session.userId))) {
        if (!body.pin) throw new AppError(403, ErrorCode.PinRequired, 'Leaving a child profile needs the parental PIN');
        await pin.verify(session.userId, body.pin);
      }
      await repo.selectForSession(session.sessionId, target.id);
      const auth = await identity.refresh(session.token);
      return {
        profile_id: auth.profile_id,
        profile_for_child: auth.profile_for_child,
        ab: auth.ab,
        language: auth.language,
        authentication_token: auth.authentication_token,
      };
    },
  };
}
export type ProfilesService = ReturnType<typeof createProfilesService>;
