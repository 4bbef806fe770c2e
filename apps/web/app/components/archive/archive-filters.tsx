import { applyArchiveFilter, archiveUrl, filterColumns, hasArchiveFilters, type ArchiveCategory, type ArchiveFilterChoice, type ArchiveFilters as Filters } from '@ekran/core';
import { useRef } from 'react';
import { useTranslation } from '../../lib/use-translation.ts';
import { Link } from 'react-router';
import { useFilterPanels } from '../catalog/catalog-filters.tsx';
import { track } from '../../lib/track.ts';

/** An option of a filter group as the API lists it (catalogue §3 Filter group items: alias, title). */
export interface ArchiveFilterOption {
  alias: string;
  title: string;
}

/** The archive's filter groups (catalogue §7 …/catchups/filters): their titles and options. */
export interface ArchiveFilterGroups {
  category: { title: string; items: { alias: ArchiveCategory; title: string }[] };
  genre: { title: string; items: ArchiveFilterOption[] };
  year: { title: string; items: ArchiveFilterOption[] };
}

type GroupKey = keyof ArchiveFilterGroups;

/** One option as a link: where it leads (archiveUrl of the filters after the choice) and whether it is chosen. */
interface OptionView {
  alias: string;
  title: string;
  href: string;
  selected: boolean;
}

/** How many filters are chosen: the category, each genre and each year (the «Фильтры» button's count). */
export const chosenFilterCount = (filters: Filters) => (filters.category ? 1 : 0) + filters.genres.length + filters.years.length;

/** The options of a multi-select group: a chosen value the list lacks (nothing of it now) comes first, so it can be unchosen. */
function withChosen(items: ArchiveFilterOption[], chosen: readonly string[], titleOf: (alias: string) => string): ArchiveFilterOption[] {
  const missing = chosen.filter((alias) => !items.some((i) => i.alias === alias)).map((alias) => ({ alias, title: titleOf(alias) }));
  return [...missing, ...items];
}

/** Every option of every group, with its link (spec catalogue §4: a category replaces, a genre or a year toggles). */
export function filterOptions(groups: ArchiveFilterGroups, filters: Filters, genreTitles: Readonly<Record<string, string>>, allTitle: string) {
  const link = (choice: ArchiveFilterChoice) => archiveUrl(applyArchiveFilter(filters, choice));
  const category: OptionView[] = [
    { alias: 'all', title: allTitle, href: archiveUrl({ ...filters, category: null }), selected: filters.category === null },
    ...groups.category.items.map((i) => ({ alias: i.alias, title: i.title, href: link({ type: 'category', category: i.alias }), selected: filters.category === i.alias })),
  ];
  const genre = withChosen(groups.genre.items, filters.genres, (alias) => genreTitles[alias] ?? alias).map((i) => ({
    ...i,
    href: link({ type: 'genre', genre: i.alias }),
    selected: filters.genres.includes(i.alias),
  }));
  const years = filters.years.map(String);
  const year = withChosen(groups.year.items, years, (alias) => alias).map((i) => ({
    ...i,
    href: link({ type: 'year', year: Number(i.alias) }),
    selected: years.includes(i.alias),
  }));
  return { category, genre, year };
}

/** spec catalogue §7: "Filter clicks send event records with fields such as action_id, block_type and element_type". */
const trackFilter = (group: string, option: { alias: string; title: string }) =>
  track({ block_type: 'filters', element_type: group, element_id: option.alias, element_text: option.title });

function OptionLink({ group, option, className }: { group: GroupKey; option: OptionView; className: string }) {
  return (
    <Link
      className={className}
      to={option.href}
      preventScrollReset
      aria-current={option.selected ? 'true' : undefined}
      data-testid="archive-filter-option"
      data-group={group}
      data-alias={option.alias}
      onClick={() => trackFilter(group, option)}
    >
      {group === 'category' ? null : <span className="archive-filter__check" aria-hidden="true" />}
      <span className="filter__item-title">{option.title}</span>
    </Link>
  );
}

