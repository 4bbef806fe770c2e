/** The moods of «гадание на фильм» and the genre each asks the catalogue for (null: any title). */
export const MOODS = {
  laugh: 'comedy',
  thrill: 'thriller',
  dream: 'fantasy',
  love: 'melodrama',
  think: 'drama',
  surprise: null,
} as const satisfies Record<string, string | null>;
export type Mood = keyof typeof MOODS;
export const MOOD_NAMES = Object.keys(MOODS) as Mood[];
export const isMood = (v: string | null): v is Mood => v !== null && Object.hasOwn(MOODS, v);

/** How long a question may be; longer ones are cut. */
export const QUESTION_MAX = 140;

/** A question as the page shows it again: one line, no control characters, at most QUESTION_MAX characters. */
export function cleanQuestion(raw: string | null): string | null {
  const q = raw?.replace(/[\p{Cc}\p{Cf}]/gu, ' ').replace(/\s+/g, ' ').trim().slice(0, QUESTION_MAX).trim();
  return q ? q : null;
}

/** A small stable hash (FNV-1a): the same question always meets the same mood, the same title the same saying. */
export function stableHash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** The mood a question leads to: any question gets an answer, and the same question the same kind of answer. */
export const moodOfQuestion = (question: string): Mood => MOOD_NAMES[stableHash(question.toLowerCase()) % MOOD_NAMES.length]!;
