import { describe, expect, it } from 'vitest';
import { countRu, DAY_FORMS, formatDuration, HOUR_FORMS, MINUTE_FORMS, pluralRu } from './plural.ts';

describe('pluralRu (platform §9: Russian rules)', () => {
  it.each([
    [1, 'день'],
    [2, 'дня'],
    [5, 'дней'],
    [11, 'дней'],
    [21, 'день'],
    [22, 'дня'],
    [25, 'дней'],
    [111, 'дней'],
    [0, 'дней'],
    [1.5, 'дня'],
  ])('%s %s', (n, form) => {
    expect(pluralRu(n, DAY_FORMS)).toBe(form);
  });

  it.each([
    [1, HOUR_FORMS, '1 час'],
    [3, HOUR_FORMS, '3 часа'],
    [12, HOUR_FORMS, '12 часов'],
    [1, MINUTE_FORMS, '1 минута'],
    [44, MINUTE_FORMS, '44 минуты'],
    [1.5, HOUR_FORMS, '1.5 часа'],
  ])('countRu(%s) is %j', (n, forms, expected) => {
    expect(countRu(n, forms)).toBe(expected);
  });
});

describe('formatDuration (platform §9: hours and minutes)', () => {
  it.each([
    [95, '1 час 35 минут'],
    [120, '2 часа'],
    [45, '45 минут'],
    [0, '0 минут'],
    [1, '1 минута'],
    [61, '1 час 1 минута'],
    [60, '1 час'],
    [322, '5 часов 22 минуты'],
    [1440, '24 часа'],
    [44.6, '45 минут'],
    [0.4, '0 минут'],
  ])('%s minutes is %j', (minutes, expected) => {
    expect(formatDuration(minutes)).toBe(expected);
  });

  it.each([-1, NaN, Infinity])('rejects %s', (minutes) => {
    expect(() => formatDuration(minutes)).toThrow(RangeError);
  });
});
