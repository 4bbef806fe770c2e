// Russian plurals and durations: spec platform §9 ("Pluralisation follows Russian rules;
// durations shown as hours and minutes").

/** Word forms for Russian plurals: [one, few, many], e.g. ['день', 'дня', 'дней']. */
export type PluralForms = readonly [one: string, few: string, many: string];

const rules = new Intl.PluralRules('ru');

// Intl.PluralRules('ru') answers one, few, many or other; other covers fractions (1.5), which
// Russian writes with the genitive singular, the same word as few ("1,5 часа").
/** The form of a word agreeing with n under Russian rules; fractions take the few form. */
export function pluralRu(n: number, forms: PluralForms): string {
  const [one, few, many] = forms;
  switch (rules.select(n)) {
    case 'one':
      return one;
    case 'many':
      return many;
    default:
      return few;
  }
}

/** n followed by the agreeing word form, e.g. '5 дней'. */
export function countRu(n: number, forms: PluralForms): string {
  return `${n} ${pluralRu(n, forms)}`;
}

/** Russian forms of "day". */
export const DAY_FORMS: PluralForms = ['день', 'дня', 'дней'];
/** Russian forms of "hour". */
export const HOUR_FORMS: PluralForms = ['час', 'часа', 'часов'];
/** Russian forms of "minute". */
export const MINUTE_FORMS: PluralForms = ['минута', 'минуты', 'минут'];

// Minutes are rounded to whole minutes; a zero part is left out unless the whole is 0.
/** A duration in minutes as its hour and minute parts, each written by `write` (zero parts left out, '0' kept). */
export function durationParts(minutes: number, write: (value: number, unit: 'hour' | 'minute') => string): string {
  if (!Number.isFinite(minutes) || minutes < 0) {
    throw new RangeError(`duration must be a non-negative number of minutes, got ${minutes}`);
  }
  const total = Math.round(minutes);
  const hours = Math.floor(total / 60);
  const rest = total % 60;
  const parts: string[] = [];
  if (hours > 0) parts.push(write(hours, 'hour'));
  if (rest > 0 || hours === 0) parts.push(write(rest, 'minute'));
  return parts.join(' ');
}

/** A duration in minutes as Russian hours and minutes: '1 час 35 минут', '2 часа', '45 минут', '0 минут'. */
export function formatDuration(minutes: number): string {
  return durationParts(minutes, (value, unit) => countRu(value, unit === 'hour' ? HOUR_FORMS : MINUTE_FORMS));
}
