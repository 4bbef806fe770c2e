import { countedPeople, HOME_CRUMB_TITLE, parseWatchSubPage, PERSON_ROLES, truncate, watchPath, type WatchNamedSubPage } from '@ekran/core';
import type { Credit, Title, TitleArticles, TitleLists } from '@ekran/contracts';
import { useCallback, useState } from 'react';
import { useTranslation } from '../../lib/use-translation.ts';
import { Link } from 'react-router';
import { CoverGrid, type CoverView } from '../../components/collections/cover-card.tsx';
import { progressTargetFor } from '../../components/lists/title-personal.tsx';
import { EpisodeList, SeasonSwitcher } from '../../components/watch/episode-list.tsx';
import { Breadcrumbs } from '../../components/shell/breadcrumbs.tsx';
import { Poster } from '../../components/ui/poster.tsx';
import { TitleHeader, type TitleTab } from '../../components/watch/title-header.tsx';
import { SubPagePlayer, type SubPageItem } from '../../components/watch/sub-page-player.tsx';
import { usePlayerHistory } from '../../components/watch/player-history.ts';
import { ApiCallError } from '../../lib/api.server.ts';
import { tFor } from '../../lib/i18n.ts';
import { imageUrl } from '../../lib/images.ts';
import { orNotFound } from '../../lib/lists.server.ts';
import { loadWatchPersonal, type WatchPersonal } from '../../lib/personal-lists.server.ts';
import { breadcrumbListLd, originOf, seoMeta } from '../../lib/seo.ts';
import { visitorContext } from '../../lib/session.server.ts';
import { seasonLd, videosLd } from '../../lib/title-ld.ts';
import '../../styles/collections.css';
import '../../styles/journal.css';
import { ArticleGrid } from '../../components/journal/article-card.tsx';
import { initials } from '../../components/watch/title-header.tsx';
import type { Route } from './+types/watch-subpage';
import { safeRedirect } from '../../lib/safe-redirect.ts';
import { notFound } from '../../lib/not-found.ts';

/** The sub-pages that are pages (person/{alias} only redirects). */
type PageSub = { kind: 'season'; number: number } | { kind: WatchNamedSubPage };

const CREW_ROLES = PERSON_ROLES;
type Role = (typeof PERSON_ROLES)[number];
const creditsOf = (title: Title, role: Role): Credit[] =>
  countedPeople(
    role === 'actor' ? title.cast
    : role === 'director' ? title.directors
    : role === 'writer' ? title.writers
    : role === 'producer' ? title.producers
    : role === 'operator' ? title.operators
    : title.composers,
  );

/** Whether a sub-page has anything to show: an empty one is not found, never a page of nothing. */
function hasContent(title: Title, sub: PageSub, lists: TitleLists | null, articles: TitleArticles | null): boolean {
  switch (sub.kind) {
    case 'season':
      return title.items.some((s) => s.number === sub.number && s.episodes.length > 0);
    case 'trailers':
      return title.additional_content.some((a) => a.kind === 'trailer');
    case 'extras':
      return title.additional_content.some((a) => a.kind === 'extra');
    case 'characters':
      return creditsOf(title, 'actor').length > 0;
    case 'person':
      return CREW_ROLES.some((r) => creditsOf(title, r).length > 0);
    case 'collections':
      return (lists?.collections.length ?? 0) > 0;
    case 'selections':
      return (lists?.selections.length ?? 0) > 0;
    case 'articles':
      return (articles?.items.length ?? 0) > 0;
  }
}

