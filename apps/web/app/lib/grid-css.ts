import { CARD_GRID, MENU_VIEWPORT_GRID, gridMediaCss } from '@ekran/core';

/** The card grids of spec platform §9 as CSS, generated from core so the numbers have one source. */
export const gridCss = [gridMediaCss('.card-grid', CARD_GRID), gridMediaCss('.menu-grid', MENU_VIEWPORT_GRID)].join('\n');
