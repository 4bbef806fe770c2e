import type { TFunction } from 'i18next';
import { useTranslation } from '../../lib/use-translation.ts';
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
      <RowHead headingId={headingId} title={row.title} url={row.url} t={t} />
      <RowTrack label={row.title}>
        {row.items.map((item, i) => (
          <li key={item.id}>
            <TitleCard title={item} t={t} sizes={ROW_SIZES} priority={priority && i < 6} preloaded={priority && i === 0} />
          </li>
        ))}
      </RowTrack>
    </section>
  );
}

/** A row's heading, with «Смотреть все» to its full list when it has one (home, kids and TV rows). */
export function RowHead({ headingId, title, url, t }: { headingId: string; title: string; url: string | null; t: TFunction }) {
  return (
    <div className="row__head">
      <h2 id={headingId}>{title}</h2>
      {url ? (
        <Link className="row__more" to={url}>
          {t('home.showAll')}
        </Link>
      ) : null}
    </div>
  );
}
