import { describe, expect, it } from 'vitest';
import { cardBrand } from './billing.ts';
import { BILLING_WINDOW_DAYS } from './subscription-lifecycle.ts';

describe('cardBrand (spec platform §3: brand, else from the first digit: 2 mir, 4 visa, 5 or 6 master)', () => {
  it.each([
    ['Visa', null, 'visa'],
    ['MasterCard', null, 'master'],
    ['Mir', null, 'mir'],
    [null, '220000', 'mir'],
    [null, '424242', 'visa'],
    [null, '555555', 'master'],
    [null, '622222', 'master'],
    [null, '300000', null],
    [null, null, null],
  ])('%s / %s -> %s', (brand, first, expected) => expect(cardBrand(brand, first)).toBe(expected));

  it('the billing window is 3 days', () => expect(BILLING_WINDOW_DAYS).toBe(3));
});
