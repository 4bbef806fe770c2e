import {
  SEARCH_QUERY_MAX, SEARCH_SUGGEST_DEBOUNCE_MS, SEARCH_SUGGEST_MIN_CHARS, normalizeSearchText, searchPath,
} from '@ekran/core';
import type { SearchSuggestResponse, SearchSuggestion } from '@ekran/contracts';
import { useCombobox } from 'downshift';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '../../lib/use-translation.ts';
import { Form, useNavigate } from 'react-router';
import { trackClick } from '../../lib/analytics.ts';
import { imageUrl } from '../../lib/images.ts';
import { initialsOf, rolesText } from './search-text.ts';
import './search.css';

/** An option of the list: a suggestion, or «all results» for what is typed. */
export type SearchOption = SearchSuggestion | { type: 'all'; query: string; url: string };

const SUGGEST_PATH = '/resources/search-suggest';
const THUMB_WIDTH = 40;

const optionText = (option: SearchOption | null) =>
  !option ? '' : option.type === 'title' ? option.title : option.type === 'person' ? option.name : option.query;
const optionKey = (option: SearchOption | null) => (!option ? '' : `${option.type}:${option.url}`);

export interface SearchComboboxProps {
  /** header: compact, in the site header; page: the field of /search with a «Найти» button. */
  variant: 'header' | 'page';
  query: string;
  onQueryChange: (query: string) => void;
  placeholder: string;
  /** Called after a suggestion or the search itself was chosen (the header closes its mobile field). */
  onDone?: () => void;
  /** Keyboard Escape on an empty field with the list closed (the header closes its mobile field). */
  onEscapeEmpty?: () => void;
  inputRef?: React.Ref<HTMLInputElement>;
}

/**
 * The search field: a GET form to /search?q= (so it works without JavaScript) and, with JavaScript, a WAI-ARIA
 * combobox (downshift) with suggestions while typing: arrow keys move, Enter opens the highlighted suggestion
 * or, with none highlighted, searches; Escape closes the list, a second Escape clears the field. Suggestions
 * are fetched once typing pauses (useSuggestions), so no navigation (and no progress bar) happens.
 */
