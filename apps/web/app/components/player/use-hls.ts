// The media engine of the current phase (engine.ts): hls.js, imported there only once a player mounts, or the
// browser's own HLS. It starts again when the phase's source changes, on «Повторить» and back online (attempt),
// and stops for good when the server refuses the stream.
import type { QualityOption } from '@ekran/core';
import { useEffect, useEffectEvent, useRef, useState, type Dispatch, type RefObject, type SetStateAction } from 'react';
import { createEngine, type Engine, type EngineStatus, type MediaTrack } from './engine.ts';
import type { PlayerPreferences } from './preferences.ts';

export interface TrackList {
  tracks: MediaTrack[];
  current: number;
}
export interface LevelChoice {
  index: number;
  auto: boolean;
}
/** The fresh signed prefixes of the stream session (use-stream-session.ts), read by the engine on each load. */
export interface StreamPrefixes {
  prefix: string | null;
  more: readonly string[];
}

export interface HlsTracks {
  engineRef: RefObject<Engine | null>;
  levels: QualityOption[];
  level: LevelChoice;
  setLevel: Dispatch<SetStateAction<LevelChoice>>;
  audio: TrackList;
  setAudio: Dispatch<SetStateAction<TrackList>>;
  subs: TrackList;
  setSubs: Dispatch<SetStateAction<TrackList>>;
}

interface HlsOptions {
  videoRef: RefObject<HTMLVideoElement | null>;
  /** The source of the current phase: a promo's or the item's. */
  src: string;
  isMain: boolean;
  live: boolean;
  attempt: number;
  refused: boolean;
  /** Where the item starts; read at (re)start only. */
  mainStart: number;
  prefsRef: RefObject<PlayerPreferences>;
  /** The status as the engine reports it. */
  onStatus: (status: EngineStatus) => void;
  /** The status set here: loading as it (re)starts, failed when it cannot start at all. */
  setStatus: (status: EngineStatus) => void;
  /** The browser refused to autoplay: the big play button shows. */
  onAutoplayRefused: () => void;
}

const NO_TRACKS: TrackList = { tracks: [], current: -1 };

export function useHls({ videoRef, src, isMain, live, attempt, refused, mainStart, prefsRef, onStatus, setStatus, onAutoplayRefused }: HlsOptions) {
  const engineRef = useRef<Engine | null>(null);
  const prefixesRef = useRef<StreamPrefixes>({ prefix: null, more: [] });
  const [levels, setLevels] = useState<QualityOption[]>([]);
  const [level, setLevel] = useState<LevelChoice>({ index: -1, auto: true });
  const [audio, setAudio] = useState<TrackList>(NO_TRACKS);
  const [subs, setSubs] = useState<TrackList>(NO_TRACKS);

  const reportStatus = useEffectEvent((status: EngineStatus) => onStatus(status));
  const startFailed = useEffectEvent(() => setStatus('failed'));
  const autoplayRefused = useEffectEvent(() => onAutoplayRefused());
  // Read as the engine (re)starts; a new resume point alone does not restart it.
  const startOptions = useEffectEvent(() => ({ startAt: isMain ? mainStart : 0, live: isMain && live }));
  const starting = useEffectEvent(() => setStatus('loading'));
  useEffect(() => {
    const video = videoRef.current;
    if (!video || refused) return;
    let engine: Engine | null = null;
    let cancelled = false;
    const prefs = prefsRef.current;
    const start = startOptions();
    starting();
    setLevels([]);
    setAudio(NO_TRACKS);
    setSubs(NO_TRACKS);
    createEngine(
      video,
      {
        src,
        startAt: start.startAt,
        freshPrefix: () => prefixesRef.current.prefix,
        morePrefixes: () => prefixesRef.current.more,
        preferredHeight: prefs.quality,
        preferredSubtitles: prefs.subtitles,
        menus: isMain,
        live: start.live,
      },
      {
        status: (s) => !cancelled && reportStatus(s),
        levels: (options) => !cancelled && setLevels(options),
        level: (index, auto) => !cancelled && setLevel({ index, auto }),
        audioTracks: (tracks, current) => !cancelled && setAudio({ tracks, current }),
        subtitleTracks: (tracks, current) => !cancelled && setSubs({ tracks, current }),
      },
    )
      .then((created) => {
        if (cancelled) return created.destroy();
        engine = created;
        engineRef.current = created;
        void video.play().catch(() => autoplayRefused());
      })
      .catch(() => !cancelled && startFailed());
    return () => {
      cancelled = true;
      engine?.destroy();
      engineRef.current = null;
    };
  }, [src, isMain, attempt, refused, videoRef, prefsRef]);

  /** Stops the engine at once (the server refused the stream). */
  const teardown = () => {
    engineRef.current?.destroy();
    engineRef.current = null;
  };
  const tracks: HlsTracks = { engineRef, levels, level, setLevel, audio, setAudio, subs, setSubs };
  return { ...tracks, prefixesRef, teardown };
}