/**
 * /watch/{watchAlias}/{page}/{pageId?} (spec platform §2 Watching): season-{n}, trailers,
 * characters, extras, collections, selections, person and articles (the journal's articles that mention the
 * title); person/{alias} is the person's own page (a 301 there when the person is in the title's credits). An
 * unknown sub-page, a season out of range or a sub-page with nothing in it is not found. A title named by its id
 * is redirected to its alias.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const sub = parseWatchSubPage(params.page, params.pageId);
  if (!sub) throw notFound();
  const page = sub;
  const visitor = context.get(visitorContext);
  const ref = /^[0-9A-F-]{36}$/i.test(params.watchAlias) ? params.watchAlias.toLowerCase() : params.watchAlias;
  const title = await orNotFound(visitor.api.title(ref));
  if (title.alias !== params.watchAlias) throw safeRedirect(watchPath(title.alias, page), 301);
  if (page.kind === 'person-of-title') {
    const { alias } = page;
    const inCredits = CREW_ROLES.some((r) => creditsOf(title, r).some((p) => p.alias === alias));
    if (!inCredits) throw notFound();
    throw safeRedirect(`/person/${alias}`, 301);
  }
  const needsLists = page.kind === 'collections' || page.kind === 'selections';
  const [lists, articles, personal] = await Promise.all([
    // The tabs of the other pages do without them when the call fails; the lists' own pages do not.
    visitor.api.titleLists(title.alias).catch((err: unknown) => {
      if (!needsLists && err instanceof ApiCallError) return null;
      throw err;
    }),
    // The articles tab of the other pages does without them too; the articles page does not.
    visitor.api.titleArticles(title.alias).catch((err: unknown) => {
      if (page.kind !== 'articles' && err instanceof ApiCallError) return null;
      throw err;
    }),
    page.kind === 'season' ? loadWatchPersonal(visitor, title.alias) : Promise.resolve<WatchPersonal>({ state: null, reportUrl: null }),
  ]);
  if (!hasContent(title, page, lists, articles)) throw notFound();
  // Similar titles are the main page's; a sub-page does not carry them.
  return { title: { ...title, similar: [] }, sub: page, lists, articles, personal };
}

type LoaderData = Awaited<ReturnType<typeof loader>>;
type T = ReturnType<typeof tFor>;

const tabOf = (sub: PageSub): TitleTab['key'] => (sub.kind === 'season' ? 'seasons' : sub.kind);
const labelOf = (t: T, title: Title, sub: PageSub) => {
  if (sub.kind !== 'season') return t(`seo.watchPage.${sub.kind}`);
  const season = title.items.find((s) => s.number === sub.number);
  return season?.title || t('seo.watchPage.season', { number: sub.number });
};

/** The page's name and description for search engines and link previews. */
function describe(t: T, { title, sub, lists, articles }: LoaderData): { name: string; description: string } {
  const kind = t(title._cls === 'Product.Series' ? 'titlePages.kindSeries' : 'titlePages.kindMovie');
  const base = { title: title.title, year: title.year, kind };
  const names = (list: string[]) => truncate(list.join(', '), 120);
  switch (sub.kind) {
    case 'season': {
      const season = title.items.find((s) => s.number === sub.number);
      const label = labelOf(t, title, sub);
      return {
        name: t('titlePages.metaSeason', { title: title.title, season: label }),
        description: t('titlePages.metaSeasonDescription', { title: title.title, season: label, episodes: t('titlePages.episodesCount', { count: season?.episodes.length ?? 0 }) }),
      };
    }
    case 'trailers':
    case 'extras': {
      const count = title.additional_content.filter((a) => a.kind === (sub.kind === 'trailers' ? 'trailer' : 'extra')).length;
      const key = sub.kind === 'trailers' ? 'Trailers' : 'Extras';
      return { name: t(`titlePages.meta${key}`, base), description: t(`titlePages.meta${key}Description`, { ...base, count: t('titlePages.countVideos', { count }) }) };
    }
    case 'characters':
      return {
        name: t('titlePages.metaCharacters', base),
        description: t('titlePages.metaCharactersDescription', { ...base, names: names(creditsOf(title, 'actor').map((p) => (p.character_name ? `${p.name} (${p.character_name})` : p.name))) }),
      };
    case 'person':
      return {
        name: t('titlePages.metaPerson', base),
        description: t('titlePages.metaPersonDescription', { ...base, names: names(CREW_ROLES.flatMap((r) => creditsOf(title, r).map((p) => p.name)).filter((n, i, all) => all.indexOf(n) === i)) }),
      };
    case 'collections':
      return { name: t('titlePages.metaCollections', base), description: t('titlePages.metaCollectionsDescription', { ...base, names: names((lists?.collections ?? []).map((c) => c.title)) }) };
    case 'selections':
      return { name: t('titlePages.metaSelections', base), description: t('titlePages.metaSelectionsDescription', { ...base, names: names((lists?.selections ?? []).map((s) => s.title)) }) };
    case 'articles':
      return { name: t('journal.metaTitleArticles', base), description: t('journal.metaTitleArticlesDescription', { ...base, names: names((articles?.items ?? []).map((a) => `«${a.title}»`)) }) };
  }
}

