import {
  API_KEY_HEADER, ApiPath, AuthDataSchema, CatalogResponseSchema, ErrorSchema, HomeSchema, PlaybackCheckSchema,
  SESSION_COOKIE, TitleListSchema, TitleSchema, type DeviceLoginRequest, type EmailLoginRequest, type EmailRegisterRequest, type PasswordResetRequest, type TitleListQuery,
  GenreListSchema, GenrePageSchema,
  OutboxListSchema, type PhoneVerifyRequest,
  LoginCheckSchema, // the /auth login check (decision 037)
  // Banners
  BannerListSchema, type BannerLocation,
  // social sign-in
  LinkedIdentitiesSchema, SOCIAL_FLOW_COOKIE, SocialCallbackResultSchema, SocialPendingSchema, SocialProvidersSchema, SocialSignupResultSchema, type SocialCallbackRequest,
  SitemapIndexSchema, SitemapUrlsSchema, type SitemapPart,
  // ---- Stream-session heartbeats
  HeartbeatResponseSchema, type HeartbeatRequest,
} from '@ekran/contracts';
import { CatalogFiltersSchema, CatalogRevisionSchema, type Category } from '@ekran/contracts';
import { z } from 'zod';
import { CollectionListSchema, CollectionPageSchema, PersonSchema, PlaylistListSchema, PlaylistResponseSchema, SelectionListSchema, SelectionPageSchema } from '@ekran/contracts';
import { TitleListsSchema } from '@ekran/contracts';
import { accountApi } from './account-api.server.ts';
import { env } from './env.server.ts';
import { REQUEST_ID_HEADER } from './request-id.server.ts';
import { profilesApi } from './profiles-api.server.ts';
import { searchApi } from './search-api.server.ts';
import { listsApi } from './lists-api.server.ts';
import { gatingApi } from './gating.server.ts';
import { promoApi } from './promo-api.server.ts';
import { operatorApi } from './operator-api.server.ts';
// ---- Billing
import { billingApi } from './billing-api.server.ts';
import { offersApi } from './offers-api.server.ts';
// ---- Live TV and recordings
import { tvPlaybackApi } from './tv-playback-api.server.ts';
import { tvApi } from './tv-api.server.ts';
// ---- The catch-up archive
import { archiveApi } from './archive-api.server.ts';
// ---- The help centre and support tickets
import { supportApi } from './support-api.server.ts';
// ---- Signing a TV in by a code (RFC 8628)
import { deviceAuthApi } from './device-auth-api.server.ts';
// ---- Legal documents, static pages, the consent log
import { legalApi } from './legal-api.server.ts';
// ---- The journal
import { journalApi } from './journal-api.server.ts';
import { ApiCallError, type ApiCall } from './api-call.server.ts';
import { createPublicAnswers } from './public-answers.server.ts';

// The error and call type live below the area clients (api-call.server.ts) so they never import this file back.
export { ApiCallError, isNothingThere, type ApiCall } from './api-call.server.ts';

/** The header server.js puts the visitor's address in (it overwrites whatever the browser sent). */
export const CLIENT_IP_HEADER = 'x-ekran-client-ip';

/** Who the API is called for: the visitor's browser name (the API names devices by it) and device id. */
export interface ApiClientInfo {
  userAgent?: string | null;
  /** The visitor's device id (the ekran_device cookie): the playback check names it (spec platform §7). */
  deviceId?: string | null;
  /** The visitor's network address as the web server saw it. */
  ip?: string | null;
  /** The page request's id (request-id.server.ts): the API logs its calls under the same id. */
  requestId?: string | null;
  /**
   * Whether answers the API marks public may be read from and kept in this process's shared answers: not for a child
   * profile's session, whose catalogue answers are its own (the API scopes them by its age cap).
   */
  shared?: boolean;
}

/** The API's public answers, kept by this process for every visitor (public-answers.server.ts, decision 047). */
export const publicAnswers = createPublicAnswers({
  maxEntries: 500,
  revisionEveryMs: env.PAGE_CACHE_REVISION_SECONDS * 1000,
  revision: async () => {
    const res = await fetch(new URL(ApiPath.catalogRevision, env.API_URL), { signal: AbortSignal.timeout(2_000) });
    if (!res.ok) throw new Error(`the API answered ${res.status}`);
    const { revision } = CatalogRevisionSchema.parse(await res.json());
    return revision;
  },
  log: (message) => console.warn(message),
});

/**
 * The typed API client of loaders: forwards the visitor's session token (and browser name), sends the web
 * API key, and parses every answer with its contract schema.
 */
