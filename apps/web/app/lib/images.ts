import { DEFAULT_IMAGE_QUALITY } from '@ekran/core';
import type { Image } from '@ekran/contracts';

export type ImageType = 'webp' | 'jpeg';
export type ImageOrientation = 'vertical' | 'horizontal';

/** Widths offered in a srcset: widths the API renders as they are (it snaps others up), so none is wasted. */
export const SRCSET_WIDTHS = [160, 240, 320, 400, 480, 640, 800, 960, 1280, 1600, 1920, 2560] as const;
/**
 * The candidates a srcset lists: every other width of SRCSET_WIDTHS. A page renders hundreds of posters, so
 * each candidate costs markup (a home page of 240 cards carried 390 KB of srcset with every width); the
 * browser still finds one within about 1.5× of what it needs.
 */
export const SRCSET_LADDER = [240, 400, 640, 960, 1280, 1920, 2560] as const satisfies readonly (typeof SRCSET_WIDTHS)[number][];
/** spec platform §7: "poster size requests double the size". */
export const POSTER_SIZE_FACTOR = 2;
/** The highest pixel ratio posters are offered for (phones at 3x); beyond it the srcset has nothing larger. */
export const MAX_PIXEL_RATIO = 3;
/** Height over width: 2:3 vertical posters, 16:9 horizontal art. */
export const ASPECT: Record<ImageOrientation, number> = { vertical: 3 / 2, horizontal: 9 / 16 };

/** The URL of an image at a width (spec platform §7: width, quality and type parameters). */
export function imageUrl(image: Pick<Image, 'url'>, width: number, type: ImageType = 'webp', quality = DEFAULT_IMAGE_QUALITY): string {
  return `${image.url}?w=${Math.round(width)}&q=${quality}&type=${type}`;
}

/**
 * The width asked for a poster shown `cssWidth` CSS pixels wide on a screen of pixel ratio `pixelRatio`:
 * double the size, times the pixel ratio (spec platform §7), rounded up to a srcset width.
 */
export function posterRequestWidth(cssWidth: number, pixelRatio = 1): number {
  const want = cssWidth * POSTER_SIZE_FACTOR * pixelRatio;
  return SRCSET_WIDTHS.find((w) => w >= want) ?? SRCSET_WIDTHS[SRCSET_WIDTHS.length - 1]!;
}

/** Splits a sizes list at its top-level commas (commas inside min(), clamp() … stay). */
function splitTopLevel(list: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < list.length; i++) {
    const c = list[i];
    if (c === '(') depth++;
    else if (c === ')') depth--;
    else if (c === ',' && depth === 0) {
      parts.push(list.slice(start, i).trim());
      start = i + 1;
    }
  }
  parts.push(list.slice(start).trim());
  return parts.filter(Boolean);
}

/** The index where the trailing function call of an entry (calc(…), min(…)) starts, or -1. */
function trailingFunctionStart(entry: string): number {
  if (!entry.endsWith(')')) return -1;
  let depth = 0;
  for (let i = entry.length - 1; i >= 0; i--) {
    if (entry[i] === ')') depth++;
    else if (entry[i] === '(' && --depth === 0) {
      const name = /[a-z-]+$/.exec(entry.slice(0, i));
      // A media condition ends in ')' too, but has no function name before its '('.
      return name ? i - name[0].length : -1;
    }
  }
  return -1;
}

/**
 * A sizes attribute with every slot size multiplied by `factor`: the browser then picks a srcset width of
 * factor × the slot × its pixel ratio, which is how the spec's doubled poster requests reach the network.
 */
export function scaleSizes(sizes: string, factor: number = POSTER_SIZE_FACTOR): string {
  return splitTopLevel(sizes)
    .map((entry) => {
      const plain = /^(.*?)(\d*\.?\d+)(px|vw|vh|em|rem)$/.exec(entry);
      if (plain) return `${plain[1]}${Number((Number(plain[2]) * factor).toFixed(2))}${plain[3]}`;
      const fn = trailingFunctionStart(entry);
      if (fn >= 0) return `${entry.slice(0, fn)}calc(${factor} * ${entry.slice(fn)})`;
      throw new Error(`sizes entry without a length: ${entry}`);
    })
    .join(', ');
}

/**
 * src, srcset and sizes of a poster about `displayWidth` CSS pixels wide in a layout slot described by
 * `sizes` (spec platform §7): the sizes are doubled, so the browser asks for double the displayed size
 * scaled by the screen's pixel ratio; the src (for the rare browser without srcset) is double at 1x.
 */
export function posterSources(image: Pick<Image, 'url' | 'width'>, displayWidth: number, sizes: string, type: ImageType = 'webp') {
  const largest = Math.max(image.width, posterRequestWidth(displayWidth, MAX_PIXEL_RATIO));
  return {
    src: imageUrl(image, posterRequestWidth(displayWidth), type),
    srcSet: SRCSET_LADDER.filter((w) => w <= largest).map((w) => `${imageUrl(image, w, type)} ${w}w`).join(', '),
    sizes: scaleSizes(sizes),
  };
}
