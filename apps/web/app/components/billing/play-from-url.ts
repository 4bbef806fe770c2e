import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';

/**
 * The title page's arrival with ?play=1 (the way back from a paid order, routes/billing/payment-result.tsx
 * continueHref): starts playing once, when the viewer may watch now, and takes the parameter off the address so a
 * reload or a shared link does not start it again.
 */
export function usePlayFromUrl(canPlay: boolean, onPlay: () => void) {
  const [params] = useSearchParams();
  const done = useRef(false);
  const wanted = params.get('play') === '1';
  useEffect(() => {
    if (!wanted || done.current) return;
    done.current = true;
    if (canPlay) onPlay();
    const url = new URL(window.location.href);
    url.searchParams.delete('play');
    window.history.replaceState(window.history.state, '', `${url.pathname}${url.search}${url.hash}`);
  }, [wanted, canPlay, onPlay]);
}
