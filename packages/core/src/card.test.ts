import { describe, expect, it } from 'vitest';
import {
  cardBrandFromNumber,
  formatCardExpiry,
  formatCardNumber,
  isCardExpiryValid,
  isCvcValid,
  isLuhnValid,
  normalizeCardExpiry,
  parseCardExpiry,
  validateCardForm,
} from './card.ts';

describe('cardBrandFromNumber (platform §3: 2 mir, 4 visa, 5 or 6 master)', () => {
  it.each([
    ['2200 0000 0000 0004', 'mir'],
    ['4242424242424242', 'visa'],
    ['5555555555554444', 'master'],
    ['6011000990139424', 'master'],
    ['3782822463 10005', null],
    ['1', null],
    ['', null],
    ['  4', 'visa'],
  ])('%s -> %s', (number, brand) => {
    expect(cardBrandFromNumber(number)).toBe(brand);
  });
});

describe('isLuhnValid', () => {
  it.each([
    ['4242424242424242', true],
    ['4242 4242 4242 4242', true],
    ['2200000000000004', true],
    ['5555555555554444', true],
    ['4000000000000002', true],
    ['4000000000000069', true],
    ['5105105105105100', true],
    ['4242424242424241', false],
    ['4242-4242-4242-4242', true],
    ['4242a42424242424242', false],
    ['00000000000', false], // 11 digits: too short even though the sum is 0
    ['000000000000', true],
    ['42424242424242424242', false], // 20 digits
    ['', false],
  ])('%s -> %s', (number, valid) => {
    expect(isLuhnValid(number)).toBe(valid);
  });
});

describe('formatCardNumber (grouped 4-4-4-4 as typed)', () => {
  it.each([
    ['', ''],
    ['4', '4'],
    ['4242', '4242'],
    ['42424', '4242 4'],
    ['4242424242424242', '4242 4242 4242 4242'],
    ['4242-4242 4242x4242', '4242 4242 4242 4242'],
    ['42424242424242424242', '4242 4242 4242 4242 424'],
  ])('%j -> %j', (input, formatted) => {
    expect(formatCardNumber(input)).toBe(formatted);
  });
});

describe('formatCardExpiry (MM/YY as typed)', () => {
  it.each([
    ['', ''],
    ['1', '1'],
    ['12', '12/'],
    ['123', '12/3'],
    ['1228', '12/28'],
    ['12/28', '12/28'],
    ['3', '03/'],
    ['122899', '12/28'],
  ])('%j -> %j', (input, formatted) => {
    expect(formatCardExpiry(input)).toBe(formatted);
  });
});

describe('parseCardExpiry and normalizeCardExpiry', () => {
  it.each([
    ['12/28', { month: 12, year: 2028 }, '12/28'],
    ['0130', { month: 1, year: 2030 }, '01/30'],
    [' 05 / 27 ', { month: 5, year: 2027 }, '05/27'],
    ['13/28', null, null],
    ['00/28', null, null],
    ['1/28', null, null],
    ['12/2028', null, null],
    ['', null, null],
  ])('%j', (input, parsed, normalized) => {
    expect(parseCardExpiry(input)).toEqual(parsed);
    expect(normalizeCardExpiry(input)).toBe(normalized);
  });
});

describe('isCardExpiryValid (not in the past; good through its last month)', () => {
  const now = new Date('2026-05-31T23:00:00Z');
  it.each([
    ['05/26', true],
    ['04/26', false],
    ['06/26', true],
    ['12/25', false],
    ['01/27', true],
    ['13/27', false],
    ['ab/cd', false],
  ])('%s in May 2026 -> %s', (input, valid) => {
    expect(isCardExpiryValid(input, now)).toBe(valid);
  });
});

describe('isCvcValid (3 digits)', () => {
  it.each([
    ['123', true],
    ['000', true],
    ['12', false],
    ['1234', false],
    ['12a', false],
    ['', false],
  ])('%j -> %s', (input, valid) => {
    expect(isCvcValid(input)).toBe(valid);
  });
});

describe('validateCardForm', () => {
  const now = new Date('2026-05-01T00:00:00Z');
  it('accepts a valid card', () => {
    expect(validateCardForm({ number: '4242 4242 4242 4242', expiry: '12/30', cvc: '123' }, now)).toEqual({});
  });
  it('names each wrong field', () => {
    expect(validateCardForm({ number: '4242 4242 4242 4241', expiry: '01/20', cvc: '12' }, now)).toEqual({ number: 'invalid', expiry: 'expired', cvc: 'invalid' });
    expect(validateCardForm({ number: ' ', expiry: '', cvc: '' }, now)).toEqual({ number: 'required', expiry: 'required', cvc: 'required' });
    expect(validateCardForm({ number: '4242424242424242', expiry: '99/99', cvc: '123' }, now)).toEqual({ expiry: 'invalid' });
  });
});
