import { describe, expect, it } from 'vitest';
import {
  EMAIL_DOMAIN_SUGGESTIONS,
  formatPhone,
  isAllowedReturnUrl,
  isEmail,
  isMobilePhone,
  isPhone,
  looksLikeEmail,
  returnUrlOr,
  TLD_SUGGESTIONS,
} from './contact.ts';

describe('formatPhone (platform §5: 10 digits as +7 with groups 3-3-2-2; 992 as 3-3-2-2-2; otherwise 1-3-3-2-2)', () => {
  it.each([
    ['9991234567', '+7 999 123-45-67'],
    ['79991234567', '+7 999 123-45-67'],
    ['+7 (999) 123-45-67', '+7 999 123-45-67'],
    ['89991234567', '8 999 123-45-67'],
    ['992931234567', '+992 931 23-45-67'],
    ['+992 93 123 4567', '+992 931 23-45-67'],
    ['37529123456', '+3 752 912-34-56'],
    ['99212345678', '+9 921 234-56-78'],
    ['12345', '12345'],
    ['', ''],
    ['3752912345678', '3752912345678'],
  ])('%j is %j', (input, expected) => {
    expect(formatPhone(input)).toBe(expected);
  });
});

describe('isEmail (platform §5)', () => {
  it.each([
    ['user@mail.ru', true],
    ['first.last+tag@sub.example.com', true],
    ['USER_1-x@ya.ru', true],
    ['user@пример.рф', false],
    ['пользователь@mail.ru', false],
    ['user@mail.ru ', false],
    ['user mail@mail.ru', false],
    ['user@mail', false],
    ['user@mail.r', false],
    ['user@.ru', false],
    ['user@mail..ru', false],
    ['@mail.ru', false],
    ['user@@mail.ru', false],
    ['', false],
    ...[...'!#$^%&*()":;\\\'|<>~`'].map((char) => [`us${char}er@mail.ru`, false] as [string, boolean]),
  ])('%j is %s', (value, expected) => {
    expect(isEmail(value)).toBe(expected);
  });
});

describe('looksLikeEmail (platform §5: input with @, a dot or a Latin letter counts as an email)', () => {
  it.each([
    ['user', true],
    ['a', true],
    ['Z', true],
    ['@', true],
    ['9.', true],
    ['79991234567', false],
    ['+7 (999) 123-45-67', false],
    ['почта', false],
    ['', false],
  ])('%j is %s', (input, expected) => {
    expect(looksLikeEmail(input)).toBe(expected);
  });
});

describe('isPhone (platform §5: at least 11 characters; with leading + at least 10 digits after it; without + digits only and more than 10)', () => {
  it.each([
    ['79991234567', true],
    ['89991234567', true],
    ['992931234567', true],
    ['+7999123456', true],
    ['+79991234567', true],
    ['+799912345', false],
    ['7999123456', false],
    ['9991234567', false],
    ['+7 999 123-45-67', false],
    ['7999123456a', false],
    ['++7999123456', false],
    ['', false],
  ])('%j is %s', (value, expected) => {
    expect(isPhone(value)).toBe(expected);
  });
});

describe('isMobilePhone (platform §5: 11 digits, or 10 starting with 9; not starting with +79, 89 or 79 is non-mobile)', () => {
  it.each([
    ['+79991234567', true],
    ['89991234567', true],
    ['79991234567', true],
    ['9991234567', true],
    ['74951234567', false],
    ['84951234567', false],
    ['+74951234567', false],
    ['+89991234567', false],
    ['4951234567', false],
    ['999123456', false],
    ['799912345678', false],
    ['+7 999 123-45-67', false],
  ])('%j is %s', (value, expected) => {
    expect(isMobilePhone(value)).toBe(expected);
  });
});

describe('email suggestions (platform §5)', () => {
  it('keep the spec order: mail.ru, yandex.ru, bk.ru, inbox.ru, list.ru, then rambler.ru', () => {
    expect(EMAIL_DOMAIN_SUGGESTIONS.slice(0, 6)).toEqual(['mail.ru', 'yandex.ru', 'bk.ru', 'inbox.ru', 'list.ru', 'rambler.ru']);
    expect(EMAIL_DOMAIN_SUGGESTIONS).toContain('gmail.com');
    expect(new Set(EMAIL_DOMAIN_SUGGESTIONS).size).toBe(EMAIL_DOMAIN_SUGGESTIONS.length);
  });

  it('top-level suggestions are com, net, org, ru, ua', () => {
    expect(TLD_SUGGESTIONS).toEqual(['com', 'net', 'org', 'ru', 'ua']);
  });
});

describe('isAllowedReturnUrl (platform §5: accepted only if it begins with an allowed prefix)', () => {
  const prefixes = ['https://ekran.ru/', '/account'];
  it.each([
    ['https://ekran.ru/watch/film', true],
    ['https://ekran.ru/', true],
    ['/account/devices', true],
    ['https://ekran.ru.evil.com/', false],
    ['https://evil.com/?https://ekran.ru/', false],
    ['/watch/film', false],
    ['//evil.com/account', false],
    ['/account\\@evil.com', false],
    ['/account/ x', false],
    ['/account\n', false],
    ['javascript:alert(1)', false],
    ['', false],
    [null, false],
    [undefined, false],
  ])('%j is %s', (url, expected) => {
    expect(isAllowedReturnUrl(url, prefixes)).toBe(expected);
  });

  it.each([
    [['/'], '//evil.com', false],
    [['/'], '/\\evil.com', false],
    [['/'], '/tariffs', true],
    [[''], '/tariffs', false],
    [[], '/tariffs', false],
  ])('prefixes %j: %j is %s', (list, url, expected) => {
    expect(isAllowedReturnUrl(url, list)).toBe(expected);
  });

  it.each([
    ['/account/devices', '/account/devices'],
    ['https://evil.com/', '/'],
    [null, '/'],
  ])('returnUrlOr(%j) is %j', (url, expected) => {
    expect(returnUrlOr(url, prefixes, '/')).toBe(expected);
  });
});
