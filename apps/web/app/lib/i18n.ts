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
  instances.delete(lng);
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
  return useMemo(() => (typeof document === 'undefined' ? sharedI18n : createI18n)(ready ? lng : 'ru'), [lng, ready]);
}

const instances = new Map<InterfaceLanguage, I18n>();
/**
 * One instance per language for what is outside a browser's own state: translate functions outside React (meta
 * functions, loaders), and every page the server renders. Nothing changes such an instance's language (a profile
 * switch does, on the browser's own instance), and every instance reads the same texts.
 */
function sharedI18n(lng: InterfaceLanguage): I18n {
  let instance = instances.get(lng);
  if (!instance) instances.set(lng, (instance = createI18n(lng)));
  return instance;
}

/** A translate function outside React (meta functions, loaders). */
export const tFor = (lng: InterfaceLanguage): TFunction => sharedI18n(lng).t;
