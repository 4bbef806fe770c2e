import { describe, expect, it } from 'vitest';
import { editDistance, normalizePhone, parsePhoneInput, PHONE_CODE_RESEND_SECONDS, suggestEmail } from './login-input.ts';

describe('parsePhoneInput (platform §5: phone, then the mobile check; stored as +7 and ten digits)', () => {
  it.each([
    ['+79991234567', '+79991234567'],
    ['79991234567', '+79991234567'],
    ['89991234567', '+79991234567'],
    ['+7 999 123-45-67', '+79991234567'],
    ['8 (999) 123-45-67', '+79991234567'],
    ['+7 (999) 123 45 67', '+79991234567'],
    [' +7\u00a0999\u00a0123\u201145\u201167 ', '+79991234567'],
  ])('%j is the mobile %s', (input, phone) => {
    expect(parsePhoneInput(input)).toEqual({ ok: true, phone });
    expect(normalizePhone(input)).toBe(phone);
  });

  it.each([
    // not a phone: fewer than 11 characters, or not digits only
    ['9991234567', 'invalid'],
    ['999 123 45 67', 'invalid'],
    ['+799912345', 'invalid'],
    ['12345', 'invalid'],
    ['', 'invalid'],
    ['+7 999 123 45 6x', 'invalid'],
    ['++79991234567', 'invalid'],
    ['8-800-555-35-35-', 'notMobile'],
    // a phone, but not one starting with +79, 89 or 79 and 11 digits long
    ['+74951234567', 'notMobile'],
    ['84951234567', 'notMobile'],
    ['+89991234567', 'notMobile'],
    ['+992 93 123 4567', 'notMobile'],
    ['+7999123456', 'notMobile'],
    ['799912345678', 'notMobile'],
    ['+380501234567', 'notMobile'],
  ])('%j is refused as %s', (input, reason) => {
    expect(parsePhoneInput(input)).toEqual({ ok: false, reason });
    expect(normalizePhone(input)).toBeNull();
  });
});

describe('suggestEmail (platform §5: email domain suggestions and top-level suggestions com, net, org, ru, ua)', () => {
  it.each([
    ['ivan@gmial.com', 'ivan@gmail.com'],
    ['ivan@gmail.con', 'ivan@gmail.com'],
    ['ivan@gmail.co', 'ivan@gmail.com'],
    ['ivan@gmai.com', 'ivan@gmail.com'],
    ['ivan@mail.r', 'ivan@mail.ru'],
    ['ivan@mial.ru', 'ivan@mail.ru'],
    ['ivan@mail.ru.', 'ivan@mail.ru'],
    ['ivan@yandex.ry', 'ivan@yandex.ru'],
    ['ivan@yadnex.ru', 'ivan@yandex.ru'],
    ['ivan@yandx.ru', 'ivan@yandex.ru'],
    ['ivan@inbx.ru', 'ivan@inbox.ru'],
    ['ivan@rambler.ri', 'ivan@rambler.ru'],
    ['ivan@bk.ri', 'ivan@bk.ru'],
    ['ivan@icloud.cm', 'ivan@icloud.com'],
    ['Ivan.Petrov@GMIAL.COM', 'Ivan.Petrov@gmail.com'],
    ['  ivan@gmial.com  ', 'ivan@gmail.com'],
    ['ivan@company.cmo', 'ivan@company.com'],
    ['ivan@company.nte', 'ivan@company.net'],
    ['ivan@company.ogr', 'ivan@company.org'],
    ['ivan@company.rru', 'ivan@company.ru'],
    ['ivan@company.r', 'ivan@company.ru'],
    ['ivan@company.uaa', 'ivan@company.ua'],
  ])('%j → %j', (input, expected) => {
    expect(suggestEmail(input)).toBe(expected);
  });

  it.each([
    'ivan@mail.ru',
    'ivan@gmail.com',
    'ivan@ya.ru',
    'ivan@example.com',
    'ivan@company.ru',
    'ivan@company.su',
    'ivan@company.de',
    'ivan@company.by',
    'ivan@student.spbu.ru',
    'ivan@hotmail.com',
    'ivan@',
    '@gmial.com',
    'ivan',
    'ivan@localhost',
    'a@b@gmial.com',
    '',
  ])('%j gets no hint', (input) => {
    expect(suggestEmail(input)).toBeNull();
  });
});

describe('editDistance', () => {
  it.each([
    ['gmail.com', 'gmail.com', 0],
    ['gmial.com', 'gmail.com', 1],
    ['mail.r', 'mail.ru', 1],
    ['cmo', 'com', 1],
    ['hotmail.com', 'gmail.com', 3],
    ['', 'ru', 2],
  ])('%j to %j is %i', (a, b, d) => {
    expect(editDistance(a, b)).toBe(d);
  });
});

it('a new SMS code may be asked for after a minute', () => {
  expect(PHONE_CODE_RESEND_SECONDS).toBe(60);
});
