import { formatDuration, HOME_CRUMB_TITLE, hashtagAlias, languageName, mpaaFor, playerCloseDestination, truncate } from '@ekran/core';
import { ErrorCode, type Credit, type Title } from '@ekran/contracts';
import { lazy, Suspense, useEffect } from 'react';
import { useTranslation } from '../../lib/use-translation.ts';
import { Link, useSearchParams, type ShouldRevalidateFunctionArgs } from 'react-router';
// The play logic (platform §4 gating, §8 errors, stream limits) lives in components/watch.
import { PlayButton } from '../../components/watch/play-button.tsx';
import { playLabel } from '../../components/watch/play-label.ts';
import { PlaybackDialogs } from '../../components/watch/playback-dialogs.tsx';
import { seedTariffs } from '../../components/watch/playback-client.ts';
import { usePlayback } from '../../components/watch/use-playback.ts';
import { usePlayerHistory } from '../../components/watch/player-history.ts';
import { ManifestPrefetch } from '../../components/player/manifest-prefetch.tsx';
import { TitleRow } from '../../components/catalog/title-row.tsx';
import { FavoriteButton } from '../../components/lists/favorite-button.tsx';
import { RatingWidget } from '../../components/lists/rating-widget.tsx';
import { progressTargetFor, ResumeButton, resumeOf, useResumeFromUrl } from '../../components/lists/title-personal.tsx';
import { currentSeason, EpisodeList, SeasonSwitcher } from '../../components/watch/episode-list.tsx';
import { Breadcrumbs } from '../../components/shell/breadcrumbs.tsx';
import { ApiCallError, isNothingThere } from '../../lib/api.server.ts';
import { checkForPage } from '../../lib/gating.server.ts';
import { toCardView } from '../../lib/card-view.ts';
import { tFor } from '../../lib/i18n.ts';
import { imageUrl } from '../../lib/images.ts';
import { Poster } from '../../components/ui/poster.tsx';
import { originOf, breadcrumbListLd, seoMeta } from '../../lib/seo.ts';
import { loadWatchPersonal } from '../../lib/personal-lists.server.ts';
import { visitorContext } from '../../lib/session.server.ts';
import { loadShellPopup } from '../../lib/shell-popup.server.ts';
import { usePlayFromUrl } from '../../components/billing/play-from-url.ts';
import { titleLd } from '../../lib/title-ld.ts';
// ---- The tabs of the sub-pages and the facts line with the MPAA badge and linked genres
import { TitleFacts, TitleTabs } from '../../components/watch/title-header.tsx';
import { initials } from '../../components/watch/title-header.tsx';
import type { Route } from './+types/watch';
import { safeRedirect } from '../../lib/safe-redirect.ts';
import { notFound } from '../../lib/not-found.ts';

// The player and hls.js load only when a viewer presses play.
const Player = lazy(() => import('../../components/player/player.tsx'));

export async function loader({ params, request, context }: Route.LoaderArgs) {
  // Sub-pages (season-{n}, trailers, characters, …) are routes/watch/watch-subpage.tsx.
  const { api, token, auth } = context.get(visitorContext);
  let title: Title;
  try {
    // ---- A title id (the mini-app's {product}, /movie/{id}) names the title too.
    title = await api.title(/^[0-9A-F-]{36}$/i.test(params.watchAlias) ? params.watchAlias.toLowerCase() : params.watchAlias);
  } catch (err) {
    if (isNothingThere(err)) throw notFound();
    throw err;
  }
  // ---- The page's address is its alias; an id moves there for good, keeping the query (ap, s).
  if (title.alias !== params.watchAlias) throw safeRedirect(`/watch/${title.alias}${new URL(request.url).search}`, 301);
  // ---- The collections and selections holding the title decide the sub-page tabs; without them
  // (the call failed) the page shows its other tabs.
  const lists = api.titleLists(title.alias).catch((err: unknown) => {
    if (err instanceof ApiCallError) return null;
    throw err;
  });
  // The journal's articles that mention the title decide its articles tab; without them (the call failed) no tab.
  const articles = api.titleArticles(title.alias).then(
    (a) => a.items.length,
    (err: unknown) => {
      if (err instanceof ApiCallError) return 0;
      throw err;
    },
  );
  // Favorite, own rating, where to resume (alongside the playback check).
  const personal = loadWatchPersonal(context.get(visitorContext), title.alias);
  // ---- The title page's marketing popup (the upsell, platform §5), alongside the rest.
  const shellPopup = loadShellPopup(context.get(visitorContext), request, 'product');
  // The check, a refusal's code and the tariffs (lib/gating.server.ts checkForPage).
  const { check, refusal, tariffs } = await checkForPage(token, () => api.playbackCheck(title.uid), () => api.tariffs());
  return { title, check, refusal, tariffs, trialAvailable: auth?.trial_is_available ?? true, personal: await personal, lists: await lists, articles: await articles, shellPopup: await shellPopup };
}

