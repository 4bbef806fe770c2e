/**
 * The video player (issue 5 item 2). Loaded lazily where a page plays something; hls.js is imported only once a
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
 * - `live`     issue 7 tvstream: a live TV stream. No seek bar (the window slides; a bar would promise what is
 *              gone): a «В эфире» indicator that turns into «К эфиру» when the picture falls behind the live
 *              edge, and the picture's wall-clock time; no ±10 s, speed or next episode.
 */
import { formatPlayerTime, qualityLabel, type QualityOption } from '@ekran/core';
import type { NextItem, PlaybackCheck, PlayerSlot } from '@ekran/contracts';
import { useCallback, useEffect, useEffectEvent, useMemo, useRef, useState, type PointerEvent as ReactPointerEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { ChoiceMenu } from './choice-menu.tsx';
import { createEngine, type Engine, type EngineStatus, type MediaTrack } from './engine.ts';
import {
  AudioIcon, BackIcon, CloseIcon, ForwardIcon, FullscreenIcon, NextIcon, PauseIcon, PipIcon, PlayIcon, QualityIcon, SpeedIcon, SubtitlesIcon, VolumeIcon,
} from './icons.tsx';
import { countdownRemaining, countdownStart, skipMarkAt } from './marks.ts';
import { markPrerollShown, postrollsDue, prerollsDue } from './promo-cap.ts';
import { loadPreferences, savePreferences, type PlayerPreferences } from './preferences.ts';
import { attachProgressReporter, type ProgressReporting } from './progress-reporter.ts';
import { SeekBar, type Range } from './seek-bar.tsx';
import { actionForKey, allowedDuringPromo, SEEK_STEP_SECONDS, stepVolume, VOLUME_STEP, type PlayerAction } from './shortcuts.ts';
import { cueLinePx, cueTextLines, liftCues, liftLines } from './subtitle-lift.ts';
import { grantExpiry, startStreamSession, type StreamRefusal, type StreamSession } from './stream-session.ts';
import { formatLiveClock, isBehindLive } from './live.ts';
import { parseThumbnailsVtt, type ThumbnailCue } from './thumbnails.ts';
import './player.css';

export type { StreamRefusal } from './stream-session.ts';

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

/** Playback speeds of the menu (issue 5: 0.5–2). */
export const SPEEDS = [0.5, 0.75, 1, 1.25, 1.5, 2] as const;
/** Controls hide after this long without pointer or keyboard activity while playing. */
const HIDE_CONTROLS_MS = 3_000;
/** Two taps within this long are a double tap (±10 s on the sides of a phone's picture). */
const DOUBLE_TAP_MS = 300;

type Phase = { kind: 'preroll'; index: number } | { kind: 'main' } | { kind: 'postroll'; index: number };

const firstPhase = (prerolls: readonly PlayerSlot[]): Phase => (prerolls.length > 0 ? { kind: 'preroll', index: 0 } : { kind: 'main' });

function bufferedRanges(video: HTMLVideoElement): Range[] {
  const out: Range[] = [];
  for (let i = 0; i < video.buffered.length; i++) out.push([video.buffered.start(i), video.buffered.end(i)]);
  return out;
}

/** Focus the keyboard brought (:focus-visible); where the selector is unknown, any focus counts. */
const keyboardFocused = (el: HTMLElement) => {
  try {
    return el.matches(':focus-visible');
  } catch {
    return true;
  }
};

const isEditable = (el: EventTarget | null) =>
  el instanceof HTMLElement && (el.isContentEditable || el.tagName === 'INPUT' || el.tagName === 'TEXTAREA' || el.tagName === 'SELECT');

export default function Player({ src, title, uid, check = null, startAt = 0, progress = null, onClose, onLeave, onEnded, onNext, onStreamRefused, live = false }: PlayerProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const rootRef = useRef<HTMLDivElement>(null);
  const videoRef = useRef<HTMLVideoElement>(null);
  const controlsRef = useRef<HTMLDivElement>(null);
  const engineRef = useRef<Engine | null>(null);
  const sessionRef = useRef<StreamSession | null>(null);
  const prefixRef = useRef<string | null>(null);
  const morePrefixesRef = useRef<readonly string[]>([]);
  const [initialPrefs] = useState(loadPreferences);
  const prefsRef = useRef<PlayerPreferences>(initialPrefs);

  const prerolls = check?.prerolls ?? [];
  const postrolls = check?.postrolls ?? [];
  const markers = check?.markers ?? null;
  const next = onNext && !live ? (check?.next ?? null) : null;
  const thumbnailsUrl = check?.playlists[0]?.thumbnails_url ?? null;

  // Promos at most one every 30 minutes per browser and one per viewing (promo-cap.ts): not again for the next
  // episode or a resume, and no postroll after a preroll (the same promo twice around one film).
  const [phase, setPhase] = useState<Phase>(() => (prerollsDue() ? firstPhase(prerolls) : { kind: 'main' }));
  const promoPlaying = phase.kind !== 'main';
  const promoShown = useRef(false);
  useEffect(() => {
    if (!promoPlaying) return;
    promoShown.current = true;
    markPrerollShown();
  }, [promoPlaying]);
  // Where the main item (re)starts: the resume point at first, the position at a «Повторить» or reconnect.
  const [mainStart, setMainStart] = useState(startAt > 0 ? startAt : 0);
  const [attempt, setAttempt] = useState(0);
  const [status, setStatus] = useState<EngineStatus>('loading');
  const [refused, setRefused] = useState(false);
  const [offline, setOffline] = useState(() => typeof navigator !== 'undefined' && !navigator.onLine);
  const [paused, setPaused] = useState(true);
  // The video waits for data (a slow network, a seek into what is not buffered).
  const [waiting, setWaiting] = useState(false);
  const [time, setTime] = useState(0);
  const [duration, setDuration] = useState(NaN);
  const [buffered, setBuffered] = useState<Range[]>([]);
  const [volume, setVolume] = useState(initialPrefs.volume);
  const [muted, setMuted] = useState(initialPrefs.muted);
  const [rate, setRate] = useState(1);
  const [levels, setLevels] = useState<QualityOption[]>([]);
  const [level, setLevel] = useState<{ index: number; auto: boolean }>({ index: -1, auto: true });
  const [audio, setAudio] = useState<{ tracks: MediaTrack[]; current: number }>({ tracks: [], current: -1 });
  const [subs, setSubs] = useState<{ tracks: MediaTrack[]; current: number }>({ tracks: [], current: -1 });
  const [fullscreen, setFullscreen] = useState(false);
  const [pip, setPip] = useState(false);
  const [pipSupported, setPipSupported] = useState(false);
  // Controls show while paused, a menu is open, or there was activity lately (idle hides them).
  const [idle, setIdle] = useState(false);
  const [activity, setActivity] = useState(0);
  const [rootEl, setRootEl] = useState<HTMLDivElement | null>(null);
  // The root as state too: the menus render into it (in full screen only the player's subtree shows).
  const attachRoot = useCallback((el: HTMLDivElement | null) => {
    rootRef.current = el;
    setRootEl(el);
  }, []);
  const [menusOpen, setMenusOpen] = useState(0);
  const [nextCancelled, setNextCancelled] = useState(false);
  const [announcement, setAnnouncement] = useState('');
  const [thumbnails, setThumbnails] = useState<ThumbnailCue[]>([]);
  const [slotTime, setSlotTime] = useState<{ uid: string; seconds: number } | null>(null);
  const [tapFlash, setTapFlash] = useState<'back' | 'forward' | null>(null);
  // issue 7 tvstream: where the live edge is and the picture's wall-clock time, read from the engine as it plays.
  const [liveState, setLiveState] = useState<{ edge: number | null; date: Date | null }>({ edge: null, date: null });

  const slot: PlayerSlot | null = phase.kind === 'preroll' ? (prerolls[phase.index] ?? null) : phase.kind === 'postroll' ? (postrolls[phase.index] ?? null) : null;
  const isMain = phase.kind === 'main';
  const currentSrc = slot ? slot.url : src;
  const announce = (text: string) => setAnnouncement(text);

  // ---------------------------------------------------------------- phases: prerolls → the item → postrolls
  const finishItem = () => {
    if (postrolls.length > 0 && postrollsDue(promoShown.current)) return setPhase({ kind: 'postroll', index: 0 });
    // Without a queue the film stays on its last frame (the big play button replays it).
    onEnded?.();
  };
  const wentNext = useRef(false);
  const goNext = (item: NextItem) => {
    // Once: the countdown's end and the video's end may both ask. Going on skips the postrolls (the viewer
    // keeps watching the series).
    if (wentNext.current) return;
    wentNext.current = true;
    videoRef.current?.pause();
    onNext?.(item);
  };
  const endPhase = () => {
    if (phase.kind === 'preroll') {
      setPhase(phase.index + 1 < prerolls.length ? { kind: 'preroll', index: phase.index + 1 } : { kind: 'main' });
    } else if (phase.kind === 'postroll') {
      if (phase.index + 1 < postrolls.length) setPhase({ kind: 'postroll', index: phase.index + 1 });
      else if (onEnded) onEnded();
      else onClose();
    } else if (next && !nextCancelled) {
      goNext(next);
    } else {
      finishItem();
    }
  };
  const endPhaseFromEffect = useEffectEvent(() => endPhase());
  const goNextFromEffect = useEffectEvent((item: NextItem) => goNext(item));

  // ---------------------------------------------------------------- progress (issue 4 lists; item 3)
  // Declared before the engine: cleanups run in declaration order, and the last report (closing the player,
  // leaving the item for a postroll) must read the position before the engine tears the media down.
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
  }, [progressUrl, progressUid, progressEpisode, isMain]);

  // ---------------------------------------------------------------- the engine of the current phase
  const handleStatus = useEffectEvent((value: EngineStatus) => {
    // A promo that cannot play is skipped, not an error of the film.
    if (value === 'failed' && !isMain) return endPhaseFromEffect();
    setStatus(value);
  });
  useEffect(() => {
    const video = videoRef.current;
    if (!video || refused) return;
    let engine: Engine | null = null;
    let cancelled = false;
    const prefs = prefsRef.current;
    setStatus('loading');
    setLevels([]);
    setAudio({ tracks: [], current: -1 });
    setSubs({ tracks: [], current: -1 });
    createEngine(
      video,
      {
        src: currentSrc,
        startAt: isMain ? mainStart : 0,
        freshPrefix: () => prefixRef.current,
        morePrefixes: () => morePrefixesRef.current,
        preferredHeight: prefs.quality,
        preferredSubtitles: prefs.subtitles,
        menus: isMain,
        live: isMain && live,
      },
      {
        status: (s) => !cancelled && handleStatus(s),
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
        void video.play().catch(() => setPaused(true)); // autoplay refused: the big play button shows
      })
      .catch(() => !cancelled && setStatus('failed'));
    return () => {
      cancelled = true;
      engine?.destroy();
      engineRef.current = null;
    };
    // currentSrc changes with the phase; attempt restarts the same source (Повторить, back online).
  }, [currentSrc, isMain, attempt, refused]); // eslint-disable-line react-hooks/exhaustive-deps -- mainStart is read at (re)start only

  // ---------------------------------------------------------------- video element state
  useEffect(() => {
    const video = videoRef.current;
    if (!video) return;
    video.volume = prefsRef.current.volume;
    video.muted = prefsRef.current.muted;
    setPipSupported(typeof document !== 'undefined' && 'pictureInPictureEnabled' in document && document.pictureInPictureEnabled && !video.disablePictureInPicture);
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
      prefsRef.current = savePreferences({ volume: video.volume, muted: video.muted });
    };
    const onRate = () => setRate(video.playbackRate);
    const onPipIn = () => setPip(true);
    const onPipOut = () => setPip(false);
    const events: [string, () => void][] = [
      ['timeupdate', sync], ['durationchange', sync], ['progress', sync], ['seeked', sync], ['loadedmetadata', sync],
      ['play', onPlay], ['playing', onPlay], ['pause', onPause], ['volumechange', onVolume], ['ratechange', onRate],
      ['enterpictureinpicture', onPipIn], ['leavepictureinpicture', onPipOut],
      ['waiting', onWaiting], ['playing', onFlowing], ['canplay', onFlowing], ['seeked', onFlowing], ['emptied', onFlowing],
    ];
    for (const [name, fn] of events) video.addEventListener(name, fn);
    return () => {
      for (const [name, fn] of events) video.removeEventListener(name, fn);
    };
  }, []);

  // issue 7 tvstream: the live edge and the picture's date, as the picture moves.
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
  }, [live]);
  const behindLive = live && isBehindLive(time, liveState.edge);

  // A promo keeps its own speed of 1; the film keeps the viewer's (not remembered across films).
  useEffect(() => {
    const video = videoRef.current;
    if (video) video.playbackRate = isMain ? rate : 1;
  }, [isMain]); // eslint-disable-line react-hooks/exhaustive-deps -- only on phase changes

  // ---------------------------------------------------------------- the stream session (item 5)
  const refuse = useEffectEvent((refusal: StreamRefusal) => {
    videoRef.current?.pause();
    engineRef.current?.destroy();
    engineRef.current = null;
    setRefused(true);
    onStreamRefused?.(refusal);
  });
  // During a promo the stream is at the item's start point.
  const streamPosition = useEffectEvent((video: HTMLVideoElement) => (isMain ? video.currentTime : mainStart));
  const stream = check?.stream ?? null;
  const streamId = stream?.id;
  useEffect(() => {
    const video = videoRef.current;
    if (!stream || !uid || !video) return;
    const session = startStreamSession({
      stream,
      uid,
      grantExp: grantExpiry(src),
      position: () => streamPosition(video),
      playing: () => !video.paused,
      onPrefix: (prefix, more) => {
        prefixRef.current = prefix;
        morePrefixesRef.current = more;
      },
      onRefused: (refusal) => refuse(refusal),
    });
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
  }, [streamId, uid]); // eslint-disable-line react-hooks/exhaustive-deps -- one session per stream id
  // A resume after a pause tells the server at once (the stream is live again).
  useEffect(() => {
    if (!paused) void sessionRef.current?.beat();
  }, [paused]);

  // ---------------------------------------------------------------- offline / online
  useEffect(() => {
    const goOffline = () => setOffline(true);
    const goOnline = () => setOffline(false);
    window.addEventListener('offline', goOffline);
    window.addEventListener('online', goOnline);
    return () => {
      window.removeEventListener('offline', goOffline);
      window.removeEventListener('online', goOnline);
    };
  }, []);
  const restartHere = useCallback(() => {
    const video = videoRef.current;
    if (video && isMain && video.currentTime > 0) setMainStart(video.currentTime);
    setAttempt((a) => a + 1);
  }, [isMain]);
  // Back online after giving up: go on from the same place by itself.
  useEffect(() => {
    if (!offline && status === 'failed' && navigator.onLine) restartHere();
  }, [offline]); // eslint-disable-line react-hooks/exhaustive-deps -- only when the connection changes

  // ---------------------------------------------------------------- fullscreen, picture in picture
  useEffect(() => {
    const onChange = () => {
      const on = document.fullscreenElement === rootRef.current;
      setFullscreen(on);
      if (!on) {
        try {
          screen.orientation?.unlock?.();
        } catch {
          // not locked, or not supported
        }
      }
    };
    document.addEventListener('fullscreenchange', onChange);
    return () => document.removeEventListener('fullscreenchange', onChange);
  }, []);
  const toggleFullscreen = () => {
    const root = rootRef.current;
    const video = videoRef.current as (HTMLVideoElement & { webkitEnterFullscreen?: () => void }) | null;
    if (!root || !video) return;
    if (document.fullscreenElement) return void document.exitFullscreen().catch(() => undefined);
    if (typeof root.requestFullscreen === 'function') {
      root
        .requestFullscreen({ navigationUI: 'hide' })
        .then(() => {
          // A phone turns to landscape for the film where the browser allows it.
          const orientation = screen.orientation as ScreenOrientation & { lock?: (o: string) => Promise<void> };
          if (matchMedia('(pointer: coarse)').matches) void orientation?.lock?.('landscape').catch(() => undefined);
        })
        .catch(() => undefined);
    } else {
      video.webkitEnterFullscreen?.(); // iPhone Safari: only the video element goes full screen
    }
  };
  const togglePip = () => {
    const video = videoRef.current;
    if (!video) return;
    if (document.pictureInPictureElement) void document.exitPictureInPicture().catch(() => undefined);
    else void video.requestPictureInPicture().catch(() => undefined);
  };

  // ---------------------------------------------------------------- actions
  const seekTo = (seconds: number) => {
    const video = videoRef.current;
    // Live TV has no timeline to seek in, only the way back to the edge (goLive).
    if (!video || !isMain || live || !Number.isFinite(video.duration)) return;
    const to = Math.min(Math.max(0, seconds), Math.max(0, video.duration - 0.1));
    video.currentTime = to;
    setTime(to);
    announce(t('player.seekedTo', { time: formatPlayerTime(to) }));
  };
  /** issue 7 tvstream: back to the live edge (and playing), from a pause or a stall. */
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
  const chooseQuality = (value: string) => {
    const engine = engineRef.current;
    if (!engine) return;
    if (value === 'auto') {
      engine.setLevel(-1);
      setLevel((l) => ({ ...l, auto: true }));
      prefsRef.current = savePreferences({ quality: null });
      announce(t('player.qualityChanged', { label: t('player.qualityAuto') }));
      return;
    }
    const option = levels.find((o) => String(o.index) === value);
    if (!option) return;
    engine.setLevel(option.index);
    setLevel({ index: option.index, auto: false });
    prefsRef.current = savePreferences({ quality: option.height });
    announce(t('player.qualityChanged', { label: option.label }));
  };
  const chooseSubtitles = (value: string) => {
    const engine = engineRef.current;
    const id = value === 'off' ? -1 : Number(value);
    const track = subs.tracks.find((s) => s.id === id);
    engine?.setSubtitleTrack(track ? id : -1);
    setSubs((s) => ({ ...s, current: track ? id : -1 }));
    prefsRef.current = savePreferences({ subtitles: track?.lang || null });
    announce(t('player.subtitlesChanged', { name: track ? track.name : t('player.subtitlesOff') }));
  };
  const toggleSubtitles = () => {
    if (subs.tracks.length === 0) return;
    if (subs.current >= 0) return chooseSubtitles('off');
    const lang = prefsRef.current?.subtitles;
    const track = subs.tracks.find((s) => s.lang === lang) ?? subs.tracks.find((s) => s.lang.startsWith('ru')) ?? subs.tracks[0]!;
    chooseSubtitles(String(track.id));
  };
  const chooseAudio = (value: string) => {
    const track = audio.tracks.find((a) => String(a.id) === value);
    if (!track) return;
    engineRef.current?.setAudioTrack(track.id);
    setAudio((a) => ({ ...a, current: track.id }));
    announce(t('player.audioChanged', { name: track.name }));
  };
  const chooseSpeed = (value: string) => {
    const video = videoRef.current;
    const speed = Number(value);
    if (!video || !SPEEDS.includes(speed as (typeof SPEEDS)[number])) return;
    video.playbackRate = speed;
    announce(t('player.speedChanged', { label: speed === 1 ? t('player.speedNormal') : `${speed}×` }));
  };

  // ---------------------------------------------------------------- controls visibility
  const hideIfIdle = useEffectEvent(() => {
    // Never while a control has keyboard focus.
    if (controlsRef.current?.querySelector(':focus-visible')) return;
    setIdle(true);
  });
  const lastWake = useRef(0);
  const wake = () => {
    // Pointer moves come at 60 per second; a few wake-ups a second are enough to keep the controls up.
    const now = performance.now();
    if (!idle && now - lastWake.current < 250) return;
    lastWake.current = now;
    setIdle(false);
    setActivity((n) => n + 1);
  };
  useEffect(() => {
    if (paused || menusOpen > 0) return;
    const timer = setTimeout(() => hideIfIdle(), HIDE_CONTROLS_MS);
    return () => clearTimeout(timer);
  }, [activity, paused, menusOpen]);

  // ---------------------------------------------------------------- keyboard
  const runAction = (action: PlayerAction) => {
    const video = videoRef.current;
    if (live && (action.type === 'seek-by' || action.type === 'seek-to-fraction' || action.type === 'next')) return;
    switch (action.type) {
      case 'toggle-play':
        return togglePlay();
      case 'seek-by':
        return seekTo((video?.currentTime ?? 0) + action.seconds);
      case 'seek-to-fraction':
        return video && Number.isFinite(video.duration) ? seekTo(video.duration * action.fraction) : undefined;
      case 'volume-by':
        return stepSound(action.delta);
      case 'toggle-mute':
        return toggleMute();
      case 'toggle-fullscreen':
        return toggleFullscreen();
      case 'toggle-subtitles':
        return toggleSubtitles();
      case 'next':
        return next && isMain ? goNext(next) : undefined;
      case 'close':
        return onClose();
    }
  };
  const handleKey = useEffectEvent((e: KeyboardEvent) => {
    if (e.defaultPrevented || isEditable(e.target) || menusOpen > 0) return;
    const root = rootRef.current;
    const target = e.target as Node | null;
    const inside = !!root && !!target && root.contains(target);
    // Keys belong to the player while it or the page itself has focus; a focused link or button elsewhere keeps its own.
    if (!inside && target !== document.body && target !== document.documentElement) return;
    // A button of the player reached with the keyboard presses with Space and Enter, as buttons do; one the
    // pointer pressed last keeps no hold on them: Space is play/pause again (as on YouTube or Netflix).
    if (inside && (e.key === ' ' || e.key === 'Enter') && target instanceof HTMLElement && target.closest('button, a') && keyboardFocused(target)) return;
    const action = actionForKey(e);
    if (!action) return;
    if (slot && !allowedDuringPromo(action)) {
      // Swallowed, so a promo's seeking keys do nothing at all (not the page's scroll either).
      e.preventDefault();
      return;
    }
    e.preventDefault();
    wake();
    runAction(action);
  });
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => handleKey(e);
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);
  // While a player is open the page says so on <html>: on a phone in landscape the player then takes the whole
  // screen and the shell's header and tab bar step aside (player.css), so nothing covers its controls.
  useEffect(() => {
    const root = document.documentElement;
    const open = Number(root.dataset.playerOpen ?? 0) + 1;
    root.dataset.playerOpen = String(open);
    return () => {
      const left = Number(root.dataset.playerOpen ?? 1) - 1;
      if (left > 0) root.dataset.playerOpen = String(left);
      else delete root.dataset.playerOpen;
    };
  }, []);
  // The player takes focus as it opens, so the shortcuts work at once and a screen reader lands in it.
  useEffect(() => {
    rootRef.current?.focus({ preventScroll: true });
  }, []);

  // ---------------------------------------------------------------- pointer on the picture
  /** Follows a promo's link: the page's onLeave, or close and go. */
  const leaveFor = (e: { preventDefault: () => void } | null, to: string) => {
    e?.preventDefault();
    if (onLeave) return onLeave(to);
    onClose();
    void navigate(to);
  };
  const lastTap = useRef<{ at: number; x: number } | null>(null);
  const tapTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const showControls = !idle || paused || menusOpen > 0;
  const handleSurfacePointerUp = (e: ReactPointerEvent<HTMLDivElement>) => {
    if (e.pointerType === 'mouse') {
      if (e.button !== 0) return;
      if (slot?.link) {
        // A click on a promo opens what it promotes (the player closes).
        return leaveFor(null, slot.link);
      }
      // A double click toggles twice (back as it was) and goes full screen (onDoubleClick).
      togglePlay();
      wake();
      return;
    }
    // Touch: a tap toggles the controls; a double tap on a side moves 10 s.
    const now = Date.now();
    const rect = e.currentTarget.getBoundingClientRect();
    const x = (e.clientX - rect.left) / rect.width;
    const prev = lastTap.current;
    if (prev && now - prev.at < DOUBLE_TAP_MS && isMain && !live && (x < 0.35 || x > 0.65)) {
      if (tapTimer.current) clearTimeout(tapTimer.current);
      lastTap.current = null;
      const forward = x > 0.5;
      seekTo((videoRef.current?.currentTime ?? 0) + (forward ? SEEK_STEP_SECONDS : -SEEK_STEP_SECONDS));
      setTapFlash(forward ? 'forward' : 'back');
      setTimeout(() => setTapFlash(null), 500);
      return;
    }
    lastTap.current = { at: now, x };
    if (tapTimer.current) clearTimeout(tapTimer.current);
    tapTimer.current = setTimeout(() => {
      if (showControls && !videoRef.current?.paused) setIdle(true);
      else wake();
    }, DOUBLE_TAP_MS);
  };

  // ---------------------------------------------------------------- subtitles above the controls (subtitle-lift.ts)
  const subsOn = subs.current >= 0;
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
  }, [showControls, subsOn, subs.tracks, fullscreen]);

  // ---------------------------------------------------------------- thumbnails: loaded on the first hover of the seek bar
  const thumbsRequested = useRef(false);
  const loadThumbnails = () => {
    if (thumbsRequested.current || !thumbnailsUrl) return;
    thumbsRequested.current = true;
    const url = new URL(thumbnailsUrl, window.location.href).toString();
    fetch(url, { credentials: 'same-origin' })
      .then((res) => (res.ok ? res.text() : ''))
      .then((text) => setThumbnails(parseThumbnailsVtt(text, url)))
      .catch(() => undefined); // no thumbnails: the bar shows the time alone
  };

  // ---------------------------------------------------------------- promo slots
  const slotUid = slot?.uid;
  useEffect(() => {
    const video = videoRef.current;
    if (!slotUid || !video) return;
    const onTime = () => setSlotTime({ uid: slotUid, seconds: video.currentTime });
    video.addEventListener('timeupdate', onTime);
    return () => video.removeEventListener('timeupdate', onTime);
  }, [slotUid]);
  const slotElapsed = slot && slotTime?.uid === slot.uid ? slotTime.seconds : 0;
  const skipIn = slot && slot.skip_after_seconds !== null ? Math.max(0, Math.ceil(slot.skip_after_seconds - slotElapsed)) : null;

  // ---------------------------------------------------------------- next episode, skip marks
  const remaining = isMain && next && !nextCancelled ? countdownRemaining(time, duration, markers) : null;
  useEffect(() => {
    if (remaining === 0 && next && !paused) goNextFromEffect(next);
  }, [remaining, next, paused]);
  const skip = isMain ? skipMarkAt(time, duration, markers) : null;
  const showSkip = skip && !(skip.kind === 'credits' && next && !nextCancelled);

  // ---------------------------------------------------------------- render
  const qualityChoices = useMemo(
    () => [
      { value: 'auto', label: level.auto && levels.length > 0 && level.index >= 0 ? t('player.qualityAutoNow', { label: levels.find((l) => l.index === level.index)?.label ?? qualityLabel(0) }) : t('player.qualityAuto') },
      ...levels.map((o) => ({ value: String(o.index), label: o.label })),
    ],
    [levels, level, t],
  );
  const currentOption = levels.find((o) => o.index === level.index);
  const onMenu = (open: boolean) => setMenusOpen((n) => Math.max(0, n + (open ? 1 : -1)));
  const volumeLevel = muted || volume === 0 ? 'muted' : volume < 0.5 ? 'low' : 'high';

  const loading = !refused && (status === 'loading' || status === 'recovering' || (waiting && status === 'ready')) && !offline;
  const failed = !refused && status === 'failed';
  const offlineStalled = offline && (status === 'offline' || status === 'failed' || waiting);

  return (
    <div
      ref={attachRoot}
      className={`player${showControls ? ' player--controls' : ' player--idle'}${fullscreen ? ' player--fullscreen' : ''}${slot ? ' player--slot' : ''}`}
      role="region"
      aria-label={t('player.region', { title })}
      tabIndex={-1}
      data-testid="player"
      data-phase={phase.kind}
      data-level={level.index}
      data-auto-level={level.auto ? 'true' : 'false'}
      data-status={status}
      data-live={live ? 'true' : undefined}
      data-playing-date={live ? (liveState.date?.toISOString() ?? '') : undefined}
      onPointerMove={(e) => e.pointerType === 'mouse' && wake()}
      onFocus={wake}
    >
      <video ref={videoRef} className="player__video" data-testid="player-video" playsInline preload="auto" onEnded={endPhase} />

      <div className="player__surface" onPointerUp={handleSurfacePointerUp} onDoubleClick={() => !slot && toggleFullscreen()} aria-hidden="true">
        {tapFlash ? <div className={`player__tap player__tap--${tapFlash}`}>{tapFlash === 'forward' ? <ForwardIcon /> : <BackIcon />}</div> : null}
      </div>

      {loading ? (
        <div className="player__overlay">
          <span className="spinner" aria-hidden="true" />
          <span className="sr-only">{status === 'recovering' ? t('player.reconnecting') : t('player.loading')}</span>
        </div>
      ) : null}
      {offline && !refused ? (
        // Playing on from the buffer: a note on top; stalled without the network: over the picture.
        <div className={offlineStalled ? 'player__overlay player__overlay--message' : 'player__toast'} role="status" data-testid="player-offline">
          <p className="player__message-title">{t('player.offline')}</p>
          <p>{t('player.offlineHint')}</p>
        </div>
      ) : null}
      {failed && !offline ? (
        <div className="player__overlay player__overlay--message" role="alert" data-testid="player-error">
          <p className="player__message-title">{t('player.error')}</p>
          <p>{t('player.errorHint')}</p>
          <button type="button" className="btn btn--primary" onClick={restartHere}>
            {t('player.retry')}
          </button>
        </div>
      ) : null}
      {paused && !loading && !failed && !refused && !offlineStalled ? (
        <button type="button" className="player__big-play" onClick={togglePlay} aria-label={t('player.play')} data-testid="player-big-play">
          <PlayIcon />
        </button>
      ) : null}

      {slot ? (
        <div className="player__slot" data-testid="player-slot">
          <span className="player__slot-label">
            {t('player.promo')}
            {phase.kind !== 'main' && (phase.kind === 'preroll' ? prerolls : postrolls).length > 1
              ? ` · ${t('player.promoOf', { n: phase.index + 1, total: (phase.kind === 'preroll' ? prerolls : postrolls).length })}`
              : ''}
          </span>
          <span className="player__slot-actions">
            {slot.link ? (
              <Link className="player__slot-link" to={slot.link} onClick={(e) => leaveFor(e, slot.link!)} data-testid="player-slot-link">
                {t('player.promoMore')}
              </Link>
            ) : null}
            {skipIn !== null ? (
              skipIn > 0 ? (
                <span className="player__skip player__skip--wait" aria-live="off" data-testid="player-skip-wait">
                  {t('player.skipIn', { seconds: skipIn })}
                </span>
              ) : (
                <button type="button" className="player__skip" onClick={() => endPhase()} data-testid="player-skip-slot">
                  {t('player.skip')}
                </button>
              )
            ) : null}
          </span>
        </div>
      ) : null}

      {showSkip && skip ? (
        <button type="button" className="player__skip player__skip--mark" onClick={() => seekTo(skip.to)} data-testid={`player-skip-${skip.kind}`}>
          {skip.kind === 'intro' ? t('player.skipIntro') : t('player.skipCredits')}
        </button>
      ) : null}

      {remaining !== null && next ? (
        <div className="player__next" role="group" aria-label={t('player.nextEpisode')} data-testid="player-next">
          <p className="player__next-caption">{t('player.nextEpisode')}</p>
          <p className="player__next-title">{next.title}</p>
          <p className="player__next-meta">{t('player.nextEpisodeName', { season: next.season, episode: next.episode })}</p>
          <div className="player__next-actions">
            <button type="button" className="btn btn--primary player__next-play" onClick={() => goNext(next)} data-testid="player-next-play">
              <span className="player__next-ring" style={{ ['--left' as string]: `${(remaining / 10) * 100}%` }} aria-hidden="true" />
              <span className="player__next-wide">{t('player.playNext')}</span>
              <span className="player__next-compact">{t('player.nextEpisode')}</span> · {t('player.nextIn', { seconds: remaining })}
            </button>
            <button type="button" className="btn btn--ghost" onClick={() => setNextCancelled(true)} data-testid="player-next-cancel">
              {t('player.cancelNext')}
            </button>
          </div>
        </div>
      ) : null}

      <div className="player__top">
        <p className="player__title">{title}</p>
        <button type="button" className="player__btn player__close" onClick={onClose} aria-label={t('player.close')} title={t('player.close')}>
          <CloseIcon />
        </button>
      </div>

      <div ref={controlsRef} className="player__controls" onPointerDown={wake}>
        {isMain && !live ? (
          <SeekBar time={time} duration={duration} buffered={buffered} thumbnails={thumbnails} onHoverStart={loadThumbnails} onSeek={seekTo} disabled={refused || failed} />
        ) : null}
        <div className="player__bar">
          <button type="button" className="player__btn" onClick={togglePlay} aria-label={paused ? t('player.play') : t('player.pause')} title={paused ? t('player.play') : t('player.pause')} data-testid="player-play">
            {paused ? <PlayIcon /> : <PauseIcon />}
          </button>
          {isMain && !live ? (
            <>
              <button type="button" className="player__btn player__btn--wide-only" onClick={() => runAction({ type: 'seek-by', seconds: -SEEK_STEP_SECONDS })} aria-label={t('player.back10')} title={t('player.back10')}>
                <BackIcon />
              </button>
              <button type="button" className="player__btn player__btn--wide-only" onClick={() => runAction({ type: 'seek-by', seconds: SEEK_STEP_SECONDS })} aria-label={t('player.forward10')} title={t('player.forward10')}>
                <ForwardIcon />
              </button>
            </>
          ) : null}
          <div className="player__volume">
            <button type="button" className="player__btn" onClick={toggleMute} aria-label={muted ? t('player.unmute') : t('player.mute')} title={muted ? t('player.unmute') : t('player.mute')} data-testid="player-mute">
              <VolumeIcon level={volumeLevel} />
            </button>
            <VolumeSlider value={muted ? 0 : volume} onChange={changeVolume} onStep={stepSound} label={t('player.volume')} valueText={t('player.volumeValue', { percent: Math.round((muted ? 0 : volume) * 100) })} />
          </div>
          {live && isMain ? (
            <>
              {/* The live indicator: on the edge «В эфире»; behind it, a way back. */}
              <button
                type="button"
                className={`player__live${behindLive ? ' player__live--behind' : ''}`}
                onClick={goLive}
                disabled={!behindLive}
                aria-label={behindLive ? t('player.toLiveHint') : t('player.live')}
                title={behindLive ? t('player.toLiveHint') : undefined}
                data-testid="player-live"
                data-behind={behindLive ? 'true' : 'false'}
              >
                <span className="player__live-dot" aria-hidden="true" />
                {behindLive ? t('player.toLive') : t('player.live')}
              </button>
              <span className="player__time" data-testid="player-time">
                {formatLiveClock(liveState.date)}
              </span>
            </>
          ) : (
            <span className="player__time" data-testid="player-time">
              {formatPlayerTime(time)}
              {Number.isFinite(duration) ? <span className="player__time-total"> / {formatPlayerTime(duration)}</span> : null}
            </span>
          )}
          <span className="player__spacer" />
          {isMain && next ? (
            <button type="button" className="player__btn" onClick={() => goNext(next)} aria-label={t('player.nextShortcut')} title={t('player.nextShortcut')} data-testid="player-next-button">
              <NextIcon />
            </button>
          ) : null}
          {isMain && audio.tracks.length > 1 ? (
            <ChoiceMenu
              label={t('player.audio')}
              icon={<AudioIcon />}
              value={String(audio.current)}
              choices={audio.tracks.map((a) => ({ value: String(a.id), label: a.name }))}
              onChange={chooseAudio}
              onOpenChange={onMenu}
              container={rootEl}
              returnFocus={rootEl}
              testId="player-audio"
            />
          ) : null}
          {isMain && subs.tracks.length > 0 ? (
            <ChoiceMenu
              label={t('player.subtitles')}
              icon={<SubtitlesIcon />}
              value={subs.current >= 0 ? String(subs.current) : 'off'}
              choices={[{ value: 'off', label: t('player.subtitlesOff') }, ...subs.tracks.map((s) => ({ value: String(s.id), label: s.name }))]}
              onChange={chooseSubtitles}
              onOpenChange={onMenu}
              container={rootEl}
              returnFocus={rootEl}
              testId="player-subtitles"
            />
          ) : null}
          {isMain && !live ? (
            <ChoiceMenu
              label={t('player.speed')}
              icon={<SpeedIcon />}
              value={String(rate)}
              choices={SPEEDS.map((s) => ({ value: String(s), label: s === 1 ? t('player.speedNormal') : `${s}×` }))}
              onChange={chooseSpeed}
              onOpenChange={onMenu}
              container={rootEl}
              returnFocus={rootEl}
              testId="player-speed"
              badge={rate !== 1 ? `${rate}×` : undefined}
            />
          ) : null}
          {isMain && levels.length > 0 ? (
            <ChoiceMenu
              label={t('player.quality')}
              icon={<QualityIcon />}
              value={level.auto ? 'auto' : String(level.index)}
              choices={qualityChoices}
              onChange={chooseQuality}
              onOpenChange={onMenu}
              container={rootEl}
              returnFocus={rootEl}
              testId="player-quality"
              badge={currentOption && currentOption.height >= 720 ? currentOption.name : undefined}
            />
          ) : null}
          {pipSupported && isMain ? (
            <button type="button" className="player__btn player__btn--wide-only" onClick={togglePip} aria-label={pip ? t('player.exitPip') : t('player.pip')} title={pip ? t('player.exitPip') : t('player.pip')} aria-pressed={pip}>
              <PipIcon />
            </button>
          ) : null}
          <button
            type="button"
            className="player__btn"
            onClick={toggleFullscreen}
            aria-label={fullscreen ? t('player.exitFullscreen') : t('player.fullscreen')}
            title={fullscreen ? t('player.exitFullscreen') : t('player.fullscreen')}
            data-testid="player-fullscreen"
          >
            <FullscreenIcon exit={fullscreen} />
          </button>
        </div>
      </div>

      <div className="sr-only" aria-live="polite" aria-atomic="true" data-testid="player-announcer">
        {announcement}
      </div>
    </div>
  );
}

