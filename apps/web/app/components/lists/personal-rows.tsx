import type { ListStatus } from '@ekran/core';
import { useTranslation } from '../../lib/use-translation.ts';
import { Link, useFetcher } from 'react-router';
import type { ListPageView, ListView, PersonalCardView, ResumeView } from '../../lib/lists-view.ts';
import type { ListPageResult } from '../../lib/resource-answers.ts';
import { TitleCard } from '../catalog/title-card.tsx';
import { RowTrack } from '../ui/row-track.tsx';
import { ProgressCard } from './progress-card.tsx';
import './lists.css';

const ROW_SIZES = '(max-width: 567px) 42vw, (max-width: 1023px) 28vw, 200px';

/**
 * The personal rows of the home pages: «Продолжить просмотр» with a progress bar on each card and
 * «Избранное». A list that failed to load says so and offers to retry (spec platform §8: the error is kept
 * in state); while it loads again it shows placeholders. An empty list has no row.
 */
export function PersonalRows({ rows }: { rows: ListView[] }) {
  return (
    <>
      {rows.map((row) => (
        <PersonalRow key={row.kind} list={row} />
      ))}
    </>
  );
}

/** One list's state as a row shows it: the loader's answer, or a retry's while it runs and after. */
export function useListRetry(list: ListView) {
  const fetcher = useFetcher<ListPageResult>();
  let status: ListStatus = list.status;
  let page: ListPageView | null = list.page;
  if (fetcher.state !== 'idle') status = 'loading';
  else if (fetcher.data?.ok) [status, page] = ['loaded', fetcher.data];
  else if (fetcher.data) status = 'error';
  const retry = () => void fetcher.load(`/resources/lists/${list.kind}?limit=${list.page?.limit ?? 20}${list.forKids ? '&for_kids=1' : ''}`);
  return { status, page, retry };
}

function PersonalRow({ list }: { list: ListView }) {
  const { t } = useTranslation();
  const { status, page, retry } = useListRetry(list);
  if (status === 'loaded' && (!page || page.items.length === 0)) return null;
  const kind = list.kind === 'continue' ? 'continue' : 'favorites';
  const headingId = `row-personal-${kind}`;
  return (
    <section className={`row prow prow--${kind}`} data-testid={`personal-row-${kind}`} data-status={status} aria-labelledby={headingId} aria-busy={status === 'loading' || undefined}>
      <div className="row__head">
        <h2 id={headingId}>{t(`lists.rows.${kind}`)}</h2>
        <Link className="row__more" to={kind === 'continue' ? '/favorites?tab=continue' : '/favorites'}>
          {t('home.showAll')}
        </Link>
      </div>
      {status === 'loading' ? <RowSkeleton wide={kind === 'continue'} /> : null}
      {status === 'error' ? (
        <div className="list-error" role="alert">
          <p>{t('lists.page.failed')}</p>
          <button type="button" className="btn btn--ghost btn--sm" onClick={retry}>
            {t('lists.page.retry')}
          </button>
        </div>
      ) : null}
      {status === 'loaded' && page ? (
        <RowTrack className={kind === 'continue' ? 'row__track--wide' : undefined} label={t(`lists.rows.${kind}`)}>
          {page.items.map((item, i) => (
            <li key={item.id}>
              {kind === 'continue' && item.resume ? (
                <ProgressCard item={item as PersonalCardView & { resume: ResumeView }} t={t} priority={i < 4} />
              ) : (
                <TitleCard title={item} t={t} sizes={ROW_SIZES} />
              )}
            </li>
          ))}
        </RowTrack>
      ) : null}
    </section>
  );
}

/** Placeholders of a row while it loads. */
export function RowSkeleton({ wide = false, count = 6 }: { wide?: boolean; count?: number }) {
  return (
    <ul className={`row__track${wide ? ' row__track--wide' : ''}`} aria-hidden="true" data-testid="list-skeleton">
      {Array.from({ length: count }, (_, i) => (
        <li key={i}>
          <span className={`skeleton skeleton--${wide ? 'wide' : 'poster'}`} />
          <span className="skeleton skeleton--line" />
        </li>
      ))}
    </ul>
  );
}
