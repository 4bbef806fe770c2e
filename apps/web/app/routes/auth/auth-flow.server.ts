// The steps of /auth/{step?} (spec platform §2): one login field, then a password for an email with an
// account, a new password for an email without one (sign-up in the same flow, decision 037), or an SMS code
// for a phone (which signs in or signs up alike). What the visitor typed and the step they reached are remembered in a short-lived cookie,
// so a reload or a return lands on the same step; /auth/reset forgets both.
import type { AuthData } from '@ekran/contracts';
import { isEmail, looksLikeEmail, parsePhoneInput, PHONE_CODE_RESEND_SECONDS, SOCIAL_REGISTRATION_COOKIE } from '@ekran/core';
import { createCookie } from 'react-router';
import { z } from 'zod';
import { plainCookie } from '../../lib/cookies.server.ts';
import { env } from '../../lib/env.server.ts';
import { readCookie } from '../../lib/session.server.ts';
import type { AuthErrorKey } from './auth.server.ts';

/** The cookie holding the login typed on /auth and the step it led to. */
export const AUTH_LOGIN_COOKIE = 'ekran_auth_login';
/** How long the typed login is remembered: long enough for an SMS and a coffee. */
const REMEMBER_SECONDS = 30 * 60;

export type AuthStep = 'password' | 'register' | 'code';

/** What /auth remembers between its steps. */
export type RememberedLogin = { step: 'password'; email: string } | { step: 'register'; email: string } | { step: 'code'; phone: string; sentAt: number };

/**
 * The remembered login's cookie: signed with COOKIE_SECRET (a visitor cannot make up a step, an address or when a
 * code was sent), httpOnly, for REMEMBER_SECONDS.
 */
const loginCookie = createCookie(AUTH_LOGIN_COOKIE, {
  path: '/', sameSite: 'lax', httpOnly: true, secure: env.COOKIE_SECURE, maxAge: REMEMBER_SECONDS, secrets: [env.COOKIE_SECRET],
});

const RememberedSchema = z.union([
  z.object({ step: z.enum(['password', 'register']), email: z.string().refine(isEmail) }),
  z.object({
    step: z.literal('code'),
    phone: z.string().transform((v, ctx) => {
      const parsed = parsePhoneInput(v);
      if (parsed.ok) return parsed.phone;
      ctx.addIssue({ code: 'custom', message: 'not a mobile phone' });
      return z.NEVER;
    }),
    sentAt: z.number(),
  }),
]);

/**
 * The remembered login of a request, or null when there is none, its signature does not hold or its value does
 * not hold together (spec platform §5: a cookie with a broken object-like value is as good as none).
 */
export async function rememberedLogin(request: Request): Promise<RememberedLogin | null> {
  const value: unknown = await loginCookie.parse(request.headers.get('cookie'));
  const parsed = RememberedSchema.safeParse(value);
  return parsed.success ? parsed.data : null;
}

/** The Set-Cookie that remembers a login and its step. */
export function rememberLoginCookie(login: RememberedLogin): Promise<string> {
  return loginCookie.serialize(login);
}

/** The Set-Cookie that forgets the remembered login (/auth/reset, and after a sign-in). */
export function forgetLoginCookie(): Promise<string> {
  return loginCookie.serialize('', { maxAge: 0 });
}

/** The Set-Cookie that removes the social-registration marker once the phone completed the registration. */
export function clearSocialMarkerCookie(): string {
  return plainCookie(SOCIAL_REGISTRATION_COOKIE, '', { maxAgeSeconds: 0, httpOnly: false });
}

/** What the login field held: an email, a phone (stored form), or the message to show under it. */
export type LoginInput = { kind: 'email'; email: string } | { kind: 'phone'; phone: string } | { kind: 'error'; error: AuthErrorKey };

/**
 * spec platform §5: input with @, a dot or a Latin letter counts as an email, anything else is a phone,
 * read with the phone and mobile rules. While a social registration is completed only a phone will do.
 */
export function readLoginInput(input: string, options: { phoneOnly?: boolean } = {}): LoginInput {
  const value = input.trim();
  if (!value) return { kind: 'error', error: options.phoneOnly ? 'phoneEmpty' : 'loginEmpty' };
  if (looksLikeEmail(value)) {
    if (options.phoneOnly) return { kind: 'error', error: 'phoneRequired' };
    const email = value.toLowerCase();
    return isEmail(email) ? { kind: 'email', email } : { kind: 'error', error: 'emailInvalid' };
  }
  const phone = parsePhoneInput(value);
  if (phone.ok) return { kind: 'phone', phone: phone.phone };
  return { kind: 'error', error: phone.reason === 'notMobile' ? 'phoneNotMobile' : 'phoneInvalid' };
}

/** Seconds left before another code may be asked for (0 when it may be now). */
export function resendIn(sentAt: number, now = Date.now()): number {
  return Math.max(0, Math.ceil((sentAt + PHONE_CODE_RESEND_SECONDS * 1000 - now) / 1000));
}

/**
 * Who /auth is for now. A visitor without an account (or a crawler) signs in or up; a registered account
 * without a phone that arrives with the social-registration marker (spec platform §4 Session) completes its
 * registration with a phone; anyone else is signed in already and goes back (dropping a marker that has
 * nothing left to do).
 */
export type AuthMode = { mode: 'signin' } | { mode: 'complete' } | { mode: 'done'; clearMarker: boolean };

export function authMode(auth: AuthData | null, request: Request): AuthMode {
  const marker = readCookie(request.headers.get('cookie'), SOCIAL_REGISTRATION_COOKIE) !== null;
  if (!auth || auth.virtual) return { mode: 'signin' };
  if (marker && !auth.phone) return { mode: 'complete' };
  return { mode: 'done', clearMarker: marker };
}

/** A path of the flow that keeps the return URL. */
export function flowPath(path: string, back: string): string {
  return back === '/' ? path : `${path}?back=${encodeURIComponent(back)}`;
}
