// The control bar under the picture: the seek bar, play, ±10 s, sound, the time (or the live indicator), the
// next episode, the menus, picture in picture and full screen. Presentational: the player hands in its state
// and what each control does.
import { formatPlayerTime, qualityLabel, type QualityOption } from '@ekran/core';
import type { NextItem } from '@ekran/contracts';
import { useMemo, type RefObject } from 'react';
import { useTranslation } from '../../lib/use-translation.ts';
import { ChoiceMenu } from './choice-menu.tsx';
import {
  AudioIcon, BackIcon, ForwardIcon, FullscreenIcon, NextIcon, PauseIcon, PipIcon, PlayIcon, QualityIcon, SpeedIcon, SubtitlesIcon, VolumeIcon,
} from './icons.tsx';
import { formatLiveClock } from './live.ts';
import { SeekBar, type Range } from './seek-bar.tsx';
import { SEEK_STEP_SECONDS, type PlayerAction } from './shortcuts.ts';
import type { ThumbnailCue } from './thumbnails.ts';
import type { LevelChoice, TrackList } from './use-hls.ts';
import { SPEEDS } from './use-player-actions.ts';
import { VolumeSlider } from './volume-slider.tsx';

export interface ControlsProps {
  controlsRef: RefObject<HTMLDivElement | null>;
  onActivity: () => void;
  isMain: boolean;
  live: boolean;
  next: NextItem | null;
  media: { paused: boolean; time: number; duration: number; buffered: Range[]; volume: number; muted: boolean; rate: number };
  seek: { thumbnails: ThumbnailCue[]; onHoverStart: () => void; disabled: boolean };
  liveEdge: { behind: boolean; date: Date | null; onGoLive: () => void };
  tracks: TrackMenusProps['tracks'];
  screen: { fullscreen: boolean; pip: boolean; pipSupported: boolean; toggleFullscreen: () => void; togglePip: () => void };
  on: TrackMenusProps['on'] & {
    togglePlay: () => void;
    seekTo: (seconds: number) => void;
    runAction: (action: PlayerAction) => void;
    toggleMute: () => void;
    changeVolume: (to: number) => void;
    stepSound: (delta: number) => void;
    goNext: (item: NextItem) => void;
  };
  /** The player's root: the menus render into it (in full screen only the player's subtree shows). */
  menuRoot: HTMLDivElement | null;
}

export function Controls({ controlsRef, onActivity, isMain, live, next, media, seek, liveEdge, tracks, screen, on, menuRoot }: ControlsProps) {
  const { t } = useTranslation();
  const { paused, time, duration, volume, muted } = media;
  const volumeLevel = muted || volume === 0 ? 'muted' : volume < 0.5 ? 'low' : 'high';
  const { fullscreen, pip } = screen;
  return (
    <div ref={controlsRef} className="player__controls" onPointerDown={onActivity}>
      {isMain && !live ? (
        <SeekBar time={time} duration={duration} buffered={media.buffered} thumbnails={seek.thumbnails} onHoverStart={seek.onHoverStart} onSeek={on.seekTo} disabled={seek.disabled} />
      ) : null}
      <div className="player__bar">
        <button type="button" className="player__btn" onClick={on.togglePlay} aria-label={paused ? t('player.play') : t('player.pause')} title={paused ? t('player.play') : t('player.pause')} data-testid="player-play">
          {paused ? <PlayIcon /> : <PauseIcon />}
        </button>
        {isMain && !live ? (
          <>
            <button type="button" className="player__btn player__btn--wide-only" onClick={() => on.runAction({ type: 'seek-by', seconds: -SEEK_STEP_SECONDS })} aria-label={t('player.back10')} title={t('player.back10')}>
              <BackIcon />
            </button>
            <button type="button" className="player__btn player__btn--wide-only" onClick={() => on.runAction({ type: 'seek-by', seconds: SEEK_STEP_SECONDS })} aria-label={t('player.forward10')} title={t('player.forward10')}>
              <ForwardIcon />
            </button>
          </>
        ) : null}
        <div className="player__volume">
          <button type="button" className="player__btn" onClick={on.toggleMute} aria-label={muted ? t('player.unmute') : t('player.mute')} title={muted ? t('player.unmute') : t('player.mute')} data-testid="player-mute">
            <VolumeIcon level={volumeLevel} />
          </button>
          <VolumeSlider value={muted ? 0 : volume} onChange={on.changeVolume} onStep={on.stepSound} label={t('player.volume')} valueText={t('player.volumeValue', { percent: Math.round((muted ? 0 : volume) * 100) })} />
        </div>
        {live && isMain ? <LiveIndicator {...liveEdge} /> : (
          <span className="player__time" data-testid="player-time">
            {formatPlayerTime(time)}
            {Number.isFinite(duration) ? <span className="player__time-total"> / {formatPlayerTime(duration)}</span> : null}
          </span>
        )}
        <span className="player__spacer" />
        {isMain && next ? (
          <button type="button" className="player__btn" onClick={() => on.goNext(next)} aria-label={t('player.nextShortcut')} title={t('player.nextShortcut')} data-testid="player-next-button">
            <NextIcon />
          </button>
        ) : null}
        {isMain ? <TrackMenus live={live} rate={media.rate} tracks={tracks} on={on} menuRoot={menuRoot} /> : null}
        {screen.pipSupported && isMain ? (
          <button type="button" className="player__btn player__btn--wide-only" onClick={screen.togglePip} aria-label={pip ? t('player.exitPip') : t('player.pip')} title={pip ? t('player.exitPip') : t('player.pip')} aria-pressed={pip}>
            <PipIcon />
          </button>
        ) : null}
        <button
          type="button"
          className="player__btn"
          onClick={screen.toggleFullscreen}
          aria-label={fullscreen ? t('player.exitFullscreen') : t('player.fullscreen')}
          title={fullscreen ? t('player.exitFullscreen') : t('player.fullscreen')}
          data-testid="player-fullscreen"
        >
          <FullscreenIcon exit={fullscreen} />
        </button>
      </div>
    </div>
  );
}

