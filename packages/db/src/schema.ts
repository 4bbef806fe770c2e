// The database schema, one file per domain under ./schema/; drizzle-kit reads that folder (drizzle.config.ts).
export * from './schema/identity.ts';
export * from './schema/social.ts';
export * from './schema/parental.ts';
export * from './schema/account.ts';
export * from './schema/billing.ts';
export * from './schema/catalog.ts';
export * from './schema/genre-texts.ts';
export * from './schema/collections.ts';
export * from './schema/banners.ts';
export * from './schema/lists.ts';
export * from './schema/analytics.ts';
export * from './schema/watching.ts';
export * from './schema/promo.ts';
export * from './schema/partners.ts';
export * from './schema/tv.ts';
export * from './schema/landings.ts';
export * from './schema/limits.ts';
// Legal documents and their versions, static pages, the consent log
export * from './schema/content.ts';
export * from './schema/device-auth.ts';
// The journal: rubrics, articles and the titles they mention
export * from './schema/journal.ts';
export * from './schema/support.ts';
