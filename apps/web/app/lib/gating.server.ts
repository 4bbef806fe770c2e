import { ApiPath, PaymentLinkSchema, StreamLimitSchema, TariffListSchema, type AuthData } from '@ekran/contracts';
import { z } from 'zod';
import type { PlaybackViewer } from '../components/watch/playback-types.ts';
import type { ApiCall } from './api.server.ts';

/** issue 5 gating-web: the tariff flow's calls and the account's streams. */
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
