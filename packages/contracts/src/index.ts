export * from './common.ts';
// Free of zod, so a browser page that only compares codes does not download the schemas.
export * from './error-codes.ts';
export * from './auth.ts';
export * from './social.ts';
export * from './catalog.ts';
export * from './product.ts';
export * from './playback.ts';
export * from './api-paths.ts';
// accounts
export * from './accounts.ts';
// profiles, parental PIN
export * from './profiles.ts';
export * from './devices.ts';
export * from './account.ts';
export * from './notifications.ts';
// The sitemap's catalogue parts
export * from './sitemap.ts';
// genre pages
export * from './genres.ts';
// collections, selections, playlists and people
export * from './collections.ts';
// search
export * from './search.ts';
// Banners (posters by location)
export * from './banners.ts';
// personal lists
export * from './lists.ts';
// Catalogue filters and sort options; analytics events
export * from './catalog-filters.ts';
export * from './analytics.ts';
// ---- The collections and selections of a title (its sub-pages)
export * from './title-pages.ts';
// ---- Tariffs of the tariff flow and the payment link (billing.ts, shared with gating-api)
export * from './billing.ts';
// ---- Promo codes, coupons, gift certificates
export * from './promo.ts';
// The mobile-operator customer
export * from './partners.ts';
// ---- Landings and the offers of the shell's popups
export * from './landings.ts';
// ---- Playing live TV and recordings
export * from './tv-playback.ts';
// ---- Live TV data (channels, the programme guide, favorite channels) and the catch-up archive
export * from './tv.ts';
export * from './archive.ts';
// Legal documents, static pages, the consent log
export * from './legal.ts';
// ---- Signing a TV in by a code (RFC 8628 device authorization grant)
export * from './device-auth.ts';
// ---- The journal: rubrics, articles and their body blocks, a title's articles
export * from './journal.ts';
// ---- The help centre and support tickets
export * from './support.ts';
