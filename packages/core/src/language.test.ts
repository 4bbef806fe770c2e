import { describe, expect, it } from 'vitest';
import { CONTENT_LANGUAGE_TITLES, isSupportedLanguage, languageName, SUPPORTED_LANGUAGES } from './language.ts';

describe('languages (platform §5)', () => {
  it('supported languages are en, ru, sr, bg, hr', () => {
    expect(SUPPORTED_LANGUAGES).toEqual(['en', 'ru', 'sr', 'bg', 'hr']);
  });

  it.each([
    ['sr', 'Srpski'],
    ['hr', 'Hrvatski'],
    ['bg', 'Български'],
    ['en', 'English'],
    ['ru', 'Русский'],
  ] as const)('%s is titled %s', (code, title) => {
    expect(CONTENT_LANGUAGE_TITLES[code]).toBe(title);
  });

  it.each([
    ['ru', true],
    ['sr', true],
    ['RU', false],
    ['de', false],
    ['', false],
  ])('isSupportedLanguage(%j) is %s', (value, expected) => {
    expect(isSupportedLanguage(value)).toBe(expected);
  });
});

describe('languageName', () => {
  it('names a content language in the interface language, capitalised, and keeps an unknown or malformed code', () => {
    expect(['ru', 'tr', 'en'].map((c) => languageName(c, 'ru'))).toEqual(['Русский', 'Турецкий', 'Английский']);
    expect(languageName('ru', 'en')).toBe('Russian');
    expect(languageName('qq', 'ru')).toBe('QQ');
    expect(languageName('not a code', 'ru')).toBe('NOT A CODE');
  });
});
