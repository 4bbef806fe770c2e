// issue 7 tvstream: /channel/{id}/{date?} — a channel's live stream (spec platform §2 TV: channel watch; the id is
// the channel's alias), the programme on air under the player, and, with a day in the past, that day's recordings.
import { ErrorCode, type PlaybackCheck, type Tariff, type TvDayRecordings, type TvNowNext } from '@ekran/contracts';
import { lazy, Suspense, useEffect, useEffectEvent, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { data, Link } from 'react-router';
import { ChannelHeading, ExpiryLine, OnAir, useOnAir } from '../../components/tv/on-air.tsx';
import { dayTitle, daysBefore, isDay, MOSCOW_TZ_HOURS, moscowDay, programmeTimes, recordingTimeLeft } from '../../components/tv/tv-format.ts';
import { PlayButton } from '../../components/watch/play-button.tsx';
import { playLabel } from '../../components/watch/play-label.ts';
import { PlaybackDialogs } from '../../components/watch/playback-dialogs.tsx';
import { seedTariffs } from '../../components/watch/playback-client.ts';
import { usePlayback, type PlayItem } from '../../components/watch/use-playback.ts';
import { Breadcrumbs } from '../../components/shell/breadcrumbs.tsx';
import { ApiCallError } from '../../lib/api.server.ts';
import { checkForPage } from '../../lib/gating.server.ts';
import { tFor } from '../../lib/i18n.ts';
import { originOf, seoMeta } from '../../lib/seo.ts';
import { visitorContext } from '../../lib/session.server.ts';
import type { Route } from './+types/channel-watch';

// The player and hls.js load only when something plays.
const Player = lazy(() => import('../../components/player/player.tsx'));

const ALIAS = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
/** How many past days of recordings the live page links to (the archive keeps 14, catalogue §9). */
const DAYS_LINKED = 7;

type LiveView = {
  view: 'live';
  nowNext: TvNowNext;
  check: PlaybackCheck | null;
  refusal: string | null;
  tariffs: Tariff[] | null;
  trialAvailable: boolean;
  today: string;
};
type DayView = { view: 'day'; day: TvDayRecordings; today: string; now: number };
type GeoView = { view: 'geo'; alias: string };

export async function loader({ params, context }: Route.LoaderArgs) {
  const alias = params.id;
  const date = params.date ?? null;
  if (!ALIAS.test(alias) || (date !== null && !isDay(date))) throw data(null, { status: 404 });
  const { api, token, auth } = context.get(visitorContext);
  const today = moscowDay(Date.now());
  try {
    if (date !== null && date !== today) {
      // A day other than today: its recordings (Moscow's day, as the site shows times).
      return { view: 'day', day: await api.tvDayRecordings(alias, { date, tz: MOSCOW_TZ_HOURS }), today, now: Date.now() } satisfies DayView;
    }
    const nowNext = await api.tvNowNext(alias);
    // As the title page: the check decides the button and lets an entitled viewer's stream start at once; a refusal
    // (a kids profile, an unregistered device, a VPN) is said when play is pressed, the kids one at once.
    const { check, refusal, tariffs } = await checkForPage(token, async () => (await api.tvLiveCheck(alias)) as PlaybackCheck, () => api.tariffs());
    return { view: 'live', nowNext, check, refusal, tariffs, trialAvailable: auth?.trial_is_available ?? true, today } satisfies LiveView;
  } catch (err) {
    if (err instanceof ApiCallError && (err.status === 404 || err.status === 400)) throw data(null, { status: 404 });
    // spec platform §6: outside RU a channel page reports geo_error (attribute tvchannels_{channel}).
    if (err instanceof ApiCallError && err.status === 403 && err.body?.code === ErrorCode.GeoError) return data({ view: 'geo', alias } satisfies GeoView, { status: 403 });
    throw err;
  }
}

export function meta({ data: d, matches }: Route.MetaArgs) {
  if (!d || d.view === 'geo') return [];
  const t = tFor('ru');
  const channel = d.view === 'live' ? d.nowNext.channel : d.day.channel;
  const title = d.view === 'live' ? t('tvWatch.metaTitle', { channel: channel.title }) : t('tvWatch.metaDayTitle', { channel: channel.title, day: dayTitle(d.day.date) });
  const path = d.view === 'live' ? `/channel/${channel.alias}` : `/channel/${channel.alias}/${d.day.date}`;
  // A day's recordings change daily and expire: not for search engines (as the archive, catalogue §2).
  return seoMeta(originOf(matches), { title, description: t('tvWatch.metaDescription', { channel: channel.title }), path, noindex: d.view === 'day' });
}

export default function ChannelWatchPage({ loaderData }: Route.ComponentProps) {
  if (loaderData.view === 'geo') return <GeoRefusal />;
  if (loaderData.view === 'day') return <DayRecordings data={loaderData} />;
  // A channel of its own: another channel's page starts over (its player, its programme).
  return <LiveChannel key={loaderData.nowNext.channel.alias} data={loaderData} />;
}

function GeoRefusal() {
  const { t } = useTranslation();
  return (
    <article className="watch__body" data-testid="tv-geo-error">
      <div className="empty">
        <p className="empty__title">{t('tvWatch.geoTitle')}</p>
        <p>{t('tvWatch.geoText')}</p>
      </div>
    </article>
  );
}

function LiveChannel({ data: d }: { data: LiveView }) {
  const { t } = useTranslation();
  const { channel } = d.nowNext;
  const onAir = useOnAir(channel.alias, d.nowNext);
  const playback = usePlayback({ back: `/channel/${channel.alias}` });
  const { playing } = playback;
  useEffect(() => seedTariffs(d.tariffs), [d.tariffs]);
  const item: PlayItem = { uid: channel.id, title: channel.title, checkUrl: `/resources/tv-playback/live/${encodeURIComponent(channel.alias)}` };
  const kidsRestricted = d.refusal === ErrorCode.KidsProfileRestricted;
  const { label, trialDays } = playLabel({ check: d.check, isFree: channel.is_free, isSeries: false, trialAvailable: d.trialAvailable, tariffs: d.tariffs });
  // A channel page is for watching: an entitled viewer's stream starts as the page opens (once; closing stays closed).
  const started = useRef(false);
  const start = useEffectEvent(() => {
    if (started.current || !d.check || d.check.playlists.length === 0) return;
    started.current = true;
    playback.play(item, d.check);
  });
  useEffect(() => start(), []);

  return (
    <article className="watch tv-watch" data-testid="tv-channel-page" data-channel={channel.alias}>
      <section className="watch__stage">
        {playing?.src ? (
          <Suspense fallback={<div className="player player--placeholder" />}>
            <Player
              key={`${playing.src}#${playing.attempt}`}
              src={playing.src}
              title={channel.title}
              uid={playing.item.uid}
              check={playing.check}
              live
              onClose={playback.stop}
              onStreamRefused={playback.handleStreamRefused}
            />
          </Suspense>
        ) : (
          <div className="tv-stage">
            <img className="tv-stage__logo" src={channel.logo} alt="" />
            {kidsRestricted ? <p className="notice">{t('tvWatch.kidsRestricted')}</p> : <PlayButton label={label} trialDays={trialDays} busy={playback.busy} onPlay={() => playback.play(item, d.check)} />}
          </div>
        )}
      </section>

      <div className="watch__body">
        <Breadcrumbs items={[{ title: t('menu.tv'), url: '/channel' }, { title: channel.title }]} />
        <ChannelHeading channel={channel} />
        <OnAir now={onAir.now} next={onAir.next} />
        <PlaybackDialogs gate={playback.gate} />
        <section className="section" aria-labelledby="tv-days">
          <h2 id="tv-days">{t('tvWatch.recordingsOfDays')}</h2>
          <ul className="tv-days">
            {daysBefore(d.today, DAYS_LINKED).map((day) => (
              <li key={day}>
                <Link to={`/channel/${channel.alias}/${day}`}>{dayTitle(day)}</Link>
              </li>
            ))}
          </ul>
        </section>
      </div>
    </article>
  );
}

function DayRecordings({ data: d }: { data: DayView }) {
  const { t } = useTranslation();
  const { channel, items, date } = d.day;
  return (
    <article className="watch__body tv-day" data-testid="tv-day-page">
      <Breadcrumbs items={[{ title: t('menu.tv'), url: '/channel' }, { title: channel.title, url: `/channel/${channel.alias}` }, { title: dayTitle(date) }]} />
      <ChannelHeading channel={channel} as="p" />
      <h1>{t('tvWatch.recordingsOfDay', { day: dayTitle(date) })}</h1>
      {items.length === 0 ? (
        <p className="tv-onair__empty" data-testid="tv-day-empty">
          {t('tvWatch.noRecordings')}
        </p>
      ) : (
        <ul className="tv-recordings">
          {items.map((r) => {
            const left = recordingTimeLeft(r.expired_at, d.now);
            return (
              <li key={r.id}>
                <Link to={`/archive/watch/${r.id}`} data-testid="tv-recording-link">
                  <span className="tv-recordings__time">{programmeTimes(r.programme)}</span>
                  <span>{r.programme.title}</span>
                  {left ? <ExpiryLine left={left} /> : <span />}
                </Link>
              </li>
            );
          })}
        </ul>
      )}
      <p className="tv-links">
        <Link className="btn btn--primary" to={`/channel/${channel.alias}`}>
          {t('tvWatch.watchLive')}
        </Link>
      </p>
    </article>
  );
}
