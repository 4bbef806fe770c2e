// Contact validation and display: spec platform §5.

// spec platform §5: "Phone display: 10 digits as +7 with groups 3-3-2-2; a number starting 992
// as 3-3-2-2-2; otherwise 1-3-3-2-2". The separators are our choice, one idea for all three:
// spaces between groups, hyphens before the last two, and a leading '+'. So '9991234567' and
// '79991234567' both read '+7 999 123-45-67', and '992931234567' reads '+992 931 23-45-67'. An
// 11-digit number starting with the domestic trunk prefix 8 gets no '+' ('8 999 123-45-67'),
// since +8 is no country code.
/** Display form of a phone number (non-digits are ignored); a digit count the spec does not group comes back unchanged. */
export function formatPhone(digits: string): string {
  const d = digits.replace(/\D/g, '');
  if (d.length === 10) return `+7 ${group(d, [3, 3, 2, 2])}`;
  if (d.length === 12 && d.startsWith('992')) return `+${group(d, [3, 3, 2, 2, 2])}`;
  if (d.length === 11) return `${d.startsWith('8') ? '' : '+'}${group(d, [1, 3, 3, 2, 2])}`;
  return digits;
}

function group(digits: string, sizes: readonly number[]): string {
  let at = 0;
  const groups = sizes.map((size) => digits.slice(at, (at += size)));
  return `${groups.slice(0, -2).join(' ')}-${groups.slice(-2).join('-')}`;
}

// spec platform §5: "Email: no Cyrillic letters; none of the characters
// ! # $ ^ % & * ( ) " : ; \ ' | < > ~ `; shape {email}". The shape is not shown; ours is
// local@domain.tld: no spaces and one @, dot-separated domain labels none of them empty, and a
// top-level label of at least two characters.
const CYRILLIC = /\p{Script=Cyrillic}/u;
const FORBIDDEN_EMAIL_CHARS = /[!#$^%&*()":;\\'|<>~`]/;
const EMAIL_SHAPE = /^[^\s@]+@(?:[^\s@.]+\.)+[^\s@.]{2,}$/;

/** Whether a value is an acceptable email: no Cyrillic, none of the forbidden characters, shape local@domain.tld (platform §5). */
export function isEmail(value: string): boolean {
  return !CYRILLIC.test(value) && !FORBIDDEN_EMAIL_CHARS.test(value) && EMAIL_SHAPE.test(value);
}

// spec platform §5: "Input with @, a dot or a Latin letter counts as an email."
/** Whether a login input should be treated as an email rather than a phone (platform §5). */
export function looksLikeEmail(input: string): boolean {
  return /[@.a-z]/i.test(input);
}

// spec platform §5: "Phone: at least 11 characters; with leading + at least 10 digits after it;
// without + digits only and more than 10." We read "digits after it" as digits only, so both
// branches take a normalised number without spaces or hyphens; both forms are then at least
// 11 characters long.
const PHONE = /^(?:\+\d{10,}|\d{11,})$/;

/** Whether a value is a phone number: '+' and 10 or more digits, or 11 or more digits (platform §5). */
export function isPhone(value: string): boolean {
  return PHONE.test(value);
}

// spec platform §5: "Mobile check needs 11 digits, or 10 starting with 9; a number not starting
// with +79, 89 or 79 is non-mobile." The prefix rule applies to the 11-digit form; the 10-digit
// form is the number without its country prefix. Input is normalised as for isPhone.
/** Whether a phone is a Russian mobile: +79, 89 or 79 and 9 more digits, or 10 digits starting with 9 (platform §5). */
export function isMobilePhone(value: string): boolean {
  return /^(?:\+79|89|79)\d{9}$/.test(value) || /^9\d{9}$/.test(value);
}

// spec platform §5: "{host}, mail.ru, yandex.ru, bk.ru, inbox.ru, list.ru, {host}, rambler.ru
// and others". The two {host} entries and "others" are not shown: gmail.com, ya.ru, icloud.com
// and outlook.com are our choice, added after the spec's named domains in the spec's order.
/** Email domains offered while typing after the @ (platform §5). */
export const EMAIL_DOMAIN_SUGGESTIONS = [
  'mail.ru',
  'yandex.ru',
  'bk.ru',
  'inbox.ru',
  'list.ru',
  'rambler.ru',
  'gmail.com',
  'ya.ru',
  'icloud.com',
  'outlook.com',
] as const;

/** Top-level domains offered while typing after the last dot (platform §5). */
export const TLD_SUGGESTIONS = ['com', 'net', 'org', 'ru', 'ua'] as const;

// spec platform §5: "Return-to-source URL is accepted only if it begins with an allowed prefix,
// else the default is used." Beyond the spec, a URL starting with '//' or holding a backslash,
// whitespace or a control character is refused whatever the prefix: browsers read '//host' and
// '/\host' as another host, so a relative prefix like '/' would otherwise let them through.
// Absolute prefixes should end with '/' ('https://ekran.ru/') so 'https://ekran.ru.evil.com' fails.
/** Whether a return-to-source URL begins with one of the allowed prefixes and cannot escape to another host (platform §5). */
export function isAllowedReturnUrl(url: string | null | undefined, prefixes: readonly string[]): boolean {
  if (!url || url.startsWith('//') || /[\\\s\p{Cc}]/u.test(url)) return false;
  return prefixes.some((prefix) => prefix !== '' && url.startsWith(prefix));
}

/** The return URL when allowed, else the fallback (platform §5). */
export function returnUrlOr(url: string | null | undefined, prefixes: readonly string[], fallback: string): string {
  return url && isAllowedReturnUrl(url, prefixes) ? url : fallback;
}
