/** What a key press asks of the player. */
export type PlayerAction =
  | { type: 'toggle-play' }
  | { type: 'seek-by'; seconds: number }
  | { type: 'volume-by'; delta: number }
  | { type: 'toggle-mute' }
  | { type: 'toggle-fullscreen' }
  | { type: 'toggle-subtitles' }
  | { type: 'next' }
  | { type: 'close' }
  | { type: 'seek-to-fraction'; fraction: number };

/** Seconds a step of ←/→ and J/L moves (±10 s). */
export const SEEK_STEP_SECONDS = 10;
/** Volume a step of ↑/↓ changes. */
export const VOLUME_STEP = 0.1;

/** The parts of a keyboard event the mapping reads. */
export interface KeyInput {
  key: string;
  code?: string;
  shiftKey?: boolean;
  ctrlKey?: boolean;
  altKey?: boolean;
  metaKey?: boolean;
}

/**
 * The player's shortcuts: Space/K play-pause, ←/→ and J/L ∓/±10 s, ↑/↓ volume, M mute, F fullscreen, C subtitles,
 * Shift+N next episode, Esc close, 0–9 jump to a tenth of the film. Letters match by physical key too (`code`),
 * so they work with the Russian layout (К, Л, О, Ь, А, С, Т). Anything with Ctrl/Alt/Cmd is the browser's.
 */
export function actionForKey(e: KeyInput): PlayerAction | null {
  if (e.ctrlKey || e.altKey || e.metaKey) return null;
  const letter = e.code?.startsWith('Key') ? e.code.slice(3).toLowerCase() : e.key.length === 1 ? e.key.toLowerCase() : '';
  if (e.shiftKey && letter === 'n') return { type: 'next' };
  switch (e.key) {
    case ' ':
    case 'Spacebar':
      return { type: 'toggle-play' };
    case 'ArrowLeft':
      return { type: 'seek-by', seconds: -SEEK_STEP_SECONDS };
    case 'ArrowRight':
      return { type: 'seek-by', seconds: SEEK_STEP_SECONDS };
    case 'ArrowUp':
      return { type: 'volume-by', delta: VOLUME_STEP };
    case 'ArrowDown':
      return { type: 'volume-by', delta: -VOLUME_STEP };
    case 'Escape':
    case 'Esc':
      return { type: 'close' };
  }
  if (e.shiftKey) return null;
  switch (letter) {
    case 'k':
      return { type: 'toggle-play' };
    case 'j':
      return { type: 'seek-by', seconds: -SEEK_STEP_SECONDS };
    case 'l':
      return { type: 'seek-by', seconds: SEEK_STEP_SECONDS };
    case 'm':
      return { type: 'toggle-mute' };
    case 'f':
      return { type: 'toggle-fullscreen' };
    case 'c':
      return { type: 'toggle-subtitles' };
  }
  const digit = e.code?.startsWith('Digit') ? e.code.slice(5) : /^[0-9]$/.test(e.key) ? e.key : '';
  if (digit) return { type: 'seek-to-fraction', fraction: Number(digit) / 10 };
  return null;
}

/**
 * What a key may do while a promo plays: play/pause, sound, full screen and closing. A promo is not seekable
 * (as adverts on ivi, okko or start): ←/→, J/L and the digits all leave it where it is, and Shift+N waits.
 */
export function allowedDuringPromo(action: PlayerAction): boolean {
  return action.type === 'toggle-play' || action.type === 'toggle-mute' || action.type === 'volume-by' || action.type === 'toggle-fullscreen' || action.type === 'close';
}

/** The sound as the video element holds it: the level and whether it is muted. */
export interface Sound {
  volume: number;
  muted: boolean;
}

/**
 * A volume step (↑/↓, the slider's arrows). Muting keeps the level, so ↓ while muted stays muted at the kept
 * level (unmuting comes back to it), and ↑ while muted unmutes one step above it. Reaching 0 mutes.
 */
export function stepVolume(sound: Sound, delta: number): Sound {
  if (sound.muted && delta <= 0) return sound;
  const volume = Math.round(Math.min(1, Math.max(0, sound.volume + delta)) * 100) / 100;
  return { volume, muted: volume === 0 };
}