export function meta({ data: d, matches }: Route.MetaArgs) {
  if (!d) return [];
  const t = tFor('ru');
  const origin = originOf(matches);
  const { title, sub } = d;
  const isSeries = title._cls === 'Product.Series';
  const titlePath = watchPath(title.alias);
  const path = watchPath(title.alias, sub);
  const { name, description } = describe(t, d);
  // spec platform §2 breadcrumbs: Главная › Фильмы|Сериалы › {title} › {sub-page}.
  const crumbs = [
    { title: HOME_CRUMB_TITLE, url: '/' },
    { title: isSeries ? t('menu.series') : t('menu.movies'), url: isSeries ? '/series' : '/movies' },
    { title: title.title, url: titlePath },
    { title: labelOf(t, title, sub) },
  ];
  const videos = sub.kind === 'trailers' || sub.kind === 'extras' ? title.additional_content.filter((a) => a.kind === (sub.kind === 'trailers' ? 'trailer' : 'extra')) : [];
  const season = sub.kind === 'season' ? seasonLd(origin, title, sub.number) : null;
  return seoMeta(origin, {
    title: name,
    description,
    path,
    image: imageUrl(title.horizontal_poster, 1280, 'jpeg'),
    type: isSeries ? 'video.tv_show' : 'video.movie',
    jsonLd: [
      ...(season ? [season] : []),
      ...(videos.length > 0 ? [videosLd(origin, title, videos, path)] : []),
      breadcrumbListLd(origin, crumbs, path),
    ],
  });
}

