/** Every API path in one place; the API serves them all below /api so the web origin can proxy it as-is. */
export const ApiPath = {
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
  // accounts (issue 3): phone sign-in and email confirmation links
  phoneCode: '/api/v1/auth/phone/code',
  phoneVerify: '/api/v1/auth/phone/verify',
  emailConfirmLink: '/api/v1/auth/email/confirm-link',
  emailResendLink: '/api/v1/auth/email/resend-link',
  // social sign-in (issue 3: social)
  socialProviders: '/api/v1/auth/social/providers',
  socialStart: (provider: string) => `/api/v1/auth/social/${encodeURIComponent(provider)}/start`,
  socialCallback: (provider: string) => `/api/v1/auth/social/${encodeURIComponent(provider)}/callback`,
  socialPending: '/api/v1/auth/social/pending',
  socialSignup: '/api/v1/auth/social/signup',
  socialCancel: '/api/v1/auth/social/cancel',
  socialIdentities: '/api/v1/auth/social/identities',
  socialIdentity: (provider: string) => `/api/v1/auth/social/identities/${encodeURIComponent(provider)}`,
  devIdp: (provider: string) => `/api/dev-idp/${encodeURIComponent(provider)}`,
  // issue 3 devices and account (spec platform §7 account paths: devices, person name, birthday, gender, notify)
  accountDevices: '/api/v1/account/devices',
  accountDevice: (id: string) => `/api/v1/account/devices/${encodeURIComponent(id)}`,
  deviceLimitResolve: '/api/v1/auth/device-limit',
  accountPerson: '/api/v1/account/person',
  accountPersonName: '/api/v1/account/person/name',
  accountBirthday: '/api/v1/account/birthday',
  accountGender: '/api/v1/account/gender',
  accountSubscriptions: '/api/v1/account/subscriptions',
  accountDelete: '/api/v1/account/delete',
  accountDeleteCode: '/api/v1/account/delete/code',
  subscribeStatusAll: '/api/v1/subscribe/status',
  subscribeStatus: (channel: 'email' | 'push' | 'sms') => `/api/v1/subscribe/${channel}/status`,
  subscribe: (channel: 'email' | 'push' | 'sms') => `/api/v1/subscribe/${channel}`,
  doiConfirm: '/api/v1/subscribe/email/confirm',
  unsubscribe: (accountId: string) => `/api/v1/subscribe/unsubscribe/${encodeURIComponent(accountId)}`,
  catalog: '/api/v1/catalog',
  home: '/api/v1/home',
  titles: '/api/v1/titles',
  watch: (alias: string) => `/api/v1/watch/${encodeURIComponent(alias)}`,
  play: (uid: string) => `/api/v1/play/${encodeURIComponent(uid)}`,
  playbackCheck: (uid: string) => `/api/v1/playback/${encodeURIComponent(uid)}`,
  image: '/api/v1/images',
  media: '/api/media',
  // ---- issue 5 watching: stream sessions (heartbeats, stop, the account's live streams) and tariffs
  streams: '/api/v1/streams',
  streamHeartbeat: (id: string) => `/api/v1/streams/${encodeURIComponent(id)}/heartbeat`,
  stream: (id: string) => `/api/v1/streams/${encodeURIComponent(id)}`,
  tariffs: '/api/v1/billing/tariffs',
  // ---- issue 6 billing: buying, orders, provider notifications, renewal, payment methods and history
  buy: '/api/v1/billing/buy',
  order: (id: string) => `/api/v1/billing/orders/${encodeURIComponent(id)}`,
  bindCard: '/api/v1/billing/bind_card',
  recurrent: '/api/v1/billing/recurrent',
  extendSubscription: (id: string) => `/api/v1/billing/subscriptions/${encodeURIComponent(id)}/extend`,
  paymentNotification: (provider: string) => `/api/v1/billing/notifications/${encodeURIComponent(provider)}`,
  paymentMethods: '/api/v1/account/payment_methods',
  paymentMethod: (id: string) => `/api/v1/account/payment_methods/${encodeURIComponent(id)}`,
  paymentHistory: '/api/v1/account/payment_history',
  // ---- issue 5 titles: the collections and selections that hold a title (its sub-pages)
  watchLists: (alias: string) => `/api/v1/watch/${encodeURIComponent(alias)}/lists`,
  // ---- profiles, parental PIN (issue 3 profiles)
  profiles: '/api/v1/profiles',
  profile: (id: string) => `/api/v1/profiles/${encodeURIComponent(id)}`,
  profileSelect: '/api/v1/profiles/select',
  avatar: (id: string) => `/api/v1/avatars/${encodeURIComponent(id)}.svg`,
  pin: '/api/v1/pin',
  pinCheck: '/api/v1/pin/check',
  pinChange: '/api/v1/pin/change',
  pinRemove: '/api/v1/pin/remove',
  pinSkip: '/api/v1/pin/skip',
  pinForgot: '/api/v1/pin/forgot',
  pinReset: '/api/v1/pin/reset',
  pinResetVerify: '/api/v1/pin/reset/verify',
  // ---- end profiles
  // issue 4 SEO: the sitemap's catalogue parts
  sitemap: '/api/v1/sitemap',
  sitemapPart: (part: string) => `/api/v1/sitemap/${encodeURIComponent(part)}`,
  // ---- genre pages (issue 4 genres)
  genres: '/api/v1/genres',
  genre: (alias: string) => `/api/v1/genres/${encodeURIComponent(alias)}`,
  // ---- collections, selections, playlists and people (issue 4 collections)
  collections: '/api/v1/collections',
  collection: (alias: string) => `/api/v1/collections/${encodeURIComponent(alias)}`,
  selections: '/api/v1/selections',
  selection: (alias: string) => `/api/v1/selections/${encodeURIComponent(alias)}`,
  playlists: '/api/v1/playlists',
  playlist: (alias: string) => `/api/v1/playlists/${encodeURIComponent(alias)}`,
  person: (alias: string) => `/api/v1/person/${encodeURIComponent(alias)}`,
  // ---- end collections
  // search (issue 4)
  search: '/api/v1/search',
  searchSuggest: '/api/v1/search/suggest',
  // issue 4 home: spec platform §7 posters by location; the playlist a banner plays (platform §3 Playlist response)
  posters: (location: string) => `/api/v1/posters/location/${encodeURIComponent(location)}`,
  // ---- personal lists of the current profile (issue 4 lists; spec platform §7 favorites, history, progress, rating)
  favorites: '/api/v1/profile/favorites',
  favorite: (alias: string) => `/api/v1/profile/favorites/${encodeURIComponent(alias)}`,
  favoriteAliases: '/api/v1/profile/favorite-aliases',
  progress: '/api/v1/profile/progress',
  continueWatching: '/api/v1/profile/continue-watching',
  history: '/api/v1/profile/history',
  historyItem: (alias: string) => `/api/v1/profile/history/${encodeURIComponent(alias)}`,
  rating: (alias: string) => `/api/v1/profile/ratings/${encodeURIComponent(alias)}`,
  rated: '/api/v1/profile/rated',
  titleState: (alias: string) => `/api/v1/profile/title-state/${encodeURIComponent(alias)}`,
  // ---- end personal lists
  // issue 4 category pages: the filters of a category page (spec catalogue §7) and analytics events
  catalogFilters: '/api/v1/catalog/filters',
  events: '/api/v1/events',
  // ---- issue 5 gating-api: a tariff's payment link (issue 6 billing answers it)
  tariffPayment: (id: string) => `/api/v1/billing/tariffs/${encodeURIComponent(id)}/payment`,
  // ---- issue 6 promo: promo codes and certificates (check, activate), coupons (meta, registration)
  promoCheck: '/api/v1/promo/check',
  promoActivate: '/api/v1/promo/activate',
  coupon: (alias: string) => `/api/v1/coupons/${encodeURIComponent(alias)}`,
  couponRegistration: (alias: string) => `/api/v1/coupons/${encodeURIComponent(alias)}/registration`,
  // ---- end promo
  // ---- issue 6 landings: a landing, the offer for the visitor, its show and answer
  landing: (slug: string) => `/api/v1/landings/${encodeURIComponent(slug)}`,
  currentOffer: '/api/v1/offers/current',
  offerShown: (id: string) => `/api/v1/offers/${encodeURIComponent(id)}/shown`,
  offerAnswer: (id: string) => `/api/v1/offers/${encodeURIComponent(id)}/answer`,
  // ---- issue 7 tvdata: live TV data (platform §7 GET TV), favorite channels (RU only), the catch-up archive
  // (catalogue §7: /v2/multiplex/catchups, its filters and search; the banners are posters('catchups'))
  tv: '/api/v1/tv',
  tvCategories: '/api/v1/tv/categories',
  tvOnAir: '/api/v1/tv/on-air',
  tvGuide: '/api/v1/tv/guide',
  tvChannel: (channel: string) => `/api/v1/tv/channels/${encodeURIComponent(channel)}`,
  favoriteChannels: '/api/v1/profile/favorite-channels',
  favoriteChannel: (channel: string) => `/api/v1/profile/favorite-channels/${encodeURIComponent(channel)}`,
  catchups: '/api/v2/multiplex/catchups',
  catchupFilters: '/api/v2/multiplex/catchups/filters',
  catchupSearch: '/api/v2/multiplex/catchups/search',
  catchup: (id: string) => `/api/v2/multiplex/catchups/${encodeURIComponent(id)}`,
  // ---- end issue 7 tvdata
} as const;

/** The header a client sends its API key in; `apikey` in the query also works (spec platform §7). */
export const API_KEY_HEADER = 'x-api-key';
/** The cookie that carries the session token on the web origin. */
export const SESSION_COOKIE = 'ekran_token';
/** The cookie that carries the web device id. */
export const DEVICE_COOKIE = 'ekran_device';
