// /channel/{alias}/{date?} — one channel (spec platform §2 TV: channel watch; decision 030). Today: the live
// player on top, what is on air under it, and the day's schedule with the programme on air marked (it moves on when
// it ends). Another day (two weeks back … a week ahead): that day's schedule without the player, ended programmes
// linking to their recordings. A category chosen on the guide travels along (?category=): the strip of channels is
// that category's and «К телепрограмме» keeps it.
import { TvScheduleSchema, type PlaybackCheck, type Tariff, type TvChannel, type TvSchedule } from '@ekran/contracts';
import { isIsoDate, tvLocalDate } from '@ekran/core';
import { useTranslation } from '../../lib/use-translation.ts';
import { Link } from 'react-router';
import { usePersonalRoot } from '../../components/lists/personal-root.ts';
import { Breadcrumbs } from '../../components/shell/breadcrumbs.tsx';
import { FavoriteChannelButton } from '../../components/tv/favorite-channel-button.tsx';
import { ChannelHeading, OnAir } from '../../components/tv/on-air.tsx';
import { ProgrammeList } from '../../components/tv/programme-list.tsx';
import { dayOfDate, nextChangeOf } from '../../components/tv/tv-format.ts';
import { TvNotAvailable } from '../../components/tv/tv-geo.tsx';
import { ChannelStrip, DayStrip, tvHref } from '../../components/tv/tv-nav.tsx';
import { TvStage } from '../../components/tv/tv-stage.tsx';
import { useRefreshed, useServerClock } from '../../components/tv/use-tv-live.ts';
import { ApiCallError, isNothingThere, type Api } from '../../lib/api.server.ts';
import { checkForPage } from '../../lib/gating.server.ts';
import { tFor } from '../../lib/i18n.ts';
import { originOf, seoMeta } from '../../lib/seo.ts';
import { visitorContext } from '../../lib/session.server.ts';
import { categoryOf, geoRefusal, isMissing, isTvAlias } from './tv-pages.server.ts';
import type { Route } from './+types/channel-watch';
import { notFound } from '../../lib/not-found.ts';

interface DayView {
  view: 'day';
  schedule: TvSchedule;
  /** The channels of the strip (the category's when one travels with the page), or null when they could not be had. */
  strip: TvChannel[] | null;
  category: string | null;
  /** The viewer's today (YYYY-MM-DD in its tz, on the API's clock). */
  today: string;
}
interface LiveView extends Omit<DayView, 'view'> {
  view: 'live';
  check: PlaybackCheck | null;
  refusal: string | null;
  tariffs: Tariff[] | null;
  trialAvailable: boolean;
}

/** The channels of the strip: the category's, or every one when it is not a category of this visitor's. */
async function channelStrip(api: Api, tz: number, category: string | null): Promise<{ channels: TvChannel[] | null; category: string | null }> {
  try {
    return { channels: (await api.tvCatalog({ tz, category: category ?? undefined })).items, category };
  } catch (err) {
    if (category && isMissing(err)) return channelStrip(api, tz, null);
    // The strip is a way about; the page stands without it (the channel's own call says what went wrong, if anything).
    if (err instanceof ApiCallError) return { channels: null, category: null };
    throw err;
  }
}

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const alias = params.id;
  const date = params.date ?? null;
  if (!isTvAlias(alias) || (date !== null && !isIsoDate(date))) throw notFound();
  const { api, token, auth, tz } = context.get(visitorContext);
  // As the title page: the check decides the button and lets an entitled viewer's stream start at once; a refusal
  // (a kids profile, an unregistered device, a VPN) is said when play is pressed, the kids one at once.
  const askCheck = () => checkForPage(token, async () => (await api.tvLiveCheck(alias)), () => api.tariffs());
  try {
    const [schedule, strip, early] = await Promise.all([
      api.tvSchedule(alias, { tz, date: date ?? undefined }),
      channelStrip(api, tz, categoryOf(new URL(request.url))),
      // Without a day the page is today's: its check is asked alongside.
      date === null ? askCheck() : null,
    ]);
    if (!schedule.dates.includes(schedule.date)) throw notFound();
    const today = tvLocalDate(new Date(schedule.server_time), tz);
    const page = { schedule, strip: strip.channels, category: strip.category, today };
    if (schedule.date !== today) return { view: 'day', ...page } satisfies DayView;
    const { check, refusal, tariffs } = early ?? (await askCheck());
    return { view: 'live', ...page, check, refusal, tariffs, trialAvailable: auth?.trial_is_available ?? true } satisfies LiveView;
  } catch (err) {
    if (isNothingThere(err)) throw notFound();
    // spec platform §6: outside RU a channel page reports geo_error (attribute tvchannels_{channel}).
    const geo = geoRefusal(err);
    if (geo) return geo;
    throw err;
  }
}

