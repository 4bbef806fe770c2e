import { useEffect, type RefObject } from 'react';

/**
 * While a player is open the page says so on <html>: on a phone in landscape the player then takes the whole
 * screen and the shell's header and tab bar step aside (player.css), so nothing covers its controls. The player
 * takes focus as it opens, so the shortcuts work at once and a screen reader lands in it.
 */
export function usePlayerOpen(rootRef: RefObject<HTMLDivElement | null>) {
  useEffect(() => {
    const root = document.documentElement;
    const open = Number(root.dataset.playerOpen ?? 0) + 1;
    root.dataset.playerOpen = String(open);
    return () => {
      const left = Number(root.dataset.playerOpen ?? 1) - 1;
      if (left > 0) root.dataset.playerOpen = String(left);
      else delete root.dataset.playerOpen;
    };
  }, []);
  useEffect(() => {
    rootRef.current?.focus({ preventScroll: true });
  }, [rootRef]);
}
