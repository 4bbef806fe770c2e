import type { TariffList, TariffsQuery } from '@ekran/contracts';
import type { AppDeps } from '../../app.ts';
import { toTariff } from './billing.mapper.ts';
import { createBillingRepo } from './billing.repo.ts';

/** Billing as far as watching needs it: the tariffs on sale. Buying, renewals and payments are issue 6. */
export function createBillingService(deps: Required<Pick<AppDeps, 'database'>>) {
  const repo = createBillingRepo(deps.database.db);
  return {
    /**
     * spec platform §7 GET tariffs. A channel (pb_special for the special offer) selects the tariffs sold in
     * it when there are any, else the regular list. `experiment` is accepted as the client sends it; no tariff
     * is tied to an experiment yet, so every group gets the same list.
     */
    async tariffs(query: TariffsQuery): Promise<TariffList> {
      const special = query.channel ? await repo.activeTariffs(query.channel) : [];
      const rows = special.length ? special : await repo.activeTariffs(null);
      return rows.map(toTariff);
    },
  };
}
export type BillingService = ReturnType<typeof createBillingService>;
