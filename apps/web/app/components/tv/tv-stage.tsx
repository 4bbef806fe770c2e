import { ErrorCode, type PlaybackCheck, type Tariff } from '@ekran/contracts';
import { lazy, Suspense, useEffect, useEffectEvent, useRef } from 'react';
import { PlayButton } from '../watch/play-button.tsx';
import { playLabel } from '../watch/play-label.ts';
import { PlaybackDialogs } from '../watch/playback-dialogs.tsx';
import { seedTariffs } from '../watch/playback-client.ts';
import { usePlayback, type PlayItem } from '../watch/use-playback.ts';
import './tv.css';

// The player and hls.js load only when something plays.
const Player = lazy(() => import('../player/player.tsx'));

interface TvStageProps {
  /** What plays: a channel live (its id) or a recording (its programme id), and the resource that checks it. */
  item: PlayItem;
  /** The page's check (lib/gating.server.ts checkForPage), its refusal code, and the tariffs for the play label. */
  check: PlaybackCheck | null;
  refusal: string | null;
  tariffs: Tariff[] | null;
  trialAvailable: boolean;
  /** A free channel plays live for anyone (never a recording). */
  isFree: boolean;
  /** The player's title, and the picture shown before play (the channel's logo or the programme's poster). */
  title: string;
  art: string;
  live?: boolean;
  /** Start at once for an entitled viewer (a channel page is for watching; closing stays closed). */
  autoStart?: boolean;
  /** Where /auth and the payment come back to. */
  back: string;
  /** Said instead of the play button to a child profile outside its scope. */
  kidsText: string;
}

/**
 * The stage of the TV watch pages (a channel live on /channel/{alias}, a recording on /archive/watch/{id}):
 * before play the art and the play button worded by the check (platform §4), then the lazily loaded player; the
 * gating dialogs of platform §4 and §8 open from it.
 */
export function TvStage({ item, check, refusal, tariffs, trialAvailable, isFree, title, art, live = false, autoStart = false, back, kidsText }: TvStageProps) {
  const playback = usePlayback({ back });
  const { playing } = playback;
  useEffect(() => seedTariffs(tariffs), [tariffs]);
  const { label, trialDays } = playLabel({ check, isFree, isSeries: false, trialAvailable, tariffs });
  const started = useRef(false);
  const start = useEffectEvent(() => {
    if (!autoStart || started.current || !check || check.playlists.length === 0) return;
    started.current = true;
    playback.play(item, check);
  });
  useEffect(() => start(), []);

  return (
    <>
      <section className="watch__stage">
        {playing?.src ? (
          <Suspense fallback={<div className="player player--placeholder" />}>
            <Player
              key={`${playing.src}#${playing.attempt}`}
              src={playing.src}
              title={title}
              uid={playing.item.uid}
              check={playing.check}
              live={live}
              onClose={playback.stop}
              onStreamRefused={playback.handleStreamRefused}
            />
          </Suspense>
        ) : (
          <div className="tv-stage">
            <img className="tv-stage__logo" src={art} alt="" />
            {refusal === ErrorCode.KidsProfileRestricted ? (
              <p className="notice">{kidsText}</p>
            ) : (
              <PlayButton label={label} trialDays={trialDays} busy={playback.busy} onPlay={() => playback.play(item, check)} />
            )}
          </div>
        )}
      </section>
      <PlaybackDialogs gate={playback.gate} />
    </>
  );
}
