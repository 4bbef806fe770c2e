import interWoff2 from '@fontsource-variable/inter/files/inter-cyrillic-wght-normal.woff2?url';
import {
  EXPERIMENTS, experimentGroup, FOR_KIDS_COOKIE, formatPhone, isCatchupVariantOn, isKidsMode, isMobileWebAppOn, isTvTz, lowercaseLocaleRedirect, trafficRedirect, TV_TZ_COOKIE, tzOfOffsetMinutes,
} from '@ekran/core';
import Bowser from 'bowser';
import { lazy, Suspense, useContext, useEffect, useEffectEvent, useState } from 'react';
import { preload } from 'react-dom';
import { I18nextProvider } from 'react-i18next';
import {
  isRouteErrorResponse,
  Links,
  Meta,
  data,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLocation,
  useMatches,
  useRouteError,
  useRevalidator,
  useRouteLoaderData,
  type ShouldRevalidateFunction,
  UNSAFE_FrameworkContext,
} from 'react-router';
import type { Route } from './+types/root';
import { Footer } from './components/shell/footer.tsx';
import { ProfileDialogs } from './components/profiles/profile-dialogs.tsx';
import { ProfilesProvider } from './components/profiles/profiles-context.tsx';
import { Header } from './components/shell/header.tsx';
import { ProgressBar } from './components/shell/progress-bar.tsx';
import { TabBar } from './components/shell/tab-bar.tsx';
import { ErrorScreen } from './components/ui/error-screen.tsx';
import { asInterfaceLanguage, tFor, useInterfaceI18n } from './lib/i18n.ts';
import { csrfMiddleware } from './lib/csrf.server.ts';
import { buildMenu } from './lib/menu.server.ts';
import { loadProfilesShell } from './lib/profiles.server.ts';
import { readCookie, sessionMiddleware, visitorContext } from './lib/session.server.ts';
import { gridCss } from './lib/grid-css.ts';
import { env } from './lib/env.server.ts';
import { safeRedirect, sitePath } from './lib/safe-redirect.ts';
import { useNonce } from './lib/csp-nonce.ts';

/** zod's global config (globalThis.__zod_globalConfig) with its `new Function` fast path off. */
const ZOD_JITLESS = 'globalThis.__zod_globalConfig=Object.assign(globalThis.__zod_globalConfig||{},{jitless:true})';
// The site's own styles (app, profiles, the kids theme) in one file: styles/site.css.
import siteCss from './styles/site.css?url';
// ---- The shell's notices (the VPN warning, playback errors) and where the viewer came from
import { Notices } from './components/shell/notices.tsx';
import { useNavigationTrail } from './lib/navigation-trail.ts';
import { KidsNotAvailable } from './routes/errors/kids-not-available.tsx';
import { screenTypeOf } from './lib/gift-host.server.ts';
import { operatorShell } from './lib/operator-shell.server.ts';
// ---- The extension banner and the trial hint
import type { BillingNoticeData } from './lib/billing-notices.ts';
import { loadBillingNotices } from './lib/billing-notices.server.ts';
import { ShellPopupHost } from './components/offers/shell-popup-host.tsx';

// The cross-site check first: a refused request runs no action and makes no device login (lib/csrf.server.ts).
export const middleware: Route.MiddlewareFunction[] = [csrfMiddleware, sessionMiddleware];

