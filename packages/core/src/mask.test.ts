import { describe, expect, it } from 'vitest';
import { maskEmail, maskPhone } from './mask.ts';

describe('maskEmail', () => {
  it.each([
    ['viewer@mail.ru', 'v***@mail.ru'],
    ['a@b.ru', 'a***@b.ru'],
    ['first.last+tag@yandex.ru', 'f***@yandex.ru'],
    ['no-at-sign', '***'],
    ['@mail.ru', '***'],
  ])('%s → %s', (email, masked) => {
    expect(maskEmail(email)).toBe(masked);
  });
});

describe('maskPhone (display form of spec platform §5)', () => {
  it.each([
    ['79991234567', '+7 *** ***-**-67'],
    ['9991234567', '+7 *** ***-**-67'],
    ['+7 999 123-45-67', '+7 *** ***-**-67'],
    ['992931234567', '+992 *** **-**-67'],
    ['89991234567', '8 *** ***-**-67'],
  ])('%s → %s', (phone, masked) => {
    expect(maskPhone(phone)).toBe(masked);
  });
});
