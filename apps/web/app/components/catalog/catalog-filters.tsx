import type { FilterGroup, SortOptionData } from '@ekran/contracts';
import { arrangeFilterItems, FILTER_ALL_OPTION, filterColumns, type ArrangedFilterItem } from '@ekran/core';
import { useEffect, useRef } from 'react';
import { useTranslation } from '../../lib/use-translation.ts';
import { Form, Link, useLocation, useNavigate } from 'react-router';
import { track } from '../../lib/track.ts';

export interface CatalogFiltersProps {
  /** The groups of the API (catalogue §3), in the path's order: genre, year, country. */
  groups: FilterGroup[];
  /** Whether any filter is chosen: zero-count items are disabled otherwise (catalogue §4). */
  anySelected: boolean;
  /** The address after choosing an item of a group (catalogue §4: all clears that filter). */
  hrefFor: (group: FilterGroup['alias'], alias: string) => string;
  /** Where the select mode's form goes without JavaScript (the category page reads ?genre=&year=&country=). */
  formAction: string;
  /** The sort the viewer chose, kept when the filters change; null for the default. */
  chosenSort: string | null;
}

interface GroupView {
  group: FilterGroup;
  all: ArrangedFilterItem;
  items: ArrangedFilterItem[];
  selectedTitle: string | null;
}

function viewOf(group: FilterGroup, anySelected: boolean): GroupView {
  const [first, ...rest] = group.items;
  const all = first?.alias === FILTER_ALL_OPTION.alias ? { ...first, disabled: false } : { ...FILTER_ALL_OPTION, total: 0, disabled: false };
  const items = arrangeFilterItems(first?.alias === FILTER_ALL_OPTION.alias ? rest : group.items, anySelected);
  const selected = group.selected === FILTER_ALL_OPTION.alias ? null : (items.find((i) => i.alias === group.selected)?.title ?? null);
  return { group, all, items, selectedTitle: selected };
}

/** spec catalogue §7: filter clicks send click events (block, element type and the item). */
const trackFilter = (group: string, item: { alias: string; title: string }) =>
  track({ block_type: 'filters', element_type: group, element_id: item.alias, element_text: item.title });

/**
 * The filter panels (<details>) inside `root`: one open at a time; a click outside or Escape closes it (the focus
 * back on its summary); so does choosing (a new path), unless the panel is a multi-select that stays open for the
 * next choice (the archive's). Shared by the catalogue's and the archive's filters.
 */