export const links: Route.LinksFunction = () => [
  { rel: 'preload', href: interWoff2, as: 'font', type: 'font/woff2', crossOrigin: 'anonymous' },
  { rel: 'stylesheet', href: siteCss },
  { rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
  { rel: 'manifest', href: '/manifest.webmanifest' },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  // spec platform §2: an uppercase locale in the URL is redirected to lowercase.
  const lower = lowercaseLocaleRedirect(url.pathname);
  if (lower) throw safeRedirect(`${lower}${url.search}`, 301);
  // Russian is the default language and has no prefix: /ru/movies is /movies. What follows /ru must itself be a
  // path of this site: /ru//evil.com would otherwise become a (cacheable) redirect to //evil.com; it is no page.
  if (url.pathname === '/ru' || url.pathname.startsWith('/ru/')) {
    const target = sitePath(`${url.pathname.slice(3) || '/'}${url.search}`);
    if (!target) throw data(null, { status: 404 });
    throw safeRedirect(target, 301);
  }
  // ---- Spec platform §4 Traffic source (s=tapp with watch) and §2 the mini-app's {product}
  // parameter lead to the title page. Not permanent: the same address without the parameters is another page. The
  // session middleware has already recorded s as the traffic source of a new visitor's device login.
  const toTitle = trafficRedirect(url.pathname, url.searchParams);
  if (toTitle) throw safeRedirect(toTitle, 302);

  // ---- On the certificate host the gift landing is the home page, and no popup shows (platform §2).
  const screenType = screenTypeOf(request.url, env.GIFT_HOST);
  if (screenType === 'certificates' && url.pathname === '/') throw safeRedirect('/pages/gift', 302);

  const { auth, api, token, notice, tz } = context.get(visitorContext);
  const lang = asInterfaceLanguage(auth?.language.interface);
  const isChild = auth?.profile_for_child ?? false;
  const ua = request.headers.get('user-agent') ?? '';
  const platform = ua ? Bowser.getParser(ua).getPlatformType(true) : 'desktop';
  // ---- The archive's label in the New_text_and_button_for_catchup variant (catalogue §1, §2).
  const archiveVariant = isCatchupVariantOn(experimentGroup(auth?.ab, EXPERIMENTS.catchupTextAndButton));
  return {
    // Absolute URLs of canonical links, Open Graph and JSON-LD (lib/seo.ts).
    origin: env.SITE_ORIGIN?.replace(/\/$/, '') ?? url.origin,
    lang,
    isChild,
    // spec platform §2: kids mode from the FOR_KIDS cookie or /kids in the path.
    isKids: isChild || isKidsMode({ forKidsCookie: readCookie(request.headers.get('cookie'), FOR_KIDS_COOKIE), path: url.pathname }),
    // spec platform §2: mobile view is detected from the user agent.
    isMobile: platform === 'mobile' || platform === 'tablet',
    countryCode: auth?.current_country_code ?? 'RU',
    isVirtual: auth?.virtual ?? true,
    // The header names the account by its email, else by its phone (spec platform §5 display format).
    email: auth?.email ?? (auth?.phone ? formatPhone(auth.phone) : null),
    // A one-time notice (the deleted-device popup).
    notice: notice ?? null,
    // The web-app tab bar for the Mobile_web_app group that has it (catalogue §2).
    mobileWebApp: isMobileWebAppOn(experimentGroup(auth?.ab, EXPERIMENTS.mobileWebApp)),
    // ---- The screen type (certificates on the gift host) and whether popups are suppressed there;
    // every popup of the shell reads suppressPopups.
    screenType,
    suppressPopups: screenType === 'certificates',
    // ---- The offer popups word a trial only for those who still have one.
    trialAvailable: auth?.trial_is_available ?? true,
    // ---- The tz hour offset this page's TV times were rendered in (useViewerTz keeps it the browser's).
    tz,
    archiveVariant,
    ...(await Promise.all([
      buildMenu(api, { countryCode: auth?.current_country_code ?? 'RU', isChild, archiveVariant, t: tFor(lang) }),
      // The profile menu, its dialogs and the child-profile switch.
      loadProfilesShell(auth, token, api),
      // The operator customer's popup (mf_info) and low-balance banner (platform §6, §8).
      operatorShell(auth, api),
      // The extension banner and the trial hint (registered adults only; a call only when needed).
      loadBillingNotices(auth, api),
    ]).then(([menu, profiles, operator, billing]) => ({ menu, profiles, operator, billing }))),
  };
}

// The shell's data changes only when the visitor does (a sign-in posts a form, a profile switch revalidates the
// page it lands on), and kids mode with the path (spec platform §2: /kids in the path): the badge and theme go
// when a navigation leaves /kids.
const isKidsPath = (url: URL) => isKidsMode({ forKidsCookie: null, path: url.pathname });
export const shouldRevalidate: ShouldRevalidateFunction = ({ formMethod, defaultShouldRevalidate, currentUrl, nextUrl }) => {
  if (formMethod) return defaultShouldRevalidate;
  // A revalidation (of this address, or one that overtook a navigation) reloads the shell; a new query alone does not.
  if (defaultShouldRevalidate && currentUrl.search === nextUrl.search) return true;
  return isKidsPath(currentUrl) !== isKidsPath(nextUrl);
};

export function meta() {
  const t = tFor('ru');
  return [{ title: t('meta.defaultTitle') }, { name: 'description', content: t('meta.defaultDescription') }];
}

export function Layout({ children }: { children: React.ReactNode }) {
  const data = useRouteLoaderData<typeof loader>('root');
  const nonce = useNonce(); // the CSP nonce of this page's scripts (entry.server.tsx)
  // In the layout, not in App: the error screens replace App, and answers nobody waited for arrive there too.
  useRouteAnswerRejections();
  useStylesFirst();
  const lang = data?.lang ?? 'ru';
  const i18n = useInterfaceI18n(lang);
  // Pages for the apps' webview (handle.bare: the /mobile/* payment results) have no header or footer.
  const { pathname } = useLocation();
  const bare = useMatches().some((m) => {
    const h = (m.handle as { bare?: (path: string) => boolean } | undefined)?.bare;
    return typeof h === 'function' && h(pathname);
  });
  return (
    <html lang={lang} className={data?.isKids ? 'kids' : undefined} data-theme={data?.isKids ? 'kids' : undefined}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover" />
        <meta name="theme-color" content="#0b0d12" />
        {/* Before any module: zod reads this shared config when it makes a schema, and it must not probe for eval,
            which the CSP refuses and reports (decision 034). Only browsers run it; the server keeps the fast path. */}
        <script nonce={nonce} dangerouslySetInnerHTML={{ __html: ZOD_JITLESS }} />
        <Meta />
        <Links />
        <style>{gridCss}</style>
      </head>
      <body className={data?.isMobile ? 'is-mobile' : undefined}>
        <I18nextProvider i18n={i18n}>
          <ProfilesProvider shell={data?.profiles ?? null}>
            <ProgressBar />
            {bare ? null : <Header menu={data?.menu ?? []} isKids={data?.isKids ?? false} account={data && !data.isVirtual ? { email: data.email } : null} />}
            <main id="content" className="main">
              {data?.operator?.balance ? (
                <Suspense fallback={null}>
                  <OperatorLowBalanceBanner balance={data.operator.balance} />
                </Suspense>
              ) : null}
              {children}
            </main>
            {bare ? null : <Footer menu={data?.menu ?? []} />}
            {data?.mobileWebApp && !bare ? <TabBar isChild={data.isChild} countryCode={data.countryCode} archiveVariant={data.archiveVariant} /> : null}
            <ProfileDialogs />
            {data?.notice === 'device-removed' && !data.suppressPopups ? (
              <Suspense fallback={null}>
                <DeletedDeviceDialog />
              </Suspense>
            ) : null}
            <Notices />
            {data?.operator?.popup && !data.suppressPopups ? (
              <Suspense fallback={null}>
                <OperatorStatePopup state={data.operator.popup} />
              </Suspense>
            ) : null}
            <ShellBillingNotices data={data?.billing} />
            {/* The one marketing popup of a page view, after the shell's own popups (decision 027). */}
            {data && !bare ? (
              <ShellPopupHost blocked={data.suppressPopups || data.isKids || data.notice === 'device-removed' || !!data.operator?.popup} trialAvailable={data.trialAvailable} />
            ) : null}
          </ProfilesProvider>
        </I18nextProvider>
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  useServiceWorker();
  useNavigationTrail();
  useViewerTz(useRouteLoaderData<typeof loader>('root')?.tz ?? null);
  return <Outlet />;
}


// What only some viewers get loads with the first page that shows it: an operator customer's popup and low-balance
// banner, the deleted-device popup, a subscriber's billing notices.
const OperatorLowBalanceBanner = lazy(() => import('./components/operator/operator-popups.tsx').then((m) => ({ default: m.OperatorLowBalanceBanner })));
const OperatorStatePopup = lazy(() => import('./components/operator/operator-popups.tsx').then((m) => ({ default: m.OperatorStatePopup })));
const DeletedDeviceDialog = lazy(() => import('./components/devices/deleted-device-dialog.tsx').then((m) => ({ default: m.DeletedDeviceDialog })));
const BillingNotices = lazy(() => import('./components/billing/billing-notices.tsx').then((m) => ({ default: m.BillingNotices })));

/** The billing notices from a page that has one on: they stay to take their notices down when the data goes. */
function ShellBillingNotices({ data }: { data: BillingNoticeData | null | undefined }) {
  const [needed, setNeeded] = useState(false);
  if (!needed && (data?.extension || data?.trial_ends_at)) setNeeded(true);
  if (!needed) return null;
  return (
    <Suspense fallback={null}>
      <BillingNotices data={data} />
    </Suspense>
  );
}

const SHELL_STYLES = [siteCss];

/**
 * The page's stylesheets are asked for before its scripts. React writes the scripts' modulepreload links at the top of
 * the head, before the stylesheets of <Links>, and on HTTP/1.1 (six connections a host) the render-blocking styles
 * then wait behind a page's scripts: a preload of each (React writes those before the modulepreloads) puts them first
 * in the queue, so the server's HTML paints sooner (decision 046).
 */
function useStylesFirst() {
  const manifest = useContext(UNSAFE_FrameworkContext)?.manifest;
  const matches = useMatches();
  for (const href of SHELL_STYLES) preload(href, { as: 'style' });
  for (const match of matches) for (const href of manifest?.routes[match.id]?.css ?? []) preload(href, { as: 'style' });
}

/**
 * React Router rejects the promises of navigations and fetcher submissions with the route's HTTP answer (a 404
 * of a revalidated page, say, or the raw Response of a redirect when a click overtakes the navigation it ended)
 * when a later one overtakes them; the error boundary or the later navigation already shows that answer, so a
 * promise nobody waits for is logged as a warning instead of surfacing as an uncaught error. Anything else that
 * rejects unhandled stays an error.
 */
function useRouteAnswerRejections() {
  useEffect(() => {
    const onRejection = (event: PromiseRejectionEvent) => {
      const answer: unknown = event.reason;
      if (!isRouteErrorResponse(answer) && !(answer instanceof Response)) return;
      event.preventDefault();
      console.warn(`a route answered ${answer.status} to a request nobody waited for`);
    };
    window.addEventListener('unhandledrejection', onRejection);
    return () => window.removeEventListener('unhandledrejection', onRejection);
  }, []);
}

/**
 * spec platform §7 "tz = browser hour offset": the browser's offset goes into a cookie that the server reads, so TV
 * pages render the viewer's times and days. A page rendered before the browser had said (its first visit, or after
 * travelling) is loaded again once, with the right times; for viewers in Moscow, the default, nothing reloads.
 */
function useViewerTz(renderedTz: number | null) {
  const revalidator = useRevalidator();
  const revalidate = useEffectEvent(() => void revalidator.revalidate());
  useEffect(() => {
    const tz = tzOfOffsetMinutes(new Date().getTimezoneOffset());
    if (!isTvTz(tz)) return;
    document.cookie = `${TV_TZ_COOKIE}=${tz}; Path=/; Max-Age=${365 * 86_400}; SameSite=Lax`;
    if (renderedTz !== null && renderedTz !== tz) revalidate();
  }, [renderedTz]);
}

/** spec platform §2: a service worker is registered on load. */
function useServiceWorker() {
  useEffect(() => {
    if (!('serviceWorker' in navigator) || import.meta.env.DEV) return;
    const register = () => void navigator.serviceWorker.register('/sw.js').catch(() => undefined);
    if (document.readyState === 'complete') register();
    else window.addEventListener('load', register, { once: true });
  }, []);
}

export function ErrorBoundary() {
  const error = useRouteError();
  const isChild = useRouteLoaderData<typeof loader>('root')?.isChild ?? false;
  // A child profile is not told "no such page" about a title outside its scope, but why, and the way on.
  if (isRouteErrorResponse(error) && error.status === 404) return isChild ? <KidsNotAvailable /> : <ErrorScreen kind="not-found" />;
  if (isRouteErrorResponse(error) && error.status === 400) return <ErrorScreen kind="missing-param" />;
  return <ErrorScreen kind="error" />;
}
