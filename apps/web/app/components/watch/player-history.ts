import { useEffect, useEffectEvent, useRef } from 'react';
import { useNavigate, useRevalidator } from 'react-router';
import { reportsSettled } from '../player/pending-reports.ts';

/** The mark of the history entry an open player added (beside React Router's own state of the entry). */
const MARK = 'ekranPlayer';

const entryMark = (): unknown => (window.history.state as Record<string, unknown> | null)?.[MARK];

/**
 * The open player as a step of the browser's history, as on start, okko or Netflix: opening it adds an entry
 * of the same address, so Back closes the player and a second Back leaves the page; closing it any other way
 * (its button, Esc, the end) takes that entry back. When it closes, the page's data is loaded again once the
 * player's last progress report has landed, so the title says «Продолжить с …» at once.
 *
 * `isOpen`: a player is open; `close`: what closes it (Back was pressed). Returns `leave`, for a promo's link:
 * close and go there in place of the player's entry (Back then comes to the title page).
 */
export function usePlayerHistory(isOpen: boolean, close: () => void): { leave: (to: string) => void } {
  const navigate = useNavigate();
  const { revalidate } = useRevalidator();
  // The id of the entry this page added while its player is open, null when none is ours.
  const entry = useRef<string | null>(null);
  const wasOpen = useRef(false);
  const closeOnBack = useEffectEvent(close);
  const refresh = useEffectEvent(() => void reportsSettled().then(() => revalidate()));

  useEffect(() => {
    if (isOpen && !wasOpen.current) {
      wasOpen.current = true;
      if (entry.current === null) {
        const id = Math.random().toString(36).slice(2);
        // React Router's state of the entry is kept, so its scroll restoration and keys still hold.
        window.history.pushState({ ...((window.history.state as object | null) ?? {}), [MARK]: id }, '');
        entry.current = id;
      }
      return;
    }
    if (!isOpen && wasOpen.current) {
      wasOpen.current = false;
      const id = entry.current;
      entry.current = null;
      void reportsSettled().then(() => {
        // Still on the player's entry (nothing navigated meanwhile): step back over it; the router then loads
        // the page's data again, as for any Back to the same address.
        if (id !== null && entryMark() === id) window.history.back();
        else void revalidate();
      });
    }
  }, [isOpen, revalidate]);

  useEffect(() => {
    const onPop = () => {
      const id = entry.current;
      if (id === null || entryMark() === id) return;
      // Back from the player's entry: the player closes and the page stays.
      entry.current = null;
      wasOpen.current = false;
      closeOnBack();
      refresh();
    };
    window.addEventListener('popstate', onPop);
    return () => window.removeEventListener('popstate', onPop);
  }, []);

  const leave = (to: string) => {
    const ours = entry.current !== null && entryMark() === entry.current;
    entry.current = null;
    wasOpen.current = false;
    close();
    void navigate(to, { replace: ours });
  };
  return { leave };
}
