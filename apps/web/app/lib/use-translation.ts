import type { i18n as I18n, TFunction } from 'i18next';
import { useCallback, useContext, useMemo, useSyncExternalStore } from 'react';
import { I18nContext } from 'react-i18next';

/**
 * The translate function of the page's i18next instance (the provider's, root.tsx) and the instance, as react-i18next's
 * `useTranslation()` gives them, again when the instance's language changes (a profile switch). Ours because
 * react-i18next's copies every property of the instance into a wrapper object for each component that calls it, which
 * was a twentieth of a page's server render for the same instance every time (decision 047); the texts themselves are
 * remembered by i18n-memo.ts.
 */
export function useTranslation(): { t: TFunction; i18n: I18n } {
  const { i18n } = useContext(I18nContext);
  const subscribe = useCallback(
    (changed: () => void) => {
      i18n.on('languageChanged', changed);
      return () => i18n.off('languageChanged', changed);
    },
    [i18n],
  );
  const language = useSyncExternalStore(subscribe, () => i18n.language, () => i18n.language);
  const t = useMemo(() => i18n.getFixedT(language, 'translation'), [i18n, language]);
  return { t, i18n };
}
