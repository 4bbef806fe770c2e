import { describe, expect, it } from 'vitest';
import * as c from './constants.ts';

describe('platform §9 and catalogue §9 constants', () => {
  it.each([
    ['MOBILE_WIDTH', c.MOBILE_WIDTH, 425],
    ['FILTER_SELECT_MODE_BELOW', c.FILTER_SELECT_MODE_BELOW, 768],
    ['BADGE_SHORT_BELOW', c.BADGE_SHORT_BELOW, 405],
    ['SESSION_TIMEOUT_MS (30 minutes)', c.SESSION_TIMEOUT_MS, 30 * 60 * 1000],
    ['SESSION_TIMEOUT_MS', c.SESSION_TIMEOUT_MS, 1_800_000],
    ['SESSION_CHECK_INTERVAL_MS', c.SESSION_CHECK_INTERVAL_MS, 120_000],
    ['SESSION_COOKIE_MINUTES', c.SESSION_COOKIE_MINUTES, 30],
    ['ANALYTICS_START_DELAY_MS', c.ANALYTICS_START_DELAY_MS, 5000],
    ['CONSENT_RETRY_MS', c.CONSENT_RETRY_MS, 1000],
    ['MEASUREMENT_STEP_MS', c.MEASUREMENT_STEP_MS, 30_000],
    ['PAYMENT_FLAG_COOKIE_MINUTES', c.PAYMENT_FLAG_COOKIE_MINUTES, 3],
    ['OFFER_USER_ID_COOKIE_HOURS', c.OFFER_USER_ID_COOKIE_HOURS, 72],
    ['OFFER_FROM_FLAG_MINUTES', c.OFFER_FROM_FLAG_MINUTES, 5],
    ['OFFER_REDIRECT_FLAG_MINUTES', c.OFFER_REDIRECT_FLAG_MINUTES, 5],
    ['UPSELL_USER_ID_COOKIE_HOURS', c.UPSELL_USER_ID_COOKIE_HOURS, 24],
    ['UPSELL_COOKIE_DAYS', c.UPSELL_COOKIE_DAYS, 90],
    ['SURVEY_COOKIE_DAYS', c.SURVEY_COOKIE_DAYS, 365],
    ['AFFILIATE_COOKIE_DAYS', c.AFFILIATE_COOKIE_DAYS, 90],
    ['BANNER_VIEW_DELAY_MS', c.BANNER_VIEW_DELAY_MS, 2000],
    ['BANNER_VIEW_VISIBILITY', c.BANNER_VIEW_VISIBILITY, 0.9],
    ['CARD_VIEW_BATCH_DELAY_MS', c.CARD_VIEW_BATCH_DELAY_MS, 2000],
    ['CHILD_PROFILE_PROMPT_LIMIT', c.CHILD_PROFILE_PROMPT_LIMIT, 3],
    ['DEFAULT_TRIAL_DAYS', c.DEFAULT_TRIAL_DAYS, 7],
    ['DEFAULT_IMAGE_QUALITY', c.DEFAULT_IMAGE_QUALITY, 75],
    ['ERROR_CODE_499', c.ERROR_CODE_499, 499],
    ['MINUTES_PER_DAY', c.MINUTES_PER_DAY, 1440],
    ['BEST_RATING', c.BEST_RATING, 10],
    ['DEFAULT_CATALOG_CARDS', c.DEFAULT_CATALOG_CARDS, 20],
    ['CATALOG_PAGE_SIZE', c.CATALOG_PAGE_SIZE, 40],
    ['COLLECTION_PAGE_SIZE', c.COLLECTION_PAGE_SIZE, 30],
    ['ARCHIVE_FIRST_PAGE', c.ARCHIVE_FIRST_PAGE, 1],
    ['CATCHUP_SEARCH_LIMIT', c.CATCHUP_SEARCH_LIMIT, 40],
    ['ARCHIVE_AVAILABILITY_DAYS', c.ARCHIVE_AVAILABILITY_DAYS, 14],
    ['FILTER_COLUMN_SIZE', c.FILTER_COLUMN_SIZE, 10],
  ])('%s is %s', (_name, actual, expected) => {
    expect(actual).toBe(expected);
  });

  it.each([
    ['DEFAULT_LOCALE', c.DEFAULT_LOCALE, 'ru'],
    ['CATALOG_LOCALE', c.CATALOG_LOCALE, 'ru'],
    ['CATALOG_DEVICE_TYPE', c.CATALOG_DEVICE_TYPE, 'web'],
    ['DEFAULT_CATALOG_SORT', c.DEFAULT_CATALOG_SORT, '-popularity'],
    ['KIDS_PATH', c.KIDS_PATH, '/kids'],
    ['SURVEY_COOKIE_PREFIX', c.SURVEY_COOKIE_PREFIX, 'visibleTypeform_'],
    ['AUTH_ROUTE_STORAGE_KEY', c.AUTH_ROUTE_STORAGE_KEY, 'auth_route'],
    ['SCROLL_SENTINEL_ROOT_MARGIN', c.SCROLL_SENTINEL_ROOT_MARGIN, '0px 0px 50% 0px'],
  ])('%s is %j', (_name, actual, expected) => {
    expect(actual).toBe(expected);
  });

  it('banner image is 1326x310', () => {
    expect(c.BANNER_IMAGE_SIZE).toEqual({ width: 1326, height: 310 });
  });

  it('affiliate cookies are admitad_uid and advcake_url', () => {
    expect(c.AFFILIATE_COOKIES).toEqual(['admitad_uid', 'advcake_url']);
  });

  it('filter all-option is alias all, title Все', () => {
    expect(c.FILTER_ALL_OPTION).toEqual({ alias: 'all', title: 'Все' });
  });

  it.each([
    ['desktop', 25],
    ['wideDesktop', 25],
    ['tablet', 20],
    ['wideTablet', 20],
    ['mobile', 10],
  ] as const)('archive page size on %s is %i', (device, size) => {
    expect(c.ARCHIVE_PAGE_SIZE[device]).toBe(size);
  });

  it('quality levels are Auto, FHD, HD, SD, HQ, MQ, LQ', () => {
    expect(c.QUALITY_LEVELS).toEqual(['Auto', 'FHD', 'HD', 'SD', 'HQ', 'MQ', 'LQ']);
  });

  it.each([
    ['AUTO', null],
    ['FHD', 1080],
    ['HD', 720],
    ['SD', 480],
    ['LD', 360],
    ['XLD', 240],
  ] as const)('quality variant %s has height %s', (name, height) => {
    expect(c.QUALITY_HEIGHTS[name]).toBe(height);
  });
});
