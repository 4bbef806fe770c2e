import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { RowView } from '../../lib/card-view.ts';
import { RowTrack } from '../ui/row-track.tsx';
import { TitleCard } from './title-card.tsx';

const ROW_SIZES = '(max-width: 567px) 42vw, (max-width: 1023px) 28vw, 200px';

/** A horizontal row of cards that scrolls with touch, wheel, keyboard or its arrows (RowTrack). */
export function TitleRow({ row, priority = false }: { row: RowView; priority?: boolean }) {
  const { t } = useTranslation();
  const headingId = `row-${row.alias}`;
  return (
    <section className="row" data-testid="row" aria-labelledby={headingId}>
      <div className="row__head">
        <h2 id={headingId}>{row.title}</h2>
        {row.url ? (
          <Link className="row__more" to={row.url}>
            {t('home.showAll')}
          </Link>
        ) : null}
      </div>
      <RowTrack label={row.title}>
        {row.items.map((item, i) => (
          <li key={item.id}>
            <TitleCard title={item} t={t} sizes={ROW_SIZES} priority={priority && i < 6} />
          </li>
        ))}
      </RowTrack>
    </section>
  );
}
