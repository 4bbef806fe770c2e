import { describe, expect, it } from 'vitest';
import { loadEnv } from './env.ts';

describe('loadEnv', () => {
  it('has the protocol defaults', () => {
    expect(loadEnv({})).toMatchObject({
      PAYMENTS_HOST: '127.0.0.1',
      PAYMENTS_PORT: 4100,
      PAYMENTS_PUBLIC_URL: 'http://localhost:4100',
      PAYMENTS_PUBLIC_ID: 'ekran-sandbox',
      PAYMENTS_API_SECRET: 'sandbox-secret-change-me',
      PAYMENTS_NOTIFY_URL: 'http://127.0.0.1:4000/api/v1/billing/notifications/sandbox',
      PAYMENTS_DATA_DIR: '.data/payments',
    });
  });
  it.each([
    ['PAYMENTS_PORT', 'abc'],
    ['PAYMENTS_PUBLIC_URL', 'http://localhost:4100/'],
    ['PAYMENTS_NOTIFY_URL', 'ftp://x'],
    ['PAYMENTS_API_SECRET', 'short'],
  ])('a bad %s stops the start naming it', (name, value) => {
    expect(() => loadEnv({ [name]: value })).toThrow(name);
  });
  it('refuses the default secret in production', () => {
    expect(() => loadEnv({ NODE_ENV: 'production' })).toThrow('PAYMENTS_API_SECRET');
  });
});
