// spec platform §4 Session: "Social sign-up (apple or google id without phone, RU) sets a
// social-registration marker and goes to /auth."

/** Providers a viewer can sign in with (spec platform §7: social login and link/unlink). */
export const SOCIAL_PROVIDERS = ['apple', 'google', 'vk', 'yandex'] as const;
/** A social sign-in provider id. */
export type SocialProvider = (typeof SOCIAL_PROVIDERS)[number];

/** Whether a string names a social sign-in provider. */
export const isSocialProvider = (value: string | null | undefined): value is SocialProvider =>
  (SOCIAL_PROVIDERS as readonly string[]).includes(value ?? '');

/** Lifetime of the social-registration marker cookie (SOCIAL_REGISTRATION_COOKIE). */
export const SOCIAL_REGISTRATION_COOKIE_MINUTES = 30;

/**
 * Whether a social sign-up leaves the registration unfinished: the account has an apple or google id, no
 * phone, and the visitor is in RU (spec platform §4). Then the marker is set and /auth asks for the phone.
 */
export function needsSocialRegistrationPhone(auth: {
  apple_id: string | null;
  google_id: string | null;
  phone: string | null;
  current_country_code: string;
}): boolean {
  return Boolean(auth.apple_id || auth.google_id) && !auth.phone && auth.current_country_code.toUpperCase() === 'RU';
}
