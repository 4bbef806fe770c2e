/**
 * The video player. Loaded lazily where a page plays something; hls.js is imported only once a
 * player mounts (engine.ts), never in the shared bundle.
 *
 * Props:
 * - `src`      signed master playlist URL of the item (check.playlists[0].url).
 * - `title`    what plays, for the title line and the region's accessible name.
 * - `uid`      the item's uid (film, episode or extra): the stream heartbeats name it. Optional for a player
 *              without a stream session.
 * - `check`    the item's PlaybackCheck, read for `stream` (heartbeats, stop), `markers` (skip intro / credits,
 *              the next-episode countdown), `prerolls`/`postrolls` (promo slots), `next` (the next episode) and
 *              playlists[0].thumbnails_url (scrub-bar thumbnails). Null: a bare player (no slots, no session).
 * - `startAt`  second to resume from (read once per player; remount with a new `key` to start elsewhere).
 * - `progress` where to report progress of a film or episode (progress-reporter.ts); null for trailers.
 * - `onClose`  the close button, Esc, and after the last postroll when nothing else follows.
 * - `onLeave`  the viewer follows a promo's link: the page closes the player and goes there (by default onClose
 *              and a navigation).
 * - `onEnded`  the item and its postrolls ended without going on to a next episode (a queue goes on).
 * - `onNext`   go on to check.next (the countdown ran out, «Смотреть» on the card, Shift+N). Without it no card.
 * - `onStreamRefused` the server refused the stream (403 STREAM_LIMIT_EXCEEDED with stream_limit, or 410
 *              STREAM_STOPPED): the player has paused and torn down; the page shows why and remounts it.
 * - `live`     a live TV stream. No seek bar (the window slides; a bar would promise what is
 *              gone): a «В эфире» indicator that turns into «К эфиру» when the picture falls behind the live
 *              edge, and the picture's wall-clock time; no ±10 s, speed or next episode.
 */
import type { NextItem, PlaybackCheck } from '@ekran/contracts';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from '../../lib/use-translation.ts';
import { Controls } from './controls.tsx';
import { BackIcon, CloseIcon, ForwardIcon } from './icons.tsx';
import { isBehindLive } from './live.ts';
import { NextCard, PromoSlotBar, SkipMarkButton, StatusOverlays } from './overlays.tsx';
import { stageOf } from './player-state.ts';
import type { ProgressReporting } from './progress-reporter.ts';
import type { StreamRefusal } from './stream-session.ts';
import { useConnection } from './use-connection.ts';
import { useControlsVisibility } from './use-controls-visibility.ts';
import { useFullscreen } from './use-fullscreen.ts';
import { useHls } from './use-hls.ts';
import { useLiveEdge } from './use-live-edge.ts';
import { useMediaState, usePhaseRate } from './use-media-state.ts';
import { usePlayerActions } from './use-player-actions.ts';
import { usePlayerKeys } from './use-player-keys.ts';
import { usePlayerOpen } from './use-player-open.ts';
import { usePlayerPhases } from './use-player-phases.ts';
import { useProgressReport } from './use-progress-report.ts';
import { usePromoSlot } from './use-promo-slot.ts';
import { usePreferences, useTrackChoices } from './use-remembered-choices.ts';
import { useSkipMarks } from './use-skip-marks.ts';
import { useStreamSession } from './use-stream-session.ts';
import { useSubtitleLift } from './use-subtitle-lift.ts';
import { useSurfacePointer } from './use-surface-pointer.ts';
import { useThumbnails } from './use-thumbnails.ts';
import './player.css';

export type { StreamRefusal } from './stream-session.ts';
export { SPEEDS } from './use-player-actions.ts';

export interface PlayerProps {
  src: string;
  title: string;
  uid?: string | undefined;
  check?: PlaybackCheck | null | undefined;
  startAt?: number | undefined;
  progress?: ProgressReporting | null | undefined;
  onClose: () => void;
  onLeave?: ((to: string) => void) | undefined;
  onEnded?: (() => void) | undefined;
  onNext?: ((next: NextItem) => void) | undefined;
  onStreamRefused?: ((error: StreamRefusal) => void) | undefined;
  live?: boolean | undefined;
}

