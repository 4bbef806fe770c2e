// The item's marks (marks.ts): «Пропустить заставку» / «Пропустить титры», and the next episode's countdown
// from the credits, which goes on by itself when it runs out while playing.
import type { MediaMarkers, NextItem } from '@ekran/contracts';
import { useEffect, useEffectEvent } from 'react';
import { countdownRemaining, skipMarkAt } from './marks.ts';

interface MarkOptions {
  isMain: boolean;
  next: NextItem | null;
  nextCancelled: boolean;
  time: number;
  duration: number;
  markers: MediaMarkers | null;
  paused: boolean;
  goNext: (item: NextItem) => void;
}

export function useSkipMarks({ isMain, next, nextCancelled, time, duration, markers, paused, goNext }: MarkOptions) {
  const remaining = isMain && next && !nextCancelled ? countdownRemaining(time, duration, markers) : null;
  const goNextFromEffect = useEffectEvent((item: NextItem) => goNext(item));
  useEffect(() => {
    if (remaining === 0 && next && !paused) goNextFromEffect(next);
  }, [remaining, next, paused]);
  const skip = isMain ? skipMarkAt(time, duration, markers) : null;
  // With a next episode the credits show its card, not «Пропустить титры».
  const showSkip = skip && !(skip.kind === 'credits' && next && !nextCancelled);
  return { remaining, skip: showSkip ? skip : null };
}
