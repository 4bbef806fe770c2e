import type { DeviceLimit, Offer, PlaybackCheck, StreamLimit } from '@ekran/contracts';
import { ErrorCode } from '@ekran/contracts';
import { SUBSCRIPTION_ALREADY_PATH, tariffFlowStart } from '@ekran/core';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from '../../lib/use-translation.ts';
import { useNavigate } from 'react-router';
import type { TFunction } from 'i18next';
import { useNotices, type Notice } from '../shell/notices.tsx';
import { loadTariffs, openPaymentLink, resolvePlayback, type PlaybackResolution } from './playback-client.ts';
import type { PlaybackViewer } from '../../lib/playback-types.ts';

/** A dialog the gate opens (spec platform §4 gating, §8 errors). */
export type GateDialog =
  /** `offer`, when one applies, is the popup's first screen (platform §4 Offers). */
  | { kind: 'subscription'; viewer: PlaybackViewer; check: PlaybackCheck; offer?: Offer | null }
  | { kind: 'partner' }
  | { kind: 'device-registration'; limit: DeviceLimit | null }
  | { kind: 'device-limit'; limit: DeviceLimit }
  | { kind: 'stream-limit'; limit: StreamLimit }
  | { kind: 'stream-stopped' }
  | { kind: 'kids-restricted' };

/** What the player reports when the server refuses its stream (403 STREAM_LIMIT_EXCEEDED, 410 STREAM_STOPPED). */
export interface StreamRefusal {
  status: number;
  code: string;
  stream_limit?: StreamLimit | null | undefined;
}

/** spec platform §8: "Что-то пошло не так, Скоро все починим. Попробуйте позже." (also a payment-link failure) */
const errorNotice = (t: TFunction): Notice => ({ id: 'playback-error', kind: 'error', title: t('gating.errorTitle'), text: t('gating.errorText') });

/** The sign-in page that comes back to `back` (spec platform §5: only a path of this site). */
export const authHref = (back: string) => (back === '/' ? '/auth' : `/auth?back=${encodeURIComponent(back)}`);

/**
 * Carries out what gating decides, for the title page and the banner player alike: navigates (/auth with the
 * way back, /pages/subscription/already), opens its dialogs, starts the tariff flow and the payment redirect,
 * and shows the shell's notices (the persistent VPN warning, «Что-то пошло не так», the operator balance).
 * `retry` is how the caller plays the same item again (after a device registration, a stopped stream).
 */
