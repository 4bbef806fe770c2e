import { ARCHIVE_EMPTY } from '@ekran/core';
import { TvNotAvailable } from '../tv/tv-geo.tsx';
import { useTranslation } from '../../lib/use-translation.ts';
import { Link } from 'react-router';

/** spec catalogue §4: "When loaded with no items, the empty view shows "Ничего не нашлось" / "Попробуйте изменить фильтры"". */
export function ArchiveEmpty({ canReset }: { canReset: boolean }) {
  const { t } = useTranslation();
  return (
    <div className="empty" data-testid="archive-empty">
      <p className="empty__title">{ARCHIVE_EMPTY.title}</p>
      <p>{ARCHIVE_EMPTY.text}</p>
      {canReset ? (
        <p>
          <Link className="btn btn--ghost" to="/archive">
            {t('archive.reset')}
          </Link>
        </p>
      ) : null}
    </div>
  );
}

/**
 * spec catalogue §4, §8: "failed archive load marks the list ERROR": the list says so on the page (not the error
 * screen) with a link that loads the same address again.
 */
export function ArchiveError({ retryHref }: { retryHref: string }) {
  const { t } = useTranslation();
  return (
    <div className="empty" role="alert" data-testid="archive-error">
      <p className="empty__title">{t('archive.errorTitle')}</p>
      <p>{t('archive.errorText')}</p>
      <p>
        <Link className="btn btn--primary" to={retryHref}>
          {t('archive.retry')}
        </Link>
      </p>
    </div>
  );
}

/** spec platform §6: outside RU the archive, like live TV, reports tv_not_available (the page answers 403). */
export function ArchiveGeo() {
  const { t } = useTranslation();
  return <TvNotAvailable title={t('archive.geoTitle')} testId="archive-geo" />;
}
