import { clearsSearchOnRouteChange, showsHeaderSearch } from '@ekran/core';
import { useRef, useState } from 'react';
import { useTranslation } from '../../lib/use-translation.ts';
import { Link, useLocation } from 'react-router';
import { SearchCombobox, SearchIcon } from './search-combobox.tsx';

/**
 * The header's search input (spec platform §2): hidden on SEARCH_HIDDEN_ROUTES; a route change clears it
 * unless the new path contains /channel. On narrow screens it is a button that opens a full-width field over
 * the header (without JavaScript, a link to /search).
 */
export function HeaderSearch({ isKids }: { isKids: boolean }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const [query, setQuery] = useState('');
  const [isExpanded, setExpanded] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);

  // spec platform §2, catalogue §4: a route change clears the search value, unless the path contains /channel.
  const [lastPathname, setLastPathname] = useState(pathname);
  if (pathname !== lastPathname) {
    setLastPathname(pathname);
    setExpanded(false);
    if (clearsSearchOnRouteChange(pathname)) setQuery('');
  }

  if (!showsHeaderSearch(pathname)) return null;
  return (
    <div className={`header-search${isExpanded ? ' header-search--open' : ''}`}>
      <Link
        to="/search"
        className="header-search__toggle"
        aria-label={t('search.open')}
        aria-expanded={isExpanded}
        onClick={(event) => {
          event.preventDefault();
          setExpanded(true);
          // The field is display:none until this render; focus it right after.
          requestAnimationFrame(() => inputRef.current?.focus());
        }}
      >
        <SearchIcon />
      </Link>
      <div className="header-search__field">
        <SearchCombobox
          variant="header"
          query={query}
          onQueryChange={setQuery}
          placeholder={t(isKids ? 'search.placeholderKids' : 'search.placeholder')}
          inputRef={inputRef}
          onDone={() => setExpanded(false)}
          onEscapeEmpty={() => setExpanded(false)}
        />
        <button type="button" className="header-search__close" onClick={() => setExpanded(false)}>
          {t('search.close')}
        </button>
      </div>
    </div>
  );
}
