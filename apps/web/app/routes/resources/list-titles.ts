import { AliasSchema } from '@ekran/contracts';
import { LIST_PAGE_SIZE } from '@ekran/core';
import { z } from 'zod';
import { toSkipPortion } from '../../lib/listing.ts';
import { badPortionRequest, portionAnswer } from '../../lib/listing.server.ts';
import { visitorContext } from '../../lib/session.server.ts';
import type { Route } from './+types/list-titles';

const QuerySchema = z.object({
  list: z.enum(['collection', 'selection']),
  alias: AliasSchema,
  // The canonical decimal form only, as the grid writes it; the API refuses a skip beyond 100 000.
  skip: z
    .string()
    .regex(/^(0|[1-9]\d{0,5})$/)
    .transform(Number)
    .pipe(z.number().max(100_000)),
});

/**
 * The next portion of a collection's or a hashtag's titles (30 a portion) or a selection's (40) for the infinite
 * grid of /collections/{alias}, /selections/{alias} and /main/{rules} (spec catalogue §4 Infinite scroll, §9 page
 * sizes). Their API pages by skip: the portion after this one starts a page size further, capped at items_total.
 * A child profile's kids scope is the API's to apply, as for the pages themselves.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const parsed = QuerySchema.safeParse(Object.fromEntries(new URL(request.url).searchParams));
  if (!parsed.success) return badPortionRequest();
  const { list, alias, skip } = parsed.data;
  const { api } = context.get(visitorContext);
  return portionAnswer(async () => {
    if (list === 'collection') {
      const size = LIST_PAGE_SIZE.collection;
      return toSkipPortion(await api.collection(alias, { skip, limit: size }), size);
    }
    const size = LIST_PAGE_SIZE.selection;
    return toSkipPortion(await api.selection(alias, { skip, limit: size, for_kids: false }), size);
  });
}
