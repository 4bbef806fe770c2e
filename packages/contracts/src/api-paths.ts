/**
 * Every API route in one table: the templates the API registers (Fastify's `:param` form) and, derived from them,
 * the paths clients call (ApiPath). The API serves them all below /api so the web origin can proxy it as-is.
 */
/** Where the signed live and recording playlists are served: {base}/s/{exp}/{sid}/{sig}/{key}/… (decision 016). */
const TV_MEDIA_BASE = '/api/tv';

/**
 * The two paths the browser calls from every page (the analytics beacon, the social sign-in buttons), apart from the
 * table: a page's shell that imports the table carries every API path in its JavaScript (decision 046).
 */
export const EVENTS_PATH = '/api/v1/events';
export const SOCIAL_START_ROUTE = '/api/v1/auth/social/:provider/start';

export const ApiRoute = {
  live: '/api/health/live',
  ready: '/api/health/ready',
  openapi: '/api/openapi.json',
  deviceLogin: '/api/v1/auth/device-login',
  authRefresh: '/api/v1/auth/refresh',
  emailRegister: '/api/v1/auth/email/register',
  emailConfirm: '/api/v1/auth/email/confirm',
  emailResend: '/api/v1/auth/email/resend',
  emailLogin: '/api/v1/auth/email/login',
  loginCheck: '/api/v1/auth/login/check',
  logout: '/api/v1/auth/logout',
  passwordRecovery: '/api/v1/auth/password/recovery',
  passwordReset: '/api/v1/auth/password/reset',
  outbox: '/api/v1/dev/outbox',
  // accounts: phone sign-in and email confirmation links
  phoneCode: '/api/v1/auth/phone/code',
  phoneVerify: '/api/v1/auth/phone/verify',
  emailConfirmLink: '/api/v1/auth/email/confirm-link',
  emailResendLink: '/api/v1/auth/email/resend-link',
  // social sign-in
  socialProviders: '/api/v1/auth/social/providers',
  socialStart: SOCIAL_START_ROUTE,
  socialCallback: '/api/v1/auth/social/:provider/callback',
  socialPending: '/api/v1/auth/social/pending',
  socialSignup: '/api/v1/auth/social/signup',
  socialCancel: '/api/v1/auth/social/cancel',
  socialIdentities: '/api/v1/auth/social/identities',
  socialIdentity: '/api/v1/auth/social/identities/:provider',
  // the development identity provider (an OAuth provider stand-in)
  devIdpAuthorize: '/api/dev-idp/:provider/authorize',
  devIdpToken: '/api/dev-idp/:provider/token',
  devIdpInfo: '/api/dev-idp/:provider/info',
  devIdpUserInfo: '/api/dev-idp/:provider/user_info',
  devIdpJwks: '/api/dev-idp/:provider/jwks',
  // devices and account (spec platform §7 account paths: devices, person name, birthday, gender, notify)
  accountDevices: '/api/v1/account/devices',
  accountDevice: '/api/v1/account/devices/:id',
  deviceLimitResolve: '/api/v1/auth/device-limit',
  // signing a TV in by a code (RFC 8628): the TV asks for a code and polls; the site page looks it up, approves or denies
  deviceAuthorization: '/api/v1/auth/device/code',
  deviceToken: '/api/v1/auth/device/token',
  deviceCodeLookup: '/api/v1/auth/device/lookup',
  deviceCodeApprove: '/api/v1/auth/device/approve',
  deviceCodeDeny: '/api/v1/auth/device/deny',
  accountPerson: '/api/v1/account/person',
  accountPersonName: '/api/v1/account/person/name',
  accountBirthday: '/api/v1/account/birthday',
  accountGender: '/api/v1/account/gender',
  accountSubscriptions: '/api/v1/account/subscriptions',
  accountDelete: '/api/v1/account/delete',
  accountDeleteCode: '/api/v1/account/delete/code',
  subscribeStatusAll: '/api/v1/subscribe/status',
  subscribeStatus: '/api/v1/subscribe/:channel/status',
  subscribe: '/api/v1/subscribe/:channel',
  doiConfirm: '/api/v1/subscribe/email/confirm',
  unsubscribe: '/api/v1/subscribe/unsubscribe/:account_id',
  catalog: '/api/v1/catalog',
  home: '/api/v1/home',
  titles: '/api/v1/titles',
  watch: '/api/v1/watch/:alias',
  play: '/api/v1/play/:uid',
  playbackCheck: '/api/v1/playback/:uid',
  imageArt: '/api/v1/images/art/:orientation/:spec',
  /** Signed media: {media}/s/{exp}/{sid}/{sig}/{slug}/{file…} (the prefix is MEDIA_BASE_URL's default). */
  mediaFile: '/api/media/s/:exp/:sid/:sig/:slug/*',
  // watching: stream sessions (heartbeats, stop, the account's live streams) and tariffs
  streams: '/api/v1/streams',
  streamHeartbeat: '/api/v1/streams/:id/heartbeat',
  stream: '/api/v1/streams/:id',
  tariffs: '/api/v1/billing/tariffs',
  // billing: buying, orders, provider notifications, renewal, payment methods and history
  buy: '/api/v1/billing/buy',
  order: '/api/v1/billing/orders/:id',
  bindCard: '/api/v1/billing/bind_card',
  recurrent: '/api/v1/billing/recurrent',
  extendSubscription: '/api/v1/billing/subscriptions/:id/extend',
  paymentNotification: '/api/v1/billing/notifications/:provider',
  paymentMethods: '/api/v1/account/payment_methods',
  paymentMethod: '/api/v1/account/payment_methods/:id',
  paymentHistory: '/api/v1/account/payment_history',
  devRenewalDeclined: '/api/v1/dev/subscriptions/:id/renewal-declined',
  // the collections and selections that hold a title (its sub-pages)
  watchLists: '/api/v1/watch/:alias/lists',
  // profiles, parental PIN
  profiles: '/api/v1/profiles',
  profile: '/api/v1/profiles/:id',
  profileSelect: '/api/v1/profiles/select',
  avatarFile: '/api/v1/avatars/:file',
  pin: '/api/v1/pin',
  pinCheck: '/api/v1/pin/check',
  pinChange: '/api/v1/pin/change',
  pinRemove: '/api/v1/pin/remove',
  pinSkip: '/api/v1/pin/skip',
  pinForgot: '/api/v1/pin/forgot',
  pinReset: '/api/v1/pin/reset',
  pinResetVerify: '/api/v1/pin/reset/verify',
  // the sitemap's catalogue parts
  sitemap: '/api/v1/sitemap',
  sitemapPart: '/api/v1/sitemap/:part',
  // genre pages
  genres: '/api/v1/genres',
  genre: '/api/v1/genres/:alias',
  // collections, selections, playlists and people
  collections: '/api/v1/collections',
  collection: '/api/v1/collections/:alias',
  selections: '/api/v1/selections',
  selection: '/api/v1/selections/:alias',
  playlists: '/api/v1/playlists',
  playlist: '/api/v1/playlists/:alias',
  person: '/api/v1/person/:alias',
  // search
  search: '/api/v1/search',
  searchSuggest: '/api/v1/search/suggest',
  // spec platform §7 posters by location
  posters: '/api/v1/posters/location/:location',
  // personal lists of the current profile (spec platform §7 favorites, history, progress, rating)
  favorites: '/api/v1/profile/favorites',
  favorite: '/api/v1/profile/favorites/:alias',
  favoriteAliases: '/api/v1/profile/favorite-aliases',
  progress: '/api/v1/profile/progress',
  continueWatching: '/api/v1/profile/continue-watching',
  history: '/api/v1/profile/history',
  historyItem: '/api/v1/profile/history/:alias',
  rating: '/api/v1/profile/ratings/:alias',
  rated: '/api/v1/profile/rated',
  titleState: '/api/v1/profile/title-state/:alias',
  // the filters of a category page (spec catalogue §7) and analytics events
  catalogFilters: '/api/v1/catalog/filters',
  // the catalogue's revision, which the site's page cache follows (decision 044)
  catalogRevision: '/api/v1/catalog/revision',
  events: EVENTS_PATH,
  // a tariff's payment link
  tariffPayment: '/api/v1/billing/tariffs/:id/payment',
  // promo codes and certificates (check, activate), coupons (meta, registration)
  promoCheck: '/api/v1/promo/check',
  promoActivate: '/api/v1/promo/activate',
  coupon: '/api/v1/coupons/:alias',
  couponRegistration: '/api/v1/coupons/:alias/registration',
  // a landing, the offer for the visitor, its show and answer
  landing: '/api/v1/landings/:slug',
  currentOffer: '/api/v1/offers/current',
  offerShown: '/api/v1/offers/:id/shown',
  offerAnswer: '/api/v1/offers/:id/answer',
  // the mobile operator's customer (spec platform §6 Operator customer)
  operatorCode: '/api/v1/operator/code',
  operatorVerify: '/api/v1/operator/verify',
  operatorSubscription: '/api/v1/operator/subscription',
  operatorConnect: '/api/v1/operator/connect',
  operatorPopupSeen: '/api/v1/operator/popup/seen',
  operatorMlk: '/api/v1/operator/mlk',
  operatorNotifications: '/api/v1/operator/notifications',
  devOperatorEvents: '/api/v1/dev/operator/events',
  // live TV data (platform §7 GET TV), favorite channels (RU only), the catch-up archive
  // (catalogue §7: /v2/multiplex/catchups, its filters and search; the banners are posters('catchups'))
  tv: '/api/v1/tv',
  tvCategories: '/api/v1/tv/categories',
  tvOnAir: '/api/v1/tv/on-air',
  tvGuide: '/api/v1/tv/guide',
  tvChannel: '/api/v1/tv/channels/:channel',
  favoriteChannels: '/api/v1/profile/favorite-channels',
  favoriteChannel: '/api/v1/profile/favorite-channels/:channel',
  catchups: '/api/v2/multiplex/catchups',
  catchupFilters: '/api/v2/multiplex/catchups/filters',
  catchupSearch: '/api/v2/multiplex/catchups/search',
  catchup: '/api/v2/multiplex/catchups/:id',
  // playing live TV and recordings, and their signed playlists
  tvPlaybackLive: '/api/v1/tv-playback/live/:alias',
  tvPlaybackRecording: '/api/v1/tv-playback/recordings/:id',
  tvPlaybackRecordingCheck: '/api/v1/tv-playback/recordings/:id/check',
  tvMediaMaster: `${TV_MEDIA_BASE}/s/:exp/:sid/:sig/:key/master.m3u8`,
  tvMediaIndex: `${TV_MEDIA_BASE}/s/:exp/:sid/:sig/:key/:track/index.m3u8`,
  // the help centre (sections, articles, search, feedback, FAQ) and support tickets: the viewer's, a guest's by its
  // private link, support's (staff)
  supportHome: '/api/v1/support',
  supportSection: '/api/v1/support/sections/:section',
  supportArticle: '/api/v1/support/articles/:alias',
  supportArticleFeedback: '/api/v1/support/articles/:alias/feedback',
  supportSearch: '/api/v1/support/search',
  supportFaq: '/api/v1/support/faq',
  supportTickets: '/api/v1/support/tickets',
  supportTicket: '/api/v1/support/tickets/:id',
  supportTicketMessages: '/api/v1/support/tickets/:id/messages',
  supportTicketAttachment: '/api/v1/support/tickets/:id/attachments/:attachmentId',
  supportGuestTicket: '/api/v1/support/guest/:token',
  supportGuestMessages: '/api/v1/support/guest/:token/messages',
  supportGuestAttachment: '/api/v1/support/guest/:token/attachments/:attachmentId',
  supportStaffTickets: '/api/v1/support/staff/tickets',
  supportStaffTicket: '/api/v1/support/staff/tickets/:id',
  supportStaffMessages: '/api/v1/support/staff/tickets/:id/messages',
  supportStaffClose: '/api/v1/support/staff/tickets/:id/close',
  supportStaffAttachment: '/api/v1/support/staff/tickets/:id/attachments/:attachmentId',
  devSupportStaff: '/api/v1/dev/support/staff',
  // the journal: rubrics, a page of articles, an article, its RSS feed, and the articles that mention a title
  journalRubrics: '/api/v1/journal/rubrics',
  journalArticles: '/api/v1/journal/articles',
  journalArticle: '/api/v1/journal/articles/:alias',
  journalRss: '/api/v1/journal/rss.xml',
  watchArticles: '/api/v1/watch/:alias/articles',
  // legal documents and their versions, static pages, the account's consent log
  legalDocuments: '/api/v1/legal',
  legalDocument: '/api/v1/legal/:alias',
  legalVersions: '/api/v1/legal/:alias/versions',
  legalVersion: '/api/v1/legal/:alias/versions/:version',
  staticPage: '/api/v1/content/pages/:alias',
  accountConsents: '/api/v1/account/consents',
} as const;

