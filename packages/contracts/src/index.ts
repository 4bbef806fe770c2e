export * from './common.ts';
export * from './auth.ts';
export * from './social.ts';
export * from './catalog.ts';
export * from './product.ts';
export * from './playback.ts';
export * from './api-paths.ts';
// accounts (issue 3)
export * from './accounts.ts';
// profiles, parental PIN (issue 3 profiles)
export * from './profiles.ts';
// issue 3 devices and account
export * from './devices.ts';
export * from './account.ts';
export * from './notifications.ts';
// issue 4 SEO: the sitemap's catalogue parts
export * from './sitemap.ts';
// genre pages (issue 4 genres)
export * from './genres.ts';
// collections, selections, playlists and people (issue 4 collections)
export * from './collections.ts';
// search (issue 4)
export * from './search.ts';
// issue 4 home: banners (posters by location)
export * from './banners.ts';
// personal lists (issue 4 lists)
export * from './lists.ts';
// issue 4 category pages: catalogue filters and sort options; analytics events
export * from './catalog-filters.ts';
export * from './analytics.ts';
// ---- issue 5 titles: the collections and selections of a title (its sub-pages)
export * from './title-pages.ts';
// ---- issue 5 gating-web: tariffs of the tariff flow and the payment link (billing.ts, shared with gating-api)
export * from './billing.ts';
// ---- issue 6 promo: promo codes, coupons, gift certificates
export * from './promo.ts';
// issue 6 partners: the mobile-operator customer
export * from './partners.ts';
// ---- issue 6 landings: landings and the offers of the shell's popups
export * from './landings.ts';
// ---- issue 7 tvstream: playing live TV and recordings
export * from './tv-playback.ts';
// ---- issue 7 tvdata: live TV data (channels, the programme guide, favorite channels) and the catch-up archive
export * from './tv.ts';
export * from './archive.ts';
