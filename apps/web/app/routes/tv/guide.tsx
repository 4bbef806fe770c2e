// /channel, the programme guide of a day (spec platform §2 TV: /channel/{channel?} schedule; decision
// 030): the days offered, the TV categories (?category=, the tv_selection of a banner, platform §4), and a block per
// channel with that day's programmes, the one on air marked, recordings on offer linked. No player code here.
import type { TvGuide } from '@ekran/contracts';
import { isIsoDate, tvLocalDate } from '@ekran/core';
import { useTranslation } from '../../lib/use-translation.ts';
import { Link } from 'react-router';
import { usePersonalRoot } from '../../components/lists/personal-root.ts';
import { Breadcrumbs } from '../../components/shell/breadcrumbs.tsx';
import { ProgrammeList } from '../../components/tv/programme-list.tsx';
import { TvNotAvailable } from '../../components/tv/tv-geo.tsx';
import { dayOfDate } from '../../components/tv/tv-format.ts';
import { CategoryChips, DayStrip, tvHref } from '../../components/tv/tv-nav.tsx';
import { useServerClock } from '../../components/tv/use-tv-live.ts';
import { tFor } from '../../lib/i18n.ts';
import { originOf, seoMeta } from '../../lib/seo.ts';
import { visitorContext } from '../../lib/session.server.ts';
import { categoryOf, geoRefusal, isMissing } from './tv-pages.server.ts';
import type { Route } from './+types/guide';
import { safeRedirect } from '../../lib/safe-redirect.ts';
import { notFound } from '../../lib/not-found.ts';

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const category = categoryOf(url);
  const date = url.searchParams.get('date');
  if (date !== null && !isIsoDate(date)) throw notFound();
  // A category that is not one (malformed, unknown, or not this profile's): every channel of the same day.
  if (url.searchParams.has('category') && !category) throw safeRedirect(tvHref('/channel', { date }));
  const { api, tz } = context.get(visitorContext);
  let guide: TvGuide;
  try {
    guide = await api.tvGuide({ tz, category: category ?? undefined, date: date ?? undefined });
  } catch (err) {
    if (category && isMissing(err)) throw safeRedirect(tvHref('/channel', { date }));
    const geo = geoRefusal(err);
    if (geo) return geo;
    throw err;
  }
  // Two weeks back to a week ahead, as a channel's page (the API answers any day; the guide offers these).
  if (!guide.dates.includes(guide.date)) throw notFound();
  return { view: 'guide' as const, guide, today: tvLocalDate(new Date(guide.server_time), tz) };
}

export function meta({ data: d, matches }: Route.MetaArgs) {
  const t = tFor('ru');
  if (!d || d.view !== 'guide') return seoMeta(originOf(matches), { title: t('tv.metaGuide'), description: t('tv.metaGuideDescription'), path: '/channel', noindex: true });
  const isToday = d.guide.date === d.today;
  const selection = d.guide.selections.find((s) => s.alias === d.guide.category);
  return seoMeta(originOf(matches), {
    title: isToday ? t('tv.metaGuide') : t('tv.metaGuideOf', { day: dayOfDate(d.guide.date) }),
    description: selection ? t('tv.metaGuideDescriptionOf', { category: selection.title }) : t('tv.metaGuideDescription'),
    path: tvHref('/channel', { category: selection?.alias }),
    // Today's guide is the page; another day's changes (recordings expire) and is reached from it.
    noindex: !isToday,
  });
}

export default function GuidePage({ loaderData }: Route.ComponentProps) {
  if (loaderData.view === 'geo') return <TvNotAvailable attribute={loaderData.attribute ?? undefined} />;
  return <Guide guide={loaderData.guide} today={loaderData.today} />;
}

function Guide({ guide, today }: { guide: TvGuide; today: string }) {
  const { t } = useTranslation();
  const { isChild } = usePersonalRoot();
  const clock = useServerClock(guide.server_time);
  const { date, category } = guide;
  const isToday = date === today;
  // The category chosen here travels to the channel pages (platform §2: it is kept while the path has /channel).
  const channelHref = (alias: string) => tvHref(isToday ? `/channel/${alias}` : `/channel/${alias}/${date}`, { category });
  return (
    <div className="page tv-page tv-guide" data-testid="tv-guide" data-date={date}>
      <Breadcrumbs items={[{ title: isChild ? t('menu.kidsTv') : t('menu.tv'), url: '/tv' }, { title: t('tv.guideTitle') }]} />
      <div className="page__head">
        <h1>{isChild ? t('tv.kidsGuideTitle') : t('tv.guideTitle')}</h1>
        <p className="page__count">{isToday ? t('tv.today') : dayOfDate(date)}</p>
        <Link className="row__more" to={tvHref('/tvchannels', { category })}>
          {t('tv.allChannels')}
        </Link>
      </div>
      <DayStrip dates={guide.dates} current={date} today={today} hrefOf={(day) => tvHref('/channel', { category, date: day === today ? null : day })} />
      <CategoryChips selections={guide.selections} current={category} hrefOf={(c) => tvHref('/channel', { category: c, date: isToday ? null : date })} />
      <div className="tv-guide__grid">
        {guide.items.map(({ channel, programmes }) => (
          <section key={channel.alias} className="tv-guide__channel" aria-labelledby={`guide-${channel.alias}`} data-testid="tv-guide-channel" data-channel={channel.alias}>
            <header className="tv-guide__head">
              <img src={channel.logo} alt="" width={40} height={40} loading="lazy" />
              <h2 id={`guide-${channel.alias}`}>
                <Link to={channelHref(channel.alias)} data-testid="tv-guide-channel-link">
                  {channel.title}
                </Link>
              </h2>
              {channel.is_free ? <span className="badge badge--free">{t('tvWatch.free')}</span> : null}
            </header>
            <ProgrammeList programmes={programmes} clock={clock} scrollKey={`${date}:${category ?? ''}`} label={t('tv.programmesOf', { channel: channel.title })} />
          </section>
        ))}
      </div>
    </div>
  );
}
