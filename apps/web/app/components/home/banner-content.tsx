import type { Banner } from '@ekran/contracts';
import { bannerExtraActions, type BannerClickOutcome } from '@ekran/core';
import { lazy, Suspense, useState } from 'react';
import { preload } from 'react-dom';
import { useTranslation } from '../../lib/use-translation.ts';
import { Link, useLocation, useNavigate } from 'react-router';
import { trackClick } from '../../lib/analytics.ts';
import { posterSources } from '../../lib/images.ts';
import { callResource } from '../../lib/resource-client.ts';
import { BannerLoading } from './banner-loading.tsx';
import type { PlayRequest } from './use-banner-click.ts';
import './banners.css';

// The player (and hls.js) load only when a banner's play is pressed: the home page carries none of it.
const BannerPlayer = lazy(() => import('./banner-player.tsx'));

/** The wide layout (desktop art at 1326:310) starts here; narrower screens get the mobile art above the text. */
export const BANNER_WIDE_MEDIA = '(min-width: 1024px)';
const BANNER_NARROW_MEDIA = '(max-width: 1023.98px)';

/**
 * A banner's picture (spec platform §3 images): web_desktop on wide screens, or image_narrow for a narrow
 * banner, and web_mobile below. The first banner loads at once with high priority, the others lazily.
 */
export function BannerPicture({ banner, priority, wide = true }: { banner: Banner; priority: boolean; wide?: boolean }) {
  const { web_desktop: desktop, web_mobile: mobile, image_narrow: narrow } = banner.images;
  const wideArt = banner.is_narrow ? posterSources(narrow, 620, '(min-width: 1440px) 620px, 47vw') : posterSources(desktop, 1326, '(min-width: 1440px) 1328px, 100vw');
  const phone = posterSources(mobile, wide ? 768 : 640, wide ? '100vw' : '(min-width: 768px) 50vw, 100vw');
  if (priority) {
    // The first banner is the page's largest paint: its preload goes into the head, ahead of the scripts and styles,
    // where the <img> in the body would be found only after them (a <picture>'s image is not preloaded by React).
    preload(phone.src, { as: 'image', imageSrcSet: phone.srcSet, imageSizes: phone.sizes, fetchPriority: 'high', media: wide ? BANNER_NARROW_MEDIA : undefined });
    if (wide) preload(wideArt.src, { as: 'image', imageSrcSet: wideArt.srcSet, imageSizes: wideArt.sizes, fetchPriority: 'high', media: BANNER_WIDE_MEDIA });
  }
  return (
    <picture className="banner__picture">
      {wide ? <source media={BANNER_WIDE_MEDIA} srcSet={wideArt.srcSet} sizes={wideArt.sizes} /> : null}
      <img
        src={phone.src}
        srcSet={phone.srcSet}
        sizes={phone.sizes}
        width={mobile.width}
        height={mobile.height}
        alt=""
        decoding="async"
        loading={priority ? 'eager' : 'lazy'}
        fetchPriority={priority ? 'high' : undefined}
      />
    </picture>
  );
}

/** The label of a banner's main button for its click outcome. */
function ctaKey(banner: Banner, outcome: BannerClickOutcome): string | null {
  switch (outcome.kind) {
    case 'play-product':
      return 'banners.cta.play';
    case 'play-playlist':
      return 'banners.cta.playlist';
    case 'play-trailer':
      return 'banners.cta.trailer';
    case 'child-profile-prompt':
      return 'banners.cta.childPrompt';
    case 'switch-to-child':
      return 'banners.cta.childSwitch';
    case 'navigate':
      if (banner.type === 'profile' && banner.actions.some((a) => a.child)) return 'banners.cta.childSwitch';
      return banner.type === 'link' ? 'banners.cta.link' : banner.type === 'profile' ? 'banners.cta.profile' : 'banners.cta.open';
    case 'none':
      return null;
  }
}

/**
 * The banner's main button (the whole banner is its click area) and its other actions: add to favorites and
 * the TV recording. A navigation is a real link; play, the child prompt and the switch are buttons.
 */
