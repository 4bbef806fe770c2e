import { ErrorCode, type PlaybackCheck } from '@ekran/contracts';
import { useEffect, useEffectEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useRouteLoaderData } from 'react-router';
import type { BannerQueue, QueueItem } from '../../routes/resources/banner-queue.ts';
import { DeviceRegistrationDialog } from '../devices/device-registration-dialog.tsx';
import Player from '../player/player.tsx';
import { Modal } from '../ui/modal.tsx';
import { BannerLoading } from './banner-content.tsx';
import type { PlayRequest } from './use-banner-click.ts';

type Check = PlaybackCheck | { error: { code: string; message: string } };
type Stage =
  | { kind: 'loading' }
  | { kind: 'playing'; src: string; item: QueueItem; total: number }
  | { kind: 'failed' }
  | { kind: 'restricted' }
  | { kind: 'register' };

async function getJson<T>(url: string, signal: AbortSignal): Promise<{ status: number; body: T | null }> {
  const res = await fetch(url, { headers: { accept: 'application/json' }, signal });
  return { status: res.status, body: (await res.json().catch(() => null)) as T | null };
}

/**
 * What a banner's play does (spec platform §4 Banner click, steps 1 and 2), in a dialog over the page: the
 * product loader plays the title, the playlist loader plays the playlist's items one after another, a trailer
 * plays by its id; "a missing trailer only logs an error". Each item's playback check follows platform §4
 * Playback gating: a virtual visitor signs in, others go to the tariffs; a device not on the account is
 * offered registration (platform §8). This module and the player load only when a banner's play is pressed.
 */
export default function BannerPlayer({ request, onClose }: { request: PlayRequest; onClose: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const root = useRouteLoaderData('root') as { isVirtual?: boolean } | undefined;
  const isVirtual = root?.isVirtual ?? true;
  const [index, setIndex] = useState(0);
  const [attempt, setAttempt] = useState(0);
  const [stage, setStage] = useState<Stage>({ kind: 'loading' });
  const queue = useRef<QueueItem[] | null>(null);

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
          const { status, body } = await getJson<BannerQueue>(`/resources/banner-queue?kind=${request.kind}&alias=${encodeURIComponent(request.alias)}`, signal);
          if (status !== 200 || !body || !('items' in body) || body.items.length === 0) return setStage({ kind: 'failed' });
          queue.current = body.items;
        }
      }
      const items = queue.current;
      const item = items[index];
      if (!item) return onClose(); // the playlist has ended
      const { status, body } = await getJson<Check>(`/resources/playback/${encodeURIComponent(item.uid)}`, signal);
      if (status === 404 && request.kind === 'trailer') {
        // spec platform §4 Banner click: "A missing trailer only logs an error."
        console.error(`Banner "${request.bannerTitle}": trailer ${request.trailerId} is missing`);
        return onClose();
      }
      if (status === 404 && items.length > 1) return advance(); // a playlist item gone: the next one
      if (body && 'error' in body) {
        if (body.error.code === ErrorCode.DeviceNotRegistered) return setStage({ kind: 'register' });
        if (body.error.code === ErrorCode.KidsProfileRestricted) return setStage({ kind: 'restricted' });
        return setStage({ kind: 'failed' });
      }
      if (status !== 200 || !body) return setStage({ kind: 'failed' });
      const src = body.playlists[0]?.url;
      if (!src) {
        // spec platform §4 Playback gating: a virtual user goes to /auth (and comes back to the title), else the tariff flow.
        onClose();
        return void navigate(isVirtual ? `/auth?back=${encodeURIComponent(item.alias ? `/watch/${item.alias}` : location.pathname)}` : '/tariffs');
      }
      setStage({ kind: 'playing', src, item, total: items.length });
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

  switch (stage.kind) {
    case 'loading':
      return <BannerLoading />;
    case 'register':
      return <DeviceRegistrationDialog open onOpenChange={(open) => !open && onClose()} onRegistered={retry} />;
    case 'failed':
    case 'restricted':
      return (
        <Modal
          title={request.bannerTitle}
          lead={stage.kind === 'restricted' ? t('watch.kidsRestricted') : t('banners.playFailed')}
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
            <Player key={stage.src} src={stage.src} title={stage.item.title} onClose={onClose} onEnded={advance} />
          </div>
        </Modal>
      );
  }
}