export function SearchCombobox({ variant, query, onQueryChange, placeholder, onDone, onEscapeEmpty, inputRef }: SearchComboboxProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const formRef = useRef<HTMLFormElement>(null);

  // Text typed before the page came alive (server-rendered field, slow script) is the viewer's: keep it.
  useEffect(() => {
    const typed = formRef.current?.querySelector<HTMLInputElement>('input[name="q"]')?.value ?? '';
    if (typed !== query) onQueryChange(typed);
    // Only once, at hydration.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const wanted = normalizeSearchText(query).length >= SEARCH_SUGGEST_MIN_CHARS ? query.trim() : '';
  const answer = useSuggestions(wanted);

  // Only the answer for what is typed now is shown. An earlier query's answer (typing paused again before the
  // debounce, or its request still on the way) would put the previous query's titles under the new one, so until
  // this query's answer arrives the list shows that it is loading.
  const answered = wanted !== '' && answer !== null && answer.query === wanted;
  const suggestions = answered ? answer.items : [];
  const isLoading = wanted !== '' && !answered;
  const options: SearchOption[] = wanted ? [...suggestions, { type: 'all', query: wanted, url: searchPath(wanted) }] : [];

  function choose(option: SearchOption) {
    trackClick({
      block_type: 'search_suggest',
      element_type: option.type,
      element_id: option.type === 'all' ? undefined : option.alias,
      element_text: optionText(option),
    });
    onDone?.();
    void navigate(option.url);
  }

  const { isOpen, highlightedIndex, getLabelProps, getMenuProps, getInputProps, getItemProps, closeMenu } = useCombobox<SearchOption>({
    items: options,
    inputValue: query,
    selectedItem: null,
    itemToString: optionText,
    itemToKey: optionKey,
    onInputValueChange: ({ inputValue, type }) => {
      // Typing updates the text in the input's own change event (below); of downshift's changes only Escape's
      // clearing counts. Choosing an option navigates, and the route change clears the field.
      if (type === useCombobox.stateChangeTypes.InputKeyDownEscape) onQueryChange(inputValue);
    },
    onSelectedItemChange: ({ selectedItem }) => {
      if (selectedItem) choose(selectedItem);
    },
  });

  const inputProps = getInputProps({
    ref: inputRef,
    name: 'q',
    type: 'search',
    placeholder,
    maxLength: SEARCH_QUERY_MAX,
    autoComplete: 'off',
    autoCorrect: 'off',
    spellCheck: false,
    enterKeyHint: 'search',
    className: 'search-field__input',
    // Synchronously, in the change event: downshift reports changes after rendering, and a controlled input
    // updated that late drops keystrokes of fast typing.
    onChange: (event) => onQueryChange(event.currentTarget.value),
    onKeyDown: (event) => {
      // Enter with no suggestion highlighted searches what is typed: downshift would swallow it while the
      // list is open, so it is left to the browser, which submits the form.
      if (event.key === 'Enter' && highlightedIndex < 0) {
        (event.nativeEvent as KeyboardEvent & { preventDownshiftDefault?: boolean }).preventDownshiftDefault = true;
      }
      if (event.key === 'Escape' && !isOpen && query === '' && onEscapeEmpty) onEscapeEmpty();
    },
  });
  const menuProps = getMenuProps({ className: 'search-menu' }, { suppressRefError: true });
  const showMenu = isOpen && options.length > 0;

  return (
    <Form
      ref={formRef}
      method="get"
      action="/search"
      role="search"
      className={`search-field search-field--${variant}`}
      onSubmit={() => {
        closeMenu();
        onDone?.();
      }}
    >
      <label {...getLabelProps({ className: 'sr-only' })}>{t('search.label')}</label>
      <span className="search-field__box">
        <SearchIcon className="search-field__icon" />
        <input {...inputProps} />
        {query ? (
          <button
            type="button"
            className="search-field__clear"
            aria-label={t('search.clear')}
            onClick={() => {
              onQueryChange('');
              formRef.current?.querySelector<HTMLInputElement>('input[name="q"]')?.focus();
            }}
          >
            <svg viewBox="0 0 24 24" aria-hidden="true">
              <path d="M7 7l10 10M17 7 7 17" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
            </svg>
          </button>
        ) : null}
        {variant === 'page' ? (
          <button type="submit" className="btn btn--primary search-field__submit">
            {t('search.submit')}
          </button>
        ) : (
          <button type="submit" className="sr-only" tabIndex={-1}>
            {t('search.submit')}
          </button>
        )}
      </span>
      <ul {...menuProps} hidden={!showMenu} aria-busy={showMenu && isLoading ? true : undefined}>
        {showMenu && isLoading ? <SuggestionsLoading /> : null}
        {showMenu
          ? options.map((option, index) => (
              <li
                key={optionKey(option)}
                className={`search-option search-option--${option.type}${highlightedIndex === index ? ' is-active' : ''}`}
                {...getItemProps({ item: option, index })}
              >
                <OptionContent option={option} />
              </li>
            ))
          : null}
      </ul>
      <div className="sr-only" role="status" aria-live="polite">
        {showMenu && answered ? t('search.suggestionsCount', { count: suggestions.length }) : ''}
      </div>
    </Form>
  );
}

/**
 * The suggestions for `wanted`, asked once typing pauses (SEARCH_SUGGEST_DEBOUNCE_MS). A new query aborts the
 * request of the previous one. A plain fetch of the resource route, not a router fetcher: a fetcher's every
 * state change updates the router's state, which re-rendered the whole page under the field (a catalogue page
 * of 144 cards) twice per suggestion (docs/decisions/039-stored-search-names.md). Any failure is no suggestions
 * (they are a convenience).
 */
function useSuggestions(wanted: string): SearchSuggestResponse | null {
  const [answer, setAnswer] = useState<SearchSuggestResponse | null>(null);
  useEffect(() => {
    if (!wanted) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      fetch(`${SUGGEST_PATH}?${new URLSearchParams({ q: wanted })}`, { signal: controller.signal, headers: { accept: 'application/json' } })
        .then((res) => res.json())
        .then((body: unknown) => {
          if (isSuggestResponse(body) && !controller.signal.aborted) setAnswer(body);
        })
        .catch(() => undefined);
    }, SEARCH_SUGGEST_DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [wanted]);
  return answer;
}

/**
 * The shape of the resource's answer, checked without zod: the API validated it against the contract already, and
 * a zod parse here set off zod's eval probe, which the site's CSP reports (root.tsx's zod config).
 */
function isSuggestResponse(body: unknown): body is SearchSuggestResponse {
  if (typeof body !== 'object' || body === null || !('query' in body) || !('items' in body)) return false;
  const { query, items } = body;
  return (
    typeof query === 'string' &&
    Array.isArray(items) &&
    items.every((i: unknown) => typeof i === 'object' && i !== null && 'type' in i && (i.type === 'title' || i.type === 'person') && 'url' in i && typeof i.url === 'string')
  );
}

/** Placeholder rows while the answer for what is typed is on its way (never the previous query's titles). */
function SuggestionsLoading() {
  const { t } = useTranslation();
  return (
    <li className="search-menu__loading" role="presentation" data-testid="suggest-loading">
      <span className="sr-only">{t('search.loading')}</span>
      {[0, 1, 2].map((i) => (
        <span key={i} className="search-menu__placeholder" aria-hidden="true">
          <span className="search-menu__placeholder-poster" />
          <span className="search-menu__placeholder-lines">
            <span />
            <span />
          </span>
        </span>
      ))}
    </li>
  );
}

function OptionContent({ option }: { option: SearchOption }) {
  const { t } = useTranslation();
  if (option.type === 'title') {
    return (
      <>
        <img
          className="search-option__poster"
          src={imageUrl(option.vertical_poster, THUMB_WIDTH * 2)}
          alt=""
          width={THUMB_WIDTH}
          height={THUMB_WIDTH * 1.5}
          loading="lazy"
          decoding="async"
        />
        <span className="search-option__text">
          <span className="search-option__name">{option.title}</span>
          <span className="search-option__meta">
            {option.year} · {t(option._cls === 'Product.Series' ? 'search.series' : 'search.movie')}
          </span>
        </span>
      </>
    );
  }
  if (option.type === 'person') {
    return (
      <>
        <span className="search-option__avatar" aria-hidden="true">
          {initialsOf(option.name)}
        </span>
        <span className="search-option__text">
          <span className="search-option__name">{option.name}</span>
          <span className="search-option__meta">{rolesText(option.roles, t)}</span>
        </span>
      </>
    );
  }
  return (
    <span className="search-option__all">
      {t('search.allResults', { query: option.query })}
      <svg viewBox="0 0 24 24" aria-hidden="true">
        <path d="M5 12h14M13 6l6 6-6 6" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
      </svg>
    </span>
  );
}

/** The magnifier of the search field and the header's search button. */
export function SearchIcon({ className }: { className?: string }) {
  return (
    <svg className={className} viewBox="0 0 24 24" aria-hidden="true">
      <circle cx="11" cy="11" r="6.5" fill="none" stroke="currentColor" strokeWidth="2" />
      <path d="m16 16 4.5 4.5" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
    </svg>
  );
}
