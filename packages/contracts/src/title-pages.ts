// ---- What the sub-pages of a title page need beyond the title itself (spec platform §2 Watching).
import { z } from 'zod';
import { CollectionSummarySchema, SelectionSummarySchema } from './collections.ts';

/**
 * The editorial collections and the selections that hold a title, as the caller may see them (its kids scope,
 * counts and covers of what it may see): the collections and selections sub-pages of /watch/{alias}.
 */
export const TitleListsSchema = z
  .object({
    collections: z.array(CollectionSummarySchema),
    selections: z.array(SelectionSummarySchema),
  })
  .meta({ id: 'TitleLists' });
export type TitleLists = z.infer<typeof TitleListsSchema>;
