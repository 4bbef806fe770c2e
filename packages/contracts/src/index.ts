export * from './common.ts';
export * from './auth.ts';
export * from './catalog.ts';
export * from './product.ts';
export * from './playback.ts';
export * from './api-paths.ts';
// issue 3 devices and account
export * from './devices.ts';
export * from './account.ts';
export * from './notifications.ts';
