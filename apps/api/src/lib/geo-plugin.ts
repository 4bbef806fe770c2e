import { ErrorCode, TV_GEO_ATTRIBUTE_PREFIX } from '@ekran/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AsyncLocalStorage } from 'node:async_hooks';
import { AppError } from './errors.ts';
import { createGeo, type GeoSettings } from './geo.ts';

// Geo rules (spec platform §6). Every request knows its visitor's country: request.countryCode (the
// trusted address, request.ip, which honours TRUST_PROXY, exactly as playback's anonymizer check reads it).
// The identity service reads it through requestCountry() when it builds auth data (current_country_code)
// and sessions, so the many services that answer auth data need not pass it along (decision 027).

declare module 'fastify' {
  interface FastifyRequest {
    /** The visitor's country, two upper-case letters (GEO_COUNTRY_OVERRIDE, the GeoIP lookup, or DEFAULT_COUNTRY_CODE). */
    readonly countryCode: string;
  }
}

/** The country the audience rules compare with (spec platform §6, catalogue §1: current_country_code equal to RU). */
export const TV_COUNTRY = 'RU';

const countryContext = new AsyncLocalStorage<string>();

/** The country of the request being handled, or null outside a request (jobs, scripts). */
export function requestCountry(): string | null {
  return countryContext.getStore() ?? null;
}

/** Runs `fn` as if for a visitor from `country` (scripts and tests of code that reads requestCountry()). */
export function withCountry<T>(country: string, fn: () => T): T {
  return countryContext.run(country, fn);
}

/** spec platform §6: outside RU the TV pages (and the archive) report tv_not_available. */
export const tvNotAvailable = () => new AppError(403, ErrorCode.TvNotAvailable, 'TV is not available in your country');

/** spec platform §6: outside RU a channel page reports geo_error with attribute tvchannels_{channel}. */
export const channelGeoError = (channel: string) =>
  new AppError(403, ErrorCode.GeoError, `The channel ${channel} is not available in your country`, { attribute: `${TV_GEO_ATTRIBUTE_PREFIX}${channel}` });

/** Whether the visitor may see TV and the archive (RU only). */
export const isTvCountry = (request: FastifyRequest): boolean => request.countryCode === TV_COUNTRY;

/** 403 tv_not_available unless the visitor is in RU. */
export function requireTvCountry(request: FastifyRequest): void {
  if (!isTvCountry(request)) throw tvNotAvailable();
}

/** 403 geo_error (attribute tvchannels_{channel}) unless the visitor is in RU. */
export function requireChannelCountry(request: FastifyRequest, channel: string): void {
  if (!isTvCountry(request)) throw channelGeoError(channel);
}

/** Gives every request its country; register before the session plugin, whose sessions carry it. */
export const geoPlugin = fp(async (app: FastifyInstance, opts: { settings: GeoSettings }) => {
  const geo = createGeo(opts.settings);
  geo.load();
  const cache = new WeakMap<FastifyRequest, string>();
  const countryOf = (request: FastifyRequest) => {
    let code = cache.get(request);
    if (!code) {
      code = geo.countryOf(request.ip);
      cache.set(request, code);
    }
    return code;
  };
  app.decorateRequest('countryCode', {
    getter(this: FastifyRequest) {
      return countryOf(this);
    },
  });
  // A callback hook, so the rest of the request (later hooks, the handler, their awaits) runs inside the
  // context; preValidation, because the body is parsed by then (parsing would leave an earlier context) and
  // the session and audience checks that follow read the country.
  app.addHook('preValidation', (request, _reply, done) => {
    countryContext.run(countryOf(request), done);
  });
});