export type ApiRouteName = keyof typeof ApiRoute;

/** One value per `:param` of a route template, in order; a trailing `*` takes one more. */
type RouteValues<T extends string> = T extends `${string}:${string}/${infer Rest}`
  ? [string, ...RouteValues<`/${Rest}`>]
  : T extends `${string}:${string}`
    ? [string]
    : T extends `${string}/*`
      ? [string]
      : [];

/** A template without params is its own path; one with params is a builder taking the values in order. */
export type RoutePath<T extends string> = RouteValues<T> extends [] ? T : (...values: RouteValues<T>) => string;

const PARAM = /:[A-Za-z_]+|\*$/g;

/** The path of a template with its params filled in order, each value encoded as one path segment. */
export const fillRoute = (template: string, values: readonly string[]): string => {
  let i = 0;
  return template.replace(PARAM, () => encodeURIComponent(values[i++] ?? ''));
};

/** Derives each route's path; the mapped type cannot be checked per key at runtime, so the result is asserted once. */
const derive = <R extends Record<string, string>>(routes: R): { [K in keyof R]: RoutePath<R[K]> } => {
  const out: Record<string, unknown> = {};
  for (const [name, template] of Object.entries(routes)) {
    out[name] = template.includes(':') || template.endsWith('*') ? (...values: string[]) => fillRoute(template, values) : template;
  }
  return out as { [K in keyof R]: RoutePath<R[K]> };
};

/** Every API path a client calls, derived from ApiRoute: a string, or a builder taking the params in order. */
// Built by a call marked pure, so a bundle whose code calls no path of the table leaves the table out.
export const ApiPath = /* @__PURE__ */ apiPaths();

function apiPaths() {
  return {
    ...derive(ApiRoute),
    tvMedia: TV_MEDIA_BASE,
    /** A profile avatar's picture (the :file is `{id}.svg`). */
    avatar: (id: string) => fillRoute(ApiRoute.avatarFile, [`${id}.svg`]),
  };
}

/** The header a client sends its API key in; `apikey` in the query also works (spec platform §7). */
export const API_KEY_HEADER = 'x-api-key';
/** The cookie that carries the session token on the web origin. */
export const SESSION_COOKIE = 'ekran_token';
/** The cookie that carries the web device id. */
export const DEVICE_COOKIE = 'ekran_device';
