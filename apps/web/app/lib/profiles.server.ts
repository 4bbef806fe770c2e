import type { Avatar, AuthData, Profile } from '@ekran/contracts';
import { EXPERIMENTS, experimentGroup, type PinStatus } from '@ekran/core';
import { createHash } from 'node:crypto';
import type { Api } from './api.server.ts';

/** What the profile menu, its dialogs and the switch need about the visitor. */
export interface ProfilesShell {
  isVirtual: boolean;
  isChild: boolean;
  currentProfileId: string;
  profiles: Profile[];
  maxProfiles: number;
  avatars: Avatar[];
  pinStatus: PinStatus;
  /** A PIN is set (pin_status is none without child profiles even then). */
  hasPin: boolean;
  email: string | null;
  phone: string | null;
  /** The account's Who_watch group (platform §6), from the auth data's ab. */
  whoWatchGroup: string | null;
  /** Names this session without revealing its token: a new sign-in is a new session («Кто смотрит?» once each). */
  sessionKey: string;
}

/**
 * The profiles of a registered visitor for the shell. A failed profile call is ignored (spec platform §8:
 * "Profile and tariff calls with status 400+ ignored silently"): the menu then shows the current profile only.
 */
export async function loadProfilesShell(auth: AuthData | null, token: string | null, api: Api): Promise<ProfilesShell | null> {
  if (!auth || !token) return null;
  const ignoreFailure = <T,>(call: () => Promise<T>) => call().catch(() => null);
  const [list, pin] = auth.virtual ? [null, null] : await Promise.all([ignoreFailure(api.profileList), ignoreFailure(api.pinState)]);
  return {
    isVirtual: auth.virtual,
    isChild: auth.profile_for_child,
    currentProfileId: auth.profile_id,
    profiles: list?.profiles ?? [],
    maxProfiles: list?.max_profiles ?? 0,
    avatars: list?.avatars ?? [],
    pinStatus: auth.pin_status,
    hasPin: pin?.has_pin ?? false,
    email: auth.email,
    phone: auth.phone,
    whoWatchGroup: experimentGroup(auth.ab, EXPERIMENTS.whoWatch),
    sessionKey: createHash('sha256').update(`who-watch:${token}`).digest('base64url').slice(0, 16),
  };
}
