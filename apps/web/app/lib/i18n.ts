import i18next, { type i18n as I18n, type Resource, type TFunction } from 'i18next';
import { useEffect, useMemo, useState } from 'react';
import { forgetTranslations, rememberTranslations } from './i18n-memo.ts';

/** Interface languages with translation files; ru is complete and the fallback. */
export const INTERFACE_LANGUAGES = ['ru', 'en'] as const;
export type InterfaceLanguage = (typeof INTERFACE_LANGUAGES)[number];
export const asInterfaceLanguage = (v: string | null | undefined): InterfaceLanguage => (v === 'en' ? 'en' : 'ru');

/**
 * The texts of each language. Russian, the default and the fallback, comes section by section in a browser: each
 * module brings the sections it names (registerTexts, from the client build's text modules, decision 046). Another
 * language's texts are a chunk of their own, which a browser loads only when its page is in that language
 * (entry.client.tsx, a profile switch). The server registers every language whole at start
 * (i18n-languages.server.ts). Every instance reads this one object, so texts registered later reach instances made
 * before.
 */
const resources: Resource = { ru: { translation: {} } };
const chunks: Record<Exclude<InterfaceLanguage, 'ru'>, () => Promise<{ default: Record<string, unknown> }>> = {
  en: () => import('../locales/en.json'),
};

export const isLanguageLoaded = (lng: InterfaceLanguage): boolean => lng in resources;

/** Makes a language's texts known (the server does this for every language at start). */
export function registerLanguage(lng: InterfaceLanguage, texts: Record<string, unknown>): void {
  resources[lng] = { translation: texts };
  fixed.delete(lng);
  serverInstances.delete(lng);
  forgetTranslations();
}

/** Adds sections of a language's texts (the client build's text modules call it for Russian). */
export function registerTexts(lng: InterfaceLanguage, sections: Record<string, unknown>): void {
  Object.assign((resources[lng] ??= { translation: {} }).translation as Record<string, unknown>, sections);
  // A key asked for before its section arrived was answered without it.
  forgetTranslations();
}

/** Loads a language's texts when they are not here yet. */
export async function loadInterfaceLanguage(lng: InterfaceLanguage): Promise<void> {
  if (lng === 'ru' || isLanguageLoaded(lng)) return;
  registerLanguage(lng, (await chunks[lng]()).default);
}

/** A ready i18next instance for one language; its texts are here, so it initialises synchronously. */
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
  rememberTranslations(instance);
  return instance;
}

/**
 * The page's i18next instance. A language whose texts are not loaded yet (the shell revalidated into another
 * language) shows Russian until they arrive, then its own.
 */
export function useInterfaceI18n(lng: InterfaceLanguage): I18n {
  const ready = isLanguageLoaded(lng);
  const [, loaded] = useState(0);
  useEffect(() => {
    if (!ready) void loadInterfaceLanguage(lng).then(() => loaded((n) => n + 1));
  }, [lng, ready]);
  return useMemo(() => (typeof document === 'undefined' ? serverI18n : createI18n)(ready ? lng : 'ru'), [lng, ready]);
}

const serverInstances = new Map<InterfaceLanguage, I18n>();
/**
 * The server renders every page of a language with one instance: nothing on the server changes an instance's
 * language (a profile switch does, in the browser), every instance reads the same texts, and initialising one per
 * render was a fiftieth of a page's time.
 */
function serverI18n(lng: InterfaceLanguage): I18n {
  let instance = serverInstances.get(lng);
  if (!instance) serverInstances.set(lng, (instance = createI18n(lng)));
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
