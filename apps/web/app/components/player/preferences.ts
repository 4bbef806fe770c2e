import { z } from 'zod';

/** Where the viewer's player choices live (quality, volume and mute, subtitle language; not speed). */
export const PREFERENCES_KEY = 'ekran.player.v1';

const PreferencesSchema = z.object({
  /** Picture height pinned from the quality menu; null: «Авто». */
  quality: z.number().int().min(1).max(4320).nullable().catch(null),
  volume: z.number().min(0).max(1).catch(1),
  muted: z.boolean().catch(false),
  /** Subtitle language (BCP 47 as the playlist names it); null: «Выключены». */
  subtitles: z.string().min(1).max(35).nullable().catch(null),
});
/** The remembered choices of the player. */
export type PlayerPreferences = z.infer<typeof PreferencesSchema>;

/** What a first visit starts with. */
export const DEFAULT_PREFERENCES: PlayerPreferences = { quality: null, volume: 1, muted: false, subtitles: null };

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null; // storage disabled (privacy settings): choices last for the page only
  }
}

/**
 * The stored choices, validated field by field: a broken or foreign value falls back to its default instead of
 * reaching the player (someone else's script, an older format, a hand-edited value).
 */
export function loadPreferences(store: Storage | null = storage()): PlayerPreferences {
  let raw: unknown = null;
  try {
    raw = JSON.parse(store?.getItem(PREFERENCES_KEY) ?? 'null');
  } catch {
    raw = null;
  }
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return { ...DEFAULT_PREFERENCES };
  return PreferencesSchema.parse({ ...DEFAULT_PREFERENCES, ...raw });
}

/** Stores a change of the choices (merged into what is stored); a full or disabled storage is ignored. */
export function savePreferences(change: Partial<PlayerPreferences>, store: Storage | null = storage()): PlayerPreferences {
  const next = PreferencesSchema.parse({ ...loadPreferences(store), ...change });
  try {
    store?.setItem(PREFERENCES_KEY, JSON.stringify(next));
  } catch {
    // quota or privacy mode: the choice holds for this page
  }
  return next;
}
