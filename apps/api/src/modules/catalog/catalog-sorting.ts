import { SortSchema } from '@ekran/contracts';
import { assignExperiments, catalogSortFor, DEFAULT_CATALOG_SORT, EXPERIMENTS, experimentGroup } from '@ekran/core';
import type { z } from 'zod';
import type { SessionContext } from '../sessions/session-context.ts';

/** A sort alias of the contract. */
export type SortAlias = z.infer<typeof SortSchema>;

/**
 * The catalogue sort for a caller who asks for none (spec catalogue §4 Sorting): by the account's group in the
 * Catalog_sorting experiment (A: -ekran_release_date, B: -rating_ekran), -popularity without a session. The
 * group is the one the auth data's ab lists (the same stable assignment per account).
 */
export function defaultSortOf(session: SessionContext | null | undefined): SortAlias {
  if (!session) return DEFAULT_CATALOG_SORT;
  return SortSchema.parse(catalogSortFor(experimentGroup(assignExperiments(session.userId), EXPERIMENTS.catalogSorting)));
}
