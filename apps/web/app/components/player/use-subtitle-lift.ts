// Subtitles above the controls while they show (subtitle-lift.ts).
import { useEffect, type RefObject } from 'react';
import type { MediaTrack } from './engine.ts';
import { cueLinePx, cueTextLines, liftCues, liftLines } from './subtitle-lift.ts';

interface LiftOptions {
  videoRef: RefObject<HTMLVideoElement | null>;
  controlsRef: RefObject<HTMLDivElement | null>;
  showControls: boolean;
  subsOn: boolean;
  tracks: readonly MediaTrack[];
  fullscreen: boolean;
}

export function useSubtitleLift({ videoRef, controlsRef, showControls, subsOn, tracks: subTracks, fullscreen }: LiftOptions) {
  useEffect(() => {
    const video = videoRef.current;
    if (!video || !subsOn) return;
    const tracks = video.textTracks;
    const place = () => {
      const controls = controlsRef.current;
      const linePx = cueLinePx(window.innerWidth);
      // The bar's own height plus a little air: the seek bar and buttons are what the cues must clear.
      const clear = showControls && controls ? liftLines(controls.offsetHeight + 8, linePx) : 0;
      liftCues(tracks, clear, (text) => cueTextLines(text, video.clientWidth, linePx));
    };
    place();
    // New cues arrive as the subtitle fragments load, and a cue shows when its time comes.
    const watched = Array.from(tracks);
    for (const track of watched) track.addEventListener('cuechange', place);
    tracks.addEventListener('addtrack', place);
    tracks.addEventListener('change', place);
    window.addEventListener('resize', place);
    return () => {
      for (const track of watched) track.removeEventListener('cuechange', place);
      tracks.removeEventListener('addtrack', place);
      tracks.removeEventListener('change', place);
      window.removeEventListener('resize', place);
    };
    // The subtitle tracks and full screen change where the cues fall.
  }, [showControls, subsOn, subTracks, fullscreen, videoRef, controlsRef]);
}
