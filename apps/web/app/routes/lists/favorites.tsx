import { hasMore, idleList, listReducer, PERSONAL_LIST_PAGE_SIZE, type ListEvent, type ListState } from '@ekran/core';
import type { TFunction } from 'i18next';
import { useEffect, useReducer, useRef, useState } from 'react';
import { useTranslation } from '../../lib/use-translation.ts';
import { Link, useFetcher, useSearchParams, type ShouldRevalidateFunction } from 'react-router';
import { TitleCard } from '../../components/catalog/title-card.tsx';
import { useFavoritesStore } from '../../components/lists/favorites-store.ts';
import { usePersonalRoot } from '../../components/lists/personal-root.ts';
import { RowSkeleton } from '../../components/lists/personal-rows.tsx';
import { ProgressCard, resumeLine } from '../../components/lists/progress-card.tsx';
import { signInHref } from '../../components/lists/sign-in-dialog.tsx';
import { Breadcrumbs } from '../../components/shell/breadcrumbs.tsx';
import { Modal } from '../../components/ui/modal.tsx';
import { tFor } from '../../lib/i18n.ts';
import { imageUrl } from '../../lib/images.ts';
import { listsFor, loadListView } from '../../lib/personal-lists.server.ts';
import { isListKind, type ListKind, type ListView, type PersonalCardView, type ResumeView } from '../../lib/lists-view.ts';
import { originOf, seoMeta } from '../../lib/seo.ts';
import { visitorContext } from '../../lib/session.server.ts';
import type { HistoryResult, ListPageResult } from '../resources/lists.ts';
import type { Route } from './+types/favorites';

const GRID_SIZES = '(max-width: 567px) 50vw, (max-width: 767px) 33vw, (max-width: 1023px) 25vw, (max-width: 1279px) 20vw, (max-width: 1559px) 17vw, 14vw';

