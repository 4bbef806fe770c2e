// Text truncation: spec platform §5, catalogue §5 ("cuts at a word boundary with an ellipsis
// (default 20 characters)").

/** The ellipsis appended by truncate. */
export const ELLIPSIS = '…';

/** Default maximum length of truncate (platform §5). */
export const DEFAULT_TRUNCATE_LENGTH = 20;

const TRAILING_SPACE_OR_PUNCTUATION = /[\s\p{P}]+$/u;
const SPACE = /\s/u;

// Our reading of the spec: the result including the ellipsis is at most max characters, counted
// in code points so an emoji is never split. The cut falls on the last space that keeps the text
// within max; only a first word longer than that is cut mid-word. Spaces and punctuation left
// at the end of the cut are dropped before the ellipsis is added.
/** Text shortened to at most max characters (ellipsis included) at a word boundary; text within max is returned unchanged. */
export function truncate(text: string, max: number = DEFAULT_TRUNCATE_LENGTH): string {
  if (!Number.isInteger(max) || max < 1) throw new RangeError(`max must be a positive integer, got ${max}`);
  const chars = Array.from(text);
  if (chars.length <= max) return text;
  const room = max - ELLIPSIS.length;
  const hard = chars.slice(0, room);
  let end = room;
  if (!SPACE.test(chars[room] ?? '')) {
    const lastSpace = hard.findLastIndex((char) => SPACE.test(char));
    if (lastSpace > 0) end = lastSpace;
  }
  const trim = (part: string[]) => part.join('').replace(TRAILING_SPACE_OR_PUNCTUATION, '');
  // A cut left with only punctuation falls back to the hard cut.
  const kept = trim(chars.slice(0, end)) || trim(hard);
  return kept + ELLIPSIS;
}
