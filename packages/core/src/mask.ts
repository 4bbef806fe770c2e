// Masked contacts: where a code or a letter went, shown without giving the whole address away.

import { formatPhone } from './contact.ts';

/** An email with its local part hidden but the first character: 'viewer@mail.ru' → 'v***@mail.ru'. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at <= 0) return '***';
  return `${email.slice(0, 1)}***${email.slice(at)}`;
}

/**
 * A phone in the display form of spec platform §5 with every digit hidden but the first group (the country
 * code) and the last two: '79991234567' → '+7 *** ***-**-67'.
 */
export function maskPhone(phone: string): string {
  const shown = formatPhone(phone);
  const firstGroupEnd = shown.search(/[ -]/);
  const total = shown.replace(/\D/g, '').length;
  let seen = 0;
  return [...shown]
    .map((ch, i) => {
      if (!/\d/.test(ch)) return ch;
      seen += 1;
      return (firstGroupEnd > 0 && i < firstGroupEnd) || seen > total - 2 ? ch : '*';
    })
    .join('');
}
