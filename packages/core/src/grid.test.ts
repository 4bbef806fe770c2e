import { describe, expect, it } from 'vitest';
import {
  ARCHIVE_GRID,
  ARCHIVE_GRID_BREAKPOINTS,
  CARD_GRID,
  CARD_GRID_ORIGINALS,
  columnsForWidth,
  gridMediaCss,
  type GridBreakpoints,
  MENU_VIEWPORT_GRID,
} from './grid.ts';

const pairs = (breakpoints: GridBreakpoints) => breakpoints.map(({ minWidth, columns }) => `${minWidth}:${columns}`).join(', ');

describe('grids (catalogue §9)', () => {
  it.each([
    ['card grid', CARD_GRID, '320:2, 568:3, 768:4, 1024:5, 1280:6, 1440:6, 1560:7'],
    ['originals variant (2,2,3,4,5,5,6)', CARD_GRID_ORIGINALS, '320:2, 568:2, 768:3, 1024:4, 1280:5, 1440:5, 1560:6'],
    ['menu viewport', MENU_VIEWPORT_GRID, '320:2, 568:3, 1024:4, 1400:5, 1680:6'],
    ['archive grid at device starts', ARCHIVE_GRID_BREAKPOINTS, '0:2, 768:4, 992:3, 1025:5, 1441:5'],
  ])('%s is %s', (_name, breakpoints, expected) => {
    expect(pairs(breakpoints)).toBe(expected);
    const widths = breakpoints.map((breakpoint) => breakpoint.minWidth);
    expect(widths).toEqual([...widths].sort((a, b) => a - b));
  });

  it('archive grid: desktop 5, wide tablet 3, tablet 4, mobile 2; padding 56 or 24; gap 16; aspect 16:9', () => {
    expect(ARCHIVE_GRID).toEqual({
      columns: { mobile: 2, tablet: 4, wideTablet: 3, desktop: 5, wideDesktop: 5 },
      padding: { mobile: 24, tablet: 24, wideTablet: 24, desktop: 56, wideDesktop: 56 },
      gap: 16,
      aspectRatio: { width: 16, height: 9 },
    });
  });
});

describe('columnsForWidth', () => {
  it.each([
    [CARD_GRID, 0, 2],
    [CARD_GRID, 319, 2],
    [CARD_GRID, 320, 2],
    [CARD_GRID, 567, 2],
    [CARD_GRID, 568, 3],
    [CARD_GRID, 768, 4],
    [CARD_GRID, 1024, 5],
    [CARD_GRID, 1279, 5],
    [CARD_GRID, 1280, 6],
    [CARD_GRID, 1440, 6],
    [CARD_GRID, 1559, 6],
    [CARD_GRID, 1560, 7],
    [CARD_GRID, 3840, 7],
    [CARD_GRID_ORIGINALS, 568, 2],
    [CARD_GRID_ORIGINALS, 1560, 6],
    [MENU_VIEWPORT_GRID, 1399, 4],
    [MENU_VIEWPORT_GRID, 1400, 5],
    [MENU_VIEWPORT_GRID, 1680, 6],
    [ARCHIVE_GRID_BREAKPOINTS, 375, 2],
    [ARCHIVE_GRID_BREAKPOINTS, 800, 4],
    [ARCHIVE_GRID_BREAKPOINTS, 1000, 3],
    [ARCHIVE_GRID_BREAKPOINTS, 1280, 5],
    [ARCHIVE_GRID_BREAKPOINTS, 1920, 5],
  ])('%#: width %i gives %i columns', (breakpoints, width, columns) => {
    expect(columnsForWidth(breakpoints, width)).toBe(columns);
  });
});

describe('gridMediaCss', () => {
  it('is mobile-first, with a min-width query per change of count', () => {
    expect(gridMediaCss('.cards', CARD_GRID)).toBe(
      [
        '.cards { grid-template-columns: repeat(2, minmax(0, 1fr)); }',
        '@media (min-width: 568px) { .cards { grid-template-columns: repeat(3, minmax(0, 1fr)); } }',
        '@media (min-width: 768px) { .cards { grid-template-columns: repeat(4, minmax(0, 1fr)); } }',
        '@media (min-width: 1024px) { .cards { grid-template-columns: repeat(5, minmax(0, 1fr)); } }',
        '@media (min-width: 1280px) { .cards { grid-template-columns: repeat(6, minmax(0, 1fr)); } }',
        '@media (min-width: 1560px) { .cards { grid-template-columns: repeat(7, minmax(0, 1fr)); } }',
      ].join('\n'),
    );
  });

  it('skips the originals 568:2 and 1440:5 steps, which keep the count', () => {
    const css = gridMediaCss('.originals', CARD_GRID_ORIGINALS);
    expect(css).not.toContain('568px');
    expect(css).not.toContain('1440px');
    expect(css.split('\n')).toHaveLength(5);
  });

  it('a single breakpoint gives only the base rule', () => {
    expect(gridMediaCss('.x', [{ minWidth: 0, columns: 3 }])).toBe('.x { grid-template-columns: repeat(3, minmax(0, 1fr)); }');
  });

  it.each([
    [CARD_GRID, [320, 567, 568, 1023, 1024, 1440, 1560, 2000]],
    [CARD_GRID_ORIGINALS, [320, 568, 767, 768, 1279, 1280, 1560]],
    [MENU_VIEWPORT_GRID, [320, 568, 1024, 1399, 1400, 1680]],
    [ARCHIVE_GRID_BREAKPOINTS, [0, 767, 768, 991, 992, 1024, 1025, 1441]],
  ])('%#: the CSS agrees with columnsForWidth', (breakpoints, widths) => {
    const rules = gridMediaCss('.g', breakpoints)
      .split('\n')
      .map((line) => ({
        minWidth: Number(/min-width: (\d+)px/.exec(line)?.[1] ?? 0),
        columns: Number(/repeat\((\d+),/.exec(line)?.[1]),
      }));
    for (const width of widths) {
      const applied = rules.filter((rule) => width >= rule.minWidth).at(-1) ?? rules[0];
      expect(applied?.columns).toBe(columnsForWidth(breakpoints, width));
    }
  });
});
