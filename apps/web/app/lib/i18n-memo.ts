import type { i18n as I18n, TFunction } from 'i18next';

/**
 * Translations remembered across calls and instances. i18next's translate copies the instance's whole options object
 * on every call of a hook's function (getFixedT) and then walks the key's path; a page asks for the same few hundred
 * texts thousands of times (every card, every row), which was a fifth of a page render's time (decision 047). A text
 * depends only on the language, the namespace, the key and the call's options, as long as the texts themselves do not
 * change: `forgetTranslations` is called whenever they do.
 */
const remembered = new Map<string, unknown>();
/** Interpolated values (a title's name, a count) make new entries; past this many, start again. */
const MAX_REMEMBERED = 5_000;

/** Drops every remembered text (a language's texts were added or replaced). */
export function forgetTranslations(): void {
  remembered.clear();
}

/**
 * The part of a call that decides its text, or null when the call cannot be remembered: options that are not plain
 * values (objects for nesting or formatting, functions) and `returnObjects` (the caller gets an object it may keep).
 */
function optionsKey(options: unknown): string | null {
  if (options === undefined) return '';
  if (typeof options !== 'object' || options === null) return null;
  for (const [name, value] of Object.entries(options)) {
    if (name === 'returnObjects' || name === 'postProcess') return null;
    if (value !== null && value !== undefined && typeof value !== 'string' && typeof value !== 'number' && typeof value !== 'boolean') return null;
  }
  return JSON.stringify(options);
}

type AnyT = (...args: unknown[]) => unknown;

function remember(t: TFunction, scope: () => string): TFunction {
  const call = t as unknown as AnyT;
  const memo = ((key: unknown, options?: unknown, ...rest: unknown[]) => {
    const opts = typeof key === 'string' && rest.length === 0 ? optionsKey(options) : null;
    if (opts === null) return call(key, options, ...rest);
    const id = `${scope()}\u0000${key as string}\u0000${opts}`;
    if (remembered.has(id)) return remembered.get(id);
    const text = call(key, options);
    if (remembered.size >= MAX_REMEMBERED) remembered.clear();
    remembered.set(id, text);
    return text;
  }) as unknown as TFunction;
  // The fixed function's own fields (lng, ns, keyPrefix), which react-i18next reads.
  return Object.assign(memo, t);
}

/** Makes an instance's `t` and the functions of its `getFixedT` (what `useTranslation` hands out) remember texts. */
export function rememberTranslations(instance: I18n): void {
  const getFixedT = instance.getFixedT.bind(instance) as unknown as (...args: unknown[]) => TFunction & { lng?: string; lngs?: readonly string[] };
  instance.getFixedT = ((lng: unknown, ns: unknown, keyPrefix: unknown, fixedOpts: unknown) => {
    const t = getFixedT(lng, ns, keyPrefix, fixedOpts);
    const fixed = `${String(ns)}\u0000${String(keyPrefix)}`;
    return remember(t, () => `${t.lng ?? t.lngs?.join() ?? instance.language}\u0000${fixed}`);
  }) as unknown as I18n['getFixedT'];
  instance.t = remember(instance.t.bind(instance), () => `${instance.language}\u0000\u0000`);
  // Texts added through the instance (a namespace or language bundle loaded later) change what a key says.
  instance.store.on('added', forgetTranslations);
  instance.store.on('removed', forgetTranslations);
}
