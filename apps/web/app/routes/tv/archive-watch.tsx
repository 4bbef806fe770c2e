// /archive/watch/{id} — a recording (catalogue §2 Archive watch page): the programme cut from its
// channel's stream, played as VOD with the seek bar, with its title, channel and «Доступно ещё …» until expired_at.
import { ErrorCode, type PlaybackCheck, type Tariff, type TvRecording } from '@ekran/contracts';
import { archiveTitle, experimentGroup, EXPERIMENTS, isAlias, isCatchupVariantOn, isUuid } from '@ekran/core';
import { useTranslation } from '../../lib/use-translation.ts';
import { data, Link } from 'react-router';
import { ChannelHeading, ExpiryLine } from '../../components/tv/on-air.tsx';
import { airedAt, fullTitle, recordingTimeLeft } from '../../components/tv/tv-format.ts';
import { TvNotAvailable } from '../../components/tv/tv-geo.tsx';
import { TvStage } from '../../components/tv/tv-stage.tsx';
import { Breadcrumbs } from '../../components/shell/breadcrumbs.tsx';
import { ApiCallError, isNothingThere } from '../../lib/api.server.ts';
import { checkForPage } from '../../lib/gating.server.ts';
import { tFor } from '../../lib/i18n.ts';
import { originOf, seoMeta } from '../../lib/seo.ts';
import { visitorContext } from '../../lib/session.server.ts';
import type { Route } from './+types/archive-watch';
import { safeRedirect } from '../../lib/safe-redirect.ts';
import { notFound } from '../../lib/not-found.ts';


type Available = {
  view: 'recording';
  recording: TvRecording;
  check: PlaybackCheck | null;
  refusal: string | null;
  tariffs: Tariff[] | null;
  trialAvailable: boolean;
  now: number;
  /** The viewer's tz hour offset: when it aired is said in it. */
  tz: number;
  /** The archive's name in the breadcrumbs: «Кино на ТВ», or «Записи с ТВ» for the experiment's group (catalogue §2). */
  archiveTitle: string;
};

export async function loader({ params, context }: Route.LoaderArgs) {
  const { api, token, auth, tz } = context.get(visitorContext);
  if (!isUuid(params.id)) {
    if (!isAlias(params.id)) throw notFound();
    // A title's or a channel's newest recording, at its own address: recordings come and go, the name stays.
    const newest = await api.catchup(params.id).catch((err: unknown) => {
      if (err instanceof ApiCallError && err.status < 500) return null;
      throw err;
    });
    if (!newest) return data({ view: 'unavailable' as const }, { status: 404 });
    throw safeRedirect(`/archive/watch/${newest.id}`, 302);
  }
  const id = params.id.toLowerCase();
  let recording: TvRecording;
  try {
    recording = await api.tvRecording(id);
  } catch (err) {
    if (!(err instanceof ApiCallError)) throw err;
    // Expired, not ended yet, never recorded, unknown: the recording is not offered ("an expired recording
    // is no longer offered"), said on a page of its own with the 404 status.
    if (isNothingThere(err)) return data({ view: 'unavailable' as const }, { status: 404 });
    if (err.status === 403 && err.body?.code === ErrorCode.GeoError) return data({ view: 'geo' as const, attribute: err.body.attribute ?? null }, { status: 403 });
    if (err.status === 403 && err.body?.code === ErrorCode.KidsProfileRestricted) return data({ view: 'kids' as const }, { status: 403 });
    throw err;
  }
  const { check, refusal, tariffs } = await checkForPage(token, async () => (await api.tvRecordingCheck(id)), () => api.tariffs());
  const variant = isCatchupVariantOn(experimentGroup(auth?.ab, EXPERIMENTS.catchupTextAndButton));
  return { view: 'recording', recording, check, refusal, tariffs, trialAvailable: auth?.trial_is_available ?? true, now: Date.now(), tz, archiveTitle: archiveTitle(variant) } satisfies Available;
}

export function meta({ data: d, matches, params }: Route.MetaArgs) {
  const t = tFor('ru');
  if (!d || d.view !== 'recording') {
    return seoMeta(originOf(matches), { title: t('tvWatch.unavailableTitle'), description: t('tvWatch.unavailableText'), path: `/archive/watch/${params.id}`, noindex: true });
  }
  const { programme, channel, id } = d.recording;
  // Recordings expire within days: not for search engines (as the archive list, catalogue §2).
  return seoMeta(originOf(matches), {
    title: t('tvWatch.metaRecordingTitle', { title: programme.title, channel: channel.title }),
    description: `${channel.title}, ${airedAt(programme, d.tz)}`,
    path: `/archive/watch/${id}`,
    noindex: true,
  });
}

export default function ArchiveWatchPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  if (loaderData.view === 'recording') return <Recording key={loaderData.recording.id} data={loaderData} />;
  if (loaderData.view === 'geo') return <TvNotAvailable attribute={loaderData.attribute ?? undefined} />;
  const [title, text] = loaderData.view === 'kids' ? [t('gating.kidsTitle'), t('tvWatch.recordingKidsRestricted')] : [t('tvWatch.unavailableTitle'), t('tvWatch.unavailableText')];
  return (
    <article className="watch__body" data-testid={`recording-${loaderData.view}`}>
      <div className="empty">
        <h1 className="empty__title">{title}</h1>
        <p>{text}</p>
        {loaderData.view === 'unavailable' ? (
          <p>
            <Link className="btn btn--primary" to="/archive">
              {t('tvWatch.toArchive')}
            </Link>
          </p>
        ) : null}
      </div>
    </article>
  );
}

function Recording({ data: d }: { data: Available }) {
  const { t } = useTranslation();
  const { recording } = d;
  const { programme, channel } = recording;
  const left = recordingTimeLeft(recording.expired_at, d.now);

  return (
    <article className="watch tv-watch" data-testid="recording-page" data-recording={recording.id}>
      <TvStage
        item={{ uid: recording.id, title: programme.title, checkUrl: `/resources/tv-playback/recording/${recording.id}` }}
        check={d.check}
        refusal={d.refusal}
        tariffs={d.tariffs}
        trialAvailable={d.trialAvailable}
        // Recordings need a subscription (never «бесплатно»), whatever their channel.
        isFree={false}
        title={`${programme.title} · ${channel.title}`}
        art={programme.poster ?? channel.logo}
        back={`/archive/watch/${recording.id}`}
        kidsText={t('tvWatch.recordingKidsRestricted')}
      />

      <div className="watch__body">
        <Breadcrumbs items={[{ title: d.archiveTitle, url: '/archive' }, { title: programme.title }]} />
        <p className="tv-onair__label">{t('tvWatch.recording')}</p>
        <h1 className="watch__title">{fullTitle(programme)}</h1>
        <p className="tv-recording__facts">
          <span>{t('tvWatch.aired', { when: airedAt(programme, d.tz) })}</span>
          {left ? <ExpiryLine left={left} /> : null}
          {programme.rating_age ? <span>{programme.rating_age}</span> : null}
        </p>
        <Link to={`/channel/${channel.alias}`} className="tv-recording__channel">
          <ChannelHeading channel={channel} as="p" />
        </Link>
        <p className="tv-links">
          {programme.title_alias ? (
            <Link className="btn btn--ghost" to={`/watch/${programme.title_alias}`}>
              {t('watch.about')}
            </Link>
          ) : null}
          <Link className="btn btn--ghost" to={`/channel/${channel.alias}`}>
            {t('tvWatch.watchLive')}
          </Link>
        </p>
      </div>
    </article>
  );
}