export function createApi(token: string | null, client: ApiClientInfo = {}) {
  const call: ApiCall = async (schema, path, init = {}) => {
    const url = new URL(path, env.API_URL);
    for (const [k, v] of Object.entries(init.query ?? {})) if (v !== undefined) url.searchParams.set(k, String(v));
    const headers = new Headers(init.headers);
    headers.set(API_KEY_HEADER, env.WEB_API_KEY);
    headers.set('accept', 'application/json');
    if (client.userAgent) headers.set('user-agent', client.userAgent);
    // The visitor's address, so the API's per-address limits count visitors, not this server (the API
    // trusts it only from its TRUST_PROXY peers).
    if (client.ip) headers.set('x-forwarded-for', client.ip);
    if (client.requestId) headers.set(REQUEST_ID_HEADER, client.requestId);
    const cookies = { [SESSION_COOKIE]: token, ...init.cookies };
    const cookie = Object.entries(cookies).filter(([, v]) => v).map(([k, v]) => `${k}=${v}`).join('; ');
    if (cookie) headers.set('cookie', cookie);
    // A form with files (support tickets) goes as multipart: fetch sets its type with the boundary.
    if (init.body && !(init.body instanceof FormData)) headers.set('content-type', 'application/json');
    const shareable = client.shared === true && (init.method ?? 'GET') === 'GET' && !init.body;
    const revision = shareable ? publicAnswers.revision() : null;
    if (shareable) {
      const kept = publicAnswers.get<z.infer<typeof schema>>(url.href, schema);
      if (kept !== undefined) return kept;
    }
    const res = await fetch(url, { ...init, headers, signal: init.signal ?? AbortSignal.timeout(10_000) });
    const json: unknown = await res.json().catch(() => null);
    if (!res.ok) throw new ApiCallError(res.status, ErrorSchema.safeParse(json).data ?? null);
    const value = schema.parse(res.status === 204 ? null : json);
    if (shareable) publicAnswers.offer(url.href, { headers }, res, schema, value, revision);
    return value;
  };

  return {
    deviceLogin: (body: DeviceLoginRequest) => call(AuthDataSchema, ApiPath.deviceLogin, { method: 'POST', body: JSON.stringify(body) }),
    refresh: () => call(AuthDataSchema, ApiPath.authRefresh, { method: 'POST' }),
    catalog: (forKids: boolean) => call(CatalogResponseSchema, ApiPath.catalog, { query: { device_type: 'web', locale: 'ru', for_kids: forKids } }),
    home: (forKids: boolean) => call(HomeSchema, ApiPath.home, { query: { for_kids: forKids } }),
    titles: (query: Partial<TitleListQuery>) => call(TitleListSchema, ApiPath.titles, { query }),
    title: (alias: string) => call(TitleSchema, ApiPath.watch(alias)),
    playbackCheck: (uid: string) => call(PlaybackCheckSchema, ApiPath.playbackCheck(uid), { query: { device_id: client.deviceId ?? undefined } }),
    emailRegister: (body: EmailRegisterRequest) => call(AuthDataSchema, ApiPath.emailRegister, { method: 'POST', body: JSON.stringify(body) }),
    emailConfirm: (code: string) => call(AuthDataSchema, ApiPath.emailConfirm, { method: 'POST', body: JSON.stringify({ code }) }),
    emailResend: () => call(z.null(), ApiPath.emailResend, { method: 'POST' }),
    emailLogin: (body: EmailLoginRequest) => call(AuthDataSchema, ApiPath.emailLogin, { method: 'POST', body: JSON.stringify(body) }),
    // the /auth login step: sign in or sign up (decision 037)
    loginCheck: (email: string) => call(LoginCheckSchema, ApiPath.loginCheck, { method: 'POST', body: JSON.stringify({ email }) }),
    logout: () => call(z.null(), ApiPath.logout, { method: 'POST' }),
    passwordRecovery: (email: string) => call(z.null(), ApiPath.passwordRecovery, { method: 'POST', body: JSON.stringify({ email }) }),
    passwordReset: (body: PasswordResetRequest) => call(z.null(), ApiPath.passwordReset, { method: 'POST', body: JSON.stringify(body) }),
    // accounts: phone sign-in, confirmation links, the development outbox
    phoneCode: (phone: string) => call(z.null(), ApiPath.phoneCode, { method: 'POST', body: JSON.stringify({ phone }) }),
    phoneVerify: (body: PhoneVerifyRequest) => call(AuthDataSchema, ApiPath.phoneVerify, { method: 'POST', body: JSON.stringify(body) }),
    emailConfirmLink: (email: string, code: string) => call(z.null(), ApiPath.emailConfirmLink, { method: 'POST', body: JSON.stringify({ email, code }) }),
    emailResendLink: (email: string) => call(z.null(), ApiPath.emailResendLink, { method: 'POST', body: JSON.stringify({ email }) }),
    outbox: (query: { recipient?: string | undefined; limit?: number }) => call(OutboxListSchema, ApiPath.outbox, { query }),
    // social sign-in: the flow cookie of this browser rides along where the API needs it
    socialProviders: () => call(SocialProvidersSchema, ApiPath.socialProviders),
    socialCallback: (provider: string, params: SocialCallbackRequest, flow: string | null) =>
      call(SocialCallbackResultSchema, ApiPath.socialCallback(provider), { method: 'POST', body: JSON.stringify(params), cookies: { [SOCIAL_FLOW_COOKIE]: flow } }),
    socialPending: (flow: string | null) => call(SocialPendingSchema, ApiPath.socialPending, { cookies: { [SOCIAL_FLOW_COOKIE]: flow } }),
    socialSignup: (flow: string | null) =>
      call(SocialSignupResultSchema, ApiPath.socialSignup, { method: 'POST', body: JSON.stringify({ consent: true }), cookies: { [SOCIAL_FLOW_COOKIE]: flow } }),
    socialCancel: (flow: string | null) => call(z.null(), ApiPath.socialCancel, { method: 'POST', cookies: { [SOCIAL_FLOW_COOKIE]: flow } }),
    linkedIdentities: () => call(LinkedIdentitiesSchema, ApiPath.socialIdentities),
    unlinkIdentity: (provider: string) => call(z.null(), ApiPath.socialIdentity(provider), { method: 'DELETE' }),
    // profiles and the parental PIN
    ...profilesApi(call),
    ...accountApi(call),
    // The sitemap's catalogue parts
    sitemapIndex: () => call(SitemapIndexSchema, ApiPath.sitemap),
    sitemapUrls: (part: SitemapPart, page: number) => call(SitemapUrlsSchema, ApiPath.sitemapPart(part), { query: { page } }),
    // The genre index and a genre page (a child session gets the kids ones whatever it asks)
    genres: (forKids: boolean) => call(GenreListSchema, ApiPath.genres, { query: { for_kids: forKids } }),
    genre: (alias: string, forKids: boolean) => call(GenrePageSchema, ApiPath.genre(alias), { query: { for_kids: forKids } }),
    // Collections and hashtags, selections, playlists, people
    collections: (query: { skip: number; limit: number }) => call(CollectionListSchema, ApiPath.collections, { query }),
    collection: (alias: string, query: { skip: number; limit: number }) => call(CollectionPageSchema, ApiPath.collection(alias), { query }),
    selections: (forKids: boolean) => call(SelectionListSchema, ApiPath.selections, { query: { for_kids: forKids } }),
    selection: (alias: string, query: { skip: number; limit: number; for_kids: boolean }) => call(SelectionPageSchema, ApiPath.selection(alias), { query }),
    playlists: () => call(PlaylistListSchema, ApiPath.playlists),
    // A page of a playlist's items: the playlist page's, and the first one is what a banner's play action plays.
    playlist: (alias: string, query: { skip: number; limit: number }) => call(PlaylistResponseSchema, ApiPath.playlist(alias), { query }),
    personByAlias: (alias: string) => call(PersonSchema, ApiPath.person(alias)),
    // search
    ...searchApi(call),
    // Spec platform §7 posters by location
    posters: (location: BannerLocation, forKids: boolean) => call(BannerListSchema, ApiPath.posters(location), { query: { for_kids: forKids, device_type: 'web' } }),
    // Personal lists of the current profile
    ...listsApi(call),
    // The filters of a category page (spec catalogue §7, country uppercase)
    catalogFilters: (query: { category: Category; genre?: string | undefined; year?: number | undefined; country?: string | undefined; for_kids: boolean }) =>
      call(CatalogFiltersSchema, ApiPath.catalogFilters, { query: { ...query, country: query.country?.toUpperCase(), device_type: 'web', locale: 'ru' } }),
    // ---- The collections and selections holding a title (its sub-pages)
    titleLists: (alias: string) => call(TitleListsSchema, ApiPath.watchLists(alias)),
    // ---- Tariffs, the payment link, the account's streams
    ...gatingApi(call),
    // ---- Tariffs with a channel, orders, renewal, extension, payment methods and history
    ...billingApi(call),
    // ---- The player's stream session (heartbeats re-sign the media; stop (gatingApi) frees the slot)
    streamHeartbeat: (id: string, body: HeartbeatRequest) => call(HeartbeatResponseSchema, ApiPath.streamHeartbeat(id), { method: 'POST', body: JSON.stringify(body) }),
    // ---- Promo codes, certificates, coupons
    ...promoApi(call),
    // The mobile-operator customer
    ...operatorApi(call),
    // ---- Landings and the offers of the shell's popups
    ...offersApi(call),
    // ---- The live check, a recording and its check
    ...tvPlaybackApi(call, client.deviceId),
    // ---- Channels, the guide, a channel's day, what is on air, favorite channels
    ...tvApi(call),
    // ---- Catch-up items, their filters and search
    ...archiveApi(call),
    // ---- The help centre and support tickets
    ...supportApi(call),
    // ---- A TV's code: the device behind it, confirm, refuse
    ...deviceAuthApi(call),
    // ---- Legal documents and their versions, static pages, the account's consent log
    ...legalApi(call),
    // ---- Rubrics, articles, a title's articles
    ...journalApi(call),
  };
}
export type Api = ReturnType<typeof createApi>;
