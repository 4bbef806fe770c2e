// The payment settings (env.ts) and the provider they select.
import { describe, expect, it } from 'vitest';
import { loadEnv } from '../../../env.ts';
import { providersFromEnv } from './index.ts';

describe('payment settings', () => {
  it('default to the sandbox host of the protocol', () => {
    const env = loadEnv({});
    expect([env.PAYMENTS_PROVIDER, env.PAYMENTS_API_URL, env.PAYMENTS_PUBLIC_ID, env.PAYMENTS_API_SECRET, env.PAYMENTS_REPLAY_WINDOW_SECONDS]).toEqual([
      'sandbox', 'http://127.0.0.1:4100', 'ekran-sandbox', 'sandbox-secret-change-me', 300,
    ]);
    const providers = providersFromEnv(env);
    expect(providers.active.name).toBe('sandbox');
    expect(providers.byName('cloudpayments')).toBeUndefined();
  });

  it('cloudpayments needs its Public ID and API secret, and then is the only provider', () => {
    expect(() => loadEnv({ PAYMENTS_PROVIDER: 'cloudpayments' })).toThrow(/CLOUDPAYMENTS_PUBLIC_ID: required[\s\S]*CLOUDPAYMENTS_API_SECRET: required/);
    const env = loadEnv({ PAYMENTS_PROVIDER: 'cloudpayments', CLOUDPAYMENTS_PUBLIC_ID: 'pk_1', CLOUDPAYMENTS_API_SECRET: 'secret' });
    const providers = providersFromEnv(env);
    expect(providers.active.name).toBe('cloudpayments');
    expect(providers.byName('sandbox')).toBeUndefined();
  });

  it('refuses bad values and the sample sandbox secret in production', () => {
    expect(() => loadEnv({ PAYMENTS_PROVIDER: 'paypal' })).toThrow(/PAYMENTS_PROVIDER/);
    expect(() => loadEnv({ PAYMENTS_REPLAY_WINDOW_SECONDS: '5' })).toThrow(/PAYMENTS_REPLAY_WINDOW_SECONDS/);
    expect(() => loadEnv({ NODE_ENV: 'production', MEDIA_TOKEN_SECRET: 'x'.repeat(40), CODE_SECRET: 'y'.repeat(40) })).toThrow(/PAYMENTS_API_SECRET: set a real secret/);
  });
});
