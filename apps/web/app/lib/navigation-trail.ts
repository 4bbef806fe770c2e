import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';

// Where the viewer came from inside the site, for spec platform §5 "not arriving from the
// logout page" (the subscription popup). One module-level value per tab: the shell records it on every move.

let previous: string | null = null;

/** Records the path the viewer leaves on each client-side move (called once, in the root layout). */
export function useNavigationTrail() {
  const { pathname } = useLocation();
  const current = useRef<string | null>(null);
  useEffect(() => {
    if (current.current !== null && current.current !== pathname) previous = current.current;
    current.current = pathname;
  }, [pathname]);
}

/**
 * The path of the page before this one: the previous client-side location, else the document's referrer when
 * it is this site (a full page load after the sign-out's redirect).
 */
export function previousPath(): string | null {
  if (previous !== null) return previous;
  if (typeof document === 'undefined' || !document.referrer) return null;
  try {
    const ref = new URL(document.referrer);
    return ref.origin === window.location.origin ? ref.pathname : null;
  } catch {
    return null;
  }
}
