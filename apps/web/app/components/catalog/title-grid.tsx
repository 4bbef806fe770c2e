import type { CardView } from '../../lib/card-view.ts';
import { useTranslation } from 'react-i18next';
import { TitleCard } from './title-card.tsx';

// Matches the card grid of spec platform §9 (2 columns at 320 up to 7 at 1560), see lib/grid-css.ts.
const GRID_SIZES = '(max-width: 567px) 50vw, (max-width: 767px) 33vw, (max-width: 1023px) 25vw, (max-width: 1279px) 20vw, (max-width: 1559px) 17vw, 14vw';

/** A grid of cards with the spec's breakpoints. */
export function TitleGrid({ items }: { items: CardView[] }) {
  const { t } = useTranslation();
  return (
    <ul className="card-grid">
      {items.map((item, i) => (
        <li key={item.id}>
          <TitleCard title={item} t={t} sizes={GRID_SIZES} priority={i < 7} />
        </li>
      ))}
    </ul>
  );
}
