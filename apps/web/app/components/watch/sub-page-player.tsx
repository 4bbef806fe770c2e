import { lazy, Suspense, useEffect, useRef } from 'react';
import { useTranslation } from '../../lib/use-translation.ts';
import { useLocation } from 'react-router';
import type { ProgressReporting } from '../player/progress-reporter.ts';
import { PlaybackDialogs } from './playback-dialogs.tsx';
import { usePlayback } from './use-playback.ts';

// The player and hls.js load only when a viewer presses play on a sub-page (conventions: player code only
// where it plays).
const Player = lazy(() => import('../player/player.tsx'));

/** What a sub-page plays: an episode, a trailer or an extra, from a second when resuming. */
export interface SubPageItem {
  uid: string;
  title: string;
  startAt?: number;
}

/**
 * The player of a title's sub-pages: pressing play asks the item's playback check and follows
 * the same gating as the title page (spec platform §4 gating, §8 errors, stream limits: components/watch
 * use-playback.ts); closing a gate's dialog closes the player.
 */
export function SubPagePlayer({
  item,
  progress,
  onClose,
  onLeave,
}: {
  item: SubPageItem;
  progress: ProgressReporting | null;
  onClose: () => void;
  /** A promo's link: close the player and go there (player-history.ts). */
  onLeave?: ((to: string) => void) | undefined;
}) {
  const { t } = useTranslation();
  const location = useLocation();
  const playback = usePlayback({ back: location.pathname });
  const { playing, play } = playback;
  const asked = useRef(false);
  useEffect(() => {
    if (asked.current) return;
    asked.current = true;
    play({ uid: item.uid, title: item.title, startAt: item.startAt });
  }, [item, play]);

  return (
    <section className="sub-player" aria-label={t('watch.nowPlaying', { title: item.title })}>
      {playing ? (
        <Suspense fallback={<div className="player player--placeholder" />}>
          <Player
            key={`${playing.src}#${playing.attempt}`}
            src={playing.src}
            title={playing.item.title}
            uid={playing.item.uid}
            check={playing.check}
            onClose={onClose}
            onLeave={onLeave}
            startAt={playing.item.startAt}
            progress={progress}
            onNext={(next) => play({ uid: next.uid, title: next.title })}
            onStreamRefused={playback.handleStreamRefused}
          />
        </Suspense>
      ) : playback.asking ? (
        <div className="player player--placeholder" role="status" aria-label={t('watch.playerLoading')} />
      ) : null}
      <PlaybackDialogs gate={playback.gate} onClose={onClose} />
    </section>
  );
}
