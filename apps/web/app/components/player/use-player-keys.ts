// The player's keyboard (shortcuts.ts): keys belong to it while it or the page itself has focus.
import type { NextItem, PlayerSlot } from '@ekran/contracts';
import { useEffect, useEffectEvent, type RefObject } from 'react';
import { actionForKey, allowedDuringPromo, type PlayerAction } from './shortcuts.ts';

/** Focus the keyboard brought (:focus-visible); where the selector is unknown, any focus counts. */
const keyboardFocused = (el: HTMLElement) => {
  try {
    return el.matches(':focus-visible');
  } catch {
    return true;
  }
};

const isEditable = (el: EventTarget | null) =>
  el instanceof HTMLElement && (el.isContentEditable || el.tagName === 'INPUT' || el.tagName === 'TEXTAREA' || el.tagName === 'SELECT');

/** What a key (or a ±10 s button) may ask of the player. */
export interface PlayerCommands {
  togglePlay: () => void;
  seekTo: (seconds: number) => void;
  stepSound: (delta: number) => void;
  toggleMute: () => void;
  toggleFullscreen: () => void;
  toggleSubtitles: () => void;
  goNext: (item: NextItem) => void;
  close: () => void;
}

interface KeyOptions {
  rootRef: RefObject<HTMLDivElement | null>;
  videoRef: RefObject<HTMLVideoElement | null>;
  live: boolean;
  isMain: boolean;
  next: NextItem | null;
  menusOpen: number;
  slot: PlayerSlot | null;
  wake: () => void;
  commands: PlayerCommands;
}

/** Listens for the player's keys on the document; returns runAction for the buttons that do the same. */
export function usePlayerKeys({ rootRef, videoRef, live, isMain, next, menusOpen, slot, wake, commands }: KeyOptions) {
  const runAction = (action: PlayerAction) => {
    const video = videoRef.current;
    if (live && (action.type === 'seek-by' || action.type === 'seek-to-fraction' || action.type === 'next')) return;
    switch (action.type) {
      case 'toggle-play':
        return commands.togglePlay();
      case 'seek-by':
        return commands.seekTo((video?.currentTime ?? 0) + action.seconds);
      case 'seek-to-fraction':
        return video && Number.isFinite(video.duration) ? commands.seekTo(video.duration * action.fraction) : undefined;
      case 'volume-by':
        return commands.stepSound(action.delta);
      case 'toggle-mute':
        return commands.toggleMute();
      case 'toggle-fullscreen':
        return commands.toggleFullscreen();
      case 'toggle-subtitles':
        return commands.toggleSubtitles();
      case 'next':
        return next && isMain ? commands.goNext(next) : undefined;
      case 'close':
        return commands.close();
    }
  };
  const handleKey = useEffectEvent((e: KeyboardEvent) => {
    if (e.defaultPrevented || isEditable(e.target) || menusOpen > 0) return;
    const root = rootRef.current;
    const target = e.target instanceof Node ? e.target : null;
    const inside = !!root && !!target && root.contains(target);
    // Keys belong to the player while it or the page itself has focus; a focused link or button elsewhere keeps its own.
    if (!inside && target !== document.body && target !== document.documentElement) return;
    // A button of the player reached with the keyboard presses with Space and Enter, as buttons do; one the
    // pointer pressed last keeps no hold on them: Space is play/pause again (as on YouTube or Netflix).
    if (inside && (e.key === ' ' || e.key === 'Enter') && target instanceof HTMLElement && target.closest('button, a') && keyboardFocused(target)) return;
    const action = actionForKey(e);
    if (!action) return;
    if (slot && !allowedDuringPromo(action)) {
      // Swallowed, so a promo's seeking keys do nothing at all (not the page's scroll either).
      e.preventDefault();
      return;
    }
    e.preventDefault();
    wake();
    runAction(action);
  });
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => handleKey(e);
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);
  return runAction;
}
