import { CATALOG_PAGE_SIZE } from '@ekran/core';
import { CategorySchema, CountryCodeSchema, GenreAliasSchema, ListCursorSchema, SortSchema } from '@ekran/contracts';
import { z } from 'zod';
import { toPortion } from '../../lib/listing.ts';
import { badPortionRequest, portionAnswer } from '../../lib/listing.server.ts';
import { visitorContext } from '../../lib/session.server.ts';
import type { Route } from './+types/titles';

const QuerySchema = z.object({
  category: CategorySchema.optional(),
  genre: GenreAliasSchema.optional(),
  year: z.coerce.number().int().min(1900).max(2100).optional(),
  country: CountryCodeSchema.optional(),
  sort: SortSchema.optional(),
  after: ListCursorSchema,
});

/**
 * The next portion of a catalogue listing for the infinite grid (spec catalogue §4 Infinite scroll): the
 * filters of the page, its sort, and the cursor of the last portion. A child profile's kids scope is the
 * API's to enforce; failures answer an error the grid shows with a retry, never the error screen.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const parsed = QuerySchema.safeParse(Object.fromEntries(new URL(request.url).searchParams));
  if (!parsed.success) return badPortionRequest();
  const { api, auth } = context.get(visitorContext);
  return portionAnswer(async () => toPortion(await api.titles({ ...parsed.data, for_kids: auth?.profile_for_child ?? false, limit: CATALOG_PAGE_SIZE })));
}
