import { beforeEach, describe, expect, it, vi } from 'vitest';
import ru from '../locales/ru.json';
import type * as I18nModule from './i18n.ts';

// Each test starts from the module as a browser first loads it: Russian only, the sections its modules brought.
let i18n: typeof I18nModule;
beforeEach(async () => {
  vi.resetModules();
  i18n = await import('./i18n.ts');
  i18n.registerTexts('ru', { home: ru.home });
});

describe('interface languages: Russian in the bundle, another loaded when a page needs it', () => {
  it('has Russian at once and English only once loaded, for new instances and ones made before', async () => {
    expect(i18n.isLanguageLoaded('ru')).toBe(true);
    expect(i18n.isLanguageLoaded('en')).toBe(false);
    const early = i18n.createI18n('en');
    // Not loaded yet: the fallback's text.
    expect(early.t('home.showAll')).toBe('Смотреть все');
    await i18n.loadInterfaceLanguage('en');
    expect(i18n.isLanguageLoaded('en')).toBe(true);
    expect(i18n.createI18n('en').t('home.showAll')).toBe('See all');
    expect(early.t('home.showAll')).toBe('See all');
  });

  it('gives an instance the Russian sections registered after it was made (a lazy chunk brings its own)', () => {
    const early = i18n.createI18n('ru');
    expect(early.exists('genres.title')).toBe(false);
    // Asked for before its section came (and so remembered without it, i18n-memo.ts).
    expect(early.getFixedT(null, 'translation')('genres.title')).toBe('genres.title');
    i18n.registerTexts('ru', { genres: ru.genres });
    expect(early.getFixedT(null, 'translation')('genres.title')).toBe(ru.genres.title);
    expect(early.t('genres.title')).toBe(ru.genres.title);
    expect(early.t('home.showAll')).toBe('Смотреть все');
  });

  it('gives the translate function outside React the language once registered', async () => {
    expect(i18n.tFor('en')('home.showAll')).toBe('Смотреть все');
    await import('./i18n-languages.server.ts');
    expect(i18n.tFor('en')('home.showAll')).toBe('See all');
    expect(i18n.tFor('ru')('home.showAll')).toBe('Смотреть все');
  });
});
