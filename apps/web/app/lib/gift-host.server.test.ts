import { describe, expect, it } from 'vitest';
import { screenTypeOf } from './gift-host.server.ts';

describe('the gift/certificate host (spec platform §2)', () => {
  it.each([
    ['https://gift.ekran.ru/', 'gift.ekran.ru', 'certificates'],
    ['https://GIFT.ekran.ru/pages/gift', 'gift.ekran.ru', 'certificates'],
    ['http://localhost:3590/', 'localhost:3590', 'certificates'],
    ['http://localhost:3590/', 'localhost', 'certificates'],
    ['https://ekran.ru/', 'gift.ekran.ru', null],
    ['https://gift.ekran.ru.evil.com/', 'gift.ekran.ru', null],
    ['https://gift.ekran.ru/', undefined, null],
  ])('%s with GIFT_HOST=%s → %s', (url, host, expected) => {
    expect(screenTypeOf(url, host)).toBe(expected);
  });
});
