import { TvOnAirSchema, type TvChannel, type TvChannelBrief, type TvOnAir, type TvProgramme } from '@ekran/contracts';
import { useMemo } from 'react';
import { useTranslation } from '../../lib/use-translation.ts';
import { Link } from 'react-router';
import { clockOf, fullTitle, nextChangeOf, progressOf, timesOf } from './tv-format.ts';
import { useRefreshed } from './use-tv-live.ts';
import './tv.css';

/** Where the cards' now and next are asked again (routes/resources/tv-on-air.ts). */
export const TV_ON_AIR_RESOURCE = '/resources/tv-on-air';

/**
 * Channels with what is on air kept current: when the first of their programmes ends, every channel's now and next
 * is asked again at once (GET /api/v1/tv/on-air through the resource) and laid over the page's channels.
 */
export function useOnAirChannels<C extends Pick<TvChannel, 'alias' | 'now' | 'next'>>(channels: readonly C[], serverTime: string): C[] {
  const initial = useMemo<TvOnAir>(() => ({ items: channels.map((c) => ({ channel: c.alias, now: c.now, next: c.next })), server_time: serverTime }), [channels, serverTime]);
  const onAir = useRefreshed(initial, TV_ON_AIR_RESOURCE, TvOnAirSchema, (v) => nextChangeOf(v.items));
  return useMemo(() => {
    if (onAir === initial) return [...channels];
    const byAlias = new Map(onAir.items.map((i) => [i.channel, i]));
    return channels.map((c) => {
      const fresh = byAlias.get(c.alias);
      return fresh ? { ...c, now: fresh.now, next: fresh.next } : c;
    });
  }, [channels, onAir, initial]);
}

/** The channel's logo and title, with «Бесплатно» for a free channel. */
export function ChannelHeading({ channel, as: Heading = 'h1', children }: { channel: Pick<TvChannelBrief, 'logo' | 'title' | 'is_free'>; as?: 'h1' | 'h2' | 'p'; children?: React.ReactNode }) {
  const { t } = useTranslation();
  return (
    <div className="tv-channel">
      {/* The title is beside it: the logo is decoration to a screen reader. */}
      <img className="tv-channel__logo" src={channel.logo} alt="" width={56} height={56} />
      <Heading className="tv-channel__title">{channel.title}</Heading>
      {channel.is_free ? <span className="badge badge--free">{t('tvWatch.free')}</span> : null}
      {children}
    </div>
  );
}

/** A programme's title (with its episode's), a link to its page when it is a film or series of ours. */
export function ProgrammeTitle({ programme }: { programme: Pick<TvProgramme, 'title' | 'sub_title' | 'title_link'> }) {
  const text = fullTitle(programme);
  return programme.title_link ? <Link to={`/watch/${programme.title_link.alias}`}>{text}</Link> : <>{text}</>;
}

/** How much of the programme on air has aired: a bar a screen reader reads as a percentage. */
export function AirProgress({ programme, now }: { programme: Pick<TvProgramme, 'start_ts' | 'end_ts'>; now: number }) {
  const { t } = useTranslation();
  const percent = Math.round(progressOf(programme, now) * 100);
  return (
    <span className="tv-progress" role="progressbar" aria-label={t('tv.aired')} aria-valuemin={0} aria-valuemax={100} aria-valuenow={percent} data-testid="tv-progress">
      <span className="tv-progress__bar" style={{ width: `${percent}%` }} />
    </span>
  );
}

/** Under the player: the programme on air with its time range and progress, and the one after it. */
export function OnAir({ now, next, clock }: { now: TvProgramme | null; next: TvProgramme | null; clock: number }) {
  const { t } = useTranslation();
  return (
    <section className="tv-onair" aria-label={t('tvWatch.nowOnAir')} aria-live="polite" data-testid="tv-onair">
      {now ? (
        <>
          <p className="tv-onair__now" data-testid="tv-onair-now" data-programme={now.id}>
            <span className="tv-onair__badge">{t('tvWatch.onAir')}</span>
            <span className="tv-onair__time">{timesOf(now)}</span>
            <span className="tv-onair__title">
              <ProgrammeTitle programme={now} />
            </span>
            {now.rating_age ? <span className="tv-onair__age">{now.rating_age}</span> : null}
          </p>
          <AirProgress programme={now} now={clock} />
        </>
      ) : (
        <p className="tv-onair__empty">{t('tvWatch.noGuide')}</p>
      )}
      {next ? (
        <p className="tv-onair__next" data-testid="tv-onair-next">
          <span className="tv-onair__label">
            {t('tvWatch.next')} {t('tvWatch.nextAt', { time: clockOf(next.start) })}
          </span>
          <span className="tv-onair__title">
            <ProgrammeTitle programme={next} />
          </span>
        </p>
      ) : null}
    </section>
  );
}

/** Time left on a recording: «Доступно ещё 13 дней» («Ещё» below 405 px, catalogue §4). */
export function ExpiryLine({ left }: { left: string }) {
  const { t } = useTranslation();
  return (
    <span className="tv-expiry" data-testid="tv-expiry">
      <span className="tv-expiry__long">{t('tvWatch.availableFor')}</span>
      <span className="tv-expiry__short">{t('tvWatch.availableForShort')}</span> {left}
    </span>
  );
}
