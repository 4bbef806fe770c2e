import { z } from 'zod';
import type { ArchiveCardView } from '../../components/archive/archive-view.ts';
import { badPortionRequest, portionAnswer } from '../../lib/listing.server.ts';
import { visitorContext } from '../../lib/session.server.ts';
import { ARCHIVE_PORTION_SIZES, toArchivePortion } from '../archive/archive.server.ts';
import type { Route } from './+types/catchups';

/** A comma list of genre aliases or of years, as the archive page sends it (the API checks each value). */
const commaList = (item: RegExp) => z.string().max(400).regex(new RegExp(`^${item.source}(,${item.source})*$`));

const QuerySchema = z.object({
  category: z.enum(['movies', 'series']).optional(),
  genre: commaList(/[a-z0-9-]+/).optional(),
  year: commaList(/\d{4}/).optional(),
  skip: z.coerce.number().int().min(0).max(100_000),
  // spec catalogue §9: a device's page size (25, 20 or 10).
  limit: z.coerce.number().int().refine((n) => ARCHIVE_PORTION_SIZES.includes(n), 'a page size of catalogue §9'),
});

/**
 * The next portion of the archive list for its infinite grid (spec catalogue §4 Infinite scroll:
 * "the next portion is fetched with category, genre and year"; skip advances by the page size, capped at
 * items_total), as cards with their times in the viewer's tz. The kids scope is the API's; a failure answers an
 * error the grid shows with a retry, never the error screen.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const parsed = QuerySchema.safeParse(Object.fromEntries(new URL(request.url).searchParams));
  if (!parsed.success) return badPortionRequest<ArchiveCardView>();
  const { api, auth, tz } = context.get(visitorContext);
  const { limit } = parsed.data;
  return portionAnswer(async () => toArchivePortion(await api.catchups({ ...parsed.data, for_kids: auth?.profile_for_child ?? false }), limit, tz, Date.now()));
}
