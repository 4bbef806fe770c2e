import i18next from 'i18next';
import { describe, expect, it, vi } from 'vitest';
import { forgetTranslations, rememberTranslations } from './i18n-memo.ts';

const texts = {
  ru: { translation: { hello: 'Привет', named: 'Привет, {{name}}', films_one: '{{count}} фильм', films_few: '{{count}} фильма', films_many: '{{count}} фильмов', list: { a: 'A' } } },
  en: { translation: { hello: 'Hello', named: 'Hello, {{name}}', films_one: '{{count}} film', films_other: '{{count}} films', list: { a: 'A' } } },
};

function make(lng: string, remembered: boolean) {
  const instance = i18next.createInstance();
  void instance.init({ lng, fallbackLng: 'ru', resources: structuredClone(texts), initAsync: false, interpolation: { escapeValue: false } });
  if (remembered) rememberTranslations(instance);
  return instance;
}

describe('remembered translations', () => {
  it('say what i18next says, for plain keys, interpolation and plurals, in each language', () => {
    forgetTranslations();
    for (const lng of ['ru', 'en']) {
      const plain = make(lng, false);
      const kept = make(lng, true);
      const calls: Array<[string, Record<string, unknown>?]> = [['hello'], ['named', { name: 'Анна' }], ['named', { name: 'Иван' }], ['missing.key'], ...[1, 2, 5, 21].map((count) => ['films', { count }] as [string, Record<string, unknown>])];
      for (const [key, options] of calls) {
        for (let i = 0; i < 2; i += 1) {
          expect(kept.t(key, options)).toBe(plain.t(key, options));
          expect(kept.getFixedT(null, 'translation')(key, options)).toBe(plain.getFixedT(null, 'translation')(key, options));
        }
      }
    }
  });

  it('asks i18next once for a text asked for again, by any instance of the language', () => {
    forgetTranslations();
    const first = make('ru', true);
    const second = make('ru', true);
    const spies = [first, second].map((i) => vi.spyOn((i as unknown as { translator: { translate: () => unknown } }).translator, 'translate'));
    first.getFixedT(null, 'translation')('hello');
    first.getFixedT(null, 'translation')('hello');
    second.getFixedT(null, 'translation')('hello');
    expect(spies[0]!.mock.calls.length + spies[1]!.mock.calls.length).toBe(1);
  });

  it('does not keep answers that are objects or calls with options it cannot compare', () => {
    forgetTranslations();
    const kept = make('ru', true);
    const a = kept.t('list', { returnObjects: true });
    const b = kept.t('list', { returnObjects: true });
    expect(a).toEqual({ a: 'A' });
    expect(a).not.toBe(b);
  });

  it('follows a language change of the instance and texts added to it', () => {
    forgetTranslations();
    const kept = make('ru', true);
    const t = kept.getFixedT(null, 'translation');
    expect(t('hello')).toBe('Привет');
    void kept.changeLanguage('en');
    expect(kept.getFixedT(null, 'translation')('hello')).toBe('Hello');
    kept.addResource('en', 'translation', 'hello', 'Hi');
    expect(kept.getFixedT(null, 'translation')('hello')).toBe('Hi');
    expect(kept.t('hello')).toBe('Hi');
  });
});
