// Layout breakpoints: spec catalogue §9.

/** Layout device class derived from the viewport width. */
export type Device = 'mobile' | 'tablet' | 'wideTablet' | 'desktop' | 'wideDesktop';

// spec catalogue §9: "mobile up to 767, tablet from 768, wide tablet up to 1024, desktop up to
// 1440, wide desktop from 1441". Where tablet ends and wide tablet begins is not given
// (platform §2, §9: "Tablet-wide width threshold: not shown"); 992 is our choice, the common
// large-tablet breakpoint, so tablet is 768–991 and wide tablet 992–1024.
/** Lowest viewport width of each device class, ascending (catalogue §9; the wide-tablet start is our choice). */
export const DEVICE_MIN_WIDTH: Readonly<Record<Device, number>> = {
  mobile: 0,
  tablet: 768,
  wideTablet: 992,
  desktop: 1025,
  wideDesktop: 1441,
};

/** Device classes from the narrowest to the widest. */
export const DEVICES: readonly Device[] = ['mobile', 'tablet', 'wideTablet', 'desktop', 'wideDesktop'];

/** Device class for a viewport width in CSS px; fractional widths fall into the lower class until the next start. */
export function deviceForWidth(width: number): Device {
  let device: Device = 'mobile';
  for (const candidate of DEVICES) {
    if (width >= DEVICE_MIN_WIDTH[candidate]) device = candidate;
  }
  return device;
}