export function usePlaybackGate({ back: pageBack }: { back: string }) {
  const { t } = useTranslation();
  // Where /auth comes back to: the page's, or the one a caller named for its item (a banner's title).
  const [named, setNamed] = useState<string | null>(null);
  const back = named ?? pageBack;
  const navigate = useNavigate();
  const notices = useNotices();
  const [dialog, setDialogState] = useState<GateDialog | null>(null);
  // Every opening is a new one (a dialog that keeps its own open state starts open again).
  const [seq, setSeq] = useState(0);
  const setDialog = useCallback((d: GateDialog | null) => {
    setDialogState(d);
    if (d) setSeq((n) => n + 1);
  }, []);
  const [paying, setPaying] = useState(false);
  const retryRef = useRef<(() => void) | null>(null);

  const showError = useCallback(() => notices.show(errorNotice(t)), [notices, t]);

  /** spec platform §4 Tariff flow and Payment redirect. */
  const startTariffFlow = useCallback(
    async (viewer: Pick<PlaybackViewer, 'email' | 'phone'>, to: string = back) => {
      setPaying(true);
      try {
        const start = tariffFlowStart(viewer, await loadTariffs());
        // After paying, the result page leads back to where the viewer pressed play.
        const result = start.kind === 'pay' ? await openPaymentLink(start.tariff._id, { back_url: to }) : start.kind;
        // Not leaving for the payment host: the popup (if any) closes, so the notice or /auth is what remains.
        setDialog(null);
        if (result === 'auth') return void navigate(authHref(to));
        // spec platform §8 "Payment link failure: same message"; no tariff to offer is one too.
        showError();
      } finally {
        setPaying(false);
      }
    },
    [back, navigate, setDialog, showError],
  );

  /**
   * Carries out a resolution that does not play. Says what the caller waits for: a dialog of the gate, the
   * tariff flow (until the browser leaves for the payment host or a notice says why not), or nothing.
   */
  const apply = useCallback(
    (resolution: Exclude<PlaybackResolution, { kind: 'play' }>, retry: () => void, options: { back?: string } = {}): 'dialog' | 'paying' | 'done' => {
      retryRef.current = retry;
      const to = options.back ?? back;
      if (options.back) setNamed(options.back);
      const dialogOf = (d: GateDialog) => {
        setDialog(d);
        return 'dialog' as const;
      };
      const notice = (n: Notice) => {
        notices.show(n);
        return 'done' as const;
      };
      const go = (to: string) => {
        void navigate(to);
        return 'done' as const;
      };
      const pay = (viewer: Pick<PlaybackViewer, 'email' | 'phone'>) => {
        void startTariffFlow(viewer, to);
        return 'paying' as const;
      };
      if (resolution.kind === 'gated') {
        const { viewer } = resolution;
        switch (resolution.outcome) {
          case 'partner-popup':
            return dialogOf({ kind: 'partner' });
          case 'subscription-already':
            return go(SUBSCRIPTION_ALREADY_PATH);
          case 'subscription-popup':
            return dialogOf({ kind: 'subscription', viewer, check: resolution.check, offer: resolution.offer ?? null });
          case 'tariff-flow':
            return pay(viewer);
          case 'auth':
            return go(authHref(to));
          case 'insufficient-balance':
            return notice({ id: 'operator-balance', kind: 'warning', title: t('gating.balanceTitle'), text: t('gating.balanceText') });
        }
      }
      const { error, viewer } = resolution;
      switch (resolution.outcome) {
        case 'vpn-warning':
          return notice({ id: 'vpn', kind: 'warning', text: t('gating.vpn'), persistent: true });
        case 'device-limit':
          // A sign-in's ticket finishes that sign-in; without one, this device replaces the one the viewer picks.
          return dialogOf(error.device_limit?.ticket ? { kind: 'device-limit', limit: error.device_limit } : { kind: 'device-registration', limit: error.device_limit ?? null });
        case 'device-registration':
          return dialogOf({ kind: 'device-registration', limit: null });
        case 'stream-limit':
          return error.stream_limit ? dialogOf({ kind: 'stream-limit', limit: error.stream_limit }) : notice(errorNotice(t));
        case 'kids-restricted':
          return dialogOf({ kind: 'kids-restricted' });
        case 'partner-popup':
          return dialogOf({ kind: 'partner' });
        case 'tariff-flow':
          return pay(viewer ?? { email: null, phone: null });
        case 'auth':
          return go(authHref(to));
        case 'error-message':
          return notice(errorNotice(t));
      }
    },
    [back, navigate, notices, setDialog, startTariffFlow, t],
  );

  /** The player's stream was refused (403 STREAM_LIMIT_EXCEEDED, 410 STREAM_STOPPED). */
  const streamRefused = useCallback(
    (refusal: StreamRefusal, retry: () => void) => {
      retryRef.current = retry;
      if (refusal.code === ErrorCode.StreamLimitExceeded && refusal.stream_limit) return setDialog({ kind: 'stream-limit', limit: refusal.stream_limit });
      if (refusal.code === ErrorCode.StreamStopped || refusal.status === 410) return setDialog({ kind: 'stream-stopped' });
      showError();
    },
    [setDialog, showError],
  );

  const close = useCallback(() => setDialog(null), [setDialog]);
  /** Closes the dialog and plays the item again (registered, a stream stopped, «Смотреть здесь»). */
  const retry = useCallback(() => {
    setDialog(null);
    retryRef.current?.();
  }, [setDialog]);

  return useMemo(
    () => ({ dialog, seq, paying, apply, streamRefused, startTariffFlow, close, retry, back }),
    [dialog, seq, paying, apply, streamRefused, startTariffFlow, close, retry, back],
  );
}
export type PlaybackGate = ReturnType<typeof usePlaybackGate>;

