// A live channel: where the live edge is and the picture's wall-clock time, read from the engine as it plays.
import { useEffect, useState, type RefObject } from 'react';
import type { Engine } from './engine.ts';

export interface LiveState {
  edge: number | null;
  date: Date | null;
}

export function useLiveEdge(videoRef: RefObject<HTMLVideoElement | null>, engineRef: RefObject<Engine | null>, live: boolean): LiveState {
  const [liveState, setLiveState] = useState<LiveState>({ edge: null, date: null });
  useEffect(() => {
    const video = videoRef.current;
    if (!live || !video) return;
    const update = () => setLiveState({ edge: engineRef.current?.liveEdge() ?? null, date: engineRef.current?.playingDate() ?? null });
    video.addEventListener('timeupdate', update);
    video.addEventListener('pause', update);
    return () => {
      video.removeEventListener('timeupdate', update);
      video.removeEventListener('pause', update);
    };
  }, [live, videoRef, engineRef]);
  return liveState;
}