/**
 * /favorites (spec platform §2 Browsing): the personal lists of the current profile in four sections —
 * Избранное, Продолжить просмотр, История, Оценки. The loader loads the open section; the others stay idle
 * until opened (spec platform §3: each list is idle, loading, loaded or error). An anonymous visitor keeps
 * only progress and is invited to sign in.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const visitor = context.get(visitorContext);
  const kinds = listsFor(visitor);
  const asked = new URL(request.url).searchParams.get('tab');
  const tab: ListKind | null = isListKind(asked) && kinds.includes(asked) ? asked : (kinds[0] ?? null);
  const list = tab ? await loadListView(visitor.api, tab) : null;
  return { kinds, tab, list, isVirtual: visitor.auth?.virtual ?? true };
}

// Switching sections changes only ?tab: the page loads the section itself and keeps the ones it has.
export const shouldRevalidate: ShouldRevalidateFunction = ({ currentUrl, nextUrl, formMethod, defaultShouldRevalidate }) => {
  if (!formMethod && currentUrl.pathname === nextUrl.pathname) {
    const strip = (u: URL) => {
      const p = new URLSearchParams(u.search);
      p.delete('tab');
      return p.toString();
    };
    if (strip(currentUrl) === strip(nextUrl)) return false;
  }
  return defaultShouldRevalidate;
};

export function meta({ matches }: Route.MetaArgs) {
  const t = tFor('ru');
  return seoMeta(originOf(matches), { title: t('lists.page.metaTitle'), description: t('lists.page.metaDescription'), path: '/favorites', noindex: true });
}

type Lists = Record<ListKind, ListState<PersonalCardView>>;
type PageAction = { kind: ListKind; event: ListEvent<PersonalCardView> };

function initialLists(list: ListView | null): Lists {
  const lists: Lists = { favorites: idleList(), continue: idleList(), history: idleList(), rated: idleList() };
  if (list?.status === 'loaded') {
    lists[list.kind] = listReducer(idleList(), { type: 'loaded', items: list.page.items, itemsTotal: list.page.itemsTotal, pageSize: list.page.limit, append: false });
  } else if (list) {
    lists[list.kind] = listReducer(idleList(), { type: 'failed', error: 'failed' });
  }
  return lists;
}

function pageReducer(state: Lists, { kind, event }: PageAction): Lists {
  return { ...state, [kind]: listReducer(state[kind], event) };
}

export default function FavoritesPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { kinds, isVirtual } = loaderData;
  const [params] = useSearchParams();
  const asked = params.get('tab');
  const tab = isListKind(asked) && kinds.includes(asked) ? asked : (loaderData.tab ?? kinds[0]);
  const [lists, dispatch] = useReducer(pageReducer, loaderData.list, initialLists);

  return (
    <div className="page lists-page">
      <Breadcrumbs items={[{ title: t('lists.page.title') }]} />
      <header className="page__head">
        <h1>{t('lists.page.title')}</h1>
      </header>
      {isVirtual ? <GuestInvitation /> : null}
      {tab ? (
        <>
          <nav className="lists-tabs chips" aria-label={t('lists.page.tabs')}>
            {kinds.map((kind) => (
              <Link
                key={kind}
                aria-current={kind === tab ? 'page' : undefined}
                aria-controls={`panel-${kind}`}
                className="chip"
                to={`?tab=${kind}`}
                replace
                preventScrollReset
                data-testid={`tab-${kind}`}
              >
                {t(`lists.page.${kind}`)}
                {lists[kind].status === 'loaded' && lists[kind].itemsTotal > 0 ? <span className="lists-tabs__count">{lists[kind].itemsTotal}</span> : null}
              </Link>
            ))}
          </nav>
          {kinds.map((kind) => (
            <ListPanel key={kind} kind={kind} active={kind === tab} state={lists[kind]} dispatch={(event) => dispatch({ kind, event })} onHistoryChanged={() => dispatch({ kind: 'continue', event: { type: 'reset' } })} />
          ))}
        </>
      ) : null}
    </div>
  );
}

function GuestInvitation() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const search = params.toString();
  return (
    <section className="lists-guest" data-testid="lists-guest">
      <h2>{t('lists.page.guestTitle')}</h2>
      <p>{t('lists.page.guestLead')}</p>
      <Link className="btn btn--primary btn--lg" to={signInHref('/favorites', search ? `?${search}` : '')}>
        {t('lists.page.guestAction')}
      </Link>
    </section>
  );
}

/**
 * One section: its cards and its status. Opening an idle section loads it; «Показать ещё» appends the next
 * page (spec platform §4 Lists: skip advances by page size, capped at items_total) with placeholders while it
 * loads; a failure shows a message and «Повторить» and keeps what was loaded.
 */
function ListPanel({ kind, active, state, dispatch, onHistoryChanged }: { kind: ListKind; active: boolean; state: ListState<PersonalCardView>; dispatch: (e: ListEvent<PersonalCardView>) => void; onHistoryChanged: () => void }) {
  const { t } = useTranslation();
  const fetcher = useFetcher<ListPageResult>();
  const appending = useRef(false);

  const load = (append: boolean) => {
    appending.current = append;
    dispatch({ type: 'load' });
    void fetcher.load(`/resources/lists/${kind}?skip=${append ? state.skip : 0}&limit=${PERSONAL_LIST_PAGE_SIZE}`);
  };
  // A section opened for the first time (or reset after the history changed) loads itself.
  useEffect(() => {
    if (active && state.status === 'idle') load(false);
  });
  // The fetched page goes into the list's state.
  useOnAnswer(fetcher.state === 'idle' ? fetcher.data : undefined, (data) => {
    if (data.ok) dispatch({ type: 'loaded', items: data.items, itemsTotal: data.itemsTotal, pageSize: PERSONAL_LIST_PAGE_SIZE, append: appending.current });
    else dispatch({ type: 'failed', error: data.error });
  });
  useFavoritesRemovals(kind, state, dispatch);

  const firstLoad = state.items.length === 0;
  return (
    <section id={`panel-${kind}`} aria-labelledby={`heading-${kind}`} hidden={!active} className="lists-panel" data-testid={`panel-${kind}`} data-status={state.status} aria-busy={state.status === 'loading' || undefined}>
      <h2 id={`heading-${kind}`} className="sr-only">
        {t(`lists.page.${kind}`)}
      </h2>
      {kind === 'history' && state.status === 'loaded' && state.items.length > 0 ? <ClearHistory dispatch={dispatch} onCleared={onHistoryChanged} /> : null}
      {state.items.length > 0 ? <Items kind={kind} items={state.items} t={t} dispatch={dispatch} onHistoryChanged={onHistoryChanged} /> : null}
      {state.status === 'loaded' && state.items.length === 0 ? (
        <div className="empty lists-empty" data-testid="list-empty">
          <p>{t(`lists.page.empty.${kind}`)}</p>
          <Link className="btn btn--ghost" to="/">
            {t('lists.page.toCatalog')}
          </Link>
        </div>
      ) : null}
      {state.status === 'loading' ? <RowSkeleton wide={kind === 'continue' || kind === 'history'} count={firstLoad ? 6 : 3} /> : null}
      {state.status === 'error' ? (
        <div className="list-error" role="alert" data-testid="list-error">
          <p>{t('lists.page.failed')}</p>
          <button type="button" className="btn btn--ghost btn--sm" onClick={() => load(!firstLoad)}>
            {t('lists.page.retry')}
          </button>
        </div>
      ) : null}
      {state.status === 'loaded' && hasMore(state.skip, state.itemsTotal) ? (
        <div className="lists-more">
          <button type="button" className="btn btn--ghost" onClick={() => load(true)} data-testid="list-more">
            {t('lists.page.more')}
          </button>
        </div>
      ) : null}
    </section>
  );
}

