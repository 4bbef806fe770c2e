import type { PlaybackCheck, Tariff } from '@ekran/contracts';
import { DEFAULT_TRIAL_DAYS, pickFlowTariff } from '@ekran/core';

/** Which text the title page's main button shows. */
export type PlayLabel = 'play' | 'free' | 'first-episode' | 'trial' | 'subscribe';

/**
 * The main button's label from the page's server-side check: «Смотреть бесплатно» for a free title, «Смотреть»
 * (or «Смотреть 1 серию») for what plays, and for what does not: «Смотреть 7 дней бесплатно» while the viewer
 * can have the trial of the tariff flow's tariff (platform §4: weight 0 with allow_trial; catalogue §4 button
 * text; the days from that tariff), else «Оформить подписку». Without a check (a crawler, or a refusal such as an
 * unregistered device that pressing play resolves) the title counts as playable.
 */
export function playLabel(input: {
  check: PlaybackCheck | null;
  isFree: boolean;
  isSeries: boolean;
  trialAvailable: boolean;
  tariffs: readonly Tariff[] | null;
}): { label: PlayLabel; trialDays: number | null } {
  const { check, isFree, isSeries } = input;
  if (isFree) return { label: 'free', trialDays: null };
  if (!check || check.playlists.length > 0) return { label: isSeries ? 'first-episode' : 'play', trialDays: null };
  const tariff = pickFlowTariff(input.tariffs);
  const option = check.upgrade_options.find((o) => o.allow_trial) ?? null;
  let trialDays: number | null = null;
  if (tariff) trialDays = tariff.allow_trial ? tariff.trial_period_duration.days || DEFAULT_TRIAL_DAYS : null;
  else if (option) trialDays = option.trial_days || DEFAULT_TRIAL_DAYS;
  return input.trialAvailable && trialDays ? { label: 'trial', trialDays } : { label: 'subscribe', trialDays: null };
}