/** Live TV: on the edge «В эфире»; behind it, a way back («К эфиру»); then the picture's wall-clock time. */
function LiveIndicator({ behind, date, onGoLive }: ControlsProps['liveEdge']) {
  const { t } = useTranslation();
  return (
    <>
      <button
        type="button"
        className={`player__live${behind ? ' player__live--behind' : ''}`}
        onClick={onGoLive}
        disabled={!behind}
        aria-label={behind ? t('player.toLiveHint') : t('player.live')}
        title={behind ? t('player.toLiveHint') : undefined}
        data-testid="player-live"
        data-behind={behind ? 'true' : 'false'}
      >
        <span className="player__live-dot" aria-hidden="true" />
        {behind ? t('player.toLive') : t('player.live')}
      </button>
      <span className="player__time" data-testid="player-time">
        {formatLiveClock(date)}
      </span>
    </>
  );
}

interface TrackMenusProps {
  live: boolean;
  rate: number;
  tracks: { levels: QualityOption[]; level: LevelChoice; audio: TrackList; subs: TrackList };
  on: {
    chooseAudio: (value: string) => void;
    chooseSubtitles: (value: string) => void;
    chooseSpeed: (value: string) => void;
    chooseQuality: (value: string) => void;
    onMenu: (open: boolean) => void;
  };
  menuRoot: HTMLDivElement | null;
}

/** The item's menus: audio (more than one track), subtitles, speed (not live), quality. */
function TrackMenus({ live, rate, tracks: { levels, level, audio, subs }, on, menuRoot }: TrackMenusProps) {
  const { t } = useTranslation();
  const qualityChoices = useMemo(
    () => [
      { value: 'auto', label: level.auto && levels.length > 0 && level.index >= 0 ? t('player.qualityAutoNow', { label: levels.find((l) => l.index === level.index)?.label ?? qualityLabel(0) }) : t('player.qualityAuto') },
      ...levels.map((o) => ({ value: String(o.index), label: o.label })),
    ],
    [levels, level, t],
  );
  const currentOption = levels.find((o) => o.index === level.index);
  const menu = { onOpenChange: on.onMenu, container: menuRoot, returnFocus: menuRoot };
  return (
    <>
      {audio.tracks.length > 1 ? (
        <ChoiceMenu
          label={t('player.audio')}
          icon={<AudioIcon />}
          value={String(audio.current)}
          choices={audio.tracks.map((a) => ({ value: String(a.id), label: a.name }))}
          onChange={on.chooseAudio}
          {...menu}
          testId="player-audio"
        />
      ) : null}
      {subs.tracks.length > 0 ? (
        <ChoiceMenu
          label={t('player.subtitles')}
          icon={<SubtitlesIcon />}
          value={subs.current >= 0 ? String(subs.current) : 'off'}
          choices={[{ value: 'off', label: t('player.subtitlesOff') }, ...subs.tracks.map((s) => ({ value: String(s.id), label: s.name }))]}
          onChange={on.chooseSubtitles}
          {...menu}
          testId="player-subtitles"
        />
      ) : null}
      {!live ? (
        <ChoiceMenu
          label={t('player.speed')}
          icon={<SpeedIcon />}
          value={String(rate)}
          choices={SPEEDS.map((s) => ({ value: String(s), label: s === 1 ? t('player.speedNormal') : `${s}×` }))}
          onChange={on.chooseSpeed}
          {...menu}
          testId="player-speed"
          badge={rate !== 1 ? `${rate}×` : undefined}
        />
      ) : null}
      {levels.length > 0 ? (
        <ChoiceMenu
          label={t('player.quality')}
          icon={<QualityIcon />}
          value={level.auto ? 'auto' : String(level.index)}
          choices={qualityChoices}
          onChange={on.chooseQuality}
          {...menu}
          testId="player-quality"
          badge={currentOption && currentOption.height >= 720 ? currentOption.name : undefined}
        />
      ) : null}
    </>
  );
}
