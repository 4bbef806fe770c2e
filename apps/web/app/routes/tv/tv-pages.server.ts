// What the loaders of the live TV pages (/tv, /tvchannels, /channel, /channel/{alias}/{date?}) share.
import { isAlias } from '@ekran/core';
import { ErrorCode } from '@ekran/contracts';
import { data } from 'react-router';
import { ApiCallError } from '../../lib/api.server.ts';

/** A channel or category alias as the API takes it. */
export const isTvAlias = (value: string) => value.length <= 80 && isAlias(value);

/** The TV category of a page's address (?category=, the tv_selection of platform §4), or null. */
export function categoryOf(url: URL): string | null {
  const value = url.searchParams.get('category');
  return value && isTvAlias(value) ? value : null;
}

/** A TV page outside Russia (spec platform §6): what it shows and its status. */
export type GeoView = { view: 'geo'; attribute: string | null };

/**
 * The answer of a TV page the API refused for the visitor's country (403 tv_not_available for the lists, geo_error
 * with attribute tvchannels_{channel} for a channel), or null for any other failure.
 */
export function geoRefusal(err: unknown) {
  if (!(err instanceof ApiCallError) || err.status !== 403) return null;
  const code = err.body?.code;
  if (code !== ErrorCode.TvNotAvailable && code !== ErrorCode.GeoError) return null;
  return data({ view: 'geo', attribute: err.body?.attribute ?? null } satisfies GeoView, { status: 403 });
}

/** Whether the API said there is no such category for this visitor (an unknown one, or an adult one to a child). */
export const isMissing = (err: unknown) => err instanceof ApiCallError && err.status === 404;
