import type { Tariff } from '@ekran/contracts';
import { ApiPath } from '@ekran/contracts';
import type { TariffRow } from './billing.repo.ts';

/** spec platform §3 Tariff from a row; url is the tariff's payment link (answered by billing). */
export function toTariff(row: TariffRow): Tariff {
  return {
    _id: row.id,
    title: row.title,
    price: row.price,
    currency: row.currency,
    duration_days: row.durationDays,
    weight: row.weight,
    allow_trial: row.allowTrial,
    trial_period_duration: { days: row.trialDays },
    max_streams: row.maxStreams,
    original_id: row.originalId,
    recurrent_price: row.recurrentPrice,
    next_tariff_id: row.nextTariffId,
    url: ApiPath.tariffPayment(row.id),
  };
}
