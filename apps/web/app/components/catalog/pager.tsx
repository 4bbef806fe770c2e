import { pageWindow } from '@ekran/core';
import { useTranslation } from '../../lib/use-translation.ts';
import { Link } from 'react-router';
import './listing.css';

export interface PagerProps {
  /** The first page on screen: the page the address names (/page{N}). */
  page: number;
  /** The last page on screen: more than `page` once the infinite grid has loaded further portions. */
  lastPage?: number;
  totalPages: number;
  /** The address of a page. */
  pageHref: (page: number) => string;
}

/**
 * The paging links of every paged list (catalogue §2 /page{N}): back, the page numbers around the pages on screen
 * with the first and the last, and on; real links (rel prev and next) that work without JavaScript and that
 * crawlers follow. Nothing for a list of one page.
 */
export function Pager({ page, lastPage = page, totalPages, pageHref }: PagerProps) {
  const { t } = useTranslation();
  if (totalPages <= 1) return null;
  return (
    <nav className="pager" aria-label={t('catalog.pagination')}>
      {page > 1 ? (
        <Link className="btn btn--ghost" to={pageHref(page - 1)} rel="prev">
          {t('catalog.prev')}
        </Link>
      ) : (
        <span />
      )}
      <ol className="pager__pages">
        {pageWindow(totalPages, page, lastPage).map((slot, i) =>
          slot === 'gap' ? (
            <li key={`gap-${i}`} className="pager__gap" aria-hidden="true">
              …
            </li>
          ) : (
            <li key={slot}>
              <Link
                className="pager__page"
                to={pageHref(slot)}
                aria-label={t('catalog.page', { page: slot })}
                aria-current={slot >= page && slot <= lastPage ? 'page' : undefined}
              >
                {slot}
              </Link>
            </li>
          ),
        )}
      </ol>
      {lastPage < totalPages ? (
        <Link className="btn btn--ghost" to={pageHref(lastPage + 1)} rel="next">
          {t('catalog.next')}
        </Link>
      ) : (
        <span />
      )}
    </nav>
  );
}
