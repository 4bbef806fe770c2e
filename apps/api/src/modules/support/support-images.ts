import { SUPPORT_MAX_FILE_BYTES, SUPPORT_MAX_FILES, SupportErrorCode } from '@ekran/contracts';
import sharp from 'sharp';
import { AppError } from '../../lib/errors.ts';

/** The longest side of a kept image: enough to read a screenshot of a 4K television, not a poster print. */
export const SUPPORT_IMAGE_MAX_SIDE = 2560;
/** Raster formats a viewer's photo or screenshot comes in; anything else is refused. */
const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp', 'gif', 'avif', 'heif', 'tiff']);
/** A decompression bomb stops here (a 10 MB PNG can claim a billion pixels). */
const MAX_INPUT_PIXELS = 80_000_000;

/** An image as a viewer sent it: the bytes and the name the browser gave. */
export interface UploadedImage {
  name: string;
  bytes: Buffer;
}

/** An image as it is kept: re-encoded WebP without any metadata. */
export interface KeptImage {
  contentType: 'image/webp';
  bytes: Buffer;
  width: number;
  height: number;
}

const notAnImage = (name: string) =>
  new AppError(400, SupportErrorCode.NotAnImage, `${name}: the file is not an image (JPEG, PNG, WebP, GIF, HEIC or AVIF)`, {
    details: [{ path: 'images', message: name }],
  });

/** The count and size rules of attachments, before any is decoded. */
export function checkUploads(images: readonly UploadedImage[]): void {
  if (images.length > SUPPORT_MAX_FILES) {
    throw new AppError(400, SupportErrorCode.TooManyFiles, `At most ${SUPPORT_MAX_FILES} images per message`, { details: [{ path: 'images', message: String(images.length) }] });
  }
  for (const image of images) {
    if (image.bytes.length > SUPPORT_MAX_FILE_BYTES) {
      throw new AppError(413, SupportErrorCode.FileTooLarge, `${image.name}: an image may be at most 10 MB`, { details: [{ path: 'images', message: image.name }] });
    }
    if (image.bytes.length === 0) throw notAnImage(image.name);
  }
}

/**
 * Decodes what the viewer sent (whatever its name or declared type says) and encodes it anew: turned upright by its
 * EXIF orientation, bounded to SUPPORT_IMAGE_MAX_SIDE, the first frame of an animation, WebP. Sharp writes no
 * metadata unless asked, so EXIF (the camera, the place it was taken), XMP, IPTC and ICC profiles are gone.
 */
export async function reencodeImage(image: UploadedImage): Promise<KeptImage> {
  let format: string | undefined;
  try {
    format = (await sharp(image.bytes, { limitInputPixels: MAX_INPUT_PIXELS }).metadata()).format;
  } catch {
    throw notAnImage(image.name);
  }
  if (!format || !ACCEPTED_FORMATS.has(format)) throw notAnImage(image.name);
  try {
    const { data, info } = await sharp(image.bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' })
      .rotate()
      .resize({ width: SUPPORT_IMAGE_MAX_SIDE, height: SUPPORT_IMAGE_MAX_SIDE, fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 82 })
      .toBuffer({ resolveWithObject: true });
    return { contentType: 'image/webp', bytes: data, width: info.width, height: info.height };
  } catch {
    throw notAnImage(image.name);
  }
}

/** Checks and re-encodes the attachments of one message, in order. */
export async function keepImages(images: readonly UploadedImage[]): Promise<KeptImage[]> {
  checkUploads(images);
  const kept: KeptImage[] = [];
  for (const image of images) kept.push(await reencodeImage(image));
  return kept;
}
