import { DEFAULT_IMAGE_QUALITY } from '@ekran/core';
import type { Image } from '@ekran/contracts';

export type ImageType = 'webp' | 'jpeg';

/** Widths offered in a srcset; the API renders these sizes and caches them. */
const SRCSET_WIDTHS = [160, 240, 320, 480, 640, 960, 1280, 1920] as const;

/** The URL of an image at a width (spec platform §7: width, quality and type parameters). */
export function imageUrl(image: Pick<Image, 'url'>, width: number, type: ImageType = 'webp', quality = DEFAULT_IMAGE_QUALITY): string {
  return `${image.url}?w=${Math.round(width)}&q=${quality}&type=${type}`;
}

/**
 * src, srcset and sizes of a poster about `displayWidth` CSS pixels wide: the src asks for double the size
 * (spec platform §7) and the srcset lets the browser scale with the pixel ratio and the layout.
 */
export function posterSources(image: Pick<Image, 'url' | 'width'>, displayWidth: number, sizes: string, type: ImageType = 'webp') {
  const max = Math.max(image.width, displayWidth * 2);
  return {
    src: imageUrl(image, displayWidth * 2, type),
    srcSet: SRCSET_WIDTHS.filter((w) => w <= max).map((w) => `${imageUrl(image, w, type)} ${w}w`).join(', '),
    sizes,
  };
}
