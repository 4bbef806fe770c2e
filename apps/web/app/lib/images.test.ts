import { describe, expect, it } from 'vitest';
import { imageUrl, posterRequestWidth, posterSources, scaleSizes, SRCSET_WIDTHS } from './images.ts';

const poster = { url: '/api/v1/images/art/vertical/rays-1-2-3', width: 600, height: 900 };
// The widths the API renders without snapping (apps/api images.routes.ts WIDTH_STEPS from 160 up).
const API_WIDTH_STEPS = [80, 120, 160, 200, 240, 320, 400, 480, 640, 800, 960, 1280, 1600, 1920, 2560];

describe('image URLs (spec platform §7)', () => {
  it('carries width, quality (default 75) and type (default webp)', () => {
    expect(imageUrl(poster, 300)).toBe('/api/v1/images/art/vertical/rays-1-2-3?w=300&q=75&type=webp');
    expect(imageUrl(poster, 300.4, 'jpeg', 60)).toBe('/api/v1/images/art/vertical/rays-1-2-3?w=300&q=60&type=jpeg');
  });

  it('offers only widths the API renders as they are', () => {
    for (const w of SRCSET_WIDTHS) expect(API_WIDTH_STEPS).toContain(w);
  });
});

describe('posterRequestWidth: "poster size requests double the size and scale with pixel ratio"', () => {
  it.each([
    // css px, pixel ratio, requested width
    [200, 1, 400],
    [200, 2, 800],
    [200, 3, 1280], // 1200, rounded up to a rendered width
    [160, 1, 320],
    [160, 1.5, 480],
    [280, 1, 640], // 560 → 640
    [1440, 1, 2560], // 2880, capped at the largest
  ])('%ipx at %sx asks for %i', (css, dpr, want) => {
    expect(posterRequestWidth(css, dpr)).toBe(want);
  });
});

describe('scaleSizes: the slot sizes, doubled', () => {
  it.each([
    ['200px', '400px'],
    ['14vw', '28vw'],
    ['(max-width: 567px) 42vw, (max-width: 1023px) 28vw, 200px', '(max-width: 567px) 84vw, (max-width: 1023px) 56vw, 400px'],
    ['(min-width: 768px) and (max-width: 1023px) 33.3vw, 100vw', '(min-width: 768px) and (max-width: 1023px) 66.6vw, 200vw'],
    ['calc(100vw - 32px)', 'calc(2 * calc(100vw - 32px))'],
    ['(max-width: 567px) calc(100vw - 32px), min(240px, 20vw)', '(max-width: 567px) calc(2 * calc(100vw - 32px)), calc(2 * min(240px, 20vw))'],
  ])('%s → %s', (sizes, want) => {
    expect(scaleSizes(sizes)).toBe(want);
  });

  it('refuses an entry without a length', () => {
    expect(() => scaleSizes('(max-width: 567px)')).toThrow(/without a length/);
  });
});

describe('posterSources', () => {
  it('asks for double at 1x, offers widths up to 3x double, and doubles the sizes', () => {
    const s = posterSources(poster, 200, '(max-width: 567px) 42vw, 200px');
    expect(s.src).toBe(imageUrl(poster, 400));
    expect(s.srcSet.split(', ').map((e) => e.split(' ')[1])).toEqual(['240w', '400w', '640w', '960w', '1280w']);
    expect(s.sizes).toBe('(max-width: 567px) 84vw, 400px');
  });

  it('gives jpeg sources for the fallback', () => {
    const s = posterSources(poster, 200, '200px', 'jpeg');
    expect(s.src).toBe('/api/v1/images/art/vertical/rays-1-2-3?w=400&q=75&type=jpeg');
    expect(s.srcSet).toMatch(/type=jpeg 240w/);
  });
});
