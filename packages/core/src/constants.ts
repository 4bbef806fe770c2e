// Business constants and limits: spec platform §9 and catalogue §9.
// Units are in the names (_MS, _MINUTES, _HOURS, _DAYS); widths are CSS pixels.

import type { Device } from './device.ts';

// spec platform §9: layout thresholds
/** Mobile width threshold in px (platform §9). */
export const MOBILE_WIDTH = 425;
/** Below this width the catalogue filters switch to the narrow select mode (platform §9). */
export const FILTER_SELECT_MODE_BELOW = 768;
/** Below this width the archive card badge uses its short text (catalogue §4, §9). */
export const BADGE_SHORT_BELOW = 405;

// spec platform §4, §9: analytics session
/** Analytics session expires after 30 minutes of inactivity (platform §9). */
export const SESSION_TIMEOUT_MS = 1_800_000;
/** How often the analytics session expiry is checked (platform §9). */
export const SESSION_CHECK_INTERVAL_MS = 120_000;
/** Lifetime of the analytics session and sequence cookies (platform §9). */
export const SESSION_COOKIE_MINUTES = 30;
/** Analytics start this long after load (platform §4). */
export const ANALYTICS_START_DELAY_MS = 5000;
/** Outside RU, analytics wait for cookie consent and retry at this interval (platform §4). */
export const CONSENT_RETRY_MS = 1000;
/** The measurement request starts after this delay, then repeats at growing multiples of it (platform §4). */
export const MEASUREMENT_STEP_MS = 30_000;

// spec platform §9: cookies
/** Lifetime of the payment-redirect flag cookie (platform §4, §9). */
export const PAYMENT_FLAG_COOKIE_MINUTES = 3;
/** Subscription offer: lifetime of the userId cookie (platform §9). */
export const OFFER_USER_ID_COOKIE_HOURS = 72;
/** Subscription offer: lifetime of the from-offer flag (platform §9). */
export const OFFER_FROM_FLAG_MINUTES = 5;
/** Subscription offer: lifetime of the redirect flag (platform §9). */
export const OFFER_REDIRECT_FLAG_MINUTES = 5;
/** Upsell popup: lifetime of the userId cookie (platform §9). */
export const UPSELL_USER_ID_COOKIE_HOURS = 24;
/** Upsell popup: lifetime of the value cookie, i.e. the "already shown" window (platform §9). */
export const UPSELL_COOKIE_DAYS = 90;
/** Prefix of the survey closure cookie `visibleTypeform_{id}` (platform §9). */
export const SURVEY_COOKIE_PREFIX = 'visibleTypeform_';
/** Lifetime of the survey closure cookie (platform §9). */
export const SURVEY_COOKIE_DAYS = 365;
/** Affiliate cookies kept from the tracking links (platform §9). */
export const AFFILIATE_COOKIES = ['admitad_uid', 'advcake_url'] as const;
/** Lifetime of the affiliate cookies (platform §9). */
export const AFFILIATE_COOKIE_DAYS = 90;
/** Storage key holding the auth route (platform §9). */
export const AUTH_ROUTE_STORAGE_KEY = 'auth_route';
/**
 * Cookie marking an unfinished social registration (spec platform §4 Session: apple or google id without a
 * phone, RU): /auth then asks for the phone that completes it.
 */
export const SOCIAL_REGISTRATION_COOKIE = 'social_registration';

// spec platform §9: banners
/** A banner view is reported after it stays visible this long (platform §9). */
export const BANNER_VIEW_DELAY_MS = 2000;
/** Share of the banner that must be visible for a view (platform §9). */
export const BANNER_VIEW_VISIBILITY = 0.9;
/** Banner image size in px (platform §9). */
export const BANNER_IMAGE_SIZE = { width: 1326, height: 310 } as const;
/** Viewed catalogue cards are reported in one batch after this delay (catalogue §4, §7). */
export const CARD_VIEW_BATCH_DELAY_MS = 2000;

