import { describe, expect, it } from 'vitest';
import { pageDelta } from './row-track.tsx';

// Cards 200 px wide, 16 px apart, the first at the view's left edge (scrollLeft 0); the view is 1000 px wide.
const cards = (offset: number) => Array.from({ length: 12 }, (_, i) => ({ left: 56 + i * 216 - offset, right: 56 + i * 216 - offset + 200 }));
const view = { left: 56, right: 1056 };

describe('pageDelta (a row pages by its visible width, ending on a card edge)', () => {
  it.each([
    // forward: the card cut at the right edge (the 5th, at 920) becomes the first shown
    ['forward from the start', 0, 1, 864],
    // back: the card cut at the left edge (the 5th, from -44 to 156) becomes the last shown
    ['back from the middle', 964, -1, 156 - 1056],
    // back from a card edge: the hidden card before it ends at the right edge, within a page
    ['back from a card edge', 864, -1, -1000],
  ])('%s', (_, offset, dir, expected) => {
    expect(pageDelta(view, cards(offset), dir as 1 | -1)).toBe(expected);
  });

  it('never pages by more than the visible width, nor by nothing', () => {
    const wide = [{ left: 56, right: 2056 }];
    expect(pageDelta(view, wide, 1)).toBe(1000);
    expect(pageDelta(view, [{ left: -1944, right: 56 }], -1)).toBe(-1000);
    expect(pageDelta(view, [], 1)).toBe(1000);
  });
});
