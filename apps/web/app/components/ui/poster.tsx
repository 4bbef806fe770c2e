import type { Image } from '@ekran/contracts';
import { useCallback, useState } from 'react';
import { preload } from 'react-dom';
import { ASPECT, imageUrl, posterRequestWidth, posterSources, type ImageOrientation } from '../../lib/images.ts';
import './poster.css';

export interface PosterProps {
  image: Pick<Image, 'url' | 'width'>;
  /** vertical posters are 2:3, horizontal art 16:9: the box keeps that ratio before the image arrives. */
  orientation: ImageOrientation;
  /** About how many CSS pixels wide it shows on a wide screen (the width and height attributes). */
  width: number;
  /** The layout slot, as a sizes attribute; the request doubles it (spec platform §7). */
  sizes: string;
  alt?: string;
  /** Above the fold: loaded eagerly with high priority; otherwise lazily, decoded off the main thread. */
  priority?: boolean;
  /** The page's largest paint: also preloaded from the head, ahead of the page's scripts and styles. */
  preloaded?: boolean;
  /** Fill a positioned parent (a hero or a backdrop) instead of keeping its own ratio box. */
  fill?: boolean;
  className?: string;
}

/**
 * A poster or a piece of art: webp for browsers that take it and jpeg for the rest, sizes
 * for the pixel ratio, a box of fixed ratio so nothing moves when it loads, and a quiet background while
 * loading or when the image fails.
 */
export function Poster({ image, orientation, width, sizes, alt = '', priority = false, preloaded = false, fill = false, className }: PosterProps) {
  const [failed, setFailed] = useState(false);
  // An image that failed before the page hydrated fired its error event before React listened.
  const ref = useCallback((img: HTMLImageElement | null) => {
    if (img?.complete && img.naturalWidth === 0 && img.currentSrc) setFailed(true);
  }, []);
  const webp = posterSources(image, width, sizes, 'webp');
  // A <picture>'s image is not preloaded by React; browsers without webp skip this one (type) and take the jpeg.
  if (preloaded) preload(webp.src, { as: 'image', imageSrcSet: webp.srcSet, imageSizes: webp.sizes, type: 'image/webp', fetchPriority: 'high' });
  const classes = ['poster', `poster--${orientation}`, fill ? 'poster--fill' : null, failed ? 'poster--failed' : null, className].filter(Boolean).join(' ');
  return (
    <picture className={classes}>
      <source type="image/webp" srcSet={webp.srcSet} sizes={webp.sizes} />
      {/* The jpeg fallback is for browsers without webp (old Safari): one doubled-size src is enough there and
          keeps each card's markup to one srcset. */}
      <img
        ref={ref}
        src={imageUrl(image, posterRequestWidth(width), 'jpeg')}
        width={width}
        height={Math.round(width * ASPECT[orientation])}
        alt={alt}
        loading={priority ? 'eager' : 'lazy'}
        decoding={priority ? undefined : 'async'}
        fetchPriority={priority ? 'high' : undefined}
        onError={() => setFailed(true)}
      />
    </picture>
  );
}
