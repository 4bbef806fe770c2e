import { CATALOG_PAGE_SIZE } from '@ekran/core';
import { CategorySchema, CountryCodeSchema, GenreAliasSchema, ListCursorSchema, SortSchema } from '@ekran/contracts';
import { data } from 'react-router';
import { z } from 'zod';
import { ApiCallError } from '../../lib/api.server.ts';
import { visitorContext } from '../../lib/session.server.ts';
import { toPortion, type ListingPortion } from '../catalog/listing.ts';
import type { Route } from './+types/titles';

const QuerySchema = z.object({
  category: CategorySchema.optional(),
  genre: GenreAliasSchema.optional(),
  year: z.coerce.number().int().min(1900).max(2100).optional(),
  country: CountryCodeSchema.optional(),
  sort: SortSchema.optional(),
  after: ListCursorSchema,
});

/** What the infinite grid gets: the next portion, or why there is none. */
export type PortionResult = ListingPortion | { error: 'bad-request' | 'failed' };

/**
 * The next portion of a catalogue listing for the infinite grid (spec catalogue §4 Infinite scroll): the
 * filters of the page, its sort, and the cursor of the last portion. A child profile's kids scope is the
 * API's to enforce; failures answer an error the grid shows with a retry, never the error screen.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const parsed = QuerySchema.safeParse(Object.fromEntries(new URL(request.url).searchParams));
  if (!parsed.success) return data<PortionResult>({ error: 'bad-request' }, { status: 400 });
  const { api, auth } = context.get(visitorContext);
  try {
    const list = await api.titles({ ...parsed.data, for_kids: auth?.profile_for_child ?? false, limit: CATALOG_PAGE_SIZE });
    return data<PortionResult>(toPortion(list), { headers: { 'cache-control': 'private, max-age=30' } });
  } catch (err) {
    const status = err instanceof ApiCallError && err.status < 500 ? err.status : 502;
    return data<PortionResult>({ error: status === 400 ? 'bad-request' : 'failed' }, { status });
  }
}
