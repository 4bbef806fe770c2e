import type { NextItem, PlaybackCheck } from '@ekran/contracts';
import { useCallback, useEffect, useReducer, useRef, type RefObject } from 'react';
import { initialPlayerState, phaseAfter, playerReducer, slotOf } from './player-state.ts';
import { markPrerollShown, postrollsDue, prerollsDue } from './promo-cap.ts';

interface PhaseOptions {
  videoRef: RefObject<HTMLVideoElement | null>;
  check: PlaybackCheck | null;
  startAt: number;
  /** The next episode the player may go on to (null: none, or no onNext, or live). */
  next: NextItem | null;
  onClose: () => void;
  onEnded: (() => void) | undefined;
  onNext: ((next: NextItem) => void) | undefined;
}

/** The phases of a viewing (player-state.ts) and the moves between them: a phase's end, the next episode, a restart. */
export function usePlayerPhases({ videoRef, check, startAt, next, onClose, onEnded, onNext }: PhaseOptions) {
  const prerolls = check?.prerolls ?? [];
  const postrolls = check?.postrolls ?? [];
  // Promos at most one every 30 minutes per browser and one per viewing (promo-cap.ts): not again for the next
  // episode or a resume, and no postroll after a preroll (the same promo twice around one film).
  const [state, dispatch] = useReducer(playerReducer, undefined, () => initialPlayerState(startAt, prerolls, prerollsDue()));
  const { phase } = state;
  const isMain = phase.kind === 'main';
  const promoPlaying = !isMain;
  const promoShown = useRef(false);
  useEffect(() => {
    if (!promoPlaying) return;
    promoShown.current = true;
    markPrerollShown();
  }, [promoPlaying]);

  const wentNext = useRef(false);
  const goNext = (item: NextItem) => {
    // Once: the countdown's end and the video's end may both ask. Going on skips the postrolls (the viewer
    // keeps watching the series).
    if (wentNext.current) return;
    wentNext.current = true;
    videoRef.current?.pause();
    dispatch({ type: 'ended' });
    onNext?.(item);
  };
  const endPhase = () => {
    if (isMain && next && !state.nextCancelled) return goNext(next);
    const following = phaseAfter(phase, prerolls.length, postrolls.length, () => postrollsDue(promoShown.current));
    if (following) return dispatch({ type: 'phase', phase: following });
    dispatch({ type: 'ended' });
    // Without a queue the film stays on its last frame (the big play button replays it); after the last
    // postroll the player closes unless a queue goes on.
    if (isMain) onEnded?.();
    else if (onEnded) onEnded();
    else onClose();
  };
  const restartHere = useCallback(() => {
    const video = videoRef.current;
    dispatch({ type: 'restart', from: video && isMain && video.currentTime > 0 ? video.currentTime : null });
  }, [isMain, videoRef]);

  return {
    state,
    dispatch,
    prerolls,
    postrolls,
    slot: slotOf(phase, prerolls, postrolls),
    isMain,
    endPhase,
    goNext,
    restartHere,
  };
}
