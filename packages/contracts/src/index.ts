export * from './common.ts';
export * from './auth.ts';
export * from './catalog.ts';
export * from './product.ts';
export * from './playback.ts';
export * from './api-paths.ts';
// profiles, parental PIN (issue 3 profiles)
export * from './profiles.ts';
