import type { TvChannel } from '@ekran/contracts';
import { useTranslation } from '../../lib/use-translation.ts';
import { Link } from 'react-router';
import { FavoriteChannelButton } from './favorite-channel-button.tsx';
import { AirProgress } from './on-air.tsx';
import { clockOf, fullTitle, isOnAirAt, timesOf } from './tv-format.ts';
import './tv.css';

/**
 * A channel in the catalogue (/tvchannels and the rows of /tv): its number, logo and title,
 * «Бесплатно» for a free one, the programme on air with its progress and times, what is next, and the favorite star.
 * The title's link covers the card; the star sits above it.
 */
export function ChannelCard({ channel, clock, heading: Heading = 'h3' }: { channel: TvChannel; clock: number; heading?: 'h2' | 'h3' }) {
  const { t } = useTranslation();
  // By the page's clock: the API's next is on air once the programme before it has ended (the refresh follows).
  const known = [channel.now, channel.next];
  const now = known.find((p) => p && isOnAirAt(p, clock)) ?? null;
  const next = known.find((p) => p && p.start_ts * 1000 > clock) ?? null;
  return (
    <article className="tv-card" data-testid="tv-card" data-channel={channel.alias}>
      <header className="tv-card__head">
        <img className="tv-card__logo" src={channel.logo} alt="" width={48} height={48} loading="lazy" />
        <div className="tv-card__name">
          <Heading className="tv-card__title">
            <Link to={`/channel/${channel.alias}`} className="tv-card__link">
              {channel.title}
            </Link>
          </Heading>
          <p className="tv-card__meta">
            <span>{t('tv.number', { number: channel.number })}</span>
            {channel.is_free ? <span className="badge badge--free">{t('tvWatch.free')}</span> : null}
          </p>
        </div>
        <FavoriteChannelButton alias={channel.alias} title={channel.title} initial={channel.is_favorite} />
      </header>
      {now ? (
        <div className="tv-card__now" data-testid="tv-card-now">
          <p className="tv-card__programme">
            <span className="tv-onair__badge">{t('tvWatch.onAir')}</span> <span className="tv-card__programme-title">{fullTitle(now)}</span>
          </p>
          <AirProgress programme={now} now={clock} />
          <p className="tv-card__times">{timesOf(now)}</p>
        </div>
      ) : next ? null : (
        <p className="tv-card__empty">{t('tvWatch.noGuide')}</p>
      )}
      {next ? (
        <p className="tv-card__next" data-testid="tv-card-next">
          <span className="tv-card__next-at">{t('tv.nextAt', { time: clockOf(next.start) })}</span> {next.title}
        </p>
      ) : null}
    </article>
  );
}
