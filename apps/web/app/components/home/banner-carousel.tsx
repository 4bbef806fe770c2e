import type { Banner } from '@ekran/contracts';
import type { BannerClickOutcome } from '@ekran/core';
import Autoplay from 'embla-carousel-autoplay';
import useEmblaCarousel from 'embla-carousel-react';
import { useCallback, useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import { useTranslation } from '../../lib/use-translation.ts';
import { imageUrl } from '../../lib/images.ts';
import { BannerActions, BannerPicture, BannerPlayback, pressFromArea } from './banner-content.tsx';
import { useBannerClick } from './use-banner-click.ts';
import { useBannerView } from './use-banner-view.ts';

/** How long a banner stays before the next one comes. */
export const BANNER_AUTOPLAY_MS = 7000;

const REDUCED_MOTION = '(prefers-reduced-motion: reduce)';
function subscribeReducedMotion(onChange: () => void) {
  const query = window.matchMedia(REDUCED_MOTION);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}
/** Whether the visitor asked for less motion; the server renders as if so (nothing moves before hydration). */
const usePrefersReducedMotion = () =>
  useSyncExternalStore(
    subscribeReducedMotion,
    () => window.matchMedia(REDUCED_MOTION).matches,
    () => true,
  );

/**
 * The banner carousel of the home and kids pages: the WAI-ARIA carousel pattern with previous and
 * next buttons, dots, swipe, and autoplay that pauses on hover and focus, stops for good when the viewer
 * swipes or presses pause, and never starts with prefers-reduced-motion. Slides keep a fixed 1326:310 frame on
 * wide screens (platform §9) so nothing shifts; each press follows platform §4 Banner click.
 */
export function BannerCarousel({ banners, label }: { banners: Banner[]; label?: string }) {
  const { t } = useTranslation();
  const reducedMotion = usePrefersReducedMotion();
  const plugins = useMemo(() => [Autoplay({ delay: BANNER_AUTOPLAY_MS, playOnInit: false, stopOnInteraction: true, stopOnMouseEnter: false, stopOnFocusIn: false })], []);
  const [viewportRef, embla] = useEmblaCarousel({ loop: banners.length > 1, duration: 28 }, plugins);
  const [selected, setSelected] = useState(0);
  const [paused, setPaused] = useState(false);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const { outcomeOf, press, playing, stop } = useBannerClick();
  const many = banners.length > 1;
  const rotating = many && !reducedMotion && !paused && !hovered && !focused && playing === null;

  useEffect(() => {
    if (!embla) return;
    const onSelect = () => setSelected(embla.selectedScrollSnap());
    // A swipe or drag is the viewer taking over: the rotation stops until they press play.
    const onPointerDown = () => setPaused(true);
    onSelect();
    embla.on('select', onSelect).on('reInit', onSelect).on('pointerDown', onPointerDown);
    return () => void embla.off('select', onSelect).off('reInit', onSelect).off('pointerDown', onPointerDown);
  }, [embla]);

  useEffect(() => {
    const autoplay = embla?.plugins().autoplay;
    if (!autoplay) return;
    if (rotating) autoplay.play();
    else autoplay.stop();
  }, [embla, rotating]);

  const scrollTo = useCallback((i: number) => embla?.scrollTo(i), [embla]);
  const handleBlur = (event: React.FocusEvent) => {
    if (!event.currentTarget.contains(event.relatedTarget)) setFocused(false);
  };

  if (banners.length === 0) return null;
  return (
    <section
      className="carousel"
      aria-roledescription="carousel"
      aria-label={label ?? t('banners.carouselLabel')}
      data-testid="banner-carousel"
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={handleBlur}
    >
      <div className="carousel__viewport" ref={viewportRef} aria-live={rotating ? 'off' : 'polite'}>
        <div className="carousel__track">
          {banners.map((banner, i) => (
            <Slide
              key={banner.id}
              banner={banner}
              index={i}
              total={banners.length}
              current={i === selected}
              outcome={outcomeOf(banner)}
              onPress={press}
            />
          ))}
        </div>
      </div>
      {many ? (
        <div className="carousel__controls">
          <button
            type="button"
            className="carousel__button carousel__pause"
            aria-label={paused || reducedMotion ? t('banners.play') : t('banners.pause')}
            aria-pressed={!(paused || reducedMotion)}
            onClick={() => (paused || reducedMotion ? setPaused(false) : setPaused(true))}
            disabled={reducedMotion}
            data-testid="carousel-pause"
          >
            <svg viewBox="0 0 24 24" aria-hidden="true">
              {paused || reducedMotion ? <path d="M8 5v14l11-7z" fill="currentColor" /> : <path d="M7 5h3.5v14H7zM13.5 5H17v14h-3.5z" fill="currentColor" />}
            </svg>
          </button>
          <div className="carousel__dots">
            {banners.map((banner, i) => (
              <button
                key={banner.id}
                type="button"
                className="carousel__dot"
                aria-label={t('banners.goTo', { n: i + 1, total: banners.length })}
                aria-current={i === selected ? 'true' : undefined}
                onClick={() => scrollTo(i)}
              />
            ))}
          </div>
          <button type="button" className="carousel__button" aria-label={t('banners.prev')} onClick={() => embla?.scrollPrev()} data-testid="carousel-prev">
            <svg viewBox="0 0 24 24" aria-hidden="true">
              <path d="M15 5l-7 7 7 7" fill="none" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" strokeLinejoin="round" />
            </svg>
          </button>
          <button type="button" className="carousel__button" aria-label={t('banners.next')} onClick={() => embla?.scrollNext()} data-testid="carousel-next">
            <svg viewBox="0 0 24 24" aria-hidden="true">
              <path d="M9 5l7 7-7 7" fill="none" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" strokeLinejoin="round" />
            </svg>
          </button>
        </div>
      ) : null}
      <BannerPlayback playing={playing} onClose={stop} />
    </section>
  );
}

function Slide({
  banner,
  index,
  total,
  current,
  outcome,
  onPress,
}: {
  banner: Banner;
  index: number;
  total: number;
  current: boolean;
  outcome: BannerClickOutcome;
  onPress: (banner: Banner, outcome: BannerClickOutcome) => void;
}) {
  const { t } = useTranslation();
  const ref = useBannerView<HTMLDivElement>(banner, index);
  return (
    // The whole slide answers a click as its link does; keyboard users have the link itself.
    // eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-noninteractive-element-interactions
    <div
      ref={ref}
      className={`carousel__slide banner${banner.is_narrow ? ' banner--narrow' : ''}`}
      role="group"
      aria-roledescription="slide"
      aria-label={t('banners.slideLabel', { n: index + 1, total, title: banner.title })}
      // Slides out of view are not reachable by Tab; the buttons and dots bring them in.
      inert={!current}
      data-testid="banner-slide"
      data-banner={banner.alias}
      onClick={pressFromArea}
    >
      {banner.is_narrow ? <div className="banner__backdrop" aria-hidden="true" style={{ backgroundImage: `url(${imageUrl(banner.images.image_narrow, 320, 'webp', 60)})` }} /> : null}
      <BannerPicture banner={banner} priority={index === 0} />
      <div className="banner__body">
        <p className="banner__title">{banner.title}</p>
        {banner.description ? <p className="banner__text">{banner.description}</p> : null}
        <BannerActions banner={banner} outcome={outcome} onPress={onPress} />
      </div>
    </div>
  );
}
