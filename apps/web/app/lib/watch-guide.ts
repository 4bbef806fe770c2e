// What the ways-to-watch pages (spec platform §2 Ways to watch: /ways-to-watch, /ways-to-watch/{samsung,sony,hisense,lg})
// and the app landing (/ios-android-app) are built from: the TV brands with a page, and the phone's app store.

/** The TV brands with a page of their own, in the order the index shows them. */
export const TV_BRANDS = ['samsung', 'lg', 'sony', 'hisense'] as const;
export type TvBrand = (typeof TV_BRANDS)[number];

/** The brand of a path segment, or null (another brand is a 404). */
export const tvBrandOf = (slug: string | undefined): TvBrand | null => TV_BRANDS.find((b) => b === slug) ?? null;

/** The app stores the mobile apps are in, in the order the page lists them. */
export const APP_STORES = ['appStore', 'googlePlay', 'ruStore', 'appGallery'] as const;
export type AppStore = (typeof APP_STORES)[number];

/**
 * The store of the phone a User-Agent names: iPhone, iPad and iPod → App Store; Huawei phones and HarmonyOS →
 * AppGallery (their agents also say Android, so they are asked first); any other Android → Google Play. Null for a
 * computer or anything else. An iPad in desktop mode calls itself a Mac and gets the page as a computer does.
 */
export function storeOfUserAgent(ua: string | null | undefined): AppStore | null {
  if (!ua) return null;
  if (/\b(iPhone|iPad|iPod)\b/.test(ua)) return 'appStore';
  if (/HarmonyOS|OpenHarmony|HUAWEI|Huawei|HMSCore/.test(ua)) return 'appGallery';
  if (/\bAndroid\b/.test(ua)) return 'googlePlay';
  return null;
}

/** The stores in the order a visitor sees them: their phone's store first, the rest as listed. */
export function storesFor(first: AppStore | null): AppStore[] {
  return first ? [first, ...APP_STORES.filter((s) => s !== first)] : [...APP_STORES];
}