/** A favorite removed with its heart (here or on another card) leaves the section at once; the server said so. */
function useFavoritesRemovals(kind: ListKind, state: ListState<PersonalCardView>, dispatch: (e: ListEvent<PersonalCardView>) => void) {
  const { isVirtual, profileId } = usePersonalRoot();
  const store = useFavoritesStore(profileId, kind === 'favorites' && !isVirtual);
  useEffect(() => {
    if (kind !== 'favorites') return;
    const gone = state.items.filter((i) => store.removed.has(i.alias));
    if (gone.length > 0) dispatch({ type: 'removed', match: (i) => gone.includes(i) });
  }, [kind, store, state.items, dispatch]);
}

function Items({ kind, items, t, dispatch, onHistoryChanged }: { kind: ListKind; items: PersonalCardView[]; t: TFunction; dispatch: (e: ListEvent<PersonalCardView>) => void; onHistoryChanged: () => void }) {
  if (kind === 'continue') {
    return (
      <ul className="wide-grid">
        {items.map((item, i) =>
          item.resume ? (
            <li key={item.id}>
              <ProgressCard item={item as PersonalCardView & { resume: ResumeView }} t={t} priority={i < 4} />
            </li>
          ) : null,
        )}
      </ul>
    );
  }
  if (kind === 'history') {
    return (
      <ul className="wide-grid">
        {items.map((item) => (
          <li key={item.id}>
            <HistoryCard item={item} t={t} dispatch={dispatch} onRemoved={onHistoryChanged} />
          </li>
        ))}
      </ul>
    );
  }
  return (
    <ul className="card-grid">
      {items.map((item, i) => (
        <li key={item.id}>
          <TitleCard title={item} t={t} sizes={GRID_SIZES} priority={i < 7} />
          {kind === 'rated' && item.userRating ? <span className="my-rating">{t('lists.page.ratedValue', { value: item.userRating })}</span> : null}
        </li>
      ))}
    </ul>
  );
}

// Moscow time on the server and in the browser alike, so the rendered date does not change on hydration.
const DAY = new Intl.DateTimeFormat('ru-RU', { day: 'numeric', month: 'long', timeZone: 'Europe/Moscow' });
const DAY_YEAR = new Intl.DateTimeFormat('ru-RU', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'Europe/Moscow' });
const YEAR = new Intl.DateTimeFormat('ru-RU', { year: 'numeric', timeZone: 'Europe/Moscow' });
/** «22 ноября», with the year when it is not this year. */
const watchDate = (iso: string) => {
  const date = new Date(iso);
  return YEAR.format(date) === YEAR.format(new Date()) ? DAY.format(date) : DAY_YEAR.format(date);
};

