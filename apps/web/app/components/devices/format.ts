import type { AccountDevice } from '@ekran/contracts';
import type { TFunction } from 'i18next';

// The service's dates read in Moscow time on the server and in the browser alike, so a page renders the
// same text on both sides of hydration.
const TIME_ZONE = 'Europe/Moscow';

/** A date as '21 ноября 2026 г.' in the interface language. */
export function formatDate(iso: string, lang: string): string {
  return new Intl.DateTimeFormat(lang, { day: 'numeric', month: 'long', year: 'numeric', timeZone: TIME_ZONE }).format(new Date(iso));
}

/** A moment as '21 ноября 2026 г., 15:05'. */
export function formatDateTime(iso: string, lang: string): string {
  return new Intl.DateTimeFormat(lang, { day: 'numeric', month: 'long', year: 'numeric', hour: '2-digit', minute: '2-digit', timeZone: TIME_ZONE }).format(new Date(iso));
}

const TYPE_KEYS: Record<string, string> = { web: 'devices.typeWeb', android: 'devices.typeAndroid', ios: 'devices.typeIos', smarttv: 'devices.typeSmarttv' };

/** What to call a device: its name from the user agent, else its kind. */
export function deviceTitle(device: Pick<AccountDevice, 'name' | 'type'>, t: TFunction): string {
  if (device.name) return device.name;
  const key = TYPE_KEYS[device.type];
  return key ? t(key) : t('devices.unknownName');
}
