// @ekran/core: business rules and constants, pure and isomorphic.

export * from './age-rating.ts';
export * from './archive.ts';
export * from './breadcrumbs.ts';
export * from './constants.ts';
export * from './contact.ts';
export * from './device.ts';
export * from './experiments.ts';
export * from './grid.ts';
export * from './language.ts';
// accounts: the login field of /auth
export * from './login-input.ts';
export * from './mask.ts';
export * from './menu.ts';
export * from './paging.ts';
export * from './plural.ts';
export * from './price.ts';
export * from './shell.ts';
export * from './social.ts';
export * from './text.ts';
export * from './trial.ts';
// Profiles, kids content, parental PIN and experiment groups.
export * from './experiment-assignment.ts';
export * from './profiles.ts';
// Genre pages and their marketing texts.
export * from './genres.ts';
// Collections, hashtags, selections, playlists and people.
export * from './collections.ts';
// Search: normalisation shared with the database, limits, the header input's routes.
export * from './search.ts';
// Banners and their click rule.
export * from './banner.ts';
// Personal lists: favorites, history, continue watching, ratings.
export * from './lists.ts';
// Catalogue filters, sort options and genre chips.
export * from './catalog-filters.ts';
// ---- Title sub-pages, short durations, the traffic-source and mini-app redirects
export * from './watch.ts';
// The journal: an article's body blocks, its pictures' art, reading time and paging.
export * from './journal.ts';
// ---- Playback gating, the subscription-popup rule, playback errors, the tariff flow.
export * from './playback-gating.ts';
// Quality levels of the player's menu (spec platform §9).
export * from './quality.ts';
// ---- Bank cards (Luhn, brand by first digit, expiry, grouping), shared by the payment host, API and site.
export * from './card.ts';
// Subscription lifecycle: live, grace, expiry, manageable, rate steps, the disable-recurring steps.
export * from './subscription-lifecycle.ts';
// ---- The billing window, renewal timing, payment method kinds
export * from './billing.ts';
// ---- The operator customer's one popup (mf_info.mf_pop_up) and its precedence.
export * from './operator-popups.ts';
// ---- Offers, the upsell and play-grand popups, landing states
export * from './offers.ts';
// ---- The programme guide in the viewer's zone (the tz hour offset of platform §7)
export * from './tv-guide.ts';
// Time units and UUIDs: one definition each.
export * from './time.ts';
export * from './uuid.ts';