export function meta({ data: d, matches }: Route.MetaArgs) {
  if (!d || d.view === 'geo') return [];
  const t = tFor('ru');
  const { channel, date } = d.schedule;
  const live = d.view === 'live';
  return seoMeta(originOf(matches), {
    title: live ? t('tvWatch.metaTitle', { channel: channel.title }) : t('tvWatch.metaDayTitle', { channel: channel.title, day: dayOfDate(date) }),
    description: t('tvWatch.metaDescription', { channel: channel.title }),
    path: live ? `/channel/${channel.alias}` : `/channel/${channel.alias}/${date}`,
    // Another day's schedule changes daily and its recordings expire: not for search engines (as the archive, catalogue §2).
    noindex: !live,
  });
}

export default function ChannelWatchPage({ loaderData }: Route.ComponentProps) {
  if (loaderData.view === 'geo') return <TvNotAvailable attribute={loaderData.attribute ?? undefined} />;
  // A channel of its own: another channel's page starts over (its player, its programme).
  return <ChannelPage key={loaderData.schedule.channel.alias} data={loaderData} />;
}

function ChannelPage({ data: d }: { data: DayView | LiveView }) {
  const { t } = useTranslation();
  const { isChild } = usePersonalRoot();
  const live = d.view === 'live';
  const { alias } = d.schedule.channel;
  // Today's schedule moves on when the programme on air ends (asked again then); another day's stays as it is.
  const schedule = useRefreshed(d.schedule, live ? tvHref(`/resources/tv-schedule/${alias}`, { date: d.schedule.date }) : null, TvScheduleSchema, (s) => nextChangeOf([s.channel]));
  const clock = useServerClock(schedule.server_time);
  const { channel, date, dates, items } = schedule;
  const { category, today } = d;
  const dayHref = (day: string) => tvHref(day === today ? `/channel/${alias}` : `/channel/${alias}/${day}`, { category });
  const liveHref = tvHref(`/channel/${alias}`, { category });

  return (
    <article className="watch tv-watch" data-testid="tv-channel-page" data-channel={alias} data-date={date}>
      {d.view === 'live' ? (
        <TvStage
          item={{ uid: channel.id, title: channel.title, checkUrl: `/resources/tv-playback/live/${encodeURIComponent(alias)}` }}
          check={d.check}
          refusal={d.refusal}
          tariffs={d.tariffs}
          trialAvailable={d.trialAvailable}
          isFree={channel.is_free}
          title={channel.title}
          art={channel.logo}
          live
          autoStart
          back={`/channel/${alias}`}
          kidsText={t('tvWatch.kidsRestricted')}
        />
      ) : null}

      <div className="watch__body">
        <Breadcrumbs
          items={[
            { title: isChild ? t('menu.kidsTv') : t('menu.tv'), url: '/tv' },
            { title: t('tv.guideTitle'), url: tvHref('/channel', { category }) },
            ...(live ? [{ title: channel.title }] : [{ title: channel.title, url: liveHref }, { title: dayOfDate(date) }]),
          ]}
        />
        <ChannelHeading channel={channel}>
          <FavoriteChannelButton alias={alias} title={channel.title} initial={channel.is_favorite} variant="full" />
        </ChannelHeading>
        {live ? (
          <OnAir now={channel.now} next={channel.next} clock={clock} />
        ) : (
          <p className="tv-links">
            <Link className="btn btn--primary" to={liveHref} data-testid="tv-watch-live">
              {t('tvWatch.watchLive')}
            </Link>
          </p>
        )}
        {d.strip ? <ChannelStrip channels={d.strip} current={alias} hrefOf={(a) => tvHref(live ? `/channel/${a}` : `/channel/${a}/${date}`, { category })} /> : null}

        <section className="section tv-schedule" aria-labelledby="tv-schedule-title">
          <div className="tv-schedule__head">
            <h2 id="tv-schedule-title">{live ? t('tv.scheduleToday') : t('tv.scheduleOf', { day: dayOfDate(date) })}</h2>
            <Link className="row__more" to={tvHref('/channel', { category, date: live ? null : date })} data-testid="tv-to-guide">
              {t('tv.toGuide')}
            </Link>
          </div>
          <DayStrip dates={dates} current={date} today={today} hrefOf={dayHref} />
          <ProgrammeList programmes={items} clock={clock} scrollKey={date} showExpiry label={t('tv.programmesOf', { channel: channel.title })} />
        </section>
      </div>
    </article>
  );
}
