import { AvatarIdSchema, type Profile } from '@ekran/contracts';
import { isKidsAgeCap, isSupportedLanguage } from '@ekran/core';
import { defaultAvatar, toAvatar } from './avatars.ts';
import type { ProfileRow } from './profiles.repo.ts';

/** spec platform §3 Profile from a row. */
export function toProfile(row: ProfileRow, currentProfileId: string): Profile {
  const avatar = AvatarIdSchema.safeParse(row.avatar).data ?? defaultAvatar(row.isChild, 0);
  return {
    _id: row.id,
    profile_id: row.id,
    child: row.isChild,
    name: row.name,
    avatar: toAvatar(avatar),
    is_main: row.isMain,
    is_current: row.id === currentProfileId,
    birth_date: row.isChild ? row.birthDate : null,
    age_cap: row.isChild && isKidsAgeCap(row.ageCap) ? row.ageCap : null,
    language: { interface: row.interfaceLanguage && isSupportedLanguage(row.interfaceLanguage) ? row.interfaceLanguage : null },
  };
}
