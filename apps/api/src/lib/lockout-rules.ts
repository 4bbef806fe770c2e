import { HOUR_MS, MINUTE_MS } from '@ekran/core';
import type { FastifyRequest } from 'fastify';
import { createHash } from 'node:crypto';
import { atMost, distinctAtMost, escalating, type AttemptsConfig } from './lockout.ts';

// The brute-force limits of the API in one place, as route config (`config: { ...passwordAttempts(…) }`).
// The numbers are the policy of docs/decisions/033-limits-that-follow-the-attacker.md.


/**
 * Failed password sign-ins of one account, from any address (OWASP ASVS V2.2.1): five pass, then a lock of
 * one minute after the last failure that doubles with each further one up to 15 minutes, and never more
 * than 100 an hour. Short enough that a stranger cannot keep the owner out for long.
 */
export const ACCOUNT_SIGN_IN_POLICY = { free: 5, firstLockMs: MINUTE_MS, maxLockMs: 15 * MINUTE_MS, max: 100, windowMs: HOUR_MS };
/** Wrong one-time codes sent to one address or phone within an hour, over all its codes (each dies after 5). */
export const CODE_FAILURES_PER_DESTINATION_HOUR = 20;
/** Failed promo codes of one account within an hour (successful activations do not count). */
export const PROMO_FAILURES_PER_ACCOUNT_HOUR = 10;

/** Accounts and destinations are kept as digests: the counters need no readable address. */
const digest = (value: string) => createHash('sha256').update(value.trim().toLowerCase()).digest('base64url').slice(0, 32);

/**
 * Password sign-in: per account (an unknown address counts the same way, so the lock tells nothing) and per
 * address across accounts (password spraying). Only a wrong password (401) counts.
 */
export const passwordAttempts = (account: (request: FastifyRequest) => string): { attempts: AttemptsConfig } => ({
  attempts: {
    rules: (request) => {
      const who = digest(account(request));
      return [
        { key: `sign-in:account:${who}`, windowMs: HOUR_MS, lockedUntil: escalating(ACCOUNT_SIGN_IN_POLICY) },
        {
          key: `sign-in:address:${request.ip}`,
          member: who,
          windowMs: HOUR_MS,
          lockedUntil: distinctAtMost(request.server.deps.env.SIGN_IN_FAILED_ACCOUNTS_PER_ADDRESS_HOUR, HOUR_MS),
        },
      ];
    },
    counts: (status) => status === 401,
  },
});

/**
 * One-time codes (password reset, email confirmation links, SMS sign-in): wrong codes per destination over
 * all its codes, so asking for new codes from many addresses does not buy more guesses.
 */
export const codeAttempts = (purpose: string, destination: (request: FastifyRequest) => string): { attempts: AttemptsConfig } => ({
  attempts: {
    rules: (request) => [
      { key: `code:${purpose}:${digest(destination(request))}`, windowMs: HOUR_MS, lockedUntil: atMost(CODE_FAILURES_PER_DESTINATION_HOUR, HOUR_MS) },
    ],
    // A wrong or dead code (400) and the fifth wrong try (429 from the code itself).
    counts: (status) => status === 400 || status === 429,
  },
});

/** Device login: each new virtual user and session counts against its address (spec platform §4 Session). */
export const deviceLoginAttempts = (): { attempts: AttemptsConfig } => ({
  attempts: {
    rules: (request) => [
      { key: `device-login:address:${request.ip}`, windowMs: HOUR_MS, lockedUntil: atMost(request.server.deps.env.DEVICE_LOGINS_PER_ADDRESS_HOUR, HOUR_MS) },
    ],
    counts: (status) => status === 201,
  },
});

/**
 * Promo codes (check and activation): failures per account and per address, so fresh anonymous sessions do
 * not buy more guesses. A code that exists but cannot be used (409, 403) counts too: it tells a guesser it
 * exists. A success does not count, and does not wipe the failures either.
 */
export const promoAttempts = (): { attempts: AttemptsConfig } => ({
  attempts: {
    rules: (request) => [
      ...(request.session ? [{ key: `promo:account:${request.session.userId}`, windowMs: HOUR_MS, lockedUntil: atMost(PROMO_FAILURES_PER_ACCOUNT_HOUR, HOUR_MS) }] : []),
      { key: `promo:address:${request.ip}`, windowMs: HOUR_MS, lockedUntil: atMost(request.server.deps.env.PROMO_FAILURES_PER_ADDRESS_HOUR, HOUR_MS) },
    ],
    counts: (status) => status === 403 || status === 404 || status === 409,
  },
});

/**
 * The /auth login check (is there an account?) and email sign-up (409 when taken) answer the same question, so
 * they share one count: distinct email addresses per client address within an hour (LOGIN_CHECKS_PER_ADDRESS_HOUR).
 * Asking again about an address already asked about is free (a viewer retyping their own address); `counts`
 * names the answers that told. docs/decisions/037-login-check-then-password-or-sign-up.md.
 */
export const loginCheckAttempts = (email: (request: FastifyRequest) => string, counts: (status: number) => boolean): { attempts: AttemptsConfig } => ({
  attempts: {
    rules: (request) => {
      const who = digest(email(request));
      const cap = distinctAtMost(request.server.deps.env.LOGIN_CHECKS_PER_ADDRESS_HOUR, HOUR_MS);
      return [
        {
          key: `login-check:address:${request.ip}`,
          member: who,
          windowMs: HOUR_MS,
          lockedUntil: (before) => (before.some((b) => b.member === who) ? null : cap(before)),
        },
      ];
    },
    counts,
  },
});
