import type { AppStore } from '../../lib/watch-guide.ts';
import { useTranslation } from '../../lib/use-translation.ts';

/**
 * Simple glyphs of the stores, drawn here: not the stores' trademark artwork, just a shape a viewer can tell apart
 * (a rounded A, a play triangle, an R, a shopping bag).
 */
function StoreGlyph({ store }: { store: AppStore }) {
  switch (store) {
    case 'appStore':
      return (
        <svg viewBox="0 0 24 24" aria-hidden="true">
          <path d="M12 4 L5.5 18 M12 4 L18.5 18 M7.6 13.5 H16.4" fill="none" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" />
        </svg>
      );
    case 'googlePlay':
      return (
        <svg viewBox="0 0 24 24" aria-hidden="true">
          <path d="M6 3.5 L19 12 L6 20.5 Z" fill="none" stroke="currentColor" strokeWidth="2.2" strokeLinejoin="round" />
        </svg>
      );
    case 'ruStore':
      return (
        <svg viewBox="0 0 24 24" aria-hidden="true">
          <rect x="3" y="3" width="18" height="18" rx="5" fill="none" stroke="currentColor" strokeWidth="2" />
          <path d="M9 17 V7.5 H13 a3 3 0 0 1 0 6 H9 M12.5 13.5 L15.5 17" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
        </svg>
      );
    case 'appGallery':
      return (
        <svg viewBox="0 0 24 24" aria-hidden="true">
          <path d="M5 8 H19 L18 20 H6 Z" fill="none" stroke="currentColor" strokeWidth="2" strokeLinejoin="round" />
          <path d="M9 8 V6.5 a3 3 0 0 1 6 0 V8 M9.5 12 a2.5 2.5 0 0 0 5 0" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
      );
  }
}

/** A store button: a dark pill with the glyph, «Загрузите в» and the store's name; `primary` for the visitor's phone. */
export function StoreBadge({ store, href, primary = false }: { store: AppStore; href: string; primary?: boolean }) {
  const { t } = useTranslation();
  return (
    <a className={`store-badge${primary ? ' store-badge--primary' : ''}`} href={href} rel="noopener" data-testid={`store-${store}`}>
      <span className="store-badge__glyph">
        <StoreGlyph store={store} />
      </span>
      <span className="store-badge__text">
        <span className="store-badge__small">{t(`watchGuide.app.badges.${store}.small`)}</span>
        <span className="store-badge__name">{t(`watchGuide.app.badges.${store}.name`)}</span>
      </span>
    </a>
  );
}
