// Card grids: spec catalogue §9 (also platform §9).

import { DEVICE_MIN_WIDTH, type Device } from './device.ts';

/** Column count from a minimum viewport width upwards. */
export interface GridBreakpoint {
  readonly minWidth: number;
  readonly columns: number;
}

/** Grid breakpoints in ascending minWidth; never empty, the first is the mobile-first base. */
export type GridBreakpoints = readonly [GridBreakpoint, ...GridBreakpoint[]];

// spec catalogue §9: "320:2, 568:3, 768:4, 1024:5, 1280:6, 1440:6, 1560:7"
/** Catalogue card grid, width:columns (catalogue §9). */
export const CARD_GRID: GridBreakpoints = [
  { minWidth: 320, columns: 2 },
  { minWidth: 568, columns: 3 },
  { minWidth: 768, columns: 4 },
  { minWidth: 1024, columns: 5 },
  { minWidth: 1280, columns: 6 },
  { minWidth: 1440, columns: 6 },
  { minWidth: 1560, columns: 7 },
];

// spec catalogue §9: "originals variant 2,2,3,4,5,5,6" at the same widths
/** Catalogue card grid of the originals variant (catalogue §9). */
export const CARD_GRID_ORIGINALS: GridBreakpoints = [
  { minWidth: 320, columns: 2 },
  { minWidth: 568, columns: 2 },
  { minWidth: 768, columns: 3 },
  { minWidth: 1024, columns: 4 },
  { minWidth: 1280, columns: 5 },
  { minWidth: 1440, columns: 5 },
  { minWidth: 1560, columns: 6 },
];

// spec catalogue §9: "Menu viewport: 320:2, 568:3, 1024:4, 1400:5, 1680:6"
/** Header menu viewport grid (catalogue §9). */
export const MENU_VIEWPORT_GRID: GridBreakpoints = [
  { minWidth: 320, columns: 2 },
  { minWidth: 568, columns: 3 },
  { minWidth: 1024, columns: 4 },
  { minWidth: 1400, columns: 5 },
  { minWidth: 1680, columns: 6 },
];

// spec catalogue §9: "desktop 5 columns, wide tablet 3, tablet 4, mobile 2; padding 56 or 24;
// gap 16; aspect 16:9". Wide desktop is not named: it keeps the desktop 5. Which devices get
// padding 56 is not said: our choice is desktop and wide desktop 56, narrower devices 24.
/** Archive card grid: columns per device, side padding, gap in px and card aspect ratio (catalogue §9). */
export const ARCHIVE_GRID = {
  columns: { mobile: 2, tablet: 4, wideTablet: 3, desktop: 5, wideDesktop: 5 },
  padding: { mobile: 24, tablet: 24, wideTablet: 24, desktop: 56, wideDesktop: 56 },
  gap: 16,
  aspectRatio: { width: 16, height: 9 },
} as const satisfies {
  columns: Record<Device, number>;
  padding: Record<Device, number>;
  gap: number;
  aspectRatio: { width: number; height: number };
};

/** The archive grid's columns as breakpoints at the device starts, for columnsForWidth and gridMediaCss. */
export const ARCHIVE_GRID_BREAKPOINTS: GridBreakpoints = [
  { minWidth: DEVICE_MIN_WIDTH.mobile, columns: ARCHIVE_GRID.columns.mobile },
  { minWidth: DEVICE_MIN_WIDTH.tablet, columns: ARCHIVE_GRID.columns.tablet },
  { minWidth: DEVICE_MIN_WIDTH.wideTablet, columns: ARCHIVE_GRID.columns.wideTablet },
  { minWidth: DEVICE_MIN_WIDTH.desktop, columns: ARCHIVE_GRID.columns.desktop },
  { minWidth: DEVICE_MIN_WIDTH.wideDesktop, columns: ARCHIVE_GRID.columns.wideDesktop },
];

/** Columns at a viewport width: the last breakpoint whose minWidth it reaches, else the first (mobile-first). */
export function columnsForWidth(breakpoints: GridBreakpoints, width: number): number {
  let columns = breakpoints[0].columns;
  for (const breakpoint of breakpoints) {
    if (width >= breakpoint.minWidth) columns = breakpoint.columns;
  }
  return columns;
}

/** Mobile-first CSS setting grid-template-columns for the selector; a breakpoint that keeps the count emits no rule. */
export function gridMediaCss(selector: string, breakpoints: GridBreakpoints): string {
  const rule = (columns: number) => `${selector} { grid-template-columns: repeat(${columns}, minmax(0, 1fr)); }`;
  const [base, ...rest] = breakpoints;
  const lines = [rule(base.columns)];
  let current = base.columns;
  for (const { minWidth, columns } of rest) {
    if (columns === current) continue;
    lines.push(`@media (min-width: ${minWidth}px) { ${rule(columns)} }`);
    current = columns;
  }
  return lines.join('\n');
}
