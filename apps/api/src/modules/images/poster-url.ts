import type { Image } from '@ekran/contracts';

export type Orientation = 'horizontal' | 'vertical' | BannerArt;
/** Banner art (issue 4 home): web_desktop, web_mobile and image_narrow of spec platform §3 Banner images. */
export type BannerArt = 'banner' | 'banner-mobile' | 'banner-narrow';
export interface PosterArt { hue: number; hue2: number; pattern: string; seed: number }

/** Native sizes of generated art: 16:9 and 2:3; banners 1326x310 (platform §9), 16:9 for phones, and 2:1 narrow. */
export const ART_SIZE: Record<Orientation, { width: number; height: number }> = {
  horizontal: { width: 1280, height: 720 },
  vertical: { width: 600, height: 900 },
  banner: { width: 1326, height: 310 },
  'banner-mobile': { width: 768, height: 432 },
  'banner-narrow': { width: 620, height: 310 },
};

/**
 * The URL of generated art. It carries its own parameters, so the image endpoint needs no lookup and the
 * URL is immutable by construction; clients append ?w=&q=&type= (spec platform §7).
 */
export function posterImage(art: PosterArt, orientation: Orientation): Image {
  const { width, height } = ART_SIZE[orientation];
  return { url: `/api/v1/images/art/${orientation}/${art.pattern}-${art.hue}-${art.hue2}-${art.seed}`, width, height };
}
