import { describe, expect, it } from 'vitest';
import { SUBSCRIBE_BUTTON_TEXT, trialButtonText, trialHint } from './trial.ts';

describe('trialHint (platform §4: 172800 to 86400 s: 2 days; 86400 to 43200: 1 day; 43200 to 28800: 12 hours)', () => {
  it.each([
    [172_801, null],
    [172_800, { value: 2, unit: 'day', text: '2 дня' }],
    [100_000, { value: 2, unit: 'day', text: '2 дня' }],
    [86_401, { value: 2, unit: 'day', text: '2 дня' }],
    [86_400, { value: 1, unit: 'day', text: '1 день' }],
    [50_000, { value: 1, unit: 'day', text: '1 день' }],
    [43_201, { value: 1, unit: 'day', text: '1 день' }],
    [43_200, { value: 12, unit: 'hour', text: '12 часов' }],
    [28_801, { value: 12, unit: 'hour', text: '12 часов' }],
    [28_800, null],
    [0, null],
    [-5, null],
    [NaN, null],
  ])('%i s left: %j', (seconds, expected) => {
    expect(trialHint(seconds)).toEqual(expected);
  });
});

describe('trialButtonText (catalogue §4: Смотреть {N} день/дня/дней бесплатно, default 7)', () => {
  it.each([
    [1, 'Смотреть 1 день бесплатно'],
    [3, 'Смотреть 3 дня бесплатно'],
    [7, 'Смотреть 7 дней бесплатно'],
    [14, 'Смотреть 14 дней бесплатно'],
    [21, 'Смотреть 21 день бесплатно'],
    [30, 'Смотреть 30 дней бесплатно'],
    [undefined, 'Смотреть 7 дней бесплатно'],
  ])('%s days: %j', (days, expected) => {
    expect(trialButtonText(days)).toBe(expected);
  });

  it('the no-trial text is Оформить подписку', () => {
    expect(SUBSCRIBE_BUTTON_TEXT).toBe('Оформить подписку');
  });
});
