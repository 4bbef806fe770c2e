// The controls show while paused, while a menu is open, or after recent activity; idle hides them.
import { useEffect, useEffectEvent, useRef, useState, type RefObject } from 'react';

/** Controls hide after this long without pointer or keyboard activity while playing. */
const HIDE_CONTROLS_MS = 3_000;

export function useControlsVisibility(controlsRef: RefObject<HTMLDivElement | null>, paused: boolean) {
  const [idle, setIdle] = useState(false);
  const [activity, setActivity] = useState(0);
  const [menusOpen, setMenusOpen] = useState(0);
  const hideIfIdle = useEffectEvent(() => {
    // Never while a control has keyboard focus.
    if (controlsRef.current?.querySelector(':focus-visible')) return;
    setIdle(true);
  });
  const lastWake = useRef(0);
  const wake = () => {
    // Pointer moves come at 60 per second; a few wake-ups a second are enough to keep the controls up.
    const now = performance.now();
    if (!idle && now - lastWake.current < 250) return;
    lastWake.current = now;
    setIdle(false);
    setActivity((n) => n + 1);
  };
  useEffect(() => {
    if (paused || menusOpen > 0) return;
    const timer = setTimeout(() => hideIfIdle(), HIDE_CONTROLS_MS);
    return () => clearTimeout(timer);
  }, [activity, paused, menusOpen]);
  const onMenu = (open: boolean) => setMenusOpen((n) => Math.max(0, n + (open ? 1 : -1)));
  return { wake, hide: () => setIdle(true), menusOpen, onMenu, showControls: !idle || paused || menusOpen > 0 };
}
