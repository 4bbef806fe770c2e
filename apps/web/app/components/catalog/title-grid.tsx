import type { CardView } from '../../lib/card-view.ts';
import { useTranslation } from '../../lib/use-translation.ts';
import { TitleCard } from './title-card.tsx';

/** The card grids of spec catalogue §9: the catalogue grid and its originals variant (fewer, wider cards). */
export type GridVariant = 'catalogue' | 'originals';

// The image sizes of each grid's columns (lib/grid-css.ts builds the columns from core's breakpoints).
const GRID_SIZES: Record<GridVariant, string> = {
  catalogue: '(max-width: 567px) 50vw, (max-width: 767px) 33vw, (max-width: 1023px) 25vw, (max-width: 1279px) 20vw, (max-width: 1559px) 17vw, 14vw',
  originals: '(max-width: 767px) 50vw, (max-width: 1023px) 33vw, (max-width: 1279px) 25vw, (max-width: 1559px) 20vw, 17vw',
};

interface TitleGridProps {
  items: CardView[];
  variant?: GridVariant;
  /**
   * Empty cells kept for cards on their way (the next portion of an infinite grid), so their arrival moves nothing.
   * Keyed by the position they hold: when the cards come, these cells go and the next portion's are new ones,
   * rather than the same cells moving down past the cards (which the browser counts as a layout shift).
   */
  placeholders?: number;
}

/** A grid of cards with the spec's breakpoints. */
export function TitleGrid({ items, variant = 'catalogue', placeholders = 0 }: TitleGridProps) {
  const { t } = useTranslation();
  return (
    <ul className={variant === 'originals' ? 'card-grid card-grid--originals' : 'card-grid'}>
      {items.map((item, i) => (
        <li key={item.id}>
          <TitleCard title={item} t={t} sizes={GRID_SIZES[variant]} priority={i < 7} preloaded={i === 0} />
        </li>
      ))}
      {Array.from({ length: placeholders }, (_, i) => (
        <li key={`placeholder-${items.length + i}`} className="card-grid__placeholder" aria-hidden="true">
          <span className="card-grid__placeholder-poster" />
          <span className="card-grid__placeholder-caption" />
        </li>
      ))}
    </ul>
  );
}
