// What the video element says about itself, as state for the controls: play state, time, buffer, sound, speed.
import { useEffect, useEffectEvent, useState, type RefObject } from 'react';
import type { PlayerPreferences } from './preferences.ts';
import type { Range } from './seek-bar.tsx';

function bufferedRanges(video: HTMLVideoElement): Range[] {
  const out: Range[] = [];
  for (let i = 0; i < video.buffered.length; i++) out.push([video.buffered.start(i), video.buffered.end(i)]);
  return out;
}

/** The video's state; its sound starts as remembered and every change of it is remembered. */
export function useMediaState(
  videoRef: RefObject<HTMLVideoElement | null>,
  initial: PlayerPreferences,
  remember: (change: Partial<PlayerPreferences>) => void,
) {
  const [paused, setPaused] = useState(true);
  // The video waits for data (a slow network, a seek into what is not buffered).
  const [waiting, setWaiting] = useState(false);
  const [time, setTime] = useState(0);
  const [duration, setDuration] = useState(NaN);
  const [buffered, setBuffered] = useState<Range[]>([]);
  const [volume, setVolume] = useState(initial.volume);
  const [muted, setMuted] = useState(initial.muted);
  const [rate, setRate] = useState(1);

  useEffect(() => {
    const video = videoRef.current;
    if (!video) return;
    video.volume = initial.volume;
    video.muted = initial.muted;
    const sync = () => {
      setTime(video.currentTime);
      setDuration(video.duration);
      setBuffered(bufferedRanges(video));
    };
    const onPlay = () => setPaused(false);
    const onWaiting = () => setWaiting(true);
    const onFlowing = () => setWaiting(false);
    const onPause = () => setPaused(true);
    const onVolume = () => {
      setVolume(video.volume);
      setMuted(video.muted);
      remember({ volume: video.volume, muted: video.muted });
    };
    const onRate = () => setRate(video.playbackRate);
    const events: [string, () => void][] = [
      ['timeupdate', sync], ['durationchange', sync], ['progress', sync], ['seeked', sync], ['loadedmetadata', sync],
      ['play', onPlay], ['playing', onPlay], ['pause', onPause], ['volumechange', onVolume], ['ratechange', onRate],
      ['waiting', onWaiting], ['playing', onFlowing], ['canplay', onFlowing], ['seeked', onFlowing], ['emptied', onFlowing],
    ];
    for (const [name, fn] of events) video.addEventListener(name, fn);
    return () => {
      for (const [name, fn] of events) video.removeEventListener(name, fn);
    };
  }, [videoRef, initial, remember]);

  return { paused, setPaused, waiting, time, setTime, duration, buffered, volume, muted, rate };
}

/** A promo keeps its own speed of 1; the film keeps the viewer's (not remembered across films). */
export function usePhaseRate(videoRef: RefObject<HTMLVideoElement | null>, isMain: boolean, rate: number) {
  // On phase changes only: a change of speed within the film is the video's own.
  const apply = useEffectEvent((main: boolean) => {
    const video = videoRef.current;
    if (video) video.playbackRate = main ? rate : 1;
  });
  useEffect(() => apply(isMain), [isMain]);
}
