import { BANNER_VIEW_DELAY_MS, BANNER_VIEW_VISIBILITY } from '@ekran/core';
import { useEffect, useRef } from 'react';
import { trackEvent } from '../../lib/analytics.ts';

/**
 * spec platform §9 "Banner view event after 2000 ms at 90% visibility": once per banner and page view, when at
 * least 90% of the element stays visible for 2 seconds in a row (a carousel slide scrolled away or a hidden
 * tab does not count).
 */
export function useBannerView<T extends Element>(banner: { id: string; title: string; type: string }, position: number) {
  const ref = useRef<T>(null);
  const { id, title, type } = banner;
  useEffect(() => {
    const element = ref.current;
    if (!element || typeof IntersectionObserver === 'undefined') return;
    let timer: ReturnType<typeof setTimeout> | null = null;
    let inView = false;
    let sent = false;
    const cancel = () => {
      if (timer) clearTimeout(timer);
      timer = null;
    };
    const arm = () => {
      if (sent || !inView || document.visibilityState !== 'visible') return cancel();
      timer ??= setTimeout(() => {
        sent = true;
        observer.disconnect();
        trackEvent({ action_id: 'banner_view', block_type: 'banner', element_type: type, element_id: id, element_text: title, action_attributes_str: JSON.stringify({ position }) });
      }, BANNER_VIEW_DELAY_MS);
    };
    const observer = new IntersectionObserver(
      ([entry]) => {
        inView = Boolean(entry?.isIntersecting && entry.intersectionRatio >= BANNER_VIEW_VISIBILITY);
        arm();
      },
      { threshold: [0, BANNER_VIEW_VISIBILITY, 1] },
    );
    observer.observe(element);
    document.addEventListener('visibilitychange', arm);
    return () => {
      cancel();
      observer.disconnect();
      document.removeEventListener('visibilitychange', arm);
    };
  }, [id, title, type, position]);
  return ref;
}
