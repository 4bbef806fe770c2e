import i18next, { type i18n as I18n, type TFunction } from 'i18next';
import en from '../locales/en.json';
import ru from '../locales/ru.json';

/** Interface languages with translation files; ru is complete and the fallback. */
export const INTERFACE_LANGUAGES = ['ru', 'en'] as const;
export type InterfaceLanguage = (typeof INTERFACE_LANGUAGES)[number];
export const asInterfaceLanguage = (v: string | null | undefined): InterfaceLanguage => (v === 'en' ? 'en' : 'ru');

const resources = { ru: { translation: ru }, en: { translation: en } } as const;

/** A ready i18next instance for one language; resources are bundled, so it initialises synchronously. */
export function createI18n(lng: InterfaceLanguage): I18n {
  const instance = i18next.createInstance();
  void instance.init({
    lng,
    fallbackLng: 'ru',
    resources,
    initAsync: false,
    interpolation: { escapeValue: false }, // React escapes
    returnNull: false,
  });
  return instance;
}

const fixed = new Map<InterfaceLanguage, TFunction>();
/** A translate function outside React (meta functions, loaders). */
export function tFor(lng: InterfaceLanguage): TFunction {
  let t = fixed.get(lng);
  if (!t) {
    t = createI18n(lng).t;
    fixed.set(lng, t);
  }
  return t;
}
