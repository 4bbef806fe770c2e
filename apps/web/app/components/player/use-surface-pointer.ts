// The pointer on the picture: a mouse click plays or pauses (on a promo with a link, opens it); a tap shows or
// hides the controls, and a double tap on a side of a phone's picture moves 10 s.
import type { PlayerSlot } from '@ekran/contracts';
import { useRef, useState, type PointerEvent as ReactPointerEvent, type RefObject } from 'react';
import { SEEK_STEP_SECONDS } from './shortcuts.ts';

/** Two taps within this long are a double tap (±10 s on the sides of a phone's picture). */
const DOUBLE_TAP_MS = 300;

interface SurfaceOptions {
  videoRef: RefObject<HTMLVideoElement | null>;
  slot: PlayerSlot | null;
  isMain: boolean;
  live: boolean;
  showControls: boolean;
  wake: () => void;
  hide: () => void;
  togglePlay: () => void;
  seekTo: (seconds: number) => void;
  leaveFor: (e: null, to: string) => void;
}

export function useSurfacePointer({ videoRef, slot, isMain, live, showControls, wake, hide, togglePlay, seekTo, leaveFor }: SurfaceOptions) {
  const [tapFlash, setTapFlash] = useState<'back' | 'forward' | null>(null);
  const lastTap = useRef<{ at: number; x: number } | null>(null);
  const tapTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const handleSurfacePointerUp = (e: ReactPointerEvent<HTMLDivElement>) => {
    if (e.pointerType === 'mouse') {
      if (e.button !== 0) return;
      if (slot?.link) {
        // A click on a promo opens what it promotes (the player closes).
        return leaveFor(null, slot.link);
      }
      // A double click toggles twice (back as it was) and goes full screen (onDoubleClick).
      togglePlay();
      wake();
      return;
    }
    // Touch: a tap toggles the controls; a double tap on a side moves 10 s.
    const now = Date.now();
    const rect = e.currentTarget.getBoundingClientRect();
    const x = (e.clientX - rect.left) / rect.width;
    const prev = lastTap.current;
    if (prev && now - prev.at < DOUBLE_TAP_MS && isMain && !live && (x < 0.35 || x > 0.65)) {
      if (tapTimer.current) clearTimeout(tapTimer.current);
      lastTap.current = null;
      const forward = x > 0.5;
      seekTo((videoRef.current?.currentTime ?? 0) + (forward ? SEEK_STEP_SECONDS : -SEEK_STEP_SECONDS));
      setTapFlash(forward ? 'forward' : 'back');
      setTimeout(() => setTapFlash(null), 500);
      return;
    }
    lastTap.current = { at: now, x };
    if (tapTimer.current) clearTimeout(tapTimer.current);
    tapTimer.current = setTimeout(() => {
      if (showControls && !videoRef.current?.paused) hide();
      else wake();
    }, DOUBLE_TAP_MS);
  };
  return { tapFlash, handleSurfacePointerUp };
}