export default function Player({ src, title, uid, check = null, startAt = 0, progress = null, onClose, onLeave, onEnded, onNext, onStreamRefused, live = false }: PlayerProps) {
  const { t } = useTranslation();
  const rootRef = useRef<HTMLDivElement>(null);
  const videoRef = useRef<HTMLVideoElement>(null);
  const controlsRef = useRef<HTMLDivElement>(null);
  // The root as state too: the menus render into it (in full screen only the player's subtree shows).
  const [rootEl, setRootEl] = useState<HTMLDivElement | null>(null);
  const attachRoot = useCallback((el: HTMLDivElement | null) => {
    rootRef.current = el;
    setRootEl(el);
  }, []);
  const [announcement, announce] = useState('');
  const { initialPrefs, prefsRef, remember } = usePreferences();
  const markers = check?.markers ?? null;
  const next = onNext && !live ? (check?.next ?? null) : null;

  // The hooks' effects run (and clean up) in this order: progress before the engine, so the last report reads
  // the position before the engine tears the media down.
  const phases = usePlayerPhases({ videoRef, check, startAt, next, onClose, onEnded, onNext });
  const { state, dispatch, slot, isMain, endPhase, goNext } = phases;
  const { phase, status, refused } = state;
  useProgressReport(videoRef, progress, markers, isMain);
  const media = useMediaState(videoRef, initialPrefs, remember);
  const { paused, waiting, time } = media;
  const hls = useHls({
    videoRef, src: slot ? slot.url : src, isMain, live, attempt: state.attempt, refused, mainStart: state.mainStart, prefsRef,
    // A promo that cannot play is skipped, not an error of the film.
    onStatus: (value) => (value === 'failed' && !isMain ? endPhase() : dispatch({ type: 'status', status: value })),
    setStatus: (value) => dispatch({ type: 'status', status: value }),
    onAutoplayRefused: () => media.setPaused(true),
  });
  const liveState = useLiveEdge(videoRef, hls.engineRef, live);
  usePhaseRate(videoRef, isMain, media.rate);
  useStreamSession({
    videoRef, stream: check?.stream ?? null, uid, src, isMain, mainStart: state.mainStart, paused, prefixesRef: hls.prefixesRef,
    onRefused: (refusal) => {
      videoRef.current?.pause();
      hls.teardown();
      dispatch({ type: 'refused' });
      onStreamRefused?.(refusal);
    },
  });
  // Back online after the engine gave up: go on from the same place by itself.
  const offline = useConnection(() => status === 'failed' && navigator.onLine && phases.restartHere());
  const screen = useFullscreen(rootRef, videoRef);
  const { wake, hide, menusOpen, onMenu, showControls } = useControlsVisibility(controlsRef, paused);
  const actions = usePlayerActions({ videoRef, engineRef: hls.engineRef, isMain, live, announce, setTime: media.setTime });
  const choices = useTrackChoices(hls, prefsRef, remember, announce);
  const commands = { ...actions, toggleFullscreen: screen.toggleFullscreen, toggleSubtitles: choices.toggleSubtitles, goNext, close: onClose };
  const runAction = usePlayerKeys({ rootRef, videoRef, live, isMain, next, menusOpen, slot, wake, commands });
  usePlayerOpen(rootRef);
  useSubtitleLift({ videoRef, controlsRef, showControls, subsOn: hls.subs.current >= 0, tracks: hls.subs.tracks, fullscreen: screen.fullscreen });
  const { thumbnails, loadThumbnails } = useThumbnails(check?.playlists[0]?.thumbnails_url ?? null);
  const { skipIn, leaveFor } = usePromoSlot({ videoRef, slot, onClose, onLeave });
  const { tapFlash, handleSurfacePointerUp } = useSurfacePointer({ videoRef, slot, isMain, live, showControls, wake, hide, togglePlay: actions.togglePlay, seekTo: actions.seekTo, leaveFor });
  const { remaining, skip } = useSkipMarks({ isMain, next, nextCancelled: state.nextCancelled, time, duration: media.duration, markers, paused, goNext });
  useEffect(() => {
    if (!paused) dispatch({ type: 'playing' });
  }, [paused, dispatch]);

  const loading = !refused && (status === 'loading' || status === 'recovering' || (waiting && status === 'ready')) && !offline;
  const failed = !refused && stageOf(state) === 'error';
  const offlineStalled = offline && (status === 'offline' || status === 'failed' || waiting);
  const behindLive = live && isBehindLive(time, liveState.edge);

  return (
    <div
      ref={attachRoot}
      className={`player${showControls ? ' player--controls' : ' player--idle'}${screen.fullscreen ? ' player--fullscreen' : ''}${slot ? ' player--slot' : ''}`}
      role="region"
      aria-label={t('player.region', { title })}
      tabIndex={-1}
      data-testid="player"
      data-phase={phase.kind}
      data-level={hls.level.index}
      data-auto-level={hls.level.auto ? 'true' : 'false'}
      data-status={status}
      data-live={live ? 'true' : undefined}
      data-playing-date={live ? (liveState.date?.toISOString() ?? '') : undefined}
      onPointerMove={(e) => e.pointerType === 'mouse' && wake()}
      onFocus={wake}
    >
      {/* Subtitles are the stream's own tracks, added by hls.js (or the native player) from the master playlist. */}
      {/* eslint-disable-next-line jsx-a11y/media-has-caption */}
      <video ref={videoRef} className="player__video" data-testid="player-video" playsInline preload="auto" onEnded={endPhase} />

      <div className="player__surface" onPointerUp={handleSurfacePointerUp} onDoubleClick={() => !slot && screen.toggleFullscreen()} aria-hidden="true">
        {tapFlash ? <div className={`player__tap player__tap--${tapFlash}`}>{tapFlash === 'forward' ? <ForwardIcon /> : <BackIcon />}</div> : null}
      </div>

      <StatusOverlays status={status} loading={loading} offline={offline} offlineStalled={offlineStalled} failed={failed} refused={refused} paused={paused} onRetry={phases.restartHere} onPlay={actions.togglePlay} />

      {slot && phase.kind !== 'main' ? (
        <PromoSlotBar slot={slot} index={phase.index} total={(phase.kind === 'preroll' ? phases.prerolls : phases.postrolls).length} skipIn={skipIn} onLeave={leaveFor} onSkip={() => endPhase()} />
      ) : null}

      {skip ? <SkipMarkButton skip={skip} onSeek={actions.seekTo} /> : null}

      {remaining !== null && next ? <NextCard next={next} remaining={remaining} onPlay={() => goNext(next)} onCancel={() => dispatch({ type: 'cancel-next' })} /> : null}

      <div className="player__top">
        <p className="player__title">{title}</p>
        <button type="button" className="player__btn player__close" onClick={onClose} aria-label={t('player.close')} title={t('player.close')}>
          <CloseIcon />
        </button>
      </div>

      <Controls
        controlsRef={controlsRef}
        onActivity={wake}
        isMain={isMain}
        live={live}
        next={next}
        media={media}
        seek={{ thumbnails, onHoverStart: loadThumbnails, disabled: refused || failed }}
        liveEdge={{ behind: behindLive, date: liveState.date, onGoLive: actions.goLive }}
        tracks={hls}
        screen={screen}
        on={{ ...actions, ...choices, runAction, goNext, onMenu }}
        menuRoot={rootEl}
      />

      <div className="sr-only" aria-live="polite" aria-atomic="true" data-testid="player-announcer">
        {announcement}
      </div>
    </div>
  );
}
