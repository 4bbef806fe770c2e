import { describe, expect, it } from 'vitest';
import { AGE_RATINGS, ageRatingOrDefault, isAgeRating, isFamilyFriendly, mpaaFor } from './age-rating.ts';

describe('age ratings (platform §9: 18+ NC-17; 17+ and 16+ R; 13+ PG-13; 8+ and 6+ PG; 0+ P)', () => {
  it('catalogue ratings are 0+, 6+, 8+, 13+, 16+, 17+, 18+', () => {
    expect(AGE_RATINGS).toEqual(['0+', '6+', '8+', '13+', '16+', '17+', '18+']);
  });

  it.each([
    ['18+', 'NC-17', false],
    ['17+', 'R', true],
    ['16+', 'R', false],
    ['13+', 'PG-13', true],
    ['8+', 'PG', true],
    ['6+', 'PG', true],
    ['0+', 'P', true],
    ['12+', null, false],
    ['18', null, false],
    ['', null, false],
  ])('%j maps to %s, family friendly: %s', (rating, mpaa, familyFriendly) => {
    expect(mpaaFor(rating)).toBe(mpaa);
    expect(isFamilyFriendly(rating)).toBe(familyFriendly);
  });

  it.each([
    ['16+', true],
    ['16', false],
    [16, false],
    [null, false],
    [undefined, false],
  ])('isAgeRating(%j) is %s', (value, expected) => {
    expect(isAgeRating(value)).toBe(expected);
  });

  it.each([
    ['6+', '6+'],
    [undefined, '18+'],
    [null, '18+'],
    ['21+', '18+'],
  ])('ageRatingOrDefault(%j) is %s (catalogue §3: default 18+)', (value, expected) => {
    expect(ageRatingOrDefault(value)).toBe(expected);
  });
});
