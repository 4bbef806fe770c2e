import type { CardView } from '../../lib/card-view.ts';
import { useTranslation } from 'react-i18next';
import { TitleCard } from './title-card.tsx';

/** The card grids of spec catalogue §9: the catalogue grid and its originals variant (fewer, wider cards). */
export type GridVariant = 'catalogue' | 'originals';

// The image sizes of each grid's columns (lib/grid-css.ts builds the columns from core's breakpoints).
const GRID_SIZES: Record<GridVariant, string> = {
  catalogue: '(max-width: 567px) 50vw, (max-width: 767px) 33vw, (max-width: 1023px) 25vw, (max-width: 1279px) 20vw, (max-width: 1559px) 17vw, 14vw',
  originals: '(max-width: 767px) 50vw, (max-width: 1023px) 33vw, (max-width: 1279px) 25vw, (max-width: 1559px) 20vw, 17vw',
};

/** A grid of cards with the spec's breakpoints. */
export function TitleGrid({ items, variant = 'catalogue' }: { items: CardView[]; variant?: GridVariant }) {
  const { t } = useTranslation();
  return (
    <ul className={variant === 'originals' ? 'card-grid card-grid--originals' : 'card-grid'}>
      {items.map((item, i) => (
        <li key={item.id}>
          <TitleCard title={item} t={t} sizes={GRID_SIZES[variant]} priority={i < 7} />
        </li>
      ))}
    </ul>
  );
}
