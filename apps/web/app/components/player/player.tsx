import type Hls from 'hls.js';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { attachProgressReporter, type ProgressReporting } from './progress-reporter.ts';

/**
 * The video player: HLS through hls.js (loaded only here, on demand), or natively where the browser plays
 * HLS itself. It starts playing as soon as it can, since it opens on the viewer's click: from `startAt`
 * seconds when resuming, and reports the progress of a film or an episode when `progress` says where.
 * `onEnded` lets a queue (a banner's playlist) go on to its next item.
 */
export default function Player({
  src,
  title,
  onClose,
  onEnded,
  startAt = 0,
  progress = null,
}: {
  src: string;
  title: string;
  onClose: () => void;
  onEnded?: () => void;
  startAt?: number;
  progress?: ProgressReporting | null;
}) {
  const { t } = useTranslation();
  const videoRef = useRef<HTMLVideoElement>(null);
  const [state, setState] = useState<'loading' | 'playing' | 'error'>('loading');
  const [attempt, setAttempt] = useState(0);
  // Read once per player (watch.tsx keys it by source): a later resume point must not jump a playing video.
  const startAtRef = useRef(startAt);

  useEffect(() => {
    const video = videoRef.current;
    if (!video) return;
    let hls: Hls | null = null;
    let cancelled = false;
    setState('loading');
    const start = () => void video.play().catch(() => undefined);
    const onPlaying = () => setState('playing');
    video.addEventListener('playing', onPlaying);

    (async () => {
      const { default: HlsImpl } = await import('hls.js');
      if (cancelled) return;
      if (HlsImpl.isSupported()) {
        hls = new HlsImpl({ capLevelToPlayerSize: true, startLevel: -1, ...(startAtRef.current > 0 ? { startPosition: startAtRef.current } : {}) });
        let mediaRecoveries = 0;
        hls.on(HlsImpl.Events.ERROR, (_event, error) => {
          if (!error.fatal || !hls) return;
          // Recover what hls.js can recover; give up with a message otherwise.
          if (error.type === HlsImpl.ErrorTypes.NETWORK_ERROR) hls.startLoad();
          else if (error.type === HlsImpl.ErrorTypes.MEDIA_ERROR && mediaRecoveries++ < 2) hls.recoverMediaError();
          else setState('error');
        });
        hls.on(HlsImpl.Events.MANIFEST_PARSED, start);
        hls.loadSource(src);
        hls.attachMedia(video);
      } else if (video.canPlayType('application/vnd.apple.mpegurl')) {
        video.src = src;
        video.addEventListener(
          'loadedmetadata',
          () => {
            if (startAtRef.current > 0 && startAtRef.current < video.duration) video.currentTime = startAtRef.current;
            start();
          },
          { once: true },
        );
        video.addEventListener('error', () => setState('error'), { once: true });
      } else {
        setState('error');
      }
    })().catch(() => setState('error'));

    return () => {
      cancelled = true;
      video.removeEventListener('playing', onPlaying);
      hls?.destroy();
    };
  }, [src, attempt]);

  // Progress of the film or episode (issue 4 lists); trailers and extras report nothing.
  const progressUrl = progress?.url;
  const progressUid = progress?.uid;
  const progressEpisode = progress?.episodeId ?? null;
  useEffect(() => {
    const video = videoRef.current;
    if (!video || !progressUrl || !progressUid) return;
    return attachProgressReporter(video, { url: progressUrl, uid: progressUid, episodeId: progressEpisode });
  }, [progressUrl, progressUid, progressEpisode]);

  return (
    <div className="player" role="region" aria-label={t('watch.nowPlaying', { title })}>
      <video ref={videoRef} className="player__video" data-testid="player-video" controls playsInline preload="auto" onEnded={onEnded} />
      {state === 'loading' ? (
        <div className="player__overlay" aria-live="polite">
          <span className="spinner" aria-hidden="true" />
          <span className="sr-only">{t('watch.playerLoading')}</span>
        </div>
      ) : null}
      {state === 'error' ? (
        <div className="player__overlay player__overlay--error" role="alert">
          <p>{t('watch.playerError')}</p>
          <button type="button" className="btn btn--primary" onClick={() => setAttempt((a) => a + 1)}>
            {t('watch.retry')}
          </button>
        </div>
      ) : null}
      <button type="button" className="player__close" onClick={onClose} aria-label={t('watch.close')}>
        <svg viewBox="0 0 24 24" aria-hidden="true">
          <path d="M6 6l12 12M18 6 6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
      </button>
    </div>
  );
}
