import type { TvProgramme } from '@ekran/contracts';
import { useEffect, useRef } from 'react';
import { useTranslation } from '../../lib/use-translation.ts';
import { Link } from 'react-router';
import { AirProgress, ExpiryLine, ProgrammeTitle } from './on-air.tsx';
import { clockOf, isOnAirAt, recordingTimeLeft } from './tv-format.ts';

interface ProgrammeListProps {
  programmes: readonly TvProgramme[];
  /** The API's clock now (use-tv-live.ts useServerClock): what is on air, what has ended. */
  clock: number;
  /** Scroll the list to the programme on air when `scrollKey` changes (a channel's or a day's page opening). */
  scrollKey: string;
  /** How long each recording is still offered («Доступно ещё …»): the channel page says it, the guide has no room. */
  showExpiry?: boolean;
  label: string;
}

/**
 * A day of a channel's guide: the time and title of each programme (a link to its page when
 * it is a film or series of ours), the one on air marked «В эфире» with its progress, and for an ended programme
 * whose recording is offered a link to /archive/watch/{id}. The list is its own scroll box and opens at the programme
 * on air (the one before it above), so the page (and a player above it) stays where it is.
 */
export function ProgrammeList({ programmes, clock, scrollKey, showExpiry = false, label }: ProgrammeListProps) {
  const { t } = useTranslation();
  const ref = useRef<HTMLOListElement>(null);
  useEffect(() => {
    const list = ref.current;
    if (!list) return;
    // The programme on air near the top, the one before it (just ended, maybe recorded) above it; a day without one
    // from its start (the list may be the same element as the day before's, scrolled).
    const live = list.querySelector<HTMLElement>('[data-live]');
    list.scrollTop = live ? ((live.previousElementSibling as HTMLElement | null)?.offsetTop ?? 0) : 0;
  }, [scrollKey]);

  if (programmes.length === 0) {
    return (
      <p className="tv-programmes__empty" data-testid="tv-programmes-empty">
        {t('tv.noProgrammes')}
      </p>
    );
  }
  return (
    <ol ref={ref} className="tv-programmes" aria-label={label} data-testid="tv-programmes">
      {programmes.map((p) => {
        const live = isOnAirAt(p, clock);
        const ended = !live && p.end_ts * 1000 <= clock;
        const left = showExpiry && p.is_catchup_available && p.expired_at ? recordingTimeLeft(p.expired_at, clock) : null;
        return (
          <li
            key={p.id}
            className={`tv-programme${live ? ' tv-programme--live' : ''}${ended ? ' tv-programme--ended' : ''}`}
            data-testid="tv-programme"
            data-programme={p.id}
            data-live={live || undefined}
            aria-current={live ? 'time' : undefined}
          >
            <time className="tv-programme__time" dateTime={p.start}>
              {clockOf(p.start)}
            </time>
            <div className="tv-programme__main">
              <p className="tv-programme__title">
                {live ? <span className="tv-onair__badge">{t('tvWatch.onAir')}</span> : null}
                <ProgrammeTitle programme={p} />
              </p>
              {p.category || p.rating_age ? (
                <p className="tv-programme__facts">{[p.category, p.rating_age].filter(Boolean).join(' · ')}</p>
              ) : null}
              {live ? <AirProgress programme={p} now={clock} /> : null}
            </div>
            {p.is_catchup_available ? (
              <div className="tv-programme__rec">
                <Link to={`/archive/watch/${p.id}`} className="btn btn--ghost btn--sm" data-testid="tv-recording-link" aria-label={t('tv.recordingOf', { title: p.title })}>
                  {t('tv.recording')}
                </Link>
                {left ? <ExpiryLine left={left} /> : null}
              </div>
            ) : null}
          </li>
        );
      })}
    </ol>
  );
}
