// @vitest-environment jsdom
import { cleanup, fireEvent, render } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import { Poster } from './poster.tsx';

afterEach(cleanup);

const art = { url: '/api/v1/images/art/vertical/rays-1-2-3', width: 600, height: 900 };
const wide = { url: '/api/v1/images/art/horizontal/waves-1-2-3', width: 1280, height: 720 };
const parts = (container: HTMLElement) => ({
  picture: container.querySelector('picture')!,
  source: container.querySelector('picture > source')!,
  img: container.querySelector('picture > img')!,
});

describe('Poster (issue 4 images)', () => {
  it('offers webp first (asking for double the slot) and one doubled jpeg as the fallback', () => {
    const { source, img } = parts(render(<Poster image={art} orientation="vertical" width={200} sizes="(max-width: 567px) 42vw, 200px" />).container);
    expect(source.getAttribute('type')).toBe('image/webp');
    expect(source.getAttribute('srcset')).toMatch(/\?w=240&q=75&type=webp 240w, .*\?w=1280&q=75&type=webp 1280w$/);
    expect(source.getAttribute('sizes')).toBe('(max-width: 567px) 84vw, 400px');
    expect(img.getAttribute('src')).toBe('/api/v1/images/art/vertical/rays-1-2-3?w=400&q=75&type=jpeg');
    expect(img.getAttribute('srcset'), 'the jpeg fallback is one src').toBeNull();
  });

  it.each([
    ['vertical', art, 200, '300'],
    ['horizontal', wide, 240, '135'],
  ] as const)('reserves the %s ratio with width and height and its class', (orientation, image, width, height) => {
    const { picture, img } = parts(render(<Poster image={image} orientation={orientation} width={width} sizes={`${width}px`} />).container);
    expect(img.getAttribute('width')).toBe(String(width));
    expect(img.getAttribute('height')).toBe(height);
    expect(picture.classList.contains(`poster--${orientation}`)).toBe(true);
  });

  it('loads lazily and decodes off the main thread below the fold', () => {
    const html = renderToString(<Poster image={art} orientation="vertical" width={200} sizes="200px" />);
    expect(html).toContain('loading="lazy"');
    expect(html).toContain('decoding="async"');
    expect(html).not.toMatch(/fetchpriority/i);
  });

  it('loads eagerly with high priority above the fold', () => {
    const html = renderToString(<Poster image={art} orientation="vertical" width={200} sizes="200px" priority />);
    expect(html).toContain('loading="eager"');
    expect(html).toMatch(/fetchpriority="high"/i);
    expect(html).not.toContain('decoding="async"');
  });

  it('keeps its placeholder background when the image fails', () => {
    const { picture, img } = parts(render(<Poster image={art} orientation="vertical" width={200} sizes="200px" alt="Тайна маяка" />).container);
    expect(img.getAttribute('alt')).toBe('Тайна маяка');
    expect(picture.classList.contains('poster--failed')).toBe(false);
    fireEvent.error(img);
    expect(picture.classList.contains('poster--failed')).toBe(true);
  });

  it('fills a positioned parent when asked', () => {
    const { picture } = parts(render(<Poster image={wide} orientation="horizontal" width={1440} sizes="100vw" fill className="hero__art" />).container);
    expect(picture.className).toBe('poster poster--horizontal poster--fill hero__art');
  });
});
