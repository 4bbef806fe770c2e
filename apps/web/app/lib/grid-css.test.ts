import { describe, expect, it } from 'vitest';
import { gridCss } from './grid-css.ts';

describe('grid CSS from core (catalogue §9)', () => {
  it('has the catalogue grid, the originals variant after it, and the menu viewport', () => {
    expect(gridCss).toContain('@media (min-width: 1560px) { .card-grid { grid-template-columns: repeat(7, minmax(0, 1fr)); } }');
    expect(gridCss).toContain('@media (min-width: 1560px) { .card-grid--originals { grid-template-columns: repeat(6, minmax(0, 1fr)); } }');
    expect(gridCss).toContain('@media (min-width: 1680px) { .menu-grid { grid-template-columns: repeat(6, minmax(0, 1fr)); } }');
    // Same specificity: the variant must come later to win where both apply.
    expect(gridCss.indexOf('.card-grid--originals')).toBeGreaterThan(gridCss.lastIndexOf('.card-grid {'));
  });

  it('shows 1 genre chip, a second from 170 px of card width and a third from 230 px', () => {
    expect(gridCss).toContain('.card__genres > li:nth-child(n + 2) { display: none; }');
    expect(gridCss).toContain('@container card (min-width: 170px) { .card__genres > li:nth-child(2) { display: block; } }');
    expect(gridCss).toContain('@container card (min-width: 230px) { .card__genres > li:nth-child(3) { display: block; } }');
  });
});
