// The seek bar's thumbnails (thumbnails.ts): loaded on the first hover of the bar, not before.
import { useRef, useState } from 'react';
import { parseThumbnailsVtt, type ThumbnailCue } from './thumbnails.ts';

export function useThumbnails(thumbnailsUrl: string | null) {
  const [thumbnails, setThumbnails] = useState<ThumbnailCue[]>([]);
  const thumbsRequested = useRef(false);
  const loadThumbnails = () => {
    if (thumbsRequested.current || !thumbnailsUrl) return;
    thumbsRequested.current = true;
    const url = new URL(thumbnailsUrl, window.location.href).toString();
    fetch(url, { credentials: 'same-origin' })
      .then((res) => (res.ok ? res.text() : ''))
      .then((text) => setThumbnails(parseThumbnailsVtt(text, url)))
      .catch(() => undefined); // no thumbnails: the bar shows the time alone
  };
  return { thumbnails, loadThumbnails };
}