/** The volume slider: 0–100 % for assistive technology, ←/→/↑/↓ by 10 %, Home/End mute and full. */
function VolumeSlider({ value, onChange, onStep, label, valueText }: { value: number; onChange: (v: number) => void; onStep: (delta: number) => void; label: string; valueText: string }) {
  const ref = useRef<HTMLDivElement>(null);
  const [dragging, setDragging] = useState(false);
  const at = (clientX: number) => {
    const rect = ref.current!.getBoundingClientRect();
    return rect.width > 0 ? (clientX - rect.left) / rect.width : 0;
  };
  return (
    <div
      ref={ref}
      className="player__volume-slider"
      role="slider"
      tabIndex={0}
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={Math.round(value * 100)}
      aria-valuetext={valueText}
      data-testid="player-volume"
      onPointerDown={(e) => {
        e.currentTarget.setPointerCapture?.(e.pointerId);
        setDragging(true);
        onChange(at(e.clientX));
      }}
      onPointerMove={(e) => dragging && onChange(at(e.clientX))}
      onPointerUp={() => setDragging(false)}
      onPointerCancel={() => setDragging(false)}
      onKeyDown={(e) => {
        const steps: Record<string, number> = { ArrowLeft: -VOLUME_STEP, ArrowDown: -VOLUME_STEP, ArrowRight: VOLUME_STEP, ArrowUp: VOLUME_STEP };
        if (e.key in steps) onStep(steps[e.key]!);
        else if (e.key === 'Home') onChange(0);
        else if (e.key === 'End') onChange(1);
        else return;
        e.preventDefault();
        e.stopPropagation(); // not the player's seek
      }}
    >
      <div className="player__volume-track">
        <div className="player__volume-fill" style={{ width: `${value * 100}%` }} />
      </div>
    </div>
  );
}