// spec platform §4, §5, §9: profiles and trial
/** The child-profile prompt shows while fewer than this many child profiles exist (platform §4, §9). */
export const CHILD_PROFILE_PROMPT_LIMIT = 3;
/** Trial length when the tariff does not give one (platform §9, catalogue §4). */
export const DEFAULT_TRIAL_DAYS = 7;

// spec platform §9: API defaults
/** Default image quality parameter of image URLs (platform §9, catalogue §7). */
export const DEFAULT_IMAGE_QUALITY = 75;
/** Default interface locale (platform §9). */
export const DEFAULT_LOCALE = 'ru';
/** Locale sent with catalog requests (platform §7, §9). */
export const CATALOG_LOCALE = 'ru';
/** Device type sent with catalog requests (platform §7, §9). */
export const CATALOG_DEVICE_TYPE = 'web';
/** Error code 499, listed as a constant; its use is not shown in the spec (platform §9, catalogue §8). */
export const ERROR_CODE_499 = 499;
/** Minutes in a day (platform §9, catalogue §9). */
export const MINUTES_PER_DAY = 1440;
/** Best aggregate rating (platform §9). */
export const BEST_RATING = 10;

// spec catalogue §9: catalogue and archive
/** Default catalogue sort: popularity, descending (catalogue §4, §9). */
export const DEFAULT_CATALOG_SORT = '-popularity';
/** Default number of catalogue cards (platform §9, catalogue §9). */
export const DEFAULT_CATALOG_CARDS = 20;
/** Catalogue page size for lists other than collections and hashtags (catalogue §9). */
export const CATALOG_PAGE_SIZE = 40;
/** Page size of collections and hashtags (catalogue §9). */
export const COLLECTION_PAGE_SIZE = 30;
/** Archive page size per device (catalogue §9). */
export const ARCHIVE_PAGE_SIZE: Readonly<Record<Device, number>> = {
  mobile: 10,
  tablet: 20,
  wideTablet: 20,
  desktop: 25,
  wideDesktop: 25,
};
/** First archive page (catalogue §9). */
export const ARCHIVE_FIRST_PAGE = 1;
/** IntersectionObserver rootMargin of the infinite-scroll sentinel: 50% at the bottom (catalogue §9). */
export const SCROLL_SENTINEL_ROOT_MARGIN = '0px 0px 50% 0px';
// Ours, not the spec's: a catalogue portion (40 posters) is tall and its posters load lazily, so the grid asks
// for it a viewport and a half ahead; the next cards are then in place before the pager and the footer come
// into view, and appending them shifts nothing the viewer sees (no layout shift while scrolling).
/** IntersectionObserver rootMargin of the catalogue grids' sentinel: 150% at the bottom. */
export const CATALOG_SENTINEL_ROOT_MARGIN = '0px 0px 150% 0px';
/** Result limit of the catch-up search (catalogue §7, §9). */
export const CATCHUP_SEARCH_LIMIT = 40;
/** Recordings stay available for up to this many days (catalogue §1, §9). */
export const ARCHIVE_AVAILABILITY_DAYS = 14;
/** Filter lists are split into columns of this many items (catalogue §9). */
export const FILTER_COLUMN_SIZE = 10;
/** Alias and title of the all-option of a catalogue filter (catalogue §3). */
export const FILTER_ALL_OPTION = { alias: 'all', title: 'Все' } as const;
/** Path of the kids home (catalogue §9). */
export const KIDS_PATH = '/kids';

// spec platform §9: stream quality
/** Stream quality level names (platform §9). */
export const QUALITY_LEVELS = ['Auto', 'FHD', 'HD', 'SD', 'HQ', 'MQ', 'LQ'] as const;
/** A stream quality level name. */
export type QualityLevel = (typeof QUALITY_LEVELS)[number];
// The spec names these variants "with pixel height" but gives no numbers: the heights are our
// choice, the usual 1080p…240p ladder.
/** Named quality variants with their pixel height; AUTO has none (platform §9). */
export const QUALITY_HEIGHTS = {
  AUTO: null,
  FHD: 1080,
  HD: 720,
  SD: 480,
  LD: 360,
  XLD: 240,
} as const satisfies Record<string, number | null>;