export default function WatchSubPageView({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { title, sub, lists, articles, personal } = loaderData;
  const isSeries = title._cls === 'Product.Series';
  const [playing, setPlaying] = useState<SubPageItem | null>(null);
  const label = labelOf(t, title, sub);
  const play = (item: SubPageItem) => {
    setPlaying(item);
    window.scrollTo({ top: 0, behavior: 'smooth' });
  };
  const progressTarget = playing ? progressTargetFor(title, playing.uid) : null;
  // Back closes the player before it leaves the page; closing it loads the progress again (player-history.ts).
  const stop = useCallback(() => setPlaying(null), []);
  const { leave } = usePlayerHistory(playing !== null, stop);

  return (
    <div className="page title-page">
      <Breadcrumbs
        productId={title._id}
        items={[
          { title: isSeries ? t('menu.series') : t('menu.movies'), url: isSeries ? '/series' : '/movies' },
          { title: title.title, url: watchPath(title.alias) },
          { title: label },
        ]}
      />
      {playing ? (
        <SubPagePlayer
          key={playing.uid}
          item={playing}
          progress={personal.reportUrl && progressTarget ? { url: personal.reportUrl, ...progressTarget } : null}
          onClose={stop}
          onLeave={leave}
        />
      ) : null}
      <TitleHeader title={title} lists={lists} current={tabOf(sub)} pageLabel={label} articles={articles?.items.length ?? 0} />
      {sub.kind === 'season' ? <SeasonView title={title} number={sub.number} personal={personal} onPlay={play} /> : null}
      {sub.kind === 'trailers' || sub.kind === 'extras' ? <VideosView title={title} kind={sub.kind === 'trailers' ? 'trailer' : 'extra'} onPlay={play} /> : null}
      {sub.kind === 'characters' ? <CharactersView people={creditsOf(title, 'actor')} /> : null}
      {sub.kind === 'person' ? <CrewView title={title} /> : null}
      {sub.kind === 'collections' && lists ? <ListsView title={title} kind="collections" lists={lists} /> : null}
      {sub.kind === 'selections' && lists ? <ListsView title={title} kind="selections" lists={lists} /> : null}
      {sub.kind === 'articles' && articles ? <ArticlesView title={title} articles={articles} /> : null}
    </div>
  );
}

/**
 * A season: the switcher to the other seasons' pages and its episodes as rows with stills, running times, how
 * far the profile got in each and the episode to resume marked (resuming a series opens the right episode).
 */
function SeasonView({ title, number, personal, onPlay }: { title: Title; number: number; personal: WatchPersonal; onPlay: (item: SubPageItem) => void }) {
  const { t } = useTranslation();
  const season = title.items.find((s) => s.number === number);
  if (!season) return null;
  return (
    <section className="section season-page" aria-labelledby="season-episodes">
      <SeasonSwitcher title={title} current={number} hrefOf={(n) => watchPath(title.alias, { kind: 'season', number: n })} />
      <h2 id="season-episodes">
        {t('watch.season', { number: season.number })} · {t('titlePages.episodesCount', { count: season.episodes.length })}
      </h2>
      <EpisodeList title={title} season={season} state={personal.state} onPlay={onPlay} testId="season-episodes" />
    </section>
  );
}

/** The trailers or the extras of a title; they play for everyone (spec platform §3 additional_content). */
function VideosView({ title, kind, onPlay }: { title: Title; kind: 'trailer' | 'extra'; onPlay: (item: SubPageItem) => void }) {
  const { t } = useTranslation();
  const videos = title.additional_content.filter((a) => a.kind === kind);
  return (
    <section className="section" aria-label={t(kind === 'trailer' ? 'seo.watchPage.trailers' : 'seo.watchPage.extras')}>
      <ul className="extras videos" data-testid="videos">
        {videos.map((a, i) => (
          <li key={a.uid} id={`video-${i + 1}`}>
            <button type="button" className="extra" onClick={() => onPlay({ uid: a.uid, title: `${title.title}. ${a.title}` })} aria-label={t('titlePages.playVideo', { title: a.title })}>
              <Poster image={a.packshot} orientation="horizontal" width={320} sizes="(max-width: 567px) calc(100vw - 32px), 320px" priority={i < 2} />
              <span className="extra__title">{a.title}</span>
            </button>
            {a.description ? <p className="videos__text">{a.description}</p> : null}
          </li>
        ))}
      </ul>
    </section>
  );
}


/** The cast with the characters they play; only people with both a name and an alias (spec platform §3). */
function CharactersView({ people }: { people: Credit[] }) {
  const { t } = useTranslation();
  return (
    <section className="section" aria-label={t('seo.watchPage.characters')}>
      <ul className="people-grid" data-testid="characters">
        {people.map((p) => (
          <li key={p.alias} className="person-tile">
            <span className="person-tile__avatar" aria-hidden="true">
              {p.photo ? <img src={imageUrl(p.photo, 96, 'webp')} alt="" width={96} height={96} loading="lazy" /> : initials(p.name)}
            </span>
            <Link className="person-tile__name" to={`/person/${p.alias}`}>
              {p.name}
            </Link>
            <span className="person-tile__role">{p.character_name ? t('titlePages.characterAs', { character: p.character_name }) : t('titlePages.noCharacter')}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** Everyone in the credits, by role (spec platform §3: cast, directors, writers, producers, operators, composers). */
function CrewView({ title }: { title: Title }) {
  const { t } = useTranslation();
  return (
    <div className="crew">
      {CREW_ROLES.map((role) => {
        const people = creditsOf(title, role);
        if (people.length === 0) return null;
        return (
          <section key={role} className="section" aria-labelledby={`crew-${role}`}>
            <h2 id={`crew-${role}`}>
              {t(`titlePages.roles.${role}`)} <span className="crew__count">{people.length}</span>
            </h2>
            <ul className="people-grid people-grid--compact">
              {people.map((p) => (
                <li key={p.alias} className="person-tile">
                  <span className="person-tile__avatar" aria-hidden="true">
                    {initials(p.name)}
                  </span>
                  <Link className="person-tile__name" to={`/person/${p.alias}`}>
                    {p.name}
                  </Link>
                  {role === 'actor' && p.character_name ? <span className="person-tile__role">{p.character_name}</span> : p.name_original ? <span className="person-tile__role">{p.name_original}</span> : null}
                </li>
              ))}
            </ul>
          </section>
        );
      })}
    </div>
  );
}

/** The collections or the selections that hold the title, as cover cards. */
function ListsView({ title, kind, lists }: { title: Title; kind: 'collections' | 'selections'; lists: TitleLists }) {
  const { t } = useTranslation();
  const covers: CoverView[] = lists[kind].map((l) => ({ alias: l.alias, url: l.url, title: l.title, description: l.description, meta: t('count.titles', { count: l.items_total }), posters: l.posters }));
  return (
    <section className="section" aria-label={t(`seo.watchPage.${kind}`)}>
      <p className="title-page__lead">{t(kind === 'collections' ? 'titlePages.collectionsLead' : 'titlePages.selectionsLead', { title: title.title })}</p>
      <CoverGrid covers={covers} blockType={`title_${kind}`} />
    </section>
  );
}

/** The journal's articles that mention the title, newest first, as the journal's cards. */
function ArticlesView({ title, articles }: { title: Title; articles: TitleArticles }) {
  const { t } = useTranslation();
  return (
    <section className="section title-articles" aria-label={t('seo.watchPage.articles')}>
      <p className="title-page__lead">{t('journal.titleArticlesLead', { title: title.title })}</p>
      <ArticleGrid articles={articles.items} t={t} testId="title-articles" />
    </section>
  );
}
