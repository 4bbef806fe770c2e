// Supported languages: spec platform §5.

/** Supported interface and content languages (platform §5, catalogue §9). */
export const SUPPORTED_LANGUAGES = ['en', 'ru', 'sr', 'bg', 'hr'] as const;

/** A supported language code. */
export type Language = (typeof SUPPORTED_LANGUAGES)[number];

// spec platform §5: "Content language codes sr, hr, bg have special titles (sr shows Srpski)".
// Only Srpski is given; the other titles are our choice, each language named in itself.
/** Title of each content language, written in that language (platform §5). */
export const CONTENT_LANGUAGE_TITLES: Readonly<Record<Language, string>> = {
  en: 'English',
  ru: 'Русский',
  sr: 'Srpski',
  bg: 'Български',
  hr: 'Hrvatski',
};

/** Whether a value is a supported language code (exact, lowercase). */
export function isSupportedLanguage(value: string): value is Language {
  return (SUPPORTED_LANGUAGES as readonly string[]).includes(value);
}

/**
 * A content language's name in the interface language, as a title page lists it («Русский, Турецкий», not
 * «RU, TR»); a code the platform's Intl does not know stays as its upper-case code.
 */
export function languageName(code: string, uiLanguage: string): string {
  try {
    const name = new Intl.DisplayNames([uiLanguage], { type: 'language', fallback: 'none' }).of(code);
    if (name) return name.charAt(0).toLocaleUpperCase(uiLanguage) + name.slice(1);
  } catch {
    // A malformed code (RangeError): shown as it came.
  }
  return code.toUpperCase();
}
