import { ApiPath, ErrorCode, PaymentLinkSchema, StreamLimitSchema, TariffListSchema, type AuthData, type PlaybackCheck, type Tariff } from '@ekran/contracts';
import { data } from 'react-router';
import { z } from 'zod';
import type { PlaybackAnswer, PlaybackViewer } from './playback-types.ts';
import { ApiCallError, type ApiCall } from './api-call.server.ts';

/** The tariff flow's calls and the account's streams. */
export function gatingApi(call: ApiCall) {
  return {
    /** spec platform §7 GET tariffs (billing subscriptions). */
    tariffs: () => call(TariffListSchema, ApiPath.tariffs),
    /** spec platform §4 Payment redirect: GET of the tariff's url with ga_id and the tracking parameters. */
    paymentLink: (path: string, query: Record<string, string | undefined>) => call(PaymentLinkSchema, path, { query }),
    /** The account's live streams and its limit. */
    streams: () => call(StreamLimitSchema, ApiPath.streams),
    /** Stops a stream of the account (this device's or another's); `uid`: the item the stopping player played. */
    stopStream: (id: string, uid?: string, exp?: number) =>
      call(z.null(), ApiPath.stream(id), { method: 'DELETE', query: { ...(uid ? { uid } : {}), ...(exp ? { exp: String(exp) } : {}) } }),
  };
}

/** The viewer of playback gating from auth data: only the fields the rules read (never the token). */
export function playbackViewerOf(auth: AuthData | null): PlaybackViewer {
  if (!auth) {
    // A crawler has no session: it is what a first visit would be, a virtual visitor.
    return {
      virtual: true, email: null, phone: null, profile_for_child: false, partner: { name: null }, externals: [], subscriptions: [],
      mf_info: { is_mf: false, mf_pop_up: null }, trial_is_available: true,
    };
  }
  return {
    virtual: auth.virtual,
    email: auth.email,
    phone: auth.phone,
    profile_for_child: auth.profile_for_child,
    partner: { name: auth.partner.name },
    externals: auth.externals.map((e) => ({ name: e.name, expires_at: e.expires_at })),
    subscriptions: auth.subscriptions.map((s) => ({
      status: s.status, googleplay_id: s.googleplay_id, itunes_product_id: s.itunes_product_id, huawei_id: s.huawei_id,
    })),
    mf_info: { is_mf: auth.mf_info.is_mf, mf_pop_up: auth.mf_info.mf_pop_up },
    trial_is_available: auth.trial_is_available,
  };
}

/** The API's path of a tariff's payment link: a path of this API only (never another host), else null. */
export function paymentPathOf(url: string, apiUrl: string): string | null {
  let parsed: URL;
  try {
    parsed = new URL(url, apiUrl);
  } catch {
    return null;
  }
  if (parsed.origin !== new URL(apiUrl).origin || !parsed.pathname.startsWith('/api/')) return null;
  return `${parsed.pathname}${parsed.search}`;
}

/** What a watch page's loader learns before play is pressed: the check, or the refusal's code, and the tariffs. */
export interface PageCheck {
  check: PlaybackCheck | null;
  refusal: string | null;
  tariffs: Tariff[] | null;
}

/**
 * (the title page, and the channel and recording pages): the check decides the main
 * button's label (and an entitled viewer's player may start from it); a refusal (a kids profile, an unregistered
 * device, a VPN: platform §8) is said when play is pressed, except the kids one, said at once. The tariffs give
 * the trial's days; a failure of theirs is ignored silently (platform §8: tariff calls with status 400+ give
 * null). Without a session nothing is asked.
 */
export async function checkForPage(token: string | null | undefined, ask: () => Promise<PlaybackCheck>, tariffs: () => Promise<Tariff[]>): Promise<PageCheck> {
  if (!token) return { check: null, refusal: null, tariffs: null };
  const [checked, list] = await Promise.all([
    ask().then(
      (check) => ({ check, refusal: null }),
      (err: unknown) => {
        if (err instanceof ApiCallError && err.status < 500) return { check: null, refusal: err.body?.code ?? 'ERROR' };
        throw err;
      },
    ),
    tariffs().catch(() => null),
  ]);
  return { ...checked, tariffs: list };
}

/** The answer of a playback resource (/resources/playback, /resources/tv-playback): the check, or the API's refusal. */
export async function playbackAnswer(auth: AuthData | null, ask: () => Promise<PlaybackCheck>) {
  const viewer = playbackViewerOf(auth);
  try {
    return data<PlaybackAnswer>({ check: await ask(), viewer }, { headers: NO_STORE });
  } catch (err) {
    if (!(err instanceof ApiCallError)) throw err;
    const error = {
      status: err.status,
      code: err.body?.code ?? (err.status >= 500 ? ErrorCode.Internal : 'ERROR'),
      message: err.body?.message ?? '',
      stream_limit: err.body?.stream_limit,
      device_limit: err.body?.device_limit,
    };
    return data<PlaybackAnswer>({ error, viewer: auth ? viewer : null }, { status: err.status, headers: NO_STORE });
  }
}

/** A playback answer is the visitor's own. */
export const NO_STORE = { 'Cache-Control': 'no-store' };
