import type { PlaybackCheck } from '@ekran/contracts';
import { useEffect, useEffectEvent, useRef, useState } from 'react';
import { useTranslation } from '../../lib/use-translation.ts';
import { useLocation } from 'react-router';
import type { QueueItem } from '../../lib/resource-answers.ts';
import { callResource } from '../../lib/resource-client.ts';
import Player from '../player/player.tsx';
import { Modal } from '../ui/modal.tsx';
// The same gating as the title page (platform §4, §8).
import { resolvePlayback } from '../watch/playback-client.ts';
import { PlaybackDialogs } from '../watch/playback-dialogs.tsx';
import { usePlaybackGate } from '../watch/use-playback.ts';
import { BannerLoading } from './banner-loading.tsx';
import type { PlayRequest } from './use-banner-click.ts';

type Stage =
  | { kind: 'loading' }
  | { kind: 'playing'; src: string; item: QueueItem; total: number; check: PlaybackCheck }
  | { kind: 'failed' }
  /** The gate has it: a dialog of its own, or the tariff flow on its way to the payment host. */
  | { kind: 'gated' };

/**
 * What a banner's play does (spec platform §4 Banner click, steps 1 and 2), in a dialog over the page: the
 * product loader plays the title, the playlist loader plays the playlist's items one after another, a trailer
 * plays by its id; "a missing trailer only logs an error". Each item's playback check follows platform §4
 * Playback gating and the §8 errors exactly as the title page does (components/watch: the subscription popup,
 * /auth, the tariff flow, the device and stream popups, the shell's notices). This module and the player load
 * only when a banner's play is pressed.
 */
export default function BannerPlayer({ request, onClose }: { request: PlayRequest; onClose: () => void }) {
  const { t } = useTranslation();
  const location = useLocation();
  const [index, setIndex] = useState(0);
  const [attempt, setAttempt] = useState(0);
  const [stage, setStage] = useState<Stage>({ kind: 'loading' });
  const queue = useRef<QueueItem[] | null>(null);
  const gate = usePlaybackGate({ back: location.pathname });

  // Finds the current item and its stream; index (the next playlist item) and attempt (after a device
  // registration) run it again.
  const advance = () => {
    setStage({ kind: 'loading' });
    setIndex((i) => i + 1);
  };
  const retry = () => {
    setStage({ kind: 'loading' });
    setAttempt((a) => a + 1);
  };
  const resolve = useEffectEvent((signal: AbortSignal) => {
    (async () => {
      if (!queue.current) {
        if (request.kind === 'trailer') {
          queue.current = [{ uid: request.trailerId, title: t('banners.trailerTitle', { title: request.bannerTitle }), alias: request.alias ?? '' }];
        } else {
          const { status, body } = await callResource('BannerQueueSchema', `/resources/banner-queue?kind=${request.kind}&alias=${encodeURIComponent(request.alias)}`, { signal });
          if (status !== 200 || !body || !('items' in body) || body.items.length === 0) return setStage({ kind: 'failed' });
          queue.current = body.items;
        }
      }
      const items = queue.current;
      const item = items[index];
      if (!item) return onClose(); // the playlist has ended
      const resolution = await resolvePlayback(item.uid, signal);
      if (resolution.kind === 'failed' && resolution.error.status === 404) {
        if (request.kind === 'trailer') {
          // spec platform §4 Banner click: "A missing trailer only logs an error."
          console.error(`Banner "${request.bannerTitle}": trailer ${request.trailerId} is missing`);
          return onClose();
        }
        if (items.length > 1) return advance(); // a playlist item gone: the next one
      }
      if (resolution.kind === 'play') {
        return setStage({ kind: 'playing', src: resolution.check.playlists[0]?.url ?? '', item, total: items.length, check: resolution.check });
      }
      // The gate navigates (signing in comes back to the banner's title) and shows its notices by itself; its
      // dialogs and the tariff flow show here.
      if (gate.apply(resolution, retry, item.alias ? { back: `/watch/${item.alias}` } : {}) === 'done') return onClose();
      setStage({ kind: 'gated' });
    })().catch((err: unknown) => {
      if (!signal.aborted) setStage({ kind: 'failed' });
      if (!signal.aborted) console.warn('banner playback', err);
    });
  });
  useEffect(() => {
    const abort = new AbortController();
    resolve(abort.signal);
    return () => abort.abort();
  }, [index, attempt]);

  // The tariff flow ended without leaving for the payment host (its notice says why): nothing more to show.
  const paying = useRef(false);
  useEffect(() => {
    if (gate.paying) paying.current = true;
    else if (paying.current && !gate.dialog) onClose();
  }, [gate.paying, gate.dialog, onClose]);

  if (gate.dialog) return <PlaybackDialogs gate={gate} onClose={onClose} />;
  switch (stage.kind) {
    case 'loading':
    case 'gated':
      return <BannerLoading />;
    case 'failed':
      return (
        <Modal
          title={request.bannerTitle}
          lead={t('banners.playFailed')}
          onClose={onClose}
          size="sm"
          testId="banner-player-error"
        >
          <div className="modal__actions">
            <button type="button" className="btn btn--primary" onClick={onClose}>
              {t('banners.close')}
            </button>
          </div>
        </Modal>
      );
    case 'playing':
      return (
        <Modal
          title={stage.item.title}
          lead={stage.total > 1 ? t('banners.playlistPosition', { n: index + 1, total: stage.total }) : undefined}
          onClose={onClose}
          size="lg"
          testId="banner-player"
        >
          <div className="banner-player">
            <Player key={stage.src} src={stage.src} title={stage.item.title} uid={stage.item.uid} check={stage.check} onClose={onClose} onEnded={advance} onStreamRefused={(refusal) => { setStage({ kind: 'gated' }); gate.streamRefused(refusal, retry); }} />
          </div>
        </Modal>
      );
  }
}
