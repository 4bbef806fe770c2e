// What lies over the picture: the spinner, the offline and error messages, the big play button, the promo's
// bar, the skip-mark button and the next episode's card. Presentational.
import type { NextItem, PlayerSlot } from '@ekran/contracts';
import type { MouseEvent } from 'react';
import { useTranslation } from '../../lib/use-translation.ts';
import { Link } from 'react-router';
import type { EngineStatus } from './engine.ts';
import { PlayIcon } from './icons.tsx';
import type { SkipMark } from './marks.ts';
import { NEXT_COUNTDOWN_SECONDS } from './marks.ts';

interface StatusProps {
  status: EngineStatus;
  loading: boolean;
  offline: boolean;
  offlineStalled: boolean;
  failed: boolean;
  refused: boolean;
  paused: boolean;
  onRetry: () => void;
  onPlay: () => void;
}

/** Loading, offline, failed, and the big play button while paused with nothing else over the picture. */
export function StatusOverlays({ status, loading, offline, offlineStalled, failed, refused, paused, onRetry, onPlay }: StatusProps) {
  const { t } = useTranslation();
  return (
    <>
      {loading ? (
        <div className="player__overlay">
          <span className="spinner" aria-hidden="true" />
          <span className="sr-only">{status === 'recovering' ? t('player.reconnecting') : t('player.loading')}</span>
        </div>
      ) : null}
      {offline && !refused ? (
        // Playing on from the buffer: a note on top; stalled without the network: over the picture.
        <div className={offlineStalled ? 'player__overlay player__overlay--message' : 'player__toast'} role="status" data-testid="player-offline">
          <p className="player__message-title">{t('player.offline')}</p>
          <p>{t('player.offlineHint')}</p>
        </div>
      ) : null}
      {failed && !offline ? (
        <div className="player__overlay player__overlay--message" role="alert" data-testid="player-error">
          <p className="player__message-title">{t('player.error')}</p>
          <p>{t('player.errorHint')}</p>
          <button type="button" className="btn btn--primary" onClick={onRetry}>
            {t('player.retry')}
          </button>
        </div>
      ) : null}
      {paused && !loading && !failed && !refused && !offlineStalled ? (
        <button type="button" className="player__big-play" onClick={onPlay} aria-label={t('player.play')} data-testid="player-big-play">
          <PlayIcon />
        </button>
      ) : null}
    </>
  );
}

interface SlotProps {
  slot: PlayerSlot;
  /** The promo's place among its kind (prerolls or postrolls). */
  index: number;
  total: number;
  skipIn: number | null;
  onLeave: (e: MouseEvent, to: string) => void;
  onSkip: () => void;
}

/** The promo's bar: «Промо · 1 из 2», its link, and «Пропустить через N» / «Пропустить». */
export function PromoSlotBar({ slot, index, total, skipIn, onLeave, onSkip }: SlotProps) {
  const { t } = useTranslation();
  const link = slot.link;
  return (
    <div className="player__slot" data-testid="player-slot">
      <span className="player__slot-label">
        {t('player.promo')}
        {total > 1 ? ` · ${t('player.promoOf', { n: index + 1, total })}` : ''}
      </span>
      <span className="player__slot-actions">
        {link ? (
          <Link className="player__slot-link" to={link} onClick={(e) => onLeave(e, link)} data-testid="player-slot-link">
            {t('player.promoMore')}
          </Link>
        ) : null}
        {skipIn !== null ? (
          skipIn > 0 ? (
            <span className="player__skip player__skip--wait" aria-live="off" data-testid="player-skip-wait">
              {t('player.skipIn', { seconds: skipIn })}
            </span>
          ) : (
            <button type="button" className="player__skip" onClick={onSkip} data-testid="player-skip-slot">
              {t('player.skip')}
            </button>
          )
        ) : null}
      </span>
    </div>
  );
}

/** «Пропустить заставку» / «Пропустить титры». */
export function SkipMarkButton({ skip, onSeek }: { skip: SkipMark; onSeek: (seconds: number) => void }) {
  const { t } = useTranslation();
  return (
    <button type="button" className="player__skip player__skip--mark" onClick={() => onSeek(skip.to)} data-testid={`player-skip-${skip.kind}`}>
      {skip.kind === 'intro' ? t('player.skipIntro') : t('player.skipCredits')}
    </button>
  );
}

/** The next episode's card with its countdown ring, «Смотреть» and «Отмена». */
export function NextCard({ next, remaining, onPlay, onCancel }: { next: NextItem; remaining: number; onPlay: () => void; onCancel: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="player__next" role="group" aria-label={t('player.nextEpisode')} data-testid="player-next">
      <p className="player__next-caption">{t('player.nextEpisode')}</p>
      <p className="player__next-title">{next.title}</p>
      <p className="player__next-meta">{t('player.nextEpisodeName', { season: next.season, episode: next.episode })}</p>
      <div className="player__next-actions">
        <button type="button" className="btn btn--primary player__next-play" onClick={onPlay} data-testid="player-next-play">
          <span className="player__next-ring" style={{ ['--left' as string]: `${(remaining / NEXT_COUNTDOWN_SECONDS) * 100}%` }} aria-hidden="true" />
          <span className="player__next-wide">{t('player.playNext')}</span>
          <span className="player__next-compact">{t('player.nextEpisode')}</span> · {t('player.nextIn', { seconds: remaining })}
        </button>
        <button type="button" className="btn btn--ghost" onClick={onCancel} data-testid="player-next-cancel">
          {t('player.cancelNext')}
        </button>
      </div>
    </div>
  );
}