/** A multi-select list in columns of 10 (catalogue §9). */
function OptionColumns({ group, options }: { group: GroupKey; options: OptionView[] }) {
  return (
    <div className="filter__columns">
      {filterColumns(options).map((column, c) => (
        <ul key={c} className="filter__column">
          {column.map((option) => (
            <li key={option.alias}>
              <OptionLink group={group} option={option} className="filter__item archive-filter__item" />
            </li>
          ))}
        </ul>
      ))}
    </div>
  );
}

function CategoryChips({ label, options }: { label: string; options: OptionView[] }) {
  return (
    <ul className="archive-filters__types" aria-label={label}>
      {options.map((option) => (
        <li key={option.alias}>
          <OptionLink group="category" option={option} className="chip" />
        </li>
      ))}
    </ul>
  );
}

export interface ArchiveFiltersProps {
  groups: ArchiveFilterGroups;
  filters: Filters;
  /** Titles of the chosen genres, also of those the archive holds nothing of now. */
  genreTitles: Readonly<Record<string, string>>;
  /** bar: the panels above the grid (768 px and wider); drawer: every list open, in the «Фильтры» drawer. */
  layout: 'bar' | 'drawer';
}

/**
 * The archive's filters (spec catalogue §4 "Filtering in the archive: a category choice replaces the single
 * category; genre and year toggle as multi-select. The route is rebuilt. Reset clears everything and goes to
 * /archive; the reset button shows whenever any filter is selected"). Every option is a link to the rebuilt
 * address, so the filters work without JavaScript; the chosen ones say aria-current.
 */
export function ArchiveFilters({ groups, filters, genreTitles, layout }: ArchiveFiltersProps) {
  const { t } = useTranslation();
  const root = useRef<HTMLDivElement>(null);
  // A multi-select panel stays open for the next choice.
  useFilterPanels(root, { closeOnNavigation: false });
  const options = filterOptions(groups, filters, genreTitles, t('archive.all'));
  const reset = hasArchiveFilters(filters) ? (
    <Link className="btn btn--ghost btn--sm archive-filters__reset" to="/archive" data-testid="archive-filters-reset" onClick={() => trackFilter('reset', { alias: 'reset', title: t('archive.reset') })}>
      {t('archive.reset')}
    </Link>
  ) : null;

  if (layout === 'drawer') {
    return (
      <div className="archive-filters archive-filters--drawer" data-testid="archive-filters-drawer-content">
        <section className="archive-filters__section">
          <h3 className="filter__title">{groups.category.title}</h3>
          <CategoryChips label={groups.category.title} options={options.category} />
        </section>
        {(['genre', 'year'] as const).map((key) =>
          options[key].length > 0 ? (
            <section key={key} className={`archive-filters__section filter--${key}`}>
              <h3 className="filter__title">{groups[key].title}</h3>
              <OptionColumns group={key} options={options[key]} />
            </section>
          ) : null,
        )}
        {reset}
      </div>
    );
  }

  return (
    <div className="archive-filters archive-filters--bar" ref={root} data-testid="archive-filters">
      <CategoryChips label={groups.category.title} options={options.category} />
      {(['genre', 'year'] as const).map((key) => {
        const chosen = options[key].filter((o) => o.selected).length;
        if (options[key].length === 0) return null;
        return (
          <details key={key} className={`filter filter--${key}`} data-testid={`archive-filter-${key}`} data-selected={chosen > 0 ? 'true' : undefined}>
            <summary className="filter__summary" aria-label={t('archive.groupLabel', { group: groups[key].title, count: chosen })}>
              <span className="filter__name">{groups[key].title}</span>
              {chosen > 0 ? <span className="archive-filters__count">{chosen}</span> : null}
              <svg className="filter__chevron" viewBox="0 0 12 12" aria-hidden="true">
                <path d="M3 4.5 6 7.5 9 4.5" fill="none" stroke="currentColor" strokeWidth="1.5" />
              </svg>
            </summary>
            <div className="filter__panel">
              <p className="filter__title">{groups[key].title}</p>
              <OptionColumns group={key} options={options[key]} />
            </div>
          </details>
        );
      })}
      {reset}
    </div>
  );
}
