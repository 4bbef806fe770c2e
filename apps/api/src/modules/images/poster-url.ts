import type { Image } from '@ekran/contracts';
import { createHmac, timingSafeEqual } from 'node:crypto';
import { DEV_DEFAULTS } from '../../env.ts';

export type Orientation = 'horizontal' | 'vertical' | BannerArt;
/** Banner art: web_desktop, web_mobile and image_narrow of spec platform §3 Banner images. */
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

/** The key art URLs are signed with: derived from MEDIA_TOKEN_SECRET, so it is not the media grants' key itself. */
const artKeyOf = (secret: string) => createHmac('sha256', secret).update('ekran art urls').digest();
let artKey = artKeyOf(DEV_DEFAULTS.MEDIA_TOKEN_SECRET);

/**
 * Sets the secret art URLs are signed and checked with (buildApp, from MEDIA_TOKEN_SECRET). One per process: the
 * mappers that write art URLs are pure functions of a row, so they read it here rather than from each caller.
 */
export function configureArtSigning(secret: string): void {
  artKey = artKeyOf(secret);
}

/** The signature of art: 96 bits of HMAC-SHA256 over orientation and spec, base64url. */
export function artSignature(orientation: Orientation, spec: string): string {
  return createHmac('sha256', artKey).update(`${orientation}/${spec}`).digest('base64url').slice(0, 16);
}

/** Whether a signature is the one the API wrote for this art. */
export function isArtSignature(orientation: Orientation, spec: string, signature: string): boolean {
  const expected = Buffer.from(artSignature(orientation, spec));
  const given = Buffer.from(signature);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/**
 * The URL of generated art. It carries its own parameters, so the image endpoint needs no lookup and the
 * URL is immutable by construction; clients append ?w=&q=&type= (spec platform §7). The parameters are signed
 * (…/rays-200-20-7.{signature}): only art the catalogue names is rendered, since each new one costs a render
 * and a file on disk (docs/decisions/003-self-describing-art-urls.md).
 */
export function posterImage(art: PosterArt, orientation: Orientation): Image {
  const { width, height } = ART_SIZE[orientation];
  const spec = `${art.pattern}-${art.hue}-${art.hue2}-${art.seed}`;
  return { url: `/api/v1/images/art/${orientation}/${spec}.${artSignature(orientation, spec)}`, width, height };
}
