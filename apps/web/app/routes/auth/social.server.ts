// Server helpers of the social sign-in pages (/token/{provider}, /auth/{provider}/signup).
import { SOCIAL_FLOW_COOKIE, type SocialCallbackRequest } from '@ekran/contracts';
import { SOCIAL_REGISTRATION_COOKIE, SOCIAL_REGISTRATION_COOKIE_MINUTES } from '@ekran/core';
import { plainCookie } from '../../lib/cookies.server.ts';
import { readCookie } from '../../lib/session.server.ts';

/** The authorization response fields the API takes (code and state, or error; iss; VK's device_id; Apple's user). */
const CALLBACK_FIELDS = ['code', 'state', 'error', 'error_description', 'iss', 'device_id', 'user'] as const;

/** The provider's answer from the query (redirect) or the form (Apple's form_post), other fields dropped. */
export function callbackParams(source: URLSearchParams | FormData): SocialCallbackRequest {
  const out: Record<string, string> = {};
  for (const key of CALLBACK_FIELDS) {
    const v = source.get(key);
    if (typeof v === 'string' && v.length <= 4096) out[key] = v;
  }
  return out;
}

/** This browser's flow cookie, when it looks like one (it is forwarded in a Cookie header). */
export function flowCookieOf(request: Request): string | null {
  const v = readCookie(request.headers.get('cookie'), SOCIAL_FLOW_COOKIE);
  return v && /^[\w-]{32,64}$/.test(v) ? v : null;
}

/** The Set-Cookie that ends the flow cookie (the API set it on the site's origin through the proxy). */
export const clearedFlowCookie = () => plainCookie(SOCIAL_FLOW_COOKIE, '', { maxAgeSeconds: 0, httpOnly: true });

/**
 * spec platform §4 Session: the social-registration marker, read by /auth to ask for the phone. Not
 * httpOnly (the page may read it too), SameSite=Lax, 30 minutes; its value names the provider.
 */
export const socialRegistrationCookie = (provider: string) =>
  plainCookie(SOCIAL_REGISTRATION_COOKIE, provider, { maxAgeSeconds: SOCIAL_REGISTRATION_COOKIE_MINUTES * 60, httpOnly: false });

/** /auth, keeping the return URL for after the phone step. */
export const authWithBack = (back: string) => (back === '/' ? '/auth' : `/auth?back=${encodeURIComponent(back)}`);

export { socialError, type SocialErrorKey } from '../../lib/social-errors.server.ts';
