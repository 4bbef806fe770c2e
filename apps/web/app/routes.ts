import { type RouteConfig, index, route } from '@react-router/dev/routes';

/**
 * The route table of spec platform §2, in one place. Areas are added here as their issues land; until
 * then their paths fall through to the not-found screen, exactly like an unknown address.
 */
export default [
  // Home
  index('routes/home/home.tsx'),

  // Category pages: /movies/, /series/, /animation/ with up to four optional params
  // (/{category}/{genre}/{year}/{country} and the /page{N} suffix, catalogue §2).
  route('movies/:p1?/:p2?/:p3?/:p4?', 'routes/catalog/category.tsx', { id: 'movies' }),
  route('series/:p1?/:p2?/:p3?/:p4?', 'routes/catalog/category.tsx', { id: 'series' }),
  route('animation/:p1?/:p2?/:p3?/:p4?', 'routes/catalog/category.tsx', { id: 'animation' }),
  // /new/{page?} (titles new on the service, page as page{N}) and the next portion of a listing.
  route('new/:page?', 'routes/catalog/new.tsx'),
  route('resources/titles', 'routes/resources/titles.ts'),

  // Genre pages (catalogue §2 /genres/{genre?}): the genre index and a genre with its texts.
  route('genres', 'routes/genres/genres.tsx'),
  route('genres/:genre', 'routes/genres/genre.tsx'),

  // Watching: /watch/{watchAlias?}/{page?}/{pageId?}; /watch alone shows the error screen.
  // ---- The title page, its sub-pages (season-{n}, trailers, characters, extras, collections,
  // selections, person, articles) as a module of their own, and /movie/{product} (a 301 to the title page).
  route('watch/:watchAlias', 'routes/watch/watch.tsx'),
  route('watch/:watchAlias/:page/:pageId?', 'routes/watch/watch-subpage.tsx'),
  route('movie/:product', 'routes/watch/movie-redirect.ts'),

  // Opening /collection, /watch or /rules without its parameter shows an error screen (platform §2).
  route('collection', 'routes/errors/missing-param.tsx', { id: 'missing-collection' }),
  route('watch', 'routes/errors/missing-param.tsx', { id: 'missing-watch' }),
  route('rules', 'routes/errors/missing-param.tsx', { id: 'missing-rules' }),

  // Sign-in and sign-up (email so far; phone, social and password recovery follow).
  route('auth/:step?', 'routes/auth/signin.tsx'),
  route('signin', 'routes/auth/signin.tsx', { id: 'signin' }),
  route('signup', 'routes/auth/signup.tsx'),
  route('landingSignup', 'routes/auth/landing-signup.ts'),
  route('signup/confirm', 'routes/auth/confirm.tsx'),
  route('signup_confirm', 'routes/auth/confirm.tsx', { id: 'signup_confirm' }),
  route('logout', 'routes/auth/logout.tsx'),
  route('password/recovery', 'routes/auth/password-recovery.tsx'),
  route('password/reset', 'routes/auth/password-recovery.tsx', { id: 'password-reset' }),
  route('password/code', 'routes/auth/password-code.tsx'),
  route('password/success', 'routes/auth/password-success.tsx'),
  // accounts: /auth steps password and code (above), starting over, confirmation links, the outbox
  route('auth/reset', 'routes/auth/reset.ts'),
  route('email-confirm', 'routes/auth/email-confirm.tsx'),
  route('email_confirm', 'routes/auth/email-confirm.tsx', { id: 'email_confirm' }),
  route('dev/outbox', 'routes/dev/outbox.tsx'),
  // Social sign-in (social): the providers send the browser back to /token/{provider} (the spec's
  // /token/yandex); a new identity confirms its sign-up at /auth/{provider}/signup (the spec's /auth/yandex/signup).
  route('token/:provider', 'routes/auth/social-callback.tsx'),
  route('auth/:provider/signup', 'routes/auth/social-signup.tsx'),

  // Profiles: the kids home, the child-profile deeplink, the forgotten-PIN link, and the
  // action of the profile menu's dialogs.
  route('kids', 'routes/kids/kids.tsx'),
  route('child_profile', 'routes/profiles/child-profile.tsx'),
  route('pin_remove', 'routes/profiles/pin-remove.tsx'),
  route('profiles/action', 'routes/profiles/profiles-action.ts'),

  // Collections, selections, playlists and people (decision 010). /collections/page2 is a page
  // of the list, /collections/{alias}/{page?} a collection's or a hashtag's; /collection/{alias} redirects there.
  route('collections/:p1?/:p2?', 'routes/collections/collections.tsx'),
  route('collection/:alias', 'routes/collections/collection-redirect.ts'),
  route('selections', 'routes/selections/selections.tsx'),
  route('selections/:alias/:page?', 'routes/selections/selection.tsx'),
  route('main/:rules/:page?', 'routes/selections/selection.tsx', { id: 'main-selection' }),
  // The next portion of a collection's or a selection's titles for the infinite grid of those pages.
  route('resources/list-titles', 'routes/resources/list-titles.ts'),
  // The rows of a home page below its first screens, as the viewer scrolls to them.
  route('resources/home-rows', 'routes/resources/home-rows.ts'),
  route('playlists', 'routes/playlists/playlists.tsx'),
  route('playlist/:alias/:page?', 'routes/playlists/playlist.tsx'),
  route('person/:person', 'routes/person/person.tsx'),
  // Search: /search?q= and the suggestions of the search input.
  route('search', 'routes/search/search.tsx'),
  route('resources/search-suggest', 'routes/resources/search-suggest.ts'),

  // Resource routes used by the player.
  route('resources/playback/:uid', 'routes/resources/playback.ts'),

  // /account/{type?} (sections devices, subscriptions, notifications, support),
  // /account/google_delete, the signed unsubscribe page, the double opt-in link, and the popups' resources.
  route('account/google_delete', 'routes/account/delete.tsx'),
  route('account/:type?', 'routes/account/account.tsx'),
  route('auth/unsubscribe/:accountId', 'routes/account/unsubscribe.tsx'),
  route('doi-confirm', 'routes/account/doi-confirm.tsx'),
  route('doi_confirm', 'routes/account/doi-confirm.tsx', { id: 'doi_confirm' }),
  route('resources/device-limit', 'routes/resources/device-limit.ts'),
  route('resources/devices', 'routes/resources/devices.ts'),

  // SEO: robots.txt, the sitemap index and its files.
  route('robots.txt', 'routes/seo/robots.ts'),
  route('sitemap.xml', 'routes/seo/sitemap-index.ts'),
  route('sitemaps/:file', 'routes/seo/sitemap-part.ts'),
  // The promo banners, and what a banner's play action plays.
  route('promos', 'routes/promos/promos.tsx'),
  // Where the player closed from an outside link leads: what to watch next (platform §2 Browsing).
  route('close_film', 'routes/close-film/close-film.tsx'),
  route('gadanie-random', 'routes/gadanie/gadanie.tsx'),
  route('resources/banner-queue', 'routes/resources/banner-queue.ts'),
  // /favorites (favorites, continue watching, history, ratings) and the resources its buttons use;
  // /resources/favorites (POST intent=add|remove, alias) is also the banner action add_to_favorites.
  route('favorites', 'routes/lists/favorites.tsx'),
  route('resources/favorites', 'routes/resources/favorites.ts'),
  route('resources/lists/:list', 'routes/resources/lists.ts'),
  route('resources/ratings', 'routes/resources/ratings.ts'),

  // ---- What playback gating needs (platform §4, §8): the tariff list, the payment link,
  // stopping another stream, and the page of viewers whose subscription is a partner's (platform §2 Subscription).
  route('resources/tariffs', 'routes/resources/tariffs.ts'),
  route('resources/payment-link', 'routes/resources/payment-link.ts'),
  route('resources/streams', 'routes/resources/streams.ts'),
  route('pages/subscription/already', 'routes/pages/subscription-already.tsx'),
  // ---- The player's stream session, heartbeat and stop (a beacon on leaving)
  route('resources/stream/:id/:op', 'routes/resources/stream-session.ts'),

  // ---- Codes and coupons (platform §2): /code, /code/success, /premium_code (the same form for
  // premium campaigns), /coupon/registration/{promo}, and the gift certificate landing /pages/gift.
  route('code', 'routes/promo/code.tsx'),
  route('code/success', 'routes/promo/code-success.tsx'),
  route('premium_code', 'routes/promo/code.tsx', { id: 'premium_code' }),
  route('coupon/registration/:promo', 'routes/promo/coupon.tsx'),
  route('pages/gift', 'routes/promo/gift.tsx'),
  // ---- end promo
  // ---- Every other /pages/{slug} landing of platform §2 (data from the API); the static
  // /pages/gift and /pages/subscription/already rank above this dynamic segment. Old /landings/... stay not-found.
  route('pages/:slug', 'routes/pages/landing.tsx'),
  // The offer popups' show, close and accept, and the subscriptions popup's offer screen.
  route('resources/offer', 'routes/resources/offer.ts'),
  // ---- The operator partner routes (platform §2; decision in operator.server.ts), the
  // popup resource, and /partners with one page per partner (data in lib/partners.ts).
  route('signup/mf', 'routes/operator/operator-phone.tsx', { id: 'signup-mf' }),
  route('signup/mf/code', 'routes/operator/operator-code.tsx', { id: 'signup-mf-code' }),
  route('signin/mf', 'routes/operator/operator-phone.tsx', { id: 'signin-mf' }),
  route('signin/mf/code', 'routes/operator/operator-code.tsx', { id: 'signin-mf-code' }),
  route('signin/megafon', 'routes/operator/operator-phone.tsx', { id: 'signin-megafon' }),
  route('signin/megafon/code', 'routes/operator/operator-code.tsx', { id: 'signin-megafon-code' }),
  route('megafon_connect', 'routes/operator/megafon-connect.tsx'),
  route('resources/operator-popup', 'routes/resources/operator-popup.ts'),
  route('partners', 'routes/partners/partners.tsx'),
  route('partners/promo/samsung', 'routes/partners/partner.tsx', { id: 'partner-samsung' }),
  route('partners/:partner', 'routes/partners/partner.tsx'),
  // ---- Subscriptions and payments (platform §2 Static /tariffs, Payment result, /payment_history)
  route('tariffs', 'routes/billing/tariffs.tsx'),
  route('web/success', 'routes/billing/payment-result.tsx', { id: 'web-success' }),
  route('web/fail', 'routes/billing/payment-result.tsx', { id: 'web-fail' }),
  route('mobile/success', 'routes/billing/payment-result.tsx', { id: 'mobile-success' }),
  route('mobile/fail', 'routes/billing/payment-result.tsx', { id: 'mobile-fail' }),
  route('paymentSuccess', 'routes/billing/payment-result.tsx', { id: 'payment-success' }),
  route('paymentFail', 'routes/billing/payment-result.tsx', { id: 'payment-fail' }),
  route('payment_history', 'routes/billing/payment-history.tsx'),
  route('resources/extend-subscription', 'routes/resources/extend-subscription.ts'),
  route('banks-logos/:file', 'routes/resources/bank-logo.ts'),
  // ---- The TV pages of platform §2 (decision 030): /tv, the TV home; /tvchannels, the channel
  // catalogue (?category=); /channel, the day's guide of every channel (?category=, ?date=; the spec's /channel/
  // {channel?} schedule); /channel/{alias}/{date?}, one channel: live on top today, its day's schedule below (the spec's
  // channel watch). /tvchannels/watch/{alias} (the banner's channel action, platform §4) is a 301 to the channel page.
  route('tv', 'routes/tv/tv-home.tsx'),
  route('tvchannels', 'routes/tv/tv-channels.tsx'),
  route('tvchannels/watch/:alias', 'routes/tv/tvchannels-watch.ts'),
  route('channel', 'routes/tv/guide.tsx'),
  // ---- The channel page (see above), a recording at /archive/watch/{id} (catalogue §2), and what
  // their play logic asks: the TV playback checks; the channel page's day and the cards' now/next kept current; the star.
  route('channel/:id/:date?', 'routes/tv/channel-watch.tsx'),
  route('archive/watch/:id', 'routes/tv/archive-watch.tsx'),
  route('resources/tv-playback/:kind/:id', 'routes/resources/tv-playback.ts'),
  route('resources/tv-schedule/:alias', 'routes/resources/tv-schedule.ts'),
  route('resources/tv-on-air', 'routes/resources/tv-on-air.ts'),
  route('resources/favorite-channels', 'routes/resources/favorite-channels.ts'),
  // ---- The catch-up archive list (catalogue §2: /archive/{movies or series}/{genre}/{year}, several
  // genres or years in ?genres=a,b&year=x,y; /archive/watch/{id} above ranks first, its static segment wins) and the
  // next portion of its infinite grid.
  route('archive/:param1?/:param2?/:param3?', 'routes/archive/archive.tsx'),
  route('resources/catchups', 'routes/resources/catchups.ts'),

  // ---- The journal (decision 052): its feed, the list with /page{N}, a rubric's list /journal/{rubric}/{page?}, and an
  // article /journal/{alias}; the static rss.xml ranks above the dynamic segments.
  route('journal/rss.xml', 'routes/journal/rss.ts'),
  route('journal/:p1?/:p2?', 'routes/journal/journal.tsx'),

  // ---- Legal documents (platform §2 Legal: /legal, /legal/{alias}, an earlier version at ?version=N) and the static
  // pages kept as the editors' text (§2 Static: /about, /corporateinfo, /confirmed and /denied, where confirmation
  // links end). The short aliases (/privacy, /termsofuse, …) are deliberately absent: they stay not-found.
  route('legal', 'routes/legal/legal-index.tsx'),
  route('legal/:alias', 'routes/legal/legal-document.tsx'),
  route('about', 'routes/info/about.tsx'),
  route('corporateinfo', 'routes/info/corporateinfo.tsx'),
  route('confirmed', 'routes/info/outcome.tsx', { id: 'confirmed' }),
  route('denied', 'routes/info/outcome.tsx', { id: 'denied' }),

  // ---- Ways to watch (platform §2): the devices, a page per TV brand (others are a 404), the TV's code page
  // (RFC 8628 verification_uri, decision 053) and the mobile apps' landing (platform §2 Other).
  route('ways-to-watch', 'routes/watch-guide/ways-to-watch.tsx'),
  route('ways-to-watch/:brand', 'routes/watch-guide/tv-brand.tsx'),
  route('activate', 'routes/watch-guide/activate.tsx'),
  route('ios-android-app', 'routes/watch-guide/app-page.tsx'),

  // ---- The help centre and support tickets (spec platform §2 Support /support/{type?}, Static /faq and /contacts,
  // Account support; decision 051): /support (?q= searches), /support/{section}, /support/{section}/{article}; the
  // ticket form; a guest's thread by its private link; the account's thread; their images on the site's origin.
  route('support', 'routes/support/support-home.tsx'),
  route('support/new', 'routes/support/support-new.tsx'),
  route('support/ticket/:guestToken', 'routes/support/support-guest.tsx'),
  route('support/ticket/:guestToken/images/:attachmentId', 'routes/support/support-image.ts', { id: 'support-guest-image' }),
  route('support/:section/:article?', 'routes/support/support-page.tsx'),
  route('faq', 'routes/support/faq.tsx'),
  route('contacts', 'routes/support/contacts.tsx'),
  route('account/support/:ticketId', 'routes/support/account-ticket.tsx'),
  route('account/support/:ticketId/images/:attachmentId', 'routes/support/support-image.ts', { id: 'support-account-image' }),
  // ---- end support

  // Everything else, including the legal short aliases (/privacy, /termsofuse, …): the not-found screen.
  route('*', 'routes/errors/not-found.tsx'),
] satisfies RouteConfig;
