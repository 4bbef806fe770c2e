// The player's phases and the state that moves with them, as one reducer: prerolls → the item → postrolls, the
// end of it all, and an error that stops the item (the engine gave up, or the server refused the stream).
import type { PlayerSlot } from '@ekran/contracts';
import type { EngineStatus } from './engine.ts';

/** Which media plays: a promo before the item, the item itself, a promo after it. */
export type MediaPhase = { kind: 'preroll'; index: number } | { kind: 'main' } | { kind: 'postroll'; index: number };

/** Where the player stands: one of the media phases, the item over (nothing follows), or stopped by an error. */
export type Stage = 'preroll' | 'main' | 'postroll' | 'ended' | 'error';

export interface PlayerState {
  phase: MediaPhase;
  /** Where the main item (re)starts: the resume point at first, the position at a «Повторить» or reconnect. */
  mainStart: number;
  /** Bumped to restart the engine on the same source (Повторить, back online). */
  attempt: number;
  status: EngineStatus;
  /** The server refused the stream: the player paused and tore down; the page shows why. */
  refused: boolean;
  /** The viewer cancelled the next-episode countdown. */
  nextCancelled: boolean;
  /** The item (and its postrolls) ended and was handed on: onEnded, onNext or onClose. Playing again clears it. */
  ended: boolean;
}

export type PlayerAction =
  | { type: 'phase'; phase: MediaPhase }
  | { type: 'status'; status: EngineStatus }
  | { type: 'restart'; from: number | null }
  | { type: 'refused' }
  | { type: 'cancel-next' }
  | { type: 'ended' }
  | { type: 'playing' };

/** The first phase: the prerolls when one is due (promo-cap.ts), else the item from its resume point. */
export function initialPlayerState(startAt: number, prerolls: readonly PlayerSlot[], prerollDue: boolean): PlayerState {
  return {
    phase: prerollDue && prerolls.length > 0 ? { kind: 'preroll', index: 0 } : { kind: 'main' },
    mainStart: startAt > 0 ? startAt : 0,
    attempt: 0,
    status: 'loading',
    refused: false,
    nextCancelled: false,
    ended: false,
  };
}

export function playerReducer(state: PlayerState, action: PlayerAction): PlayerState {
  switch (action.type) {
    case 'phase':
      return { ...state, phase: action.phase, ended: false };
    case 'status':
      return state.status === action.status ? state : { ...state, status: action.status };
    case 'restart':
      return { ...state, mainStart: action.from ?? state.mainStart, attempt: state.attempt + 1 };
    case 'refused':
      return state.refused ? state : { ...state, refused: true };
    case 'cancel-next':
      return state.nextCancelled ? state : { ...state, nextCancelled: true };
    case 'ended':
      return state.ended ? state : { ...state, ended: true };
    case 'playing':
      return state.ended ? { ...state, ended: false } : state;
  }
}

/**
 * The phase after `phase` ends, or null when nothing follows. After the item the postrolls play only when
 * `postrollsDue` says so (asked only when there are postrolls: one promo per viewing, promo-cap.ts).
 */
export function phaseAfter(phase: MediaPhase, prerolls: number, postrolls: number, postrollsDue: () => boolean): MediaPhase | null {
  switch (phase.kind) {
    case 'preroll':
      return phase.index + 1 < prerolls ? { kind: 'preroll', index: phase.index + 1 } : { kind: 'main' };
    case 'main':
      return postrolls > 0 && postrollsDue() ? { kind: 'postroll', index: 0 } : null;
    case 'postroll':
      return phase.index + 1 < postrolls ? { kind: 'postroll', index: phase.index + 1 } : null;
  }
}

/** The promo of the phase, null for the item. */
export function slotOf(phase: MediaPhase, prerolls: readonly PlayerSlot[], postrolls: readonly PlayerSlot[]): PlayerSlot | null {
  if (phase.kind === 'preroll') return prerolls[phase.index] ?? null;
  if (phase.kind === 'postroll') return postrolls[phase.index] ?? null;
  return null;
}

/** The stage: an error outranks the phase (a promo the engine fails on is skipped; one it cannot even start is not). */
export function stageOf(state: PlayerState): Stage {
  if (state.refused || state.status === 'failed') return 'error';
  if (state.ended) return 'ended';
  return state.phase.kind;
}
