import { describe, expect, it } from 'vitest';
import { loadEnv } from './env.ts';
import { PRODUCTION_ENV } from './test/production-env.ts';

const refusal = (source: Record<string, string | undefined>) => {
  try {
    loadEnv(source);
  } catch (err) {
    return (err as Error).message;
  }
  throw new Error('the settings were accepted');
};

describe('production settings', () => {
  it('a correct production deployment starts, with Secure cookies by default', () => {
    const env = loadEnv({ ...PRODUCTION_ENV });
    expect(env.NODE_ENV).toBe('production');
    expect(env.COOKIE_SECURE).toBe(true);
    expect(loadEnv({ ...PRODUCTION_ENV, COOKIE_SECURE: 'false' }).COOKIE_SECURE).toBe(false);
  });

  it('outside production the offline defaults stand, cookies not Secure', () => {
    const env = loadEnv({});
    expect(env).toMatchObject({ NODE_ENV: 'development', MAIL_DELIVERY: 'outbox', SMS_DELIVERY: 'outbox', COOKIE_SECURE: false });
  });

  it('production on the development defaults is refused naming every setting at once', () => {
    const message = refusal({ NODE_ENV: 'production' });
    for (const line of [
      /MAIL_DELIVERY: outbox \(the default\)/,
      /SMS_DELIVERY: outbox \(the default\)/,
      /MEDIA_TOKEN_SECRET: the development default/,
      /CODE_SECRET: the development default/,
      /WEB_API_KEY: the development default/,
      /PAYMENTS_API_SECRET: set a real secret in production/,
      /WEB_ORIGIN: required in production/,
      /COMPANY_NAME: the demo requisites/,
      /COMPANY_INN: the demo requisites/,
    ]) {
      expect(message).toMatch(line);
    }
  });

  it.each([
    ['MAIL_DELIVERY', { MAIL_DELIVERY: 'outbox' }, /^ {2}MAIL_DELIVERY: outbox keeps letters/m],
    ['SMS_DELIVERY', { SMS_DELIVERY: 'outbox' }, /^ {2}SMS_DELIVERY: outbox keeps SMS/m],
    ['SOCIAL_DEV_PROVIDER', { SOCIAL_DEV_PROVIDER: 'true' }, /^ {2}SOCIAL_DEV_PROVIDER: the development identity provider is refused in production/m],
    ['MEDIA_TOKEN_SECRET', { MEDIA_TOKEN_SECRET: undefined }, /^ {2}MEDIA_TOKEN_SECRET: the development default/m],
    ['CODE_SECRET', { CODE_SECRET: undefined }, /^ {2}CODE_SECRET: the development default/m],
    ['WEB_API_KEY', { WEB_API_KEY: 'ekran-web-public-key' }, /^ {2}WEB_API_KEY: the development default/m],
    ['PAYMENTS_API_SECRET', { PAYMENTS_API_SECRET: undefined }, /^ {2}PAYMENTS_API_SECRET: set a real secret/m],
    ['WEB_ORIGIN', { WEB_ORIGIN: undefined }, /^ {2}WEB_ORIGIN: required in production/m],
    ['COMPANY_OGRN', { COMPANY_OGRN: undefined }, /^ {2}COMPANY_OGRN: the demo requisites name no company/m],
  ])('one development setting in an otherwise correct production env is refused: %s', (_name, change, line) => {
    const message = refusal({ ...PRODUCTION_ENV, ...change });
    expect(message).toMatch(line);
    expect(message.split('\n')).toHaveLength(2); // the heading and that one setting
  });

  it('the same development settings outside production start', () => {
    expect(loadEnv({ NODE_ENV: 'test', SOCIAL_DEV_PROVIDER: 'true', MAIL_DELIVERY: 'outbox' }).SOCIAL_DEV_PROVIDER).toBe(true);
  });
});

describe('the metrics listener', () => {
  it('is off by default (an empty value too), on loopback when a port is set', () => {
    const env = loadEnv({});
    expect([env.METRICS_PORT, env.METRICS_HOST]).toEqual([undefined, '127.0.0.1']);
    expect(loadEnv({ METRICS_PORT: '' }).METRICS_PORT).toBeUndefined();
    expect(loadEnv({ METRICS_PORT: '9464', METRICS_HOST: '10.0.0.5' })).toMatchObject({ METRICS_PORT: 9464, METRICS_HOST: '10.0.0.5' });
  });

  it.each(['abc', '0', '70000', '94.5'])('refuses METRICS_PORT=%s, naming it', (port) => {
    expect(refusal({ METRICS_PORT: port })).toMatch(/^ {2}METRICS_PORT: must be a port number/m);
  });

  it("refuses the API's own port: the metrics are never on the public port", () => {
    expect(refusal({ API_PORT: '4000', METRICS_PORT: '4000' })).toMatch(/^ {2}METRICS_PORT: 4000 is API_PORT; the metrics need a port of their own$/m);
  });
});
