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
  // issue 4: /new/{page?} (titles new on the service, page as page{N}) and the next portion of a listing.
  route('new/:page?', 'routes/catalog/new.tsx'),
  route('resources/titles', 'routes/resources/titles.ts'),

  // Watching: /watch/{watchAlias?}/{page?}/{pageId?}; /watch alone shows the error screen.
  route('watch/:watchAlias/:page?/:pageId?', 'routes/watch/watch.tsx'),

  // Opening /collection, /watch or /rules without its parameter shows an error screen (platform §2).
  route('collection', 'routes/errors/missing-param.tsx', { id: 'missing-collection' }),
  route('watch', 'routes/errors/missing-param.tsx', { id: 'missing-watch' }),
  route('rules', 'routes/errors/missing-param.tsx', { id: 'missing-rules' }),

  // Sign-in and sign-up (issue 3: email so far; phone, social and password recovery follow).
  route('auth/:step?', 'routes/auth/signin.tsx'),
  route('signin', 'routes/auth/signin.tsx', { id: 'signin' }),
  route('signup', 'routes/auth/signup.tsx'),
  route('signup/confirm', 'routes/auth/confirm.tsx'),
  route('signup_confirm', 'routes/auth/confirm.tsx', { id: 'signup_confirm' }),
  route('logout', 'routes/auth/logout.tsx'),
  route('password/recovery', 'routes/auth/password-recovery.tsx'),
  route('password/reset', 'routes/auth/password-recovery.tsx', { id: 'password-reset' }),
  route('password/code', 'routes/auth/password-code.tsx'),
  route('password/success', 'routes/auth/password-success.tsx'),
  // accounts (issue 3): /auth steps password and code (above), starting over, confirmation links, the outbox
  route('auth/reset', 'routes/auth/reset.ts'),
  route('email-confirm', 'routes/auth/email-confirm.tsx'),
  route('email_confirm', 'routes/auth/email-confirm.tsx', { id: 'email_confirm' }),
  route('dev/outbox', 'routes/dev/outbox.tsx'),
  // Social sign-in (issue 3: social): the providers send the browser back to /token/{provider} (the spec's
  // /token/yandex); a new identity confirms its sign-up at /auth/{provider}/signup (the spec's /auth/yandex/signup).
  route('token/:provider', 'routes/auth/social-callback.tsx'),
  route('auth/:provider/signup', 'routes/auth/social-signup.tsx'),

  // Profiles (issue 3 profiles): the kids home, the child-profile deeplink, the forgotten-PIN link, and the
  // action of the profile menu's dialogs.
  route('kids', 'routes/kids/kids.tsx'),
  route('child_profile', 'routes/profiles/child-profile.tsx'),
  route('pin_remove', 'routes/profiles/pin-remove.tsx'),
  route('profiles/action', 'routes/profiles/profiles-action.ts'),

  // Resource routes used by the player.
  route('resources/playback/:uid', 'routes/resources/playback.ts'),

  // issue 3 devices and account: /account/{type?} (sections devices, subscriptions, notifications, support),
  // /account/google_delete, the signed unsubscribe page, the double opt-in link, and the popups' resources.
  route('account/google_delete', 'routes/account/delete.tsx'),
  route('account/:type?', 'routes/account/account.tsx'),
  route('auth/unsubscribe/:accountId', 'routes/account/unsubscribe.tsx'),
  route('doi-confirm', 'routes/account/doi-confirm.tsx'),
  route('doi_confirm', 'routes/account/doi-confirm.tsx', { id: 'doi_confirm' }),
  route('resources/device-limit', 'routes/resources/device-limit.ts'),
  route('resources/devices', 'routes/resources/devices.ts'),

  // Everything else, including the legal short aliases (/privacy, /termsofuse, …): the not-found screen.
  route('*', 'routes/errors/not-found.tsx'),
] satisfies RouteConfig;