/** How long a signed URL of the page's own check must still be valid to play without asking again. */
const READY_MARGIN_MS = 60_000;

/** An item of a title page to play: the title, an episode, a trailer or an extra. */
export interface PlayItem {
  uid: string;
  title: string;
  /** Resuming: the second to start from. */
  startAt?: number | undefined;
  /** Where its check is asked, when not a title's item (a live channel, a recording). */
  checkUrl?: string | undefined;
}

/** What plays now: the item, the check that allowed it (the player's stream, markers, slots, next) and its URL. */
export interface Playing {
  item: PlayItem;
  check: PlaybackCheck;
  src: string;
  /** Changes on every start, so the player remounts even for the same URL (after a refused stream). */
  attempt: number;
}

/**
 * The title page's play logic: pressing play asks the check (never the page's server-rendered one: its URLs may
 * have expired) and either plays or hands the answer to the gate.
 */
export function usePlayback({ back }: { back: string }) {
  const gate = usePlaybackGate({ back });
  const [playing, setPlaying] = useState<Playing | null>(null);
  const [asking, setAsking] = useState<string | null>(null);
  const request = useRef<AbortController | null>(null);
  const attempts = useRef(0);
  useEffect(() => () => request.current?.abort(), []);

  const start = useCallback((item: PlayItem, check: PlaybackCheck) => {
    attempts.current += 1;
    setPlaying({ item, check, src: check.playlists[0]?.url ?? '', attempt: attempts.current });
    window.scrollTo({ top: 0, behavior: 'smooth' });
  }, []);

  /**
   * Plays an item. `ready` is the page's own check of it: while its signed URL has a minute or more left it
   * plays at once (the manifest the page prefetched is the one the player asks for); otherwise, and whenever
   * it did not play, the check is asked now.
   */
  function play(item: PlayItem, ready?: PlaybackCheck | null) {
    // It plays already (a second press, or ?play=1 started it on arrival): the player goes on. A new check would
    // remount it, and the stream session the old one stops on leaving is the one the new one would beat for.
    if (playing?.item.uid === item.uid) return;
    const playlist = ready?.playlists[0];
    if (ready && playlist && Date.parse(playlist.expires_at) - Date.now() > READY_MARGIN_MS) {
      request.current?.abort();
      setAsking(null);
      return start(item, ready);
    }
    request.current?.abort();
    const abort = new AbortController();
    request.current = abort;
    setAsking(item.uid);
    resolvePlayback(item.uid, abort.signal, undefined, item.checkUrl)
      .then((resolution) => {
        if (abort.signal.aborted) return;
        setAsking(null);
        if (resolution.kind === 'play') {
          start(item, resolution.check);
        } else {
          gate.apply(resolution, () => play(item));
        }
      })
      .catch((err: unknown) => {
        if (abort.signal.aborted) return;
        setAsking(null);
        console.warn('playback', err);
        gate.apply({ kind: 'failed', outcome: 'error-message', error: { status: 0, code: 'ERROR', message: '' }, viewer: null }, () => play(item));
      });
  }

  const stop = useCallback(() => setPlaying(null), []);

  /** The player's onStreamRefused: the stream stops, the dialog says why and offers to play here again. */
  function handleStreamRefused(refusal: StreamRefusal) {
    const item = playing?.item;
    setPlaying(null);
    gate.streamRefused(refusal, () => {
      if (item) play(item);
    });
  }

  return { gate, playing, asking, busy: asking !== null || gate.paying, play, stop, handleStreamRefused };
}
