// The browser's connection: offline shows a note (or the message over a stalled picture); back online after the
// engine gave up, the item goes on from the same place by itself.
import { useEffect, useEffectEvent, useState } from 'react';

export function useConnection(onBackOnline: () => void): boolean {
  const [offline, setOffline] = useState(() => typeof navigator !== 'undefined' && !navigator.onLine);
  useEffect(() => {
    const goOffline = () => setOffline(true);
    const goOnline = () => setOffline(false);
    window.addEventListener('offline', goOffline);
    window.addEventListener('online', goOnline);
    return () => {
      window.removeEventListener('offline', goOffline);
      window.removeEventListener('online', goOnline);
    };
  }, []);
  // Only when the connection changes.
  const backOnline = useEffectEvent(() => onBackOnline());
  useEffect(() => {
    if (!offline) backOnline();
  }, [offline]);
  return offline;
}
