import { describe, expect, it } from 'vitest';
import { formatPrice } from './price.ts';

const NBSP = '\u00a0';
const THIN = '\u2009';

describe('formatPrice (platform §5: RUB without decimals, other currencies two decimals, thin-space thousands)', () => {
  it.each([
    [1190, 'RUB', `1${THIN}190${NBSP}₽`],
    [499, 'RUB', `499${NBSP}₽`],
    [149, 'RUB', `149${NBSP}₽`],
    [399, 'RUB', `399${NBSP}₽`],
    [0, 'RUB', `0${NBSP}₽`],
    [499.4, 'RUB', `499${NBSP}₽`],
    [1190, 'rub', `1${THIN}190${NBSP}₽`],
    [1_234_567, 'RUB', `1${THIN}234${THIN}567${NBSP}₽`],
    [12.5, 'USD', `12,50${NBSP}$`],
    [1234.5, 'EUR', `1${THIN}234,50${NBSP}€`],
    [9.999, 'USD', `10,00${NBSP}$`],
  ])('%s %s is %j', (amount, currency, expected) => {
    expect(formatPrice(amount, currency)).toBe(expected);
  });

  it('puts U+2009 between 1 and 190 and U+00A0 (from Intl) before the symbol', () => {
    const codePoints = [...formatPrice(1190, 'RUB')].map((char) => char.codePointAt(0));
    expect(codePoints).toEqual([0x31, 0x2009, 0x31, 0x39, 0x30, 0xa0, 0x20bd]);
  });

  it.each([NaN, Infinity])('rejects %s', (amount) => {
    expect(() => formatPrice(amount, 'RUB')).toThrow(RangeError);
  });

  it('rejects an unknown currency code', () => {
    expect(() => formatPrice(1, 'RUBLES')).toThrow(RangeError);
  });
});
