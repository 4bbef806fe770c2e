// The one login field of /auth («Почта или телефон»): phone numbers and email typo hints (spec platform §5).
import { EMAIL_DOMAIN_SUGGESTIONS, isMobilePhone, isPhone, TLD_SUGGESTIONS } from './contact.ts';

/**
 * Seconds before another SMS code may be asked for the same phone; the web shows it as a countdown and the
 * API refuses earlier requests. The spec shows no number: a minute is our choice.
 */
export const PHONE_CODE_RESEND_SECONDS = 60;

/** A phone from the login field: the number to send a code to, or why it is not one (platform §5). */
export type PhoneInput = { ok: true; phone: string } | { ok: false; reason: 'invalid' | 'notMobile' };

// What people type between the digits of a number: spaces (also no-break), brackets and hyphens.
const PHONE_DECORATION = /[\s\u00a0()\u2010-\u2015-]/g;

/**
 * Reads a phone from the login field (spec platform §5): the spacing a person types is dropped, then the
 * number must be a phone (isPhone) and a Russian mobile (isMobilePhone). The answer is the one stored and
 * sent form, +7 and ten digits, so '8 (999) 123-45-67' and '+7 999 123 45 67' are the same number.
 */
export function parsePhoneInput(input: string): PhoneInput {
  const value = input.replace(PHONE_DECORATION, '');
  if (!isPhone(value)) return { ok: false, reason: 'invalid' };
  if (!isMobilePhone(value)) return { ok: false, reason: 'notMobile' };
  return { ok: true, phone: `+7${value.replace(/\D/g, '').slice(-10)}` };
}

/** The stored form of a phone input (+7 and ten digits), or null when it is not a mobile number (platform §5). */
export function normalizePhone(input: string): string | null {
  const parsed = parsePhoneInput(input);
  return parsed.ok ? parsed.phone : null;
}

/**
 * The address a person probably meant, or null (spec platform §5 email domain and top-level suggestions).
 * First the whole domain is compared with the known mail domains (gmial.com → gmail.com, mail.r → mail.ru),
 * then only the top-level part with the known ones (company.cmo → company.com). A known domain or a
 * top-level part that is already known gets no hint. Two-letter top-level parts are country codes: one
 * letter changed in them (company.su) is no typo we can be sure of, so it is left alone.
 */
export function suggestEmail(input: string): string | null {
  const value = input.trim();
  const at = value.indexOf('@');
  if (at <= 0 || at === value.length - 1 || value.includes('@', at + 1)) return null;
  const local = value.slice(0, at);
  const domain = value.slice(at + 1).toLowerCase();
  if ((EMAIL_DOMAIN_SUGGESTIONS as readonly string[]).includes(domain)) return null;

  const known = closest(domain, EMAIL_DOMAIN_SUGGESTIONS, (candidate) => (candidate.length > 6 ? 2 : 1));
  if (known) return `${local}@${known}`;

  const dot = domain.lastIndexOf('.');
  if (dot <= 0) return null;
  const name = domain.slice(0, dot);
  const tld = domain.slice(dot + 1);
  if (!tld || (TLD_SUGGESTIONS as readonly string[]).includes(tld)) return null;
  const fixed = closest(tld, TLD_SUGGESTIONS, () => 1, (candidate) => !(tld.length === 2 && candidate.length === 2));
  return fixed ? `${local}@${name}.${fixed}` : null;
}

/** The first candidate within its distance of the value (the lists are in the spec's order), or null. */
function closest(value: string, candidates: readonly string[], within: (candidate: string) => number, allowed: (candidate: string) => boolean = () => true): string | null {
  let best: string | null = null;
  let bestDistance = Infinity;
  for (const candidate of candidates) {
    if (!allowed(candidate)) continue;
    const d = editDistance(value, candidate);
    if (d > 0 && d <= within(candidate) && d < bestDistance) {
      best = candidate;
      bestDistance = d;
    }
  }
  return best;
}

/** Optimal string alignment distance: insertions, deletions, substitutions and swaps of neighbours each cost 1. */
export function editDistance(a: string, b: string): number {
  const rows = Array.from({ length: a.length + 1 }, (_, i) => Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)));
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min(rows[i - 1]![j]! + 1, rows[i]![j - 1]! + 1, rows[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d = Math.min(d, rows[i - 2]![j - 2]! + 1);
      rows[i]![j] = d;
    }
  }
  return rows[a.length]![b.length]!;
}
