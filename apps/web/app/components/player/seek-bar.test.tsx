// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createI18n } from '../../lib/i18n.ts';
import { SeekBar } from './seek-bar.tsx';
import type { ThumbnailCue } from './thumbnails.ts';

afterEach(cleanup);

const cues: ThumbnailCue[] = [
  { start: 0, end: 10, url: 'https://ekran.test/s/aurora/sprite.jpg', x: 0, y: 0, w: 320, h: 180 },
  { start: 10, end: 20, url: 'https://ekran.test/s/aurora/sprite.jpg', x: 320, y: 180, w: 320, h: 180 },
];

function renderBar(props: Partial<Parameters<typeof SeekBar>[0]> = {}) {
  const onSeek = vi.fn();
  const onHoverStart = vi.fn();
  render(
    <I18nextProvider i18n={createI18n('ru')}>
      <SeekBar time={754} duration={6730} buffered={[[700, 900]]} thumbnails={cues} onHoverStart={onHoverStart} onSeek={onSeek} {...props} />
    </I18nextProvider>,
  );
  const bar = screen.getByTestId('player-seek');
  // jsdom lays nothing out: the bar is 1000 px wide at x 0.
  bar.getBoundingClientRect = () => ({ left: 0, top: 0, width: 1000, height: 20, right: 1000, bottom: 20, x: 0, y: 0, toJSON: () => ({}) });
  return { bar, onSeek, onHoverStart };
}

describe('SeekBar', () => {
  it('is a slider that speaks the time as «12:34 из 1:52:10»', () => {
    const { bar } = renderBar();
    expect(bar.getAttribute('role')).toBe('slider');
    expect(bar.getAttribute('aria-label')).toBe('Перемотка');
    expect(bar.getAttribute('aria-valuenow')).toBe('754');
    expect(bar.getAttribute('aria-valuemax')).toBe('6730');
    expect(bar.getAttribute('aria-valuetext')).toBe('12:34 из 1:52:10');
  });

  it('shows the time and the sprite tile under the mouse, and asks for the thumbnails on the first hover', () => {
    const { bar, onHoverStart } = renderBar({ duration: 20 });
    fireEvent.pointerEnter(bar, { pointerType: 'mouse' });
    expect(onHoverStart).toHaveBeenCalled();
    fireEvent.pointerMove(bar, { pointerType: 'mouse', clientX: 750 }); // 15 s: the second tile
    expect(screen.getByText('0:15')).toBeTruthy();
    const tile = bar.querySelector('.seek__thumb img') as HTMLImageElement;
    expect(tile.src).toBe('https://ekran.test/s/aurora/sprite.jpg');
    // A 320×180 tile shown 160 px wide: the sprite at half size, moved by half the tile's offset.
    expect(tile.style.transform).toBe('translate(-160px, -90px) scale(0.5)');
    fireEvent.pointerLeave(bar, { pointerType: 'mouse' });
    expect(screen.queryByText('0:15')).toBeNull();
  });

  it('seeks where it is pressed and released, and by keys: arrows 10 s, PageUp/PageDown a minute, Home/End', () => {
    const { bar, onSeek } = renderBar();
    fireEvent.pointerDown(bar, { pointerType: 'mouse', button: 0, clientX: 250, pointerId: 1 });
    fireEvent.pointerUp(bar, { pointerType: 'mouse', button: 0, clientX: 500, pointerId: 1 });
    expect(onSeek).toHaveBeenLastCalledWith(3365);
    for (const [key, to] of [['ArrowRight', 764], ['ArrowLeft', 744], ['PageUp', 814], ['PageDown', 694], ['Home', 0], ['End', 6730]] as const) {
      fireEvent.keyDown(bar, { key });
      expect(onSeek).toHaveBeenLastCalledWith(to);
    }
  });

  it('does nothing before the duration is known', () => {
    const { bar, onSeek } = renderBar({ duration: NaN, time: 0 });
    expect(bar.getAttribute('aria-disabled')).toBe('true');
    fireEvent.keyDown(bar, { key: 'End' });
    fireEvent.pointerDown(bar, { pointerType: 'mouse', button: 0, clientX: 500, pointerId: 1 });
    expect(onSeek).not.toHaveBeenCalled();
  });
});
