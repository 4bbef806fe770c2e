import type { Banner } from '@ekran/contracts';
import { useEffect, useRef } from 'react';
import { useTranslation } from '../../lib/use-translation.ts';
import type { RowView } from '../../lib/card-view.ts';
import { RowHead, TitleRow } from '../catalog/title-row.tsx';
import { PersonalRows } from '../lists/personal-rows.tsx';
import type { ListView } from '../../lib/lists-view.ts';
import { BannerCarousel } from './banner-carousel.tsx';

/** A row below the first screens before its cards arrive: its heading and its «Смотреть все» link. */
export type LaterRowView = Omit<RowView, 'items'>;

/** How far below the screen the later rows start loading: a screen and a half of scrolling ahead. */
const LATER_ROWS_AHEAD = '0px 0px 150% 0px';
/** Card-shaped places a waiting row keeps, so the rows under it do not jump when its cards arrive. */
const PLACEHOLDER_CARDS = 8;

/**
 * A home page (/ or /kids): the carousel, the profile's rows, then the API's rows. The first rows come with the
 * page; the later ones (`laterRows`) render their headings at once and their cards when `laterCards` has them, which
 * the route asks for through `onLaterNear` as the viewer scrolls towards them.
 */
export function HomePage({
  heading,
  className,
  banners,
  personalRows,
  rows,
  laterRows,
  laterCards,
  onLaterNear,
}: {
  heading: string;
  className: string;
  banners: Banner[];
  personalRows: ListView[];
  rows: RowView[];
  laterRows: LaterRowView[];
  /** The later rows with their cards, once loaded (null before; a row missing from it is left out). */
  laterCards: RowView[] | null;
  onLaterNear: () => void;
}) {
  const loaded = laterCards ? new Map(laterCards.map((r) => [r.alias, r])) : null;
  return (
    <div className={className}>
      <h1 className="sr-only">{heading}</h1>
      <BannerCarousel banners={banners} />
      <PersonalRows rows={personalRows} />
      {rows.map((row, i) => (
        // The first banner is the page's largest image; the first row's posters come right after it.
        <TitleRow key={row.alias} row={row} priority={i === 0 && banners.length === 0} />
      ))}
      {laterRows.map((row, i) => {
        if (!loaded) return <WaitingRow key={row.alias} row={row} onNear={i === 0 ? onLaterNear : undefined} />;
        const full = loaded.get(row.alias);
        return full ? <TitleRow key={row.alias} row={full} /> : null;
      })}
    </div>
  );
}

/** A later row while its cards are on the way: the same heading and link, and card-shaped places. */
function WaitingRow({ row, onNear }: { row: LaterRowView; onNear?: () => void }) {
  const { t } = useTranslation();
  const ref = useRef<HTMLElement>(null);
  useEffect(() => {
    const el = ref.current;
    if (!onNear || !el) return;
    if (typeof IntersectionObserver === 'undefined') return onNear();
    const observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && onNear(), { rootMargin: LATER_ROWS_AHEAD });
    observer.observe(el);
    return () => observer.disconnect();
  }, [onNear]);
  const headingId = `row-${row.alias}`;
  return (
    <section ref={ref} className="row row--waiting" data-testid="row-waiting" aria-labelledby={headingId} aria-busy="true">
      <RowHead headingId={headingId} title={row.title} url={row.url} t={t} />
      <div className="rail">
        <ul className="row__track" aria-hidden="true">
          {Array.from({ length: PLACEHOLDER_CARDS }, (_, i) => (
            <li key={i} className="card card--placeholder">
              <div className="card__poster" />
              <span className="card__title">&nbsp;</span>
              <span className="card__facts">&nbsp;</span>
              <ul className="card__genres">
                <li>&nbsp;</li>
              </ul>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
