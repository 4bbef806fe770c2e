import { KIDS_AGE_CAPS, SUPPORTED_LANGUAGES } from '@ekran/core';
import { z } from 'zod';
import { ExperimentSchema } from './auth.ts';

/** The fixed avatars: adult a1…a8, child k1…k8 (a child profile wears a child avatar). */
export const ADULT_AVATARS = ['a1', 'a2', 'a3', 'a4', 'a5', 'a6', 'a7', 'a8'] as const;
export const CHILD_AVATARS = ['k1', 'k2', 'k3', 'k4', 'k5', 'k6', 'k7', 'k8'] as const;
export const AvatarIdSchema = z.enum([...ADULT_AVATARS, ...CHILD_AVATARS]);
export type AvatarId = z.infer<typeof AvatarIdSchema>;

/** An avatar with the URL of its image. */
export const AvatarSchema = z.object({ id: AvatarIdSchema, url: z.string(), child: z.boolean() }).meta({ id: 'Avatar' });
export type Avatar = z.infer<typeof AvatarSchema>;

export const KidsAgeCapSchema = z.enum(KIDS_AGE_CAPS);
export const LanguageSchema = z.enum(SUPPORTED_LANGUAGES);

/** spec platform §3 Profile (_id, child, profile_id) with what the profile menu and the forms show. */
export const ProfileSchema = z
  .object({
    _id: z.string(),
    profile_id: z.string(),
    child: z.boolean(),
    name: z.string(),
    avatar: AvatarSchema,
    is_main: z.boolean(),
    is_current: z.boolean(),
    /** Child form: birth date (YYYY-MM-DD) or null. */
    birth_date: z.string().nullable(),
    /** Child form: the age cap; null for an adult profile. */
    age_cap: KidsAgeCapSchema.nullable(),
    /** The profile's own interface language; null follows the account's. */
    language: z.object({ interface: LanguageSchema.nullable() }),
  })
  .meta({ id: 'Profile' });
export type Profile = z.infer<typeof ProfileSchema>;

/** spec platform §7 GET profile list ("answer: not shown beyond profiles"): the profiles, the limit and the avatars. */
export const ProfileListSchema = z
  .object({ profiles: z.array(ProfileSchema), max_profiles: z.number().int(), avatars: z.array(AvatarSchema) })
  .meta({ id: 'ProfileList' });
export type ProfileList = z.infer<typeof ProfileListSchema>;

const ProfileNameSchema = z
  .string()
  .trim()
  .min(1, 'a name is required')
  .max(30, 'at most 30 characters')
  .refine((v) => !/[\p{Cc}\p{Cf}<>]/u.test(v), 'no control characters or angle brackets');

const BirthDateSchema = z.iso.date('a date YYYY-MM-DD');

/** A new profile; the child form adds birth date, age cap and interface language (spec platform §2 child form). */
export const ProfileCreateRequestSchema = z
  .object({
    name: ProfileNameSchema,
    avatar: AvatarIdSchema.optional(),
    child: z.boolean().default(false),
    birth_date: BirthDateSchema.nullish(),
    age_cap: KidsAgeCapSchema.nullish(),
    language: LanguageSchema.nullish(),
  })
  .meta({ id: 'ProfileCreateRequest' });
export type ProfileCreateRequest = z.infer<typeof ProfileCreateRequestSchema>;

/** Rename, another avatar, the child form's fields or the language; a profile stays adult or child. */
export const ProfileUpdateRequestSchema = z
  .object({
    name: ProfileNameSchema.optional(),
    avatar: AvatarIdSchema.optional(),
    birth_date: BirthDateSchema.nullish(),
    age_cap: KidsAgeCapSchema.optional(),
    language: LanguageSchema.nullish(),
  })
  .refine((v) => Object.values(v).some((x) => x !== undefined), 'nothing to change')
  .meta({ id: 'ProfileUpdateRequest' });
export type ProfileUpdateRequest = z.infer<typeof ProfileUpdateRequestSchema>;

export const PinSchema = z.string().regex(/^\d{4}$/, 'four digits');

/** spec platform §7 POST profile select: JSON profile_id (and the PIN when leaving a child profile). */
export const ProfileSelectRequestSchema = z.object({ profile_id: z.uuid('profile_id must be a UUID'), pin: PinSchema.optional() }).meta({ id: 'ProfileSelectRequest' });
export type ProfileSelectRequest = z.infer<typeof ProfileSelectRequestSchema>;

/** spec platform §3 Profile-select response: profile_for_child, ab, language.interface, authentication_token. */
export const ProfileSelectResponseSchema = z
  .object({
    profile_id: z.string(),
    profile_for_child: z.boolean(),
    ab: z.array(ExperimentSchema),
    language: z.object({ interface: LanguageSchema }),
    authentication_token: z.string(),
  })
  .meta({ id: 'ProfileSelectResponse' });
export type ProfileSelectResponse = z.infer<typeof ProfileSelectResponseSchema>;

/** spec platform §7 pin status: the account's PIN state and its lock. */
export const PinStateSchema = z
  .object({
    pin_status: z.enum(['none', 'create', 'required', 'skip']),
    has_pin: z.boolean(),
    tries_left: z.number().int(),
    locked_until: z.string().nullable(),
  })
  .meta({ id: 'PinState' });
export type PinState = z.infer<typeof PinStateSchema>;

export const PinRequestSchema = z.object({ pin: PinSchema }).meta({ id: 'PinRequest' });
export const PinChangeRequestSchema = z.object({ old_pin: PinSchema, new_pin: PinSchema }).meta({ id: 'PinChangeRequest' });

/** Where the forgotten-PIN link went (masked). */
export const PinForgotResponseSchema = z
  .object({ channel: z.enum(['email', 'sms']), destination: z.string() })
  .meta({ id: 'PinForgotResponse' });
export type PinForgotResponse = z.infer<typeof PinForgotResponseSchema>;

/** The token of a /pin_remove link. */
export const PinResetRequestSchema = z.object({ token: z.string().min(16).max(128).regex(/^[A-Za-z0-9_-]+$/) }).meta({ id: 'PinResetRequest' });
