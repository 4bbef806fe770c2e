import { useTranslation } from '../../lib/use-translation.ts';
import type { PlayLabel } from './play-label.ts';

/**
 * The title page's main button. Its label comes from the page's server-side check (play-label.ts); pressing it
 * asks the check again and follows what gating decides.
 */
export function PlayButton({ label, trialDays, busy, onPlay }: { label: PlayLabel; trialDays: number | null; busy: boolean; onPlay: () => void }) {
  const { t } = useTranslation();
  const texts: Record<PlayLabel, string> = {
    play: t('gating.play'),
    free: t('gating.playFree'),
    'first-episode': t('gating.playFirstEpisode'),
    trial: trialDays ? t('gating.playTrial', { days: t('card.days', { count: trialDays }) }) : t('gating.subscribe'),
    subscribe: t('gating.subscribe'),
  };
  const text = texts[label];
  return (
    <button type="button" className="btn btn--primary btn--lg" data-testid="play-button" data-label={label} onClick={onPlay} disabled={busy} aria-busy={busy}>
      <svg viewBox="0 0 24 24" aria-hidden="true" className="btn__icon">
        <path d="M8 5v14l11-7z" fill="currentColor" />
      </svg>
      {busy ? t('gating.asking') : text}
    </button>
  );
}
