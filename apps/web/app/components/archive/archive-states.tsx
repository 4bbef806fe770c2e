import { ARCHIVE_EMPTY } from '@ekran/core';
import { useTranslation } from 'react-i18next';
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

/** spec platform §6: outside RU the archive, like live TV, reports tv_not_available (the page answers 403), saying where the country came from. */
export function ArchiveGeo() {
  const { t } = useTranslation();
  return (
    <div className="page archive">
      <div className="empty" data-testid="archive-geo">
        <h1 className="empty__title">{t('archive.geoTitle')}</h1>
        <p>{t('archive.geoText')}</p>
        <p>
          <Link className="btn btn--primary" to="/">
            {t('archive.toHome')}
          </Link>
        </p>
        {/* The country comes from DB-IP's database, whose licence (CC BY 4.0) asks for this link (decision 029). */}
        <p className="archive__geo-source">
          {t('archive.geoSource')}{' '}
          <a href="https://db-ip.com" target="_blank" rel="noopener noreferrer">
            IP Geolocation by DB-IP
          </a>
        </p>
      </div>
    </div>
  );
}
