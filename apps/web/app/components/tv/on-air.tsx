import { TvNowNextSchema, type TvChannelBrief, type TvNowNext, type TvProgrammeBrief } from '@ekran/contracts';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { nextRefreshIn, programmeStart, programmeTimes } from './tv-format.ts';
import './tv.css';

/** A failed refresh is asked again after this long. */
const RETRY_MS = 60_000;

/**
 * What is on air on a channel, kept current (issue 7 tvstream item 2: "the programme on air shown under the player
 * and moving on when it ends"): the page's now/next, asked again from /resources/tv-now when the programme on air
 * ends (on the API's clock, tv-format.ts nextRefreshIn); a failed answer is asked again a minute later.
 */
export function useOnAir(alias: string, initial: TvNowNext): Pick<TvNowNext, 'now' | 'next'> {
  const [state, setState] = useState(() => ({ value: initial, receivedAt: Date.now(), retry: 0 }));
  useEffect(() => {
    let cancelled = false;
    const wait = state.retry > 0 ? RETRY_MS : nextRefreshIn(state.value, state.receivedAt, Date.now());
    const timer = setTimeout(async () => {
      const res = await fetch(`/resources/tv-now/${encodeURIComponent(alias)}`, { headers: { accept: 'application/json' } }).catch(() => null);
      const answer = TvNowNextSchema.safeParse(res?.ok ? await res.json().catch(() => null) : null);
      if (cancelled) return;
      setState((s) => (answer.success ? { value: answer.data, receivedAt: Date.now(), retry: 0 } : { ...s, retry: s.retry + 1 }));
    }, wait);
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
  }, [alias, state]);
  return state.value;
}

/** The channel's logo and title, with «Бесплатно» for a free channel. */
export function ChannelHeading({ channel, as: Heading = 'h1' }: { channel: TvChannelBrief; as?: 'h1' | 'h2' | 'p' }) {
  const { t } = useTranslation();
  return (
    <div className="tv-channel">
      {/* The title is beside it: the logo is decoration to a screen reader. */}
      <img className="tv-channel__logo" src={channel.logo} alt="" width={56} height={56} />
      <Heading className="tv-channel__title">{channel.title}</Heading>
      {channel.is_free ? <span className="badge badge--free">{t('tvWatch.free')}</span> : null}
    </div>
  );
}

function ProgrammeTitle({ programme }: { programme: TvProgrammeBrief }) {
  const text = programme.sub_title ? `${programme.title}. ${programme.sub_title}` : programme.title;
  return programme.title_alias ? <Link to={`/watch/${programme.title_alias}`}>{text}</Link> : <>{text}</>;
}

/** Under the player: the programme on air with its time range, and the one after it. */
export function OnAir({ now, next }: Pick<TvNowNext, 'now' | 'next'>) {
  const { t } = useTranslation();
  return (
    <section className="tv-onair" aria-label={t('tvWatch.nowOnAir')} aria-live="polite" data-testid="tv-onair">
      {now ? (
        <p className="tv-onair__now" data-testid="tv-onair-now" data-programme={now.id}>
          <span className="tv-onair__badge">{t('tvWatch.onAir')}</span>
          <span className="tv-onair__time">{programmeTimes(now)}</span>
          <span className="tv-onair__title">
            <ProgrammeTitle programme={now} />
          </span>
          {now.rating_age ? <span className="tv-onair__age">{now.rating_age}</span> : null}
        </p>
      ) : (
        <p className="tv-onair__empty">{t('tvWatch.noGuide')}</p>
      )}
      {next ? (
        <p className="tv-onair__next" data-testid="tv-onair-next">
          <span className="tv-onair__label">
            {t('tvWatch.next')} {t('tvWatch.nextAt', { time: programmeStart(next) })}
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
