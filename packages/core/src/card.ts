// Bank cards: the checks a card form makes and the brand a card shows (spec platform §3 Payment method:
// "Brand comes from brand, else from the first digit (2 mir, 4 visa, 5 or 6 master)"). Used by the
// sandbox payment host (apps/payments), the API and the site.

/** Card brands the platform knows (spec platform §3). */
export type CardBrand = 'mir' | 'visa' | 'master';

/** The brand by the card number's first digit: 2 mir, 4 visa, 5 or 6 master (spec platform §3); null otherwise. */
export function cardBrandFromNumber(number: string): CardBrand | null {
  const first = cardDigits(number).charAt(0);
  if (first === '2') return 'mir';
  if (first === '4') return 'visa';
  if (first === '5' || first === '6') return 'master';
  return null;
}

/** The provider's CardType name of a brand (CloudPayments-like: Visa, MasterCard, Mir). */
export const CARD_TYPE_NAMES: Record<CardBrand, 'Visa' | 'MasterCard' | 'Mir'> = { visa: 'Visa', master: 'MasterCard', mir: 'Mir' };

/** Only the digits of what was typed ("4242 4242-4242" -> "424242424242"). */
export function cardDigits(input: string): string {
  return input.replace(/\D/g, '');
}

/** Card numbers are 12 to 19 digits long (ISO/IEC 7812). */
export const CARD_NUMBER_MIN_DIGITS = 12;
export const CARD_NUMBER_MAX_DIGITS = 19;

/** Whether the digits pass the Luhn checksum and have a card number's length; spaces and dashes are ignored. */
export function isLuhnValid(number: string): boolean {
  if (/[^\d\s-]/.test(number)) return false;
  const digits = cardDigits(number);
  if (digits.length < CARD_NUMBER_MIN_DIGITS || digits.length > CARD_NUMBER_MAX_DIGITS) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** The number as typed, grouped 4-4-4-4 (longer numbers go on in groups of 4), at most 19 digits. */
export function formatCardNumber(input: string): string {
  const digits = cardDigits(input).slice(0, CARD_NUMBER_MAX_DIGITS);
  return digits.replace(/(\d{4})(?=\d)/g, '$1 ');
}

/** The expiry as typed, MM/YY: "1" -> "1", "12" -> "12/", "1228" -> "12/28"; a leading 2-9 becomes 0N. */
export function formatCardExpiry(input: string): string {
  let digits = cardDigits(input).slice(0, 4);
  if (/^[2-9]/.test(digits)) digits = `0${digits}`.slice(0, 4);
  if (digits.length < 2) return digits;
  return `${digits.slice(0, 2)}/${digits.slice(2)}`;
}

/** A parsed expiry: month 1-12 and the full year. */
export interface CardExpiry {
  month: number;
  year: number;
}

/** Parses "MM/YY" (also "MMYY" or "MM / YY"); null when it is not a month and a two-digit year. */
export function parseCardExpiry(input: string): CardExpiry | null {
  const match = /^\s*(\d{2})\s*\/?\s*(\d{2})\s*$/.exec(input);
  if (!match) return null;
  const month = Number(match[1]);
  if (month < 1 || month > 12) return null;
  return { month, year: 2000 + Number(match[2]) };
}

/** Whether the expiry is a real MM/YY that is not in the past: a card is good through its last month (UTC). */
export function isCardExpiryValid(input: string, now: Date): boolean {
  const expiry = parseCardExpiry(input);
  if (!expiry) return false;
  const current = now.getUTCFullYear() * 12 + now.getUTCMonth();
  return expiry.year * 12 + (expiry.month - 1) >= current;
}

/** The expiry normalised to "MM/YY" (spec platform §3 card_expire), or null when unparsable. */
export function normalizeCardExpiry(input: string): string | null {
  const expiry = parseCardExpiry(input);
  if (!expiry) return null;
  return `${String(expiry.month).padStart(2, '0')}/${String(expiry.year % 100).padStart(2, '0')}`;
}

/** A card security code is exactly 3 digits. */
export function isCvcValid(input: string): boolean {
  return /^\d{3}$/.test(input.trim());
}

/** What is wrong with a card form's field; absent fields are fine. */
export interface CardFormErrors {
  number?: 'required' | 'invalid';
  expiry?: 'required' | 'invalid' | 'expired';
  cvc?: 'required' | 'invalid';
}

/** Checks a card form (number by Luhn, expiry not past, CVC 3 digits); an empty object means it is valid. */
export function validateCardForm(form: { number: string; expiry: string; cvc: string }, now: Date): CardFormErrors {
  const errors: CardFormErrors = {};
  if (!cardDigits(form.number)) errors.number = 'required';
  else if (!isLuhnValid(form.number)) errors.number = 'invalid';
  if (!form.expiry.trim()) errors.expiry = 'required';
  else if (!parseCardExpiry(form.expiry)) errors.expiry = 'invalid';
  else if (!isCardExpiryValid(form.expiry, now)) errors.expiry = 'expired';
  if (!form.cvc.trim()) errors.cvc = 'required';
  else if (!isCvcValid(form.cvc)) errors.cvc = 'invalid';
  return errors;
}
