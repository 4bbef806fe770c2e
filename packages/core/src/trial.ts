// Trial texts: spec platform §4 (trial-remaining hints) and catalogue §4 (subscribe button).

import { DEFAULT_TRIAL_DAYS } from './constants.ts';
import { countRu, DAY_FORMS, HOUR_FORMS } from './plural.ts';

/** A trial-remaining hint: a value with its unit and the Russian text, e.g. { value: 2, unit: 'day', text: '2 дня' }. */
export interface TrialHint {
  value: number;
  unit: 'day' | 'hour';
  text: string;
}

// spec platform §4: "172800 to 86400 s remaining: 2 days; 86400 to 43200: 1 day; 43200 to 28800:
// 12 hours." The ranges share their ends; ours are closed at the top and open at the bottom, so
// exactly 86400 s (one day) is '1 день' and exactly 43200 s is '12 часов'. Outside 28800 < s ≤
// 172800 there is no hint.
const TRIAL_HINTS: readonly { above: number; upTo: number; value: number; unit: TrialHint['unit'] }[] = [
  { above: 86_400, upTo: 172_800, value: 2, unit: 'day' },
  { above: 43_200, upTo: 86_400, value: 1, unit: 'day' },
  { above: 28_800, upTo: 43_200, value: 12, unit: 'hour' },
];

/** The hint for the trial time left in seconds: 2 days, 1 day or 12 hours, else null (platform §4). */
export function trialHint(secondsRemaining: number): TrialHint | null {
  const hint = TRIAL_HINTS.find(({ above, upTo }) => secondsRemaining > above && secondsRemaining <= upTo);
  if (!hint) return null;
  const { value, unit } = hint;
  return { value, unit, text: countRu(value, unit === 'day' ? DAY_FORMS : HOUR_FORMS) };
}

// spec catalogue §4: "Смотреть {N} день/дня/дней бесплатно" (N from the trial tariff of weight 0,
// default 7).
/** Trial button text, 'Смотреть 7 дней бесплатно' by default (catalogue §4). */
export function trialButtonText(days: number = DEFAULT_TRIAL_DAYS): string {
  return `Смотреть ${countRu(days, DAY_FORMS)} бесплатно`;
}

/** Subscribe button text when no trial is offered (catalogue §4). */
export const SUBSCRIBE_BUTTON_TEXT = 'Оформить подписку';
