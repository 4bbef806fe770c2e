import type { ArchiveFilters as Filters } from '@ekran/core';
import { useState } from 'react';
import { useTranslation } from '../../lib/use-translation.ts';
import { Modal } from '../ui/modal.tsx';
import { ArchiveFilters, chosenFilterCount, type ArchiveFilterGroups } from './archive-filters.tsx';

/**
 * spec catalogue §2 "On mobile the filters are in a drawer": below 768 px a «Фильтры» button with the count of
 * chosen filters opens them in the site's dialog; each choice rebuilds the address behind it and the drawer stays
 * open for the next one until «Показать». (Wider screens show the bar; archive.css picks by width.)
 */
export function ArchiveFilterDrawer({ groups, filters, genreTitles, total }: { groups: ArchiveFilterGroups; filters: Filters; genreTitles: Readonly<Record<string, string>>; total: number }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const count = chosenFilterCount(filters);
  return (
    <>
      <button
        type="button"
        className="btn btn--ghost archive__filters-button"
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-label={t('archive.filtersButton', { count })}
        data-testid="archive-filters-button"
        onClick={() => setOpen(true)}
      >
        <svg viewBox="0 0 24 24" aria-hidden="true" className="btn__icon">
          <path d="M4 6h16M7 12h10M10 18h4" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
        {t('archive.filters')}
        {count > 0 ? <span className="archive-filters__count">{count}</span> : null}
      </button>
      {open ? (
        <Modal onClose={() => setOpen(false)} title={t('archive.filters')} testId="archive-filters-drawer" focus="dialog">
          <ArchiveFilters groups={groups} filters={filters} genreTitles={genreTitles} layout="drawer" />
          <div className="modal__actions archive-drawer__actions">
            <button type="button" className="btn btn--primary" onClick={() => setOpen(false)} data-testid="archive-filters-show">
              {t('archive.show', { count: total })}
            </button>
          </div>
        </Modal>
      ) : null}
    </>
  );
}