/** Switching the season shown (?season=N) changes nothing the loader reads: the page keeps its data. */
export function shouldRevalidate({ currentUrl, nextUrl, formMethod, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  if (formMethod || currentUrl.pathname !== nextUrl.pathname) return defaultShouldRevalidate;
  const strip = (url: URL) => {
    const params = new URLSearchParams(url.search);
    params.delete('season');
    return params.toString();
  };
  // A switch of season alone shows data the page has (every season's episodes): no reload. The same address
  // again (a revalidation, Back over the player's entry) reloads it, so a closed player leaves «Продолжить».
  const seasonOnly = currentUrl.searchParams.get('season') !== nextUrl.searchParams.get('season') && strip(currentUrl) === strip(nextUrl);
  return seasonOnly ? false : defaultShouldRevalidate;
}

export function meta({ data: d, matches }: Route.MetaArgs) {
  if (!d) return [];
  const t = tFor('ru');
  const origin = originOf(matches);
  const { title } = d;
  const isSeries = title._cls === 'Product.Series';
  const key = isSeries ? 'meta.watchTitleSeries' : 'meta.watchTitleMovie';
  const pageTitle = t(key, { title: title.title, year: title.year });
  // Sub-pages (season-{n}, trailers, …) have their own module and meta (watch-subpage.tsx).
  const path = `/watch/${title.alias}`;
  const crumbs = [
    { title: HOME_CRUMB_TITLE, url: '/' },
    { title: isSeries ? t('menu.series') : t('menu.movies'), url: isSeries ? '/series' : '/movies' },
    { title: title.title },
  ];
  return seoMeta(origin, {
    title: pageTitle,
    description: truncate(title.description, 160),
    path,
    image: imageUrl(title.horizontal_poster, 1280, 'jpeg'),
    type: isSeries ? 'video.tv_show' : 'video.movie',
    jsonLd: [titleLd(origin, title), breadcrumbListLd(origin, crumbs, path)],
  });
}

export default function WatchPage({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const { title, check, refusal, tariffs, trialAvailable, personal, lists, articles } = loaderData;
  const isSeries = title._cls === 'Product.Series';
  // Pressing play asks the check and follows platform §4 gating and the §8 errors.
  const playback = usePlayback({ back: `/watch/${title.alias}` });
  const { playing, play } = playback;
  // Back closes the player before it leaves the page; closing it loads the progress again, so «Продолжить»
  // shows at once (player-history.ts).
  const { leave } = usePlayerHistory(Boolean(playing), playback.stop);
  const [searchParams] = useSearchParams();
  // A viewer who came from outside the site (the mini-app, an autoplay link) goes on to what to watch next, in place
  // of the player's history entry (Back then comes to the title page).
  const closePlayer = () => {
    const next = playerCloseDestination(title.alias, searchParams);
    if (next) leave(next);
    else playback.stop();
  };
  useEffect(() => seedTariffs(tariffs), [tariffs]);
  const kidsRestricted = refusal === ErrorCode.KidsProfileRestricted;
  const { label, trialDays } = playLabel({ check, isFree: title.is_free, isSeries, trialAvailable, tariffs });
  const playMain = (startAt?: number) => play({ uid: title.uid, title: title.title, startAt }, check);
  const src = playing?.src;
  // Resume where the profile stopped (a continue-watching card asks with ?resume=1).
  const resume = resumeOf(personal.state);
  const mainEntitled = Boolean(check && check.playlists.length > 0);
  const handleResume = () => {
    if (!resume) return;
    if (resume.episodeId) play({ uid: resume.episodeId, title: `${title.title}. ${t('watch.season', { number: resume.season })}, ${t('watch.episode', { number: resume.episode })}`, startAt: resume.position });
    else playMain(resume.position);
  };
  useResumeFromUrl(resume, mainEntitled || Boolean(resume?.episodeId), handleResume);
  // Back from a paid order (?play=1): what the play button would do, at once (the viewer paid to watch).
  usePlayFromUrl(mainEntitled, () => (resume ? handleResume() : playMain()));
  const progressTarget = playing ? progressTargetFor(title, playing.item.uid) : null;
  const trailer = title.additional_content.find((a) => a.kind === 'trailer');
  const mpaa = mpaaFor(title.rating_age);
  const shownSeason = isSeries ? currentSeason(title, searchParams.get('season'), personal.state) : null;

  return (
    <article className="watch">
      <ManifestPrefetch check={check} />
      <section className="watch__stage">
        {playing && src ? (
          <Suspense fallback={<div className="player player--placeholder" />}>
            <Player
              key={`${src}#${playing.attempt}`}
              src={src}
              title={playing.item.title}
              uid={playing.item.uid}
              // The item's check (stream session, marks, promo slots, thumbnails, the next episode)
              check={playing.check}
              onClose={closePlayer}
              onLeave={leave}
              startAt={playing.item.startAt}
              progress={personal.reportUrl && progressTarget ? { url: personal.reportUrl, ...progressTarget } : null}
              onNext={(next) => play({ uid: next.uid, title: `${title.title}. ${t('watch.season', { number: next.season })}, ${t('watch.episode', { number: next.episode })}` })}
              // Over the stream limit or stopped from another device: the player has stopped; the gate says why.
              onStreamRefused={playback.handleStreamRefused}
            />
          </Suspense>
        ) : (
          <div className="watch__backdrop" aria-hidden="true">
            <Poster image={title.horizontal_poster} orientation="horizontal" width={1440} sizes="100vw" priority fill />
          </div>
        )}
      </section>

      <div className="watch__body">
        <Breadcrumbs
          productId={title._id}
          items={[
            { title: isSeries ? t('menu.series') : t('menu.movies'), url: isSeries ? '/series' : '/movies' },
            { title: title.title },
          ]}
        />
        <div className="watch__main">
          <Poster className="watch__poster" image={title.vertical_poster} orientation="vertical" width={280} sizes="(max-width: 1279px) 220px, 280px" alt={title.title} />
          <div className="watch__info">
            <h1 className="watch__title">{title.title}</h1>
            {title.title_original ? <p className="watch__original">{title.title_original}</p> : null}
            <TitleFacts title={title} />
            <div className="watch__actions">
              {resume && (mainEntitled || resume.episodeId) ? <ResumeButton resume={resume} onResume={handleResume} /> : null}
              {kidsRestricted ? null : <PlayButton label={label} trialDays={trialDays} busy={playback.busy} onPlay={() => playMain()} />}
              {trailer ? (
                <button type="button" className="btn btn--ghost btn--lg" onClick={() => play({ uid: trailer.uid, title: `${title.title}. ${trailer.title}` })}>
                  {t('watch.trailer')}
                </button>
              ) : null}
              {personal.state ? <FavoriteButton alias={title.alias} title={title.title} variant="full" initial={personal.state.is_favorite} /> : null}
            </div>
            {personal.state ? <RatingWidget alias={title.alias} initial={personal.state.rating} /> : null}
            {kidsRestricted ? <p className="notice">{t('watch.kidsRestricted')}</p> : null}
            <PlaybackDialogs gate={playback.gate} />
            <p className="watch__description">{title.description}</p>
          </div>
        </div>

        <TitleTabs title={title} lists={lists} current="about" articles={articles} />

        {isSeries && shownSeason ? (
          <section className="section" aria-labelledby="seasons">
            <h2 id="seasons">{t('watch.seasons')}</h2>
            {/* One season at a time (?season=N); its page has the same list with the descriptions in full. */}
            <SeasonSwitcher title={title} current={shownSeason.number} hrefOf={(n) => `?season=${n}#seasons`} />
            <EpisodeList title={title} season={shownSeason} state={personal.state} onPlay={(item) => play(item)} />
          </section>
        ) : null}

        <section className="section" aria-labelledby="about">
          <h2 id="about">{isSeries ? t('watch.aboutSeries') : t('watch.about')}</h2>
          <dl className="facts">
            {title.title_original ? <Fact term={t('watch.originalTitle')} value={title.title_original} /> : null}
            <Fact term={t('watch.year')} value={String(title.year)} />
            <Fact term={t('watch.country')} value={title.origin_countries.map((c) => c.title).join(', ')} />
            {/* Genres link to their pages; people to theirs */}
            <LinksFact term={t('watch.genre')} links={title.genres.map((g) => ({ key: g.alias, to: `/genres/${g.alias}`, text: g.title }))} />
            {title.duration_minutes ? <Fact term={t('watch.duration')} value={formatDuration(title.duration_minutes)} /> : null}
            <Fact term={t('watch.age')} value={mpaa ? `${title.rating_age} (${mpaa})` : title.rating_age} />
            <Fact term={t('watch.ratingEkran')} value={title.rating_ekran.toFixed(1)} />
            <Fact term={t('watch.audio')} value={title.locales.map((l) => languageName(l, i18n.language)).join(', ')} />
            <Credits term={t('watch.directors')} people={title.directors} />
            <Credits term={t('watch.writers')} people={title.writers} />
            <Credits term={t('watch.producers')} people={title.producers} />
            <Credits term={t('watch.operators')} people={title.operators} />
            <Credits term={t('watch.composers')} people={title.composers} />
          </dl>
          {title.cast.length > 0 ? (
            <>
              <h3>{t('watch.cast')}</h3>
              <ul className="cast">
                {title.cast.slice(0, CAST_ON_MAIN).map((p) => (
                  <li key={p.alias}>
                    <span className="cast__avatar" aria-hidden="true">
                      {initials(p.name)}
                    </span>
                    {/* A person's page */}
                    <Link className="cast__name" to={`/person/${p.alias}`}>
                      {p.name}
                    </Link>
                    {p.character_name ? <span className="cast__role">{p.character_name}</span> : null}
                  </li>
                ))}
              </ul>
              {/* The whole cast with its roles is a sub-page */}
              <p className="watch__more">
                <Link to={`/watch/${title.alias}/characters`}>{t('titlePages.allCast')}</Link>
              </p>
            </>
          ) : null}
          {title.hashtags.length > 0 ? (
            <ul className="tags" aria-label={t('watch.hashtags')}>
              {title.hashtags.map((h) => (
                // A hashtag is a collection of the titles carrying it (decision 010)
                <li key={h}>{hashtagAlias(h) ? <Link to={`/collections/${hashtagAlias(h)}`}>#{h}</Link> : `#${h}`}</li>
              ))}
            </ul>
          ) : null}
        </section>

        {title.additional_content.length > 0 ? (
          <section className="section" aria-labelledby="extras">
            <h2 id="extras">{t('watch.extras')}</h2>
            <ul className="extras">
              {title.additional_content.map((a) => (
                <li key={a.uid}>
                  <button type="button" className="extra" onClick={() => play({ uid: a.uid, title: `${title.title}. ${a.title}` })}>
                    <Poster image={a.packshot} orientation="horizontal" width={240} sizes="(max-width: 567px) calc(100vw - 32px), 260px" />
                    <span className="extra__title">{a.title}</span>
                  </button>
                </li>
              ))}
            </ul>
          </section>
        ) : null}

        {title.similar.length > 0 ? <TitleRow row={{ alias: 'similar', title: t('watch.similar'), url: null, items: title.similar.map(toCardView) }} /> : null}
      </div>
    </article>
  );
}

function Fact({ term, value }: { term: string; value: string }) {
  if (!value) return null;
  return (
    <div className="facts__row">
      <dt>{term}</dt>
      <dd>{value}</dd>
    </div>
  );
}

function Credits({ term, people }: { term: string; people: Credit[] }) {
  // Each person links to their page (the lists hold only people with a name and an alias).
  return <LinksFact term={term} links={people.map((p) => ({ key: p.alias, to: `/person/${p.alias}`, text: p.name }))} />;
}

// ---- The cast on the main page is its first dozen; all of it is the characters sub-page.
const CAST_ON_MAIN = 12;

function LinksFact({ term, links }: { term: string; links: { key: string; to: string; text: string }[] }) {
  if (links.length === 0) return null;
  return (
    <div className="facts__row">
      <dt>{term}</dt>
      <dd>
        {links.map((l, i) => (
          <span key={l.key}>
            {i > 0 ? ', ' : null}
            <Link className="facts__link" to={l.to}>
              {l.text}
            </Link>
          </span>
        ))}
      </dd>
    </div>
  );
}
