import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** Previous and next links of a paged list, with "page N of M" (catalogue §2 /page{N}); nothing for one page. */
export function Pager({ page, pages, pathOf }: { page: number; pages: number; pathOf: (page: number) => string }) {
  const { t } = useTranslation();
  if (pages <= 1) return null;
  return (
    <nav className="pager" aria-label={t('collections.pagination')}>
      {page > 1 ? (
        <Link className="btn btn--ghost" to={pathOf(page - 1)} rel="prev">
          {t('collections.pagePrev')}
        </Link>
      ) : (
        <span />
      )}
      <span className="pager__info">{t('collections.pageOf', { page, pages })}</span>
      {page < pages ? (
        <Link className="btn btn--ghost" to={pathOf(page + 1)} rel="next">
          {t('collections.pageNext')}
        </Link>
      ) : (
        <span />
      )}
    </nav>
  );
}