export function useFilterPanels(root: React.RefObject<HTMLElement | null>, { closeOnNavigation = true }: { closeOnNavigation?: boolean } = {}) {
  const location = useLocation();

  useEffect(() => {
    const element = root.current;
    if (!element) return;
    const panels = () => [...element.querySelectorAll<HTMLDetailsElement>('details[open]')];
    const onToggle = (event: Event) => {
      const opened = event.target as HTMLDetailsElement;
      if (opened.open) for (const other of panels()) if (other !== opened) other.open = false;
    };
    const onPointer = (event: PointerEvent) => {
      for (const open of panels()) if (!open.contains(event.target as Node)) open.open = false;
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      for (const open of panels()) {
        open.open = false;
        open.querySelector('summary')?.focus();
      }
    };
    element.addEventListener('toggle', onToggle, true);
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      element.removeEventListener('toggle', onToggle, true);
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [root]);
  useEffect(() => {
    if (!closeOnNavigation) return;
    for (const open of root.current?.querySelectorAll<HTMLDetailsElement>('details[open]') ?? []) open.open = false;
  }, [root, closeOnNavigation, location.pathname]);
}

/**
 * The filters of a category page (spec catalogue §4 Catalogue filter, §9): genre, year and country as
 * dropdown panels of links, lists in columns of 10, «Все» first, zero-count items last and disabled unless a
 * filter is chosen; below 768 px native selects instead (the select mode). The panels are <details>, so they
 * open and their links work without JavaScript, and crawlers see every filter page.
 */
export function CatalogFilters({ groups, anySelected, hrefFor, formAction, chosenSort }: CatalogFiltersProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const views = groups.map((g) => viewOf(g, anySelected));
  const root = useRef<HTMLDivElement>(null);
  useFilterPanels(root);

  if (views.length === 0) return null;
  return (
    <div className="filters" ref={root} data-testid="filters">
      <div className="filters__panels">
        {views.map(({ group, all, items, selectedTitle }) => (
          <details key={group.alias} className={`filter filter--${group.alias}`} data-testid={`filter-${group.alias}`} data-selected={selectedTitle ? 'true' : undefined}>
            <summary className="filter__summary" aria-label={t('catalog.filterLabel', { group: group.title, value: selectedTitle ?? all.title })}>
              <span className="filter__name">{selectedTitle ?? group.title}</span>
              <svg className="filter__chevron" viewBox="0 0 12 12" aria-hidden="true">
                <path d="M3 4.5 6 7.5 9 4.5" fill="none" stroke="currentColor" strokeWidth="1.5" />
              </svg>
            </summary>
            <div className="filter__panel">
              <p className="filter__title">{group.title}</p>
              <div className="filter__columns">
                {filterColumns([all, ...items]).map((column, c) => (
                  <ul key={c} className="filter__column">
                    {column.map((item) => (
                      <li key={item.alias}>
                        <FilterLink group={group} item={item} href={hrefFor(group.alias, item.alias)} />
                      </li>
                    ))}
                  </ul>
                ))}
              </div>
            </div>
          </details>
        ))}
      </div>

      {/* spec platform §9, catalogue §9: the select mode below 768 px. Without JavaScript the form goes to the
          page, which turns ?genre=&year=&country= into the path. */}
      <Form method="get" action={formAction} className="filters__selects" data-testid="filter-selects">
        {views.map(({ group, all, items }) => (
          <label key={group.alias} className="picker">
            <span className="picker__label">{group.title}</span>
            <select
              name={group.alias}
              value={group.selected}
              onChange={(event) => {
                const alias = event.currentTarget.value;
                const item = [all, ...items].find((i) => i.alias === alias);
                if (item) trackFilter(group.alias, item);
                void navigate(hrefFor(group.alias, alias));
              }}
            >
              {[all, ...items].map((item) => (
                <option key={item.alias} value={item.alias} disabled={item.disabled}>
                  {item.alias === FILTER_ALL_OPTION.alias ? item.title : t('catalog.optionWithCount', { title: item.title, count: item.total })}
                </option>
              ))}
            </select>
          </label>
        ))}
        {chosenSort ? <input type="hidden" name="sort" value={chosenSort} /> : null}
        <noscript>
          <button type="submit" className="btn btn--ghost">
            {t('catalog.apply')}
          </button>
        </noscript>
      </Form>
    </div>
  );
}

function FilterLink({ group, item, href }: { group: FilterGroup; item: ArrangedFilterItem; href: string }) {
  const isCurrent = group.selected === item.alias;
  const content = (
    <>
      <span className="filter__item-title">{item.title}</span>
      {item.alias === FILTER_ALL_OPTION.alias ? null : <span className="filter__count">{item.total}</span>}
    </>
  );
  if (item.disabled) {
    return (
      <span className="filter__item" aria-disabled="true" data-testid="filter-item" data-alias={item.alias}>
        {content}
      </span>
    );
  }
  return (
    <Link
      className="filter__item"
      to={href}
      aria-current={isCurrent ? 'true' : undefined}
      data-testid="filter-item"
      data-alias={item.alias}
      onClick={() => trackFilter(group.alias, item)}
    >
      {content}
    </Link>
  );
}

/**
 * The sort control (spec catalogue §3 Sort option, §4 Sorting): the chosen sort goes in ?sort=, which is not
 * part of the canonical path; the default (the viewer's Catalog_sorting group, else -popularity) leaves it out.
 */
export function SortControl({ options, sort, defaultSort }: { options: SortOptionData[]; sort: string; defaultSort: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  if (options.length === 0) return null;
  return (
    <Form method="get" className="sort" data-testid="sort">
      <label className="picker picker--inline">
        <span className="picker__label">{t('catalog.sort')}</span>
        <select
          name="sort"
          value={sort}
          onChange={(event) => {
            const alias = event.currentTarget.value;
            const option = options.find((o) => o.alias === alias);
            if (option) track({ block_type: 'sort', element_type: 'sort', element_id: option.alias, element_text: option.title });
            void navigate(alias === defaultSort ? location.pathname : `${location.pathname}?sort=${encodeURIComponent(alias)}`);
          }}
        >
          {options.map((o) => (
            <option key={o.alias} value={o.alias}>
              {o.title}
            </option>
          ))}
        </select>
      </label>
      <noscript>
        <button type="submit" className="btn btn--ghost">
          {t('catalog.apply')}
        </button>
      </noscript>
    </Form>
  );
}
