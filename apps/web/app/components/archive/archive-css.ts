import { ARCHIVE_GRID, ARCHIVE_GRID_BREAKPOINTS, BADGE_SHORT_BELOW, DEVICE_MIN_WIDTH, DEVICES, gridMediaCss } from '@ekran/core';

// spec catalogue §9 "Archive card grid: desktop 5 columns, wide tablet 3, tablet 4, mobile 2; padding 56 or 24; gap
// 16; aspect 16:9" and §4 "Card badge … "Ещё" below width 405, otherwise "Доступно ещё"", as CSS generated from core
// so the numbers have one source (as lib/grid-css.ts does for the catalogue grid).

/** The page's side padding per device, from the narrowest up; a device that keeps the padding emits no rule. */
function paddingCss(): string {
  const lines: string[] = [];
  let current: number | null = null;
  for (const device of DEVICES) {
    const padding = ARCHIVE_GRID.padding[device];
    if (padding === current) continue;
    const rule = `.archive { --archive-pad: ${padding}px; }`;
    lines.push(current === null ? rule : `@media (min-width: ${DEVICE_MIN_WIDTH[device]}px) { ${rule} }`);
    current = padding;
  }
  return lines.join('\n');
}

/** The archive grid, its cards' frame and the expiry badge's two texts (both in the markup; the width picks). */
export const archiveCss = [
  gridMediaCss('.archive-grid', ARCHIVE_GRID_BREAKPOINTS),
  `.archive-grid { gap: 24px ${ARCHIVE_GRID.gap}px; }`,
  `.archive-card__frame, .archive-grid__placeholder-frame { aspect-ratio: ${ARCHIVE_GRID.aspectRatio.width} / ${ARCHIVE_GRID.aspectRatio.height}; }`,
  paddingCss(),
  '.archive-card__expiry-short { display: none; }',
  `@media (width < ${BADGE_SHORT_BELOW}px) { .archive-card__expiry-long { display: none; } .archive-card__expiry-short { display: inline; } }`,
].join('\n');

/**
 * The sizes attribute of an archive card's picture: a column's share of the viewport per device (the padding
 * and gaps make it a little smaller, which the doubled poster request more than covers).
 */
export const archiveImageSizes = ARCHIVE_GRID_BREAKPOINTS.map((breakpoint, i) => {
  const next = ARCHIVE_GRID_BREAKPOINTS[i + 1];
  const share = `${Math.round(100 / breakpoint.columns)}vw`;
  return next ? `(max-width: ${next.minWidth - 1}px) ${share}` : share;
}).join(', ');
