import { useTranslation } from '../../lib/use-translation.ts';

/** An empty list: what to do instead. */
export function ListEmpty() {
  const { t } = useTranslation();
  return (
    <div className="empty">
      <p className="empty__title">{t('collections.empty')}</p>
      <p>{t('collections.emptyHint')}</p>
    </div>
  );
}
