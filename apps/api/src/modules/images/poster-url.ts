import type { Image } from '@ekran/contracts';

export type Orientation = 'horizontal' | 'vertical';
export interface PosterArt { hue: number; hue2: number; pattern: string; seed: number }

/** Native sizes of generated art: 16:9 and 2:3. */
export const ART_SIZE: Record<Orientation, { width: number; height: number }> = {
  horizontal: { width: 1280, height: 720 },
  vertical: { width: 600, height: 900 },
};

/**
 * The URL of generated art. It carries its own parameters, so the image endpoint needs no lookup and the
 * URL is immutable by construction; clients append ?w=&q=&type= (spec platform §7).
 */
export function posterImage(art: PosterArt, orientation: Orientation): Image {
  const { width, height } = ART_SIZE[orientation];
  return { url: `/api/v1/images/art/${orientation}/${art.pattern}-${art.hue}-${art.hue2}-${art.seed}`, width, height };
}
