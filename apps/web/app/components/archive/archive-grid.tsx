import { CARD_VIEW_BATCH_DELAY_MS } from '@ekran/core';
import { useEffect, useRef } from 'react';
import { useTranslation } from '../../lib/use-translation.ts';
import { ArchiveCard } from './archive-card.tsx';
import { archiveCss, archiveImageSizes } from './archive-css.ts';
import './archive.css';
import type { ArchiveCardView } from './archive-view.ts';

/** How much of a card must be on screen for it to count as seen. */
const SEEN_RATIO = 0.5;
/** Ids per collection_view event: action_attributes_str holds up to 2000 characters (a uuid takes 39 in the list). */
const IDS_PER_EVENT = 40;

/** Sends the ids seen as collection_view events, in as few as their size allows; a failure only loses them (platform §8). */
function reportViews(block: string, ids: readonly string[]) {
  if (ids.length === 0) return;
  void import('../../lib/analytics.ts')
    .then(({ trackEvent }) => {
      for (let i = 0; i < ids.length; i += IDS_PER_EVENT) {
        trackEvent({ action_id: 'collection_view', block_type: block, element_type: 'card', action_attributes_str: JSON.stringify({ ids: ids.slice(i, i + IDS_PER_EVENT) }) });
      }
    })
    .catch(() => undefined);
}

/** The batch waiting to be sent: the ids and the timer that sends them. */
interface Batch {
  ids: string[];
  timer: ReturnType<typeof setTimeout> | null;
}

/** Takes the batch's ids and stops its timer. */
function takeBatch(batch: Batch): string[] {
  if (batch.timer) clearTimeout(batch.timer);
  const { ids } = batch;
  batch.ids = [];
  batch.timer = null;
  return ids;
}

/**
 * spec catalogue §4 "Viewed cards are reported in a batch after 2000 ms" (§7 collection_view): a card counts once
 * half of it has been on screen; the cards seen within 2 s of the first are reported together 2 s after it, and
 * each card once per page view (the grid is mounted per history entry). Leaving the page sends what is waiting.
 */
export function useCardViews(list: React.RefObject<HTMLElement | null>, count: number, block: string) {
  const reported = useRef(new Set<string>());
  const batch = useRef<Batch>({ ids: [], timer: null });

  useEffect(() => {
    const root = list.current;
    const waiting = batch.current;
    if (!root || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        for (const entry of entries) {
          const id = (entry.target as HTMLElement).dataset.id;
          if (!id || !entry.isIntersecting || entry.intersectionRatio < SEEN_RATIO || reported.current.has(id)) continue;
          reported.current.add(id);
          waiting.ids.push(id);
          observer.unobserve(entry.target);
        }
        if (waiting.ids.length > 0) waiting.timer ??= setTimeout(() => reportViews(block, takeBatch(waiting)), CARD_VIEW_BATCH_DELAY_MS);
      },
      { threshold: [0, SEEN_RATIO] },
    );
    for (const card of root.querySelectorAll<HTMLElement>('[data-id]')) {
      if (!reported.current.has(card.dataset.id ?? '')) observer.observe(card);
    }
    return () => observer.disconnect();
  }, [list, count, block]);

  useEffect(() => {
    const waiting = batch.current;
    return () => reportViews(block, takeBatch(waiting));
  }, [block]);
}

/**
 * The archive's card grid (spec catalogue §9: ARCHIVE_GRID columns, gap and 16:9 frames, components/archive/
 * archive-css.ts) with the empty cells the infinite grid keeps for the next portion, and the view reports of §4
 * (`block` names the list in them: the archive, or the search page's recordings).
 */
export function ArchiveGrid({ items, placeholders = 0, bySubscription, block = 'archive' }: { items: ArchiveCardView[]; placeholders?: number; bySubscription: boolean; block?: string }) {
  const { t } = useTranslation();
  const list = useRef<HTMLUListElement>(null);
  useCardViews(list, items.length, block);
  return (
    <ul className="archive-grid" ref={list} data-testid="archive-grid">
      {/* One sheet however many grids a page has (React hoists and dedupes it by href). */}
      <style href="ekran-archive-grid" precedence="medium">
        {archiveCss}
      </style>
      {items.map((item, i) => (
        <li key={item.id}>
          <ArchiveCard item={item} t={t} sizes={archiveImageSizes} bySubscription={bySubscription} priority={i < 5} />
        </li>
      ))}
      {Array.from({ length: placeholders }, (_, i) => (
        <li key={`placeholder-${items.length + i}`} className="card-grid__placeholder archive-grid__placeholder" aria-hidden="true">
          <span className="archive-grid__placeholder-frame" />
          <span className="archive-grid__placeholder-caption" />
        </li>
      ))}
    </ul>
  );
}
