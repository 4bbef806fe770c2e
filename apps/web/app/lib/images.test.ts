import { describe, expect, it } from 'vitest';
import { imageUrl, posterSources } from './images.ts';

const poster = { url: '/api/v1/images/art/vertical/rays-1-2-3', width: 600, height: 900 };

describe('image URLs (spec platform §7)', () => {
  it('carries width, quality (default 75) and type (default webp)', () => {
    expect(imageUrl(poster, 300)).toBe('/api/v1/images/art/vertical/rays-1-2-3?w=300&q=75&type=webp');
    expect(imageUrl(poster, 300.4, 'jpeg', 60)).toBe('/api/v1/images/art/vertical/rays-1-2-3?w=300&q=60&type=jpeg');
  });

  it('asks for double the display size and offers widths for the pixel ratio', () => {
    const s = posterSources(poster, 200, '200px');
    expect(s.src).toBe(imageUrl(poster, 400));
    expect(s.srcSet.split(', ').map((e) => e.split(' ')[1])).toEqual(['160w', '240w', '320w', '480w']);
    expect(s.sizes).toBe('200px');
  });
});
