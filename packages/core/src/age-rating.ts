// Age ratings: spec platform §9, catalogue §3 and §9.

/** Age ratings used by the catalogue, youngest first. */
export const AGE_RATINGS = ['0+', '6+', '8+', '13+', '16+', '17+', '18+'] as const;

/** An age rating as carried by rating_age. */
export type AgeRating = (typeof AGE_RATINGS)[number];

/** MPAA rating code. */
export type Mpaa = 'P' | 'PG' | 'PG-13' | 'R' | 'NC-17';

// spec platform §9: "18+ NC-17; 17+ and 16+ R; 13+ PG-13; 8+ and 6+ PG; 0+ P"
/** MPAA rating of each age rating (platform §9). */
export const MPAA_BY_AGE_RATING: Readonly<Record<AgeRating, Mpaa>> = {
  '0+': 'P',
  '6+': 'PG',
  '8+': 'PG',
  '13+': 'PG-13',
  '16+': 'R',
  '17+': 'R',
  '18+': 'NC-17',
};

// spec platform §9: "Ratings 16+ and 18+ are not family friendly". Taken literally, 17+ is
// family friendly; it shares R with 16+, so callers wanting the stricter reading can test the
// MPAA code instead.
/** Age ratings that are not family friendly (platform §9). */
export const NOT_FAMILY_FRIENDLY: readonly AgeRating[] = ['16+', '18+'];

// spec catalogue §3: a catch-up item without rating_age is 18+.
/** Rating assumed when rating_age is missing (catalogue §3). */
export const DEFAULT_AGE_RATING: AgeRating = '18+';

/** Whether a value is one of the catalogue's age ratings (exact spelling, e.g. '16+'). */
export function isAgeRating(value: unknown): value is AgeRating {
  return typeof value === 'string' && (AGE_RATINGS as readonly string[]).includes(value);
}

/** The value as an age rating, or 18+ when it is missing or unknown (catalogue §3). */
export function ageRatingOrDefault(value: unknown): AgeRating {
  return isAgeRating(value) ? value : DEFAULT_AGE_RATING;
}

/** MPAA code for a rating_age, or null for an unknown rating (platform §9). */
export function mpaaFor(ratingAge: string): Mpaa | null {
  return isAgeRating(ratingAge) ? MPAA_BY_AGE_RATING[ratingAge] : null;
}

/** Whether a rating_age is family friendly: known and not 16+ or 18+ (platform §9); unknown ratings are not. */
export function isFamilyFriendly(ratingAge: string): boolean {
  return isAgeRating(ratingAge) && !NOT_FAMILY_FRIENDLY.includes(ratingAge);
}
