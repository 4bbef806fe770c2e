// Progress of a film or episode, reported as it plays (progress-reporter.ts). Call it before useHls: cleanups
// run in declaration order, and the last report (closing the player, leaving the item for a postroll) must read
// the position before the engine tears the media down.
import type { MediaMarkers } from '@ekran/contracts';
import { useEffect, useEffectEvent, type RefObject } from 'react';
import { countdownStart } from './marks.ts';
import { attachProgressReporter, type ProgressReporting } from './progress-reporter.ts';

export function useProgressReport(videoRef: RefObject<HTMLVideoElement | null>, progress: ProgressReporting | null, markers: MediaMarkers | null, isMain: boolean) {
  const progressUrl = progress?.url;
  const progressUid = progress?.uid;
  const progressEpisode = progress?.episodeId ?? null;
  const finishedFrom = useEffectEvent((video: HTMLVideoElement) => countdownStart(video.duration, markers));
  useEffect(() => {
    const video = videoRef.current;
    if (!video || !progressUrl || !progressUid || !isMain) return;
    // From the end credits (or the countdown's start) on, the title counts as watched to the end.
    return attachProgressReporter(video, { url: progressUrl, uid: progressUid, episodeId: progressEpisode }, undefined, {
      finishedFrom: () => finishedFrom(video),
    });
  }, [progressUrl, progressUid, progressEpisode, isMain, videoRef]);
}