export function BannerActions({
  banner,
  outcome,
  onPress,
  tabIndex,
}: {
  banner: Banner;
  outcome: BannerClickOutcome;
  onPress: (banner: Banner, outcome: BannerClickOutcome) => void;
  tabIndex?: number;
}) {
  const { t } = useTranslation();
  const key = ctaKey(banner, outcome);
  const extras = bannerExtraActions(banner);
  return (
    <div className="banner__actions">
      {key && outcome.kind === 'navigate' ? (
        <Link
          className="btn btn--primary banner__cta"
          to={outcome.url}
          tabIndex={tabIndex}
          data-testid="banner-cta"
          onClick={() => trackClick({ block_type: 'banner', element_type: outcome.kind, element_id: banner.id, element_text: banner.title })}
        >
          {t(key)}
        </Link>
      ) : key ? (
        <button type="button" className="btn btn--primary banner__cta" tabIndex={tabIndex} data-testid="banner-cta" onClick={() => onPress(banner, outcome)}>
          {outcome.kind.startsWith('play') ? (
            <svg viewBox="0 0 24 24" aria-hidden="true" className="btn__icon">
              <path d="M8 5v14l11-7z" fill="currentColor" />
            </svg>
          ) : null}
          {t(key)}
        </button>
      ) : null}
      {extras.map((extra) =>
        extra.kind === 'add-to-favorites' ? (
          <FavoriteButton key="favorite" alias={extra.alias} tabIndex={tabIndex} />
        ) : (
          <Link key="catchup" className="btn btn--ghost banner__extra" to={extra.url} tabIndex={tabIndex}>
            {t('banners.catchup')}
          </Link>
        ),
      )}
    </div>
  );
}

/**
 * The whole banner is its click area: a click outside its buttons and links presses the main button (the
 * carousel swallows the click that ends a swipe). Keyboard and screen reader users have the button itself.
 */
export function pressFromArea(event: React.MouseEvent<HTMLElement>) {
  if ((event.target as Element).closest('a, button, input')) return;
  event.currentTarget.querySelector<HTMLElement>('[data-testid="banner-cta"]')?.click();
}

/** The URL the favorites resource takes `intent=add&alias=…` at (the personal lists build it). */
export const FAVORITES_RESOURCE = '/resources/favorites';

/**
 * The banner action add_to_favorites: posts to the favorites resource. The answer's status matters (401 sends
 * a virtual visitor to sign in), which a fetcher does not expose, hence a plain POST of the same form fields.
 */
function FavoriteButton({ alias, tabIndex }: { alias: string; tabIndex?: number | undefined }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const [state, setState] = useState<'idle' | 'pending' | 'added' | 'failed'>('idle');
  const handleClick = async () => {
    setState('pending');
    trackClick({ block_type: 'banner', element_type: 'add_to_favorites', element_id: alias });
    try {
      const res = await callResource('FavoriteResultSchema', FAVORITES_RESOURCE, { method: 'POST', body: new URLSearchParams({ intent: 'add', alias }) });
      if (res.status === 401) {
        setState('idle');
        return void navigate(`/auth?back=${encodeURIComponent(`${location.pathname}${location.search}`)}`);
      }
      setState(res.ok ? 'added' : 'failed');
    } catch {
      setState('failed');
    }
  };
  return (
    <>
      <button
        type="button"
        className="btn btn--ghost banner__extra"
        aria-pressed={state === 'added'}
        aria-busy={state === 'pending'}
        disabled={state === 'pending' || state === 'added'}
        tabIndex={tabIndex}
        data-testid="banner-favorite"
        onClick={() => void handleClick()}
      >
        <svg viewBox="0 0 24 24" aria-hidden="true" className="btn__icon">
          {state === 'added' ? (
            <path d="M12 21s-7.5-4.6-9.6-9.2C1 8.6 3 5 6.6 5c2 0 3.4 1.1 4.4 2.5C12 6.1 13.4 5 15.4 5 19 5 21 8.6 19.6 11.8 17.5 16.4 12 21 12 21z" fill="currentColor" />
          ) : (
            <path d="M12 5v14M5 12h14" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
          )}
        </svg>
        {state === 'added' ? t('banners.favoriteAdded') : t('banners.favorite')}
      </button>
      {state === 'failed' ? (
        <p className="banner__error" role="alert">
          {t('banners.favoriteFailed')}
        </p>
      ) : null}
    </>
  );
}

/** The player of a pressed banner, loaded on demand. */
export function BannerPlayback({ playing, onClose }: { playing: PlayRequest | null; onClose: () => void }) {
  if (!playing) return null;
  return (
    <Suspense fallback={<BannerLoading />}>
      <BannerPlayer request={playing} onClose={onClose} />
    </Suspense>
  );
}
