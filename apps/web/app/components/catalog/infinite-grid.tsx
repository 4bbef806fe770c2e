import { CATALOG_SENTINEL_ROOT_MARGIN, type PageSettings } from '@ekran/core';
import { useCallback, useEffect, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from '../../lib/use-translation.ts';
import { useFetcher, useLocation, useNavigation, useNavigationType } from 'react-router';
import type { CardView } from '../../lib/card-view.ts';
import type { ListingPortion, PortionResult } from '../../lib/listing.ts';
import { Pager } from './pager.tsx';
import { TitleGrid, type GridVariant } from './title-grid.tsx';
import './listing.css';

/** What a history entry remembers of its list (spec catalogue §3 pageSettings, plus what was loaded). */
interface ListSnapshot<T> extends PageSettings {
  url: string;
  skip: number;
  items: T[];
  nextCursor: string | null;
  total: number;
  /** The document that wrote it (see `mayRestore`). */
  doc?: string;
}

const STORAGE_PREFIX = 'ekran:list:';

/** This document's id: a snapshot it wrote itself is a client-side history entry of this visit. */
const DOCUMENT_ID = typeof window === 'undefined' ? '' : Math.random().toString(36).slice(2);

/**
 * Whether a snapshot may be restored. The first entry of a document has the key "default" and every fresh load
 * starts on POP, so a snapshot left by an earlier document counts only when the browser itself went back,
 * forward or reloaded; opening the address anew starts at the top.
 */
function mayRestore(snapshot: ListSnapshot<unknown>): boolean {
  if (snapshot.doc === DOCUMENT_ID) return true;
  const entry = performance.getEntriesByType?.('navigation')[0] as PerformanceNavigationTiming | undefined;
  return entry?.type === 'back_forward' || entry?.type === 'reload';
}

function readSnapshot<T>(key: string): ListSnapshot<T> | null {
  try {
    const raw = sessionStorage.getItem(STORAGE_PREFIX + key);
    return raw ? (JSON.parse(raw) as ListSnapshot<T>) : null;
  } catch {
    return null;
  }
}

function writeSnapshot<T>(key: string, snapshot: ListSnapshot<T>) {
  try {
    sessionStorage.setItem(STORAGE_PREFIX + key, JSON.stringify(snapshot));
  } catch {
    // Storage full or switched off: coming back shows the first portion at the top, as without JavaScript.
  }
}

interface ListState<T> {
  items: T[];
  nextCursor: string | null;
  total: number;
  /** Pages on screen: the page the address names and the portions loaded after it. */
  pages: number;
}

export interface InfiniteGridProps<T extends { id: string } = CardView> {
  /** The portion the loader gave: page `page` of the listing. */
  initial: ListingPortion<T>;
  /** The page the address names (/page{N}); 1 without the suffix. */
  page: number;
  /** The size of the pages the addresses (/page{N}, ?page=N) name. */
  pageSize: number;
  /**
   * How many items a further portion brings, when not a page (the archive asks by the viewport's device,
   * catalogue §9, while its addresses count pages of the size the server guessed): the cells kept for it.
   */
  portionSize?: number;
  /** The resource URL of the next portion, given the `nextCursor` of the last one (a keyset cursor or a skip). */
  portionUrl: (next: string) => string;
  /** The address of a page, for the paging links. */
  pageHref: (page: number) => string;
  variant?: GridVariant;
  /**
   * The cards, when not title cards (the archive's): the items on screen and the empty cells kept for the next
   * portion, each an element with the class card-grid__placeholder (the grid watches them).
   */
  renderItems?: (items: T[], placeholders: number) => ReactNode;
  /** The sentinel's IntersectionObserver rootMargin: the catalogue's 150% ahead by default. */
  rootMargin?: string;
}

/**
 * A card grid that loads further portions as its bottom sentinel comes into view (spec catalogue §4 Infinite
 * scroll: the page counter advances, skip by page size capped at items_total, lists append), with real
 * /page{N} links (rel prev and next) that work without JavaScript and that crawlers follow. Its history entry
 * remembers the pages loaded and the scroll position when a route change starts and gets them back after
 * loading on a back navigation (catalogue §4 Scroll position, §3 pageSettings). Mount one per history entry
 * (key it by location.key).
 */
export function InfiniteGrid<T extends { id: string } = CardView>({
  initial,
  page,
  pageSize,
  portionSize = pageSize,
  portionUrl,
  pageHref,
  variant = 'catalogue',
  renderItems,
  rootMargin = CATALOG_SENTINEL_ROOT_MARGIN,
}: InfiniteGridProps<T>) {
  const { t } = useTranslation();
  const location = useLocation();
  const navigationType = useNavigationType();
  const navigation = useNavigation();
  const fetcher = useFetcher<PortionResult<T>>();
  const [list, setList] = useState<ListState<T>>({ items: initial.items, nextCursor: initial.nextCursor, total: initial.total, pages: 1 });
  const [failed, setFailed] = useState(false);
  const sentinel = useRef<HTMLDivElement>(null);
  const listing = useRef<HTMLDivElement>(null);
  const sentinelVisible = useRef(false);
  const [restoreY, setRestoreY] = useState<{ y: number } | null>(null);

  const [popStated, setPopStated] = useState(false);

  // The latest values for callbacks that outlive a render (observer, navigation and page-hide listeners),
  // updated before any other effect of a commit runs.
  const latest = useRef({ list, failed, fetcher, portionUrl, key: location.key, url: location.pathname + location.search });
  useLayoutEffect(() => {
    latest.current = { list, failed, fetcher, portionUrl, key: location.key, url: location.pathname + location.search };
  });

  const loadMore = useCallback(() => {
    const { list: current, failed: hasFailed, fetcher: f, portionUrl: urlOf } = latest.current;
    if (!current.nextCursor || hasFailed || f.state !== 'idle') return;
    void f.load(urlOf(current.nextCursor));
  }, []);

  const save = useCallback(() => {
    const { list: current, key, url } = latest.current;
    writeSnapshot(key, {
      url,
      skip: initial.skip,
      page: current.pages,
      pageSize,
      scrollYPosition: window.scrollY,
      isPopStated: false,
      items: current.items,
      nextCursor: current.nextCursor,
      total: current.total,
      doc: DOCUMENT_ID,
    });
  }, [initial.skip, pageSize]);

  // spec catalogue §4: "Scroll position is stored when a route change starts" (and when the page is left).
  const leaving = navigation.state !== 'idle' && navigation.location !== undefined && navigation.location.key !== location.key;
  useEffect(() => {
    if (leaving) save();
  }, [leaving, save]);
  useEffect(() => {
    window.addEventListener('pagehide', save);
    return () => window.removeEventListener('pagehide', save);
  }, [save]);

  // "... and restored after loading, also on back navigation": the portions loaded before come back too.
  const isBack = navigationType === 'POP';
  useLayoutEffect(() => {
    if (!isBack) return;
    const { key, url } = latest.current;
    const snapshot = readSnapshot<T>(key);
    if (!snapshot || snapshot.url !== url || snapshot.skip !== initial.skip || !mayRestore(snapshot)) return;
    setPopStated(true);
    // The scroll waits for the restored cards: both land in the same render, then the effect below scrolls.
    if (snapshot.items.length > initial.items.length) {
      setList({ items: snapshot.items, nextCursor: snapshot.nextCursor, total: snapshot.total, pages: snapshot.page });
    }
    setRestoreY({ y: snapshot.scrollYPosition });
  }, [isBack, initial.skip, initial.items.length]);
  useLayoutEffect(() => {
    if (restoreY !== null) window.scrollTo(0, restoreY.y);
  }, [restoreY]);

  // A portion arrived: append it (without cards already shown) and advance the page counter. Adjusted while
  // rendering, once per answer, so the new cards and the counter show in the same commit.
  const [handled, setHandled] = useState<PortionResult<T> | undefined>(undefined);
  if (fetcher.state === 'idle' && fetcher.data !== undefined && fetcher.data !== handled) {
    const result = fetcher.data;
    setHandled(result);
    if ('error' in result) {
      setFailed(true);
    } else {
      const shown = new Set(list.items.map((item) => item.id));
      setList({
        items: [...list.items, ...result.items.filter((item) => !shown.has(item.id))],
        nextCursor: result.nextCursor,
        total: result.total,
        pages: list.pages + 1,
      });
    }
  }

  // The bottom sentinel: "when [it] appears and skip is below items_total", the next portion (50% margin).
  useEffect(() => {
    // The next portion starts at the first empty cell. Every empty cell is watched, and the sentinel after them,
    // so a jump past the first (the End key, the scroll bar) still loads what lands in view.
    const root = listing.current;
    if (!root || typeof IntersectionObserver === 'undefined') return;
    const watched = [...root.querySelectorAll<HTMLElement>('.card-grid__placeholder'), ...(sentinel.current ? [sentinel.current] : [])];
    const inView = new Set<Element>();
    // Unknown until the new observer's first report (the cells have moved): no portion is asked on a stale view.
    sentinelVisible.current = false;
    const observer = new IntersectionObserver(
      (entries) => {
        for (const entry of entries) {
          if (entry.isIntersecting) inView.add(entry.target);
          else inView.delete(entry.target);
        }
        sentinelVisible.current = inView.size > 0;
        if (sentinelVisible.current) loadMore();
      },
      { rootMargin },
    );
    for (const element of watched) observer.observe(element);
    return () => observer.disconnect();
  }, [loadMore, list.items.length, rootMargin]);
  // A short portion can leave the sentinel in view: keep going until it leaves or the list ends.
  useEffect(() => {
    if (sentinelVisible.current && fetcher.state === 'idle') loadMore();
  }, [list, fetcher.state, loadMore]);

  const totalPages = Math.max(1, Math.ceil(list.total / pageSize));
  const from = initial.skip + 1;
  const to = initial.skip + list.items.length;
  // The last page wholly on screen, so «Дальше» never skips a card, also when portions are not pages.
  const lastPage = to >= list.total ? totalPages : Math.min(Math.max(page, Math.floor(to / pageSize)), totalPages);
  const loading = fetcher.state !== 'idle';
  // The cards of the next portion get their cells before they arrive, so the footer, the counter and the pager
  // do not jump when they land, however fast the list is scrolled (no layout shift). Without JavaScript the
  // cells are hidden and the paging links below do the work.
  const placeholders = list.nextCursor !== null && !failed ? Math.max(0, Math.min(portionSize, list.total - initial.skip - list.items.length)) : 0;
  return (
    <div ref={listing} className="listing" data-testid="listing" data-pages={list.pages} data-pop-stated={popStated ? 'true' : undefined} aria-busy={loading}>
      {renderItems ? (
        renderItems(list.items, placeholders)
      ) : (
        // Without a renderer the items are the catalogue's title cards (T is CardView).
        <TitleGrid items={list.items as unknown as CardView[]} variant={variant} placeholders={placeholders} />
      )}
      <noscript>
        <style>{'.card-grid__placeholder{display:none}'}</style>
      </noscript>
      <div ref={sentinel} className="listing__sentinel" aria-hidden="true" />
      {/* One line always kept for the status, so its coming and going moves nothing below it. */}
      <p className="listing__status" aria-live="polite">
        {loading ? t('catalog.loading') : null}
      </p>
      {failed ? (
        <p className="listing__status listing__status--error" role="alert">
          {t('catalog.loadError')}{' '}
          <button
            type="button"
            className="btn btn--ghost"
            onClick={() => {
              setFailed(false);
              latest.current.failed = false;
              loadMore();
            }}
          >
            {t('catalog.retry')}
          </button>
        </p>
      ) : null}
      {list.total > pageSize ? (
        <p className="listing__count" data-testid="listing-count">
          {t('catalog.shown', { from, to, total: list.total })}
        </p>
      ) : null}
      <Pager page={page} lastPage={lastPage} totalPages={totalPages} pageHref={pageHref} />
    </div>
  );
}
