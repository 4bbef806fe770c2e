// What the buttons and keys do to the video: play, seek, sound, speed, the live edge; each is announced.
import { formatPlayerTime } from '@ekran/core';
import type { RefObject } from 'react';
import { useTranslation } from '../../lib/use-translation.ts';
import type { Engine } from './engine.ts';
import { stepVolume } from './shortcuts.ts';

/** Playback speeds of the menu (0.5–2). */
export const SPEEDS = [0.5, 0.75, 1, 1.25, 1.5, 2] as const;

interface ActionOptions {
  videoRef: RefObject<HTMLVideoElement | null>;
  engineRef: RefObject<Engine | null>;
  isMain: boolean;
  live: boolean;
  announce: (text: string) => void;
  /** Shows the new time at once, before the video's own timeupdate. */
  setTime: (seconds: number) => void;
}

export function usePlayerActions({ videoRef, engineRef, isMain, live, announce, setTime }: ActionOptions) {
  const { t } = useTranslation();
  const seekTo = (seconds: number) => {
    const video = videoRef.current;
    // Live TV has no timeline to seek in, only the way back to the edge (goLive).
    if (!video || !isMain || live || !Number.isFinite(video.duration)) return;
    const to = Math.min(Math.max(0, seconds), Math.max(0, video.duration - 0.1));
    video.currentTime = to;
    setTime(to);
    announce(t('player.seekedTo', { time: formatPlayerTime(to) }));
  };
  /** Live TV: back to the live edge (and playing), from a pause or a stall. */
  const goLive = () => {
    const video = videoRef.current;
    const edge = engineRef.current?.liveEdge() ?? null;
    if (!video || edge === null) return;
    video.currentTime = edge;
    if (video.paused) void video.play().catch(() => undefined);
    announce(t('player.liveNow'));
  };
  const togglePlay = () => {
    const video = videoRef.current;
    if (!video) return;
    if (video.paused || video.ended) {
      void video.play().catch(() => undefined);
      announce(t('player.playing'));
    } else {
      video.pause();
      announce(t('player.paused'));
    }
  };
  const changeVolume = (to: number) => {
    const video = videoRef.current;
    if (!video) return;
    const v = Math.round(Math.min(1, Math.max(0, to)) * 100) / 100;
    video.volume = v;
    video.muted = v === 0;
    announce(t('player.volumeValue', { percent: Math.round(v * 100) }));
  };
  /** ↑/↓ and the slider's arrows: muting keeps the level (shortcuts.ts stepVolume). */
  const stepSound = (delta: number) => {
    const video = videoRef.current;
    if (!video) return;
    const sound = stepVolume({ volume: video.volume, muted: video.muted }, delta);
    video.volume = sound.volume;
    video.muted = sound.muted;
    announce(sound.muted ? t('player.muted') : t('player.volumeValue', { percent: Math.round(sound.volume * 100) }));
  };
  const toggleMute = () => {
    const video = videoRef.current;
    if (!video) return;
    video.muted = !video.muted;
    if (!video.muted && video.volume === 0) video.volume = 0.5;
    announce(video.muted ? t('player.muted') : t('player.volumeValue', { percent: Math.round(video.volume * 100) }));
  };
  const chooseSpeed = (value: string) => {
    const video = videoRef.current;
    const speed = SPEEDS.find((s) => s === Number(value));
    if (!video || speed === undefined) return;
    video.playbackRate = speed;
    announce(t('player.speedChanged', { label: speed === 1 ? t('player.speedNormal') : `${speed}×` }));
  };
  return { seekTo, goLive, togglePlay, changeVolume, stepSound, toggleMute, chooseSpeed };
}