/** A watched title: when, how far, and «Убрать из истории», which removes it in place. */
function HistoryCard({ item, t, dispatch, onRemoved }: { item: PersonalCardView; t: TFunction; dispatch: (e: ListEvent<PersonalCardView>) => void; onRemoved: () => void }) {
  const fetcher = useFetcher<HistoryResult>();
  const result = fetcher.state === 'idle' ? fetcher.data : undefined;
  useOnAnswer(result, (answer) => {
    if (!answer.ok) return;
    dispatch({ type: 'removed', match: (i) => i.alias === item.alias });
    onRemoved();
  });
  const pending = fetcher.state !== 'idle';
  const resume = item.resume;
  const line = resume ? resumeLine(resume, t) : '';
  return (
    <div className={`hcard${pending ? ' hcard--pending' : ''}`} data-testid="history-card">
      <Link to={`/watch/${item.alias}`} className="pcard" prefetch="intent">
        <span className="pcard__art">
          <img src={imageUrl(item.art, 640)} alt="" width={320} height={180} loading="lazy" decoding="async" />
          {resume ? (
            <span className="pcard__bar" aria-hidden="true">
              <span style={{ width: `${resume.finished ? 100 : resume.percent}%` }} />
            </span>
          ) : null}
        </span>
        <span className="pcard__title">{item.title}</span>
        {item.watchedAt ? <span className="pcard__meta">{t('lists.page.watchedAt', { date: watchDate(item.watchedAt) })}</span> : null}
        {line ? <span className="pcard__meta">{line}</span> : null}
      </Link>
      <fetcher.Form method="post" action="/resources/lists/history" className="hcard__remove" defaultShouldRevalidate={false}>
        <input type="hidden" name="intent" value="remove" />
        <input type="hidden" name="alias" value={item.alias} />
        <button type="submit" className="icon-btn" disabled={pending} aria-label={t('lists.page.removeHistoryLabel', { title: item.title })} title={t('lists.page.removeHistory')}>
          <svg viewBox="0 0 24 24" aria-hidden="true">
            <path d="M6 6l12 12M18 6 6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
          </svg>
        </button>
      </fetcher.Form>
      {result && !result.ok ? (
        <p className="hcard__error" role="alert">
          {t('lists.page.removeFailed')}
        </p>
      ) : null}
    </div>
  );
}

function ClearHistory({ dispatch, onCleared }: { dispatch: (e: ListEvent<PersonalCardView>) => void; onCleared: () => void }) {
  const { t } = useTranslation();
  const fetcher = useFetcher<HistoryResult>();
  const [confirming, setConfirming] = useState(false);
  const result = fetcher.state === 'idle' ? fetcher.data : undefined;
  useOnAnswer(result, (answer) => {
    if (!answer.ok) return;
    dispatch({ type: 'loaded', items: [], itemsTotal: 0, pageSize: PERSONAL_LIST_PAGE_SIZE, append: false });
    onCleared();
  });
  return (
    <div className="lists-tools">
      <button type="button" className="btn btn--ghost btn--sm" onClick={() => setConfirming(true)}>
        {t('lists.page.clearHistory')}
      </button>
      {confirming ? (
        <Modal onClose={() => setConfirming(false)} size="sm" title={t('lists.page.clearConfirmTitle')} lead={t('lists.page.clearConfirmLead')} focus="dialog">
          <fetcher.Form method="post" action="/resources/lists/history" className="modal__actions" defaultShouldRevalidate={false} onSubmit={() => setConfirming(false)}>
            <input type="hidden" name="intent" value="clear" />
            <button type="submit" className="btn btn--danger">
              {t('lists.page.clearConfirm')}
            </button>
            <button type="button" className="btn btn--ghost" onClick={() => setConfirming(false)}>
              {t('lists.page.cancel')}
            </button>
          </fetcher.Form>
        </Modal>
      ) : null}
      {result && !result.ok ? (
        <p className="hcard__error" role="alert">
          {t('lists.page.removeFailed')}
        </p>
      ) : null}
    </div>
  );
}

/** Runs `handle` once for each new answer of a fetcher (not again on later renders). */
function useOnAnswer<T>(answer: T | undefined, handle: (answer: T) => void) {
  const seen = useRef<T | undefined>(undefined);
  useEffect(() => {
    if (answer === undefined || seen.current === answer) return;
    seen.current = answer;
    handle(answer);
  });
}
