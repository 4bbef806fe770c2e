import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from '../../lib/use-translation.ts';
import './row-track.css';

type Direction = -1 | 1;

/**
 * How far one press of an arrow moves a row: a page of the row's visible width (its scroll box less the side
 * padding), ending on a card's edge so no card is left cut at the side the viewer reads next. Forward, the first
 * card cut at the right edge becomes the first one shown; back, the card cut at the left edge becomes the last.
 */
export function pageDelta(view: { left: number; right: number }, items: readonly { left: number; right: number }[], dir: Direction): number {
  const width = view.right - view.left;
  if (dir === 1) {
    const cut = items.find((r) => r.right > view.right + 1);
    const delta = cut ? cut.left - view.left : width;
    return delta > 0 ? Math.min(delta, width) : width;
  }
  const cut = [...items].reverse().find((r) => r.left < view.left - 1);
  const delta = cut ? cut.right - view.right : -width;
  return delta < 0 ? Math.max(delta, -width) : -width;
}

/**
 * A horizontal row of cards (home, kids, title, genre and TV rows): it scrolls with touch, a trackpad or the
 * keyboard, and on a desktop with a mouse it has arrow buttons that page it by its visible width, as every peer's
 * rows do. The arrows show while the row is hovered or holds the focus, never at the end they would lead past
 * (no «back» at the start), and not on touch screens (the stylesheet's hover and pointer queries). They come
 * before the cards in the tab order, so a keyboard can page a row without walking through every card.
 */
export function RowTrack({
  className,
  children,
  label,
  bleed = false,
}: {
  className?: string;
  children: React.ReactNode;
  /** The row's heading, so each arrow says which row it moves. */
  label?: string;
  /** The row reaches past its column's padding to the page's edges (a row inside a padded section). */
  bleed?: boolean;
}) {
  const { t } = useTranslation();
  const trackRef = useRef<HTMLUListElement>(null);
  const prevRef = useRef<HTMLButtonElement>(null);
  const nextRef = useRef<HTMLButtonElement>(null);
  // Until measured (server render, before hydration) neither arrow shows: the row is simply scrollable.
  const [edges, setEdges] = useState({ atStart: true, atEnd: true });

  const measure = useCallback(() => {
    const el = trackRef.current;
    if (!el) return;
    const max = el.scrollWidth - el.clientWidth;
    const next = { atStart: el.scrollLeft <= 1, atEnd: el.scrollLeft >= max - 1 };
    setEdges((prev) => (prev.atStart === next.atStart && prev.atEnd === next.atEnd ? prev : next));
  }, []);

  useEffect(() => {
    const el = trackRef.current;
    if (!el) return;
    measure();
    el.addEventListener('scroll', measure, { passive: true });
    const resize = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(measure);
    resize?.observe(el);
    return () => {
      el.removeEventListener('scroll', measure);
      resize?.disconnect();
    };
  }, [measure]);

  // An arrow that reaches its end hides; the focus it held moves to the other arrow instead of being lost to the
  // page (the browser drops the focus of a hidden button, so the arrow pressed last is remembered).
  const focusedArrow = useRef<Direction | null>(null);
  useLayoutEffect(() => {
    const active = document.activeElement;
    const held = (dir: Direction, button: HTMLButtonElement | null) => focusedArrow.current === dir && (active === button || active === null || active === document.body);
    if (edges.atEnd && !edges.atStart && held(1, nextRef.current)) prevRef.current?.focus();
    if (edges.atStart && !edges.atEnd && held(-1, prevRef.current)) nextRef.current?.focus();
  }, [edges]);
  const handleArrowFocus = (event: React.FocusEvent<HTMLButtonElement>) => {
    focusedArrow.current = event.currentTarget === nextRef.current ? 1 : -1;
  };
  const handleArrowBlur = (event: React.FocusEvent) => {
    if (event.relatedTarget) focusedArrow.current = null;
  };

  const handlePage = (dir: Direction) => {
    const el = trackRef.current;
    if (!el) return;
    const box = el.getBoundingClientRect();
    const style = getComputedStyle(el);
    const view = { left: box.left + parseFloat(style.paddingLeft), right: box.right - parseFloat(style.paddingRight) };
    const items = Array.from(el.children, (child) => child.getBoundingClientRect());
    const reduced = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    el.scrollBy({ left: pageDelta(view, items, dir), behavior: reduced ? 'auto' : 'smooth' });
  };

  return (
    <div className={bleed ? 'rail rail--bleed' : 'rail'} data-testid="rail">
      <button
        ref={prevRef}
        type="button"
        className="rail__arrow rail__arrow--prev"
        aria-label={label ? t('rows.prevOf', { row: label }) : t('rows.prev')}
        hidden={edges.atStart}
        onClick={() => handlePage(-1)}
        onFocus={handleArrowFocus}
        onBlur={handleArrowBlur}
        data-testid="rail-prev"
      >
        <svg viewBox="0 0 24 24" aria-hidden="true">
          <path d="M15 5l-7 7 7 7" />
        </svg>
      </button>
      <button
        ref={nextRef}
        type="button"
        className="rail__arrow rail__arrow--next"
        aria-label={label ? t('rows.nextOf', { row: label }) : t('rows.next')}
        hidden={edges.atEnd}
        onClick={() => handlePage(1)}
        onFocus={handleArrowFocus}
        onBlur={handleArrowBlur}
        data-testid="rail-next"
      >
        <svg viewBox="0 0 24 24" aria-hidden="true">
          <path d="M9 5l7 7-7 7" />
        </svg>
      </button>
      <ul ref={trackRef} className={className ? `row__track ${className}` : 'row__track'}>
        {children}
      </ul>
    </div>
  );
}
