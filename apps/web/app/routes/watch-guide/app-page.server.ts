import QRCode from 'qrcode';
import { env } from '../../lib/env.server.ts';
import { storeOfUserAgent, type AppStore } from '../../lib/watch-guide.ts';

// /ios-android-app: the store pages of the mobile apps (settings), the visitor's phone's store, the QR code.

/** The store pages, from the settings (demo addresses by default, .env.example). */
export function storeLinks(): Record<AppStore, string> {
  return { appStore: env.APP_STORE_URL, googlePlay: env.GOOGLE_PLAY_URL, ruStore: env.RUSTORE_URL, appGallery: env.APPGALLERY_URL };
}

/** The address the QR code holds: this page with ?get=1, which sends a phone on to its own store. */
export const QR_PATH = '/ios-android-app?get=1';

/**
 * The QR code as an SVG data URL (drawn on the server by qrcode, dark on white so every camera reads it), kept per
 * address: it never changes while the process runs.
 */
const drawn = new Map<string, Promise<string>>();
export function qrDataUrl(address: string): Promise<string> {
  let svg = drawn.get(address);
  if (!svg) {
    svg = QRCode.toString(address, { type: 'svg', errorCorrectionLevel: 'M', margin: 2, color: { dark: '#0b0d12', light: '#ffffff' } }).then(
      (text) => `data:image/svg+xml;base64,${Buffer.from(text).toString('base64')}`,
    );
    // A failure is not kept: the next render draws again.
    svg.catch(() => drawn.delete(address));
    if (drawn.size > 16) drawn.clear();
    drawn.set(address, svg);
  }
  return svg;
}

/** The QR code of this page's ?get=1 address on the site's origin. */
export const appQrCode = () => qrDataUrl(`${env.SITE_ORIGIN}${QR_PATH}`);

/** The store of the phone that asks (User-Agent), or null for a computer. */
export const storeOfRequest = (request: Request): AppStore | null => storeOfUserAgent(request.headers.get('user-agent'));
