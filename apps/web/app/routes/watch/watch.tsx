import { formatDuration, formatPrice, mpaaFor } from '@ekran/core';
import { ErrorCode, type Credit, type PlaybackCheck, type Title } from '@ekran/contracts';
import { lazy, Suspense, useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { data, Link, useFetcher, useLocation, useRevalidator, useRouteLoaderData } from 'react-router';
import { DeviceRegistrationDialog } from '../../components/devices/device-registration-dialog.tsx';
import { TitleRow } from '../../components/catalog/title-row.tsx';
import { Breadcrumbs } from '../../components/shell/breadcrumbs.tsx';
import { ApiCallError } from '../../lib/api.server.ts';
import { toCardView } from '../../lib/card-view.ts';
import { tFor } from '../../lib/i18n.ts';
import { imageUrl, posterSources } from '../../lib/images.ts';
import { visitorContext } from '../../lib/session.server.ts';
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
  return { title, check };
}

export function meta({ data: d }: Route.MetaArgs) {
  if (!d) return [];
  const t = tFor('ru');
  const { title } = d;
  const key = title._cls === 'Product.Series' ? 'meta.watchTitleSeries' : 'meta.watchTitleMovie';
  return [
    { title: t(key, { title: title.title, year: title.year }) },
    { name: 'description', content: title.description },
    { tagName: 'link', rel: 'canonical', href: `/watch/${title.alias}` },
    { property: 'og:title', content: title.title },
    { property: 'og:description', content: title.description },
    { property: 'og:image', content: imageUrl(title.horizontal_poster, 1280, 'jpeg') },
    { property: 'og:type', content: title._cls === 'Product.Series' ? 'video.tv_show' : 'video.movie' },
  ];
}

interface Playing {
  uid: string;
  title: string;
}

export default function WatchPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { title, check } = loaderData;
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
  const trailer = title.additional_content.find((a) => a.kind === 'trailer');
  const facts = [
    String(title.year),
    title.origin_countries.map((c) => c.title).join(', '),
    title.genres.map((g) => g.title).join(', '),
    isSeries ? t('card.seasons', { count: title.items.length }) : title.duration_minutes ? formatDuration(title.duration_minutes) : null,
  ].filter(Boolean);
  const mpaa = mpaaFor(title.rating_age);
  const poster = posterSources(title.vertical_poster, 280, '(max-width: 767px) 40vw, 280px');

  return (
    <article className="watch">
      <section className="watch__stage">
        {playing && src ? (
          <Suspense fallback={<div className="player player--placeholder" />}>
            <Player key={src} src={src} title={playing.title} onClose={() => setPlaying(null)} />
          </Suspense>
        ) : (
          <div className="watch__backdrop" aria-hidden="true">
            <img src={imageUrl(title.horizontal_poster, 1920)} alt="" fetchPriority="high" />
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
          <img className="watch__poster" {...poster} alt={title.title} width={280} height={420} />
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
              <MainAction check={check} isSeries={isSeries} isFree={title.is_free} onPlay={() => play({ uid: title.uid, title: title.title })} />
              {trailer ? (
                <button type="button" className="btn btn--ghost btn--lg" onClick={() => play({ uid: trailer.uid, title: `${title.title}. ${trailer.title}` })}>
                  {t('watch.trailer')}
                </button>
              ) : null}
            </div>
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
                    <span className="cast__name">{p.name}</span>
                    {p.character_name ? <span className="cast__role">{p.character_name}</span> : null}
                  </li>
                ))}
              </ul>
            </>
          ) : null}
          {title.hashtags.length > 0 ? (
            <ul className="tags" aria-label={t('watch.hashtags')}>
              {title.hashtags.map((h) => (
                <li key={h}>#{h}</li>
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
                    <img src={imageUrl(a.packshot, 480)} alt="" loading="lazy" width={240} height={135} />
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
