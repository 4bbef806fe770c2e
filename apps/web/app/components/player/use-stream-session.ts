// The stream session of the item (stream-session.ts): heartbeats while it plays, fresh signed prefixes for the
// engine, a stop as the player closes, and the server's refusal handed to the page.
import type { PlaybackCheck } from '@ekran/contracts';
import { useEffect, useEffectEvent, useRef, type RefObject } from 'react';
import { grantExpiry, startStreamSession, type StreamRefusal, type StreamSession } from './stream-session.ts';
import type { StreamPrefixes } from './use-hls.ts';

interface SessionOptions {
  videoRef: RefObject<HTMLVideoElement | null>;
  stream: PlaybackCheck['stream'];
  uid: string | undefined;
  /** The item's signed playlist: its grant's expiry goes with the stop. */
  src: string;
  isMain: boolean;
  mainStart: number;
  paused: boolean;
  prefixesRef: RefObject<StreamPrefixes>;
  onRefused: (refusal: StreamRefusal) => void;
}

export function useStreamSession({ videoRef, stream, uid, src, isMain, mainStart, paused, prefixesRef, onRefused }: SessionOptions) {
  const sessionRef = useRef<StreamSession | null>(null);
  const refuse = useEffectEvent((refusal: StreamRefusal) => onRefused(refusal));
  // During a promo the stream is at the item's start point.
  const streamPosition = useEffectEvent((video: HTMLVideoElement) => (isMain ? video.currentTime : mainStart));
  // One session per stream id: a new check of the same stream keeps the session going.
  const open = useEffectEvent((video: HTMLVideoElement, itemUid: string) =>
    stream
      ? startStreamSession({
          stream,
          uid: itemUid,
          grantExp: grantExpiry(src),
          position: () => streamPosition(video),
          playing: () => !video.paused,
          onPrefix: (prefix, more) => {
            prefixesRef.current = { prefix, more };
          },
          onRefused: (refusal) => refuse(refusal),
        })
      : null,
  );
  const streamId = stream?.id;
  useEffect(() => {
    const video = videoRef.current;
    if (!streamId || !uid || !video) return;
    const session = open(video, uid);
    if (!session) return;
    sessionRef.current = session;
    const onPageHide = (e: PageTransitionEvent) => {
      // Kept in the back-forward cache, the page may come back and go on; the server lets the slot lapse.
      if (!e.persisted) session.stop({ beacon: true });
    };
    window.addEventListener('pagehide', onPageHide);
    return () => {
      window.removeEventListener('pagehide', onPageHide);
      session.stop();
      sessionRef.current = null;
    };
  }, [streamId, uid, videoRef]);
  // A resume after a pause tells the server at once (the stream is live again).
  useEffect(() => {
    if (!paused) void sessionRef.current?.beat();
  }, [paused]);
}
