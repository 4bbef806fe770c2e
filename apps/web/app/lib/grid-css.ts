import { CARD_GRID, CARD_GRID_ORIGINALS, GENRE_CHIP_WIDTHS, MENU_VIEWPORT_GRID, gridMediaCss } from '@ekran/core';

// spec catalogue §9: "Genre chips show 3, 2 or 1 names depending on layout": a card is a size container and
// shows as many chips as its width has room for (core GENRE_CHIP_WIDTHS), in whichever grid or row it is.
const [, ...moreChips] = GENRE_CHIP_WIDTHS;
const chipsCss = [
  '.card { container: card / inline-size; }',
  `.card__genres > li:nth-child(n + ${GENRE_CHIP_WIDTHS[0].chips + 1}) { display: none; }`,
  ...moreChips.map(({ minWidth, chips }) => `@container card (min-width: ${minWidth}px) { .card__genres > li:nth-child(${chips}) { display: block; } }`),
].join('\n');

/**
 * The card grids of spec platform §9 and catalogue §9 as CSS, generated from core so the numbers have one
 * source: the catalogue grid, its originals variant (after it, so it wins where both apply), the menu
 * viewport, and the genre chips of the cards.
 */
export const gridCss = [
  gridMediaCss('.card-grid', CARD_GRID),
  gridMediaCss('.card-grid--originals', CARD_GRID_ORIGINALS),
  gridMediaCss('.menu-grid', MENU_VIEWPORT_GRID),
  chipsCss,
].join('\n');
