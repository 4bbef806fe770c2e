import { formatDuration, formatPrice, HOME_CRUMB_TITLE, hashtagAlias, mpaaFor, truncate } from '@ekran/core';
import { ErrorCode, type Credit, type PlaybackCheck, type Title } from '@ekran/contracts';
import { lazy, Suspense, useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { data, Link, useFetcher, useLocation, useRevalidator, useRouteLoaderData } from 'react-router';
import { DeviceRegistrationDialog } from '../../components/devices/device-registration-dialog.tsx';
import { TitleRow } from '../../components/catalog/title-row.tsx';
import { FavoriteButton } from '../../components/lists/favorite-button.tsx';
import { RatingWidget } from '../../components/lists/rating-widget.tsx';
import { EpisodeProgress, progressTargetFor, ResumeButton, resumeOf, useResumeFromUrl } from '../../components/lists/title-personal.tsx';
import { Breadcrumbs } from '../../components/shell/breadcrumbs.tsx';
import { ApiCallError } from '../../lib/api.server.ts';
import { toCardView } from '../../lib/card-view.ts';
import { tFor } from '../../lib/i18n.ts';
import { imageUrl } from '../../lib/images.ts';
import { Poster } from '../../components/ui/poster.tsx';
import { originOf, breadcrumbListLd, seoMeta } from '../../lib/seo.ts';
import { loadWatchPersonal } from '../../lib/personal-lists.server.ts';
import { visitorContext } from '../../lib/session.server.ts';
import { titleLd, watchSubPage } from '../../lib/title-ld.ts';
import type { Route } from './+types/watch';

// The player and hls.js load only when a viewer presses play.
const Player = lazy(() => import('../../components/player/player.tsx'));

// spec platform §8: 403 DEVICE_NOT_REGISTERED opens the device-registration popup when the viewer presses play.
type CheckResult = PlaybackCheck | { restricted: true } | { deviceNotRegistered: true };
type FetchedCheck = PlaybackCheck | { error: { code: string; message: string } };

export async function loader({ params, context }: Route.LoaderArgs) {
  // Sub-pages (season-{n}, trailers, characters, …) are not served yet: they are not found, not faked.
  if (params.page) throw data(null, { status: 404 });
  const { api, token } = context.get(visitorContext);
  let title: Title;
  try {
    title = await api.title(params.watchAlias);
  } catch (err) {
    if (err instanceof ApiCallError && (err.status === 404 || err.status === 400)) throw data(null, { status: 404 });
    throw err;
  }
  // issue 4 lists: favorite, own rating, where to resume (alongside the playback check).
  const personal = loadWatchPersonal(context.get(visitorContext), title.alias);
  let check: CheckResult | null = null;
  if (token) {
    try {
      check = await api.playbackCheck(title.uid);
    } catch (err) {
      if (err instanceof ApiCallError && err.status === 403 && err.body?.code === ErrorCode.DeviceNotRegistered) check = { deviceNotRegistered: true };
      else if (err instanceof ApiCallError && err.status === 403) check = { restricted: true };
      else throw err;
    }
  }
  return { title, check, personal: await personal };
}

export function meta({ data: d, params, matches }: Route.MetaArgs) {
  if (!d) return [];
  const t = tFor('ru');
  const origin = originOf(matches);
  const { title } = d;
  const isSeries = title._cls === 'Product.Series';
  const key = isSeries ? 'meta.watchTitleSeries' : 'meta.watchTitleMovie';
  const pageTitle = t(key, { title: title.title, year: title.year });
  const titlePath = `/watch/${title.alias}`;
  // Sub-pages (season-{n}, trailers, …) are pages of their own: their own canonical and name.
  const sub = watchSubPage(params.page, params.pageId);
  const path = sub ? `${titlePath}${sub.path}` : titlePath;
  const subLabel = sub ? t(sub.label.key, { number: sub.label.number }) : null;
  const crumbs = [
    { title: HOME_CRUMB_TITLE, url: '/' },
    { title: isSeries ? t('menu.series') : t('menu.movies'), url: isSeries ? '/series' : '/movies' },
    { title: title.title, url: sub ? titlePath : null },
    ...(subLabel ? [{ title: subLabel }] : []),
  ];
  return seoMeta(origin, {
    title: subLabel ? `${subLabel} — ${pageTitle}` : pageTitle,
    description: truncate(title.description, 160),
    path,
    image: imageUrl(title.horizontal_poster, 1280, 'jpeg'),
    type: isSeries ? 'video.tv_show' : 'video.movie',
    jsonLd: [...(sub ? [] : [titleLd(origin, title)]), breadcrumbListLd(origin, crumbs, path)],
  });
}

interface Playing {
  uid: string;
  title: string;
  /** Resuming: the second to start from. */
  startAt?: number;
}

export default function WatchPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { title, check, personal } = loaderData;
  const isSeries = title._cls === 'Product.Series';
  const fetcher = useFetcher<FetchedCheck>();
  const [playing, setPlaying] = useState<Playing | null>(null);
  const [registering, setRegistering] = useState(false);
  const revalidator = useRevalidator();

  const mainSrc = check && 'playlists' in check ? check.playlists[0]?.url : undefined;
  const isMain = playing?.uid === title.uid;
  const fetched = fetcher.state === 'idle' && fetcher.data && 'playlists' in fetcher.data ? fetcher.data : undefined;
  const fetchedError = fetcher.state === 'idle' && fetcher.data && 'error' in fetcher.data ? fetcher.data.error.code : undefined;
  // The player's source: the loader's check for the title, a fetched check for trailers and episodes.
  const src = isMain ? mainSrc : fetched?.playlists[0]?.url;
  const fetchedGated = !isMain && playing && fetched && fetched.playlists.length === 0;

  const play = (item: Playing) => {
    setPlaying(item);
    if (item.uid !== title.uid) void fetcher.load(`/resources/playback/${item.uid}`);
    else if (check && 'deviceNotRegistered' in check) setRegistering(true);
    window.scrollTo({ top: 0, behavior: 'smooth' });
  };
  // A trailer's or episode's check refused the device: the popup opens until the viewer closes it.
  const [dismissed, setDismissed] = useState<unknown>(null);
  const registrationOpen = registering || (fetchedError === ErrorCode.DeviceNotRegistered && dismissed !== fetcher.data);
  const handleRegistrationOpen = (open: boolean) => {
    setRegistering(open);
    if (!open) setDismissed(fetcher.data);
  };
  // Registered: ask for playback again; the chosen item then plays.
  const handleRegistered = useCallback(() => {
    setRegistering(false);
    setDismissed(fetcher.data);
    void revalidator.revalidate();
    if (playing && playing.uid !== title.uid) void fetcher.load(`/resources/playback/${playing.uid}`);
  }, [revalidator, playing, title.uid, fetcher]);
  // issue 4 lists: resume where the profile stopped (a continue-watching card asks with ?resume=1).
  const resume = resumeOf(personal.state);
  const mainEntitled = Boolean(check && 'playlists' in check && check.playlists.length > 0);
  const handleResume = () => {
    if (!resume) return;
    if (resume.episodeId) play({ uid: resume.episodeId, title: `${title.title}. ${t('watch.season', { number: resume.season })}, ${t('watch.episode', { number: resume.episode })}`, startAt: resume.position });
    else play({ uid: title.uid, title: title.title, startAt: resume.position });
  };
  useResumeFromUrl(resume, mainEntitled || Boolean(resume?.episodeId), handleResume);
  const progressTarget = playing ? progressTargetFor(title, playing.uid) : null;
  const trailer = title.additional_content.find((a) => a.kind === 'trailer');
  const facts = [
    String(title.year),
    title.origin_countries.map((c) => c.title).join(', '),
    title.genres.map((g) => g.title).join(', '),
    isSeries ? t('card.seasons', { count: title.items.length }) : title.duration_minutes ? formatDuration(title.duration_minutes) : null,
  ].filter(Boolean);
  const mpaa = mpaaFor(title.rating_age);

  return (
    <article className="watch">
      <section className="watch__stage">
        {playing && src ? (
          <Suspense fallback={<div className="player player--placeholder" />}>
            <Player
              key={src}
              src={src}
              title={playing.title}
              onClose={() => setPlaying(null)}
              startAt={playing.startAt}
              progress={personal.reportUrl && progressTarget ? { url: personal.reportUrl, ...progressTarget } : null}
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
            <p className="watch__facts">
              <span className="badge badge--age" title={mpaa ?? undefined}>
                {title.rating_age}
              </span>
              <span className="watch__rating">{title.rating_ekran.toFixed(1)}</span>
              {facts.join(' · ')}
            </p>
            <div className="watch__actions">
              {resume && (mainEntitled || resume.episodeId) ? <ResumeButton resume={resume} onResume={handleResume} /> : null}
              <MainAction check={check} isSeries={isSeries} isFree={title.is_free} onPlay={() => play({ uid: title.uid, title: title.title })} />
              {trailer ? (
                <button type="button" className="btn btn--ghost btn--lg" onClick={() => play({ uid: trailer.uid, title: `${title.title}. ${trailer.title}` })}>
                  {t('watch.trailer')}
                </button>
              ) : null}
              {personal.state ? <FavoriteButton alias={title.alias} title={title.title} variant="full" initial={personal.state.is_favorite} /> : null}
            </div>
            {personal.state ? <RatingWidget alias={title.alias} initial={personal.state.rating} /> : null}
            {check && 'playlists' in check && check.playlists.length === 0 ? <GatedPanel check={check} /> : null}
            {fetchedGated ? <GatedPanel check={fetched} /> : null}
            <DeviceRegistrationDialog open={registrationOpen} onOpenChange={handleRegistrationOpen} onRegistered={handleRegistered} />
            {(check && 'restricted' in check) || (!isMain && fetchedError === 'KIDS_PROFILE_RESTRICTED') ? <p className="notice">{t('watch.kidsRestricted')}</p> : null}
            <p className="watch__description">{title.description}</p>
          </div>
        </div>

        {isSeries && title.items.length > 0 ? (
          <section className="section" aria-labelledby="seasons">
            <h2 id="seasons">{t('watch.seasons')}</h2>
            {title.items.map((season) => (
              <div key={season.number} className="season">
                <h3>{season.title || t('watch.season', { number: season.number })}</h3>
                <ol className="episodes">
                  {season.episodes.map((e) => (
                    <li key={e.ekran_id}>
                      <button
                        type="button"
                        className="episode"
                        onClick={() => play({ uid: e.ekran_id, title: `${title.title}. ${t('watch.season', { number: season.number })}, ${t('watch.episode', { number: e.number })}` })}
                      >
                        <span className="episode__num">{t('watch.episode', { number: e.number })}</span>
                        <span className="episode__title">{e.title}</span>
                        <span className="episode__meta">
                          {formatDuration(e.duration_minutes)}
                          {e.is_preview ? <span className="badge badge--free">{t('watch.preview')}</span> : null}
                        </span>
                        <EpisodeProgress state={personal.state} episodeId={e.ekran_id} />
                      </button>
                    </li>
                  ))}
                </ol>
              </div>
            ))}
          </section>
        ) : null}

        <section className="section" aria-labelledby="about">
          <h2 id="about">{isSeries ? t('watch.aboutSeries') : t('watch.about')}</h2>
          <dl className="facts">
            {title.title_original ? <Fact term={t('watch.originalTitle')} value={title.title_original} /> : null}
            <Fact term={t('watch.year')} value={String(title.year)} />
            <Fact term={t('watch.country')} value={title.origin_countries.map((c) => c.title).join(', ')} />
            <Fact term={t('watch.genre')} value={title.genres.map((g) => g.title).join(', ')} />
            {title.duration_minutes ? <Fact term={t('watch.duration')} value={formatDuration(title.duration_minutes)} /> : null}
            <Fact term={t('watch.age')} value={mpaa ? `${title.rating_age} (${mpaa})` : title.rating_age} />
            <Fact term={t('watch.ratingEkran')} value={title.rating_ekran.toFixed(1)} />
            <Fact term={t('watch.audio')} value={title.locales.map((l) => l.toUpperCase()).join(', ')} />
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
                {title.cast.map((p) => (
                  <li key={p.alias}>
                    <span className="cast__avatar" aria-hidden="true">
                      {initials(p.name)}
                    </span>
                    {/* issue 4 collections: a person's page */}
                    <Link className="cast__name" to={`/person/${p.alias}`}>
                      {p.name}
                    </Link>
                    {p.character_name ? <span className="cast__role">{p.character_name}</span> : null}
                  </li>
                ))}
              </ul>
            </>
          ) : null}
          {title.hashtags.length > 0 ? (
            <ul className="tags" aria-label={t('watch.hashtags')}>
              {title.hashtags.map((h) => (
                // issue 4 collections: a hashtag is a collection of the titles carrying it (decision 010)
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

function MainAction({ check, isSeries, isFree, onPlay }: { check: CheckResult | null; isSeries: boolean; isFree: boolean; onPlay: () => void }) {
  const { t } = useTranslation();
  const location = useLocation();
  const root = useRouteLoaderData('root') as { isVirtual?: boolean } | undefined;
  // No check means no session (a crawler): free titles still say so. An unregistered device plays once
  // registered (the popup opens on play).
  const entitled = check ? ('playlists' in check && check.playlists.length > 0) || 'deviceNotRegistered' in check : isFree;
  if (!entitled) {
    return (
      // spec platform §4 Playback gating: a virtual user goes to /auth (and comes back), others to the tariffs.
      <Link className="btn btn--primary btn--lg" to={root?.isVirtual === false ? '/tariffs' : `/auth?back=${encodeURIComponent(location.pathname)}`}>
        {t('watch.subscribe')}
      </Link>
    );
  }
  return (
    <button type="button" className="btn btn--primary btn--lg" data-testid="play-button" onClick={onPlay}>
      <svg viewBox="0 0 24 24" aria-hidden="true" className="btn__icon">
        <path d="M8 5v14l11-7z" fill="currentColor" />
      </svg>
      {isFree ? t('watch.playFree') : isSeries ? t('watch.playFirstEpisode') : t('watch.play')}
    </button>
  );
}

/** Not entitled: what the subscription costs (spec platform §4: the weight-0 trial tariff first). */
function GatedPanel({ check }: { check: PlaybackCheck }) {
  const { t } = useTranslation();
  const tariff = check.upgrade_options.find((o) => o.allow_trial) ?? check.upgrade_options[0];
  const price = tariff ? formatPrice(tariff.price, tariff.currency) : null;
  return (
    <div className="gated" role="note">
      <p className="gated__title">{t('watch.gatedTitle')}</p>
      <p>{t('watch.gatedText')}</p>
      {tariff && price ? (
        <p className="gated__price">
          {tariff.allow_trial ? t('watch.gatedTrial', { days: t('card.days', { count: tariff.trial_days }), price }) : t('watch.gatedPrice', { price })}
        </p>
      ) : null}
    </div>
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
  if (people.length === 0) return null;
  return <Fact term={term} value={people.map((p) => p.name).join(', ')} />;
}

function initials(name: string) {
  return name
    .split(/\s+/)
    .slice(0, 2)
    .map((w) => w[0])
    .join('');
}
