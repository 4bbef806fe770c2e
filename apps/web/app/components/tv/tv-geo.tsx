import { useTranslation } from '../../lib/use-translation.ts';
import { Link } from 'react-router';
import './tv.css';

/** DB-IP's page: the country lookup's data is theirs (CC BY 4.0), credited where its results show (decision 029). */
const DB_IP_URL = 'https://db-ip.com';

/**
 * What a TV or archive page shows outside Russia (spec platform §6: tv_not_available for the lists, geo_error with
 * attribute tvchannels_{channel} for a channel; the page answers 403), with the credit of the country lookup that
 * decided it. `title` names what is unavailable (the archive says «Кино на ТВ»).
 */
export function TvNotAvailable({ attribute, title, testId = 'tv-not-available' }: { attribute?: string | undefined; title?: string; testId?: string }) {
  const { t } = useTranslation();
  return (
    <article className="page tv-geo" data-testid={testId} data-attribute={attribute}>
      <div className="empty">
        <h1 className="empty__title">{title ?? t('tvWatch.geoTitle')}</h1>
        <p>{t('tvWatch.geoText')}</p>
        <p>
          <Link className="btn btn--primary" to="/">
            {t('tv.toHome')}
          </Link>
        </p>
        <p className="tv-geo__credit">
          {t('tv.geoSource')}{' '}
          <a href={DB_IP_URL} rel="noopener" target="_blank">
            {t('tv.geoCredit')}
          </a>
        </p>
      </div>
    </article>
  );
}
