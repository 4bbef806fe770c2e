// @vitest-environment jsdom
// The player on a live channel — «В эфире» instead of a seek bar, the picture's wall-clock time,
// «К эфиру» back to the edge after a pause, and no seeking by keys. The engine (hls.js) is a fake whose live edge
// and programme date the tests set; e2e/tv.e2e.ts plays the real live stream.
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderInRouter } from '../../test/render.tsx';
import type { EngineOptions } from './engine.ts';

const engine = { opts: null as EngineOptions | null, edge: null as number | null, date: null as Date | null };
vi.mock('./engine.ts', () => ({
  createEngine: vi.fn(async (_video: HTMLVideoElement, opts: EngineOptions, on: { status: (s: string) => void }) => {
    engine.opts = opts;
    on.status('ready');
    return {
      kind: 'hls', hls: null, setLevel: vi.fn(), setAudioTrack: vi.fn(), setSubtitleTrack: vi.fn(), destroy: vi.fn(),
      liveEdge: () => engine.edge,
      playingDate: () => engine.date,
    };
  }),
}));
const { default: Player } = await import('./player.tsx');

const LIVE = '/api/tv/s/1900000000/st-1/SIG/live.ekran-kino/master.m3u8';
let media: { time: number; paused: boolean };
beforeEach(() => {
  engine.opts = null;
  engine.edge = null;
  engine.date = null;
  media = { time: 0, paused: true };
  const proto = HTMLMediaElement.prototype;
  Object.defineProperty(proto, 'currentTime', { configurable: true, get: () => media.time, set: (v: number) => void (media.time = v) });
  Object.defineProperty(proto, 'duration', { configurable: true, get: () => Infinity });
  Object.defineProperty(proto, 'paused', { configurable: true, get: () => media.paused });
  proto.play = vi.fn(async function (this: HTMLMediaElement) {
    media.paused = false;
    this.dispatchEvent(new Event('play'));
  });
  proto.pause = vi.fn(function (this: HTMLMediaElement) {
    media.paused = true;
    this.dispatchEvent(new Event('pause'));
  });
});
afterEach(() => cleanup());

const video = () => screen.getByTestId<HTMLVideoElement>('player-video');
/** The picture moves on: its time, the live edge and the programme date. */
const tick = (time: number, edge: number, date: Date) =>
  act(() => {
    media.time = time;
    engine.edge = edge;
    engine.date = date;
    video().dispatchEvent(new Event('timeupdate'));
  });

describe('Player on a live channel', () => {
  it('starts the engine live, shows «В эфире» and the wall-clock time, and no seek bar, ±10 s or speed', async () => {
    renderInRouter(<Player src={LIVE} title="Экран Кино" live onClose={() => undefined} />);
    await waitFor(() => expect(engine.opts).not.toBeNull());
    expect(engine.opts).toMatchObject({ src: LIVE, live: true, startAt: 0 });
    await tick(30, 31, new Date(2026, 10, 21, 12, 4, 36));
    expect(screen.getByTestId('player').dataset).toMatchObject({ live: 'true', playingDate: new Date(2026, 10, 21, 12, 4, 36).toISOString() });
    const indicator = screen.getByTestId('player-live');
    expect([indicator.textContent, indicator.dataset.behind, (indicator as HTMLButtonElement).disabled]).toEqual(['В эфире', 'false', true]);
    expect(screen.getByTestId('player-time').textContent).toBe('12:04:36');
    expect(screen.queryByTestId('player-seek')).toBeNull();
    expect(screen.queryByLabelText('Назад на 10 секунд')).toBeNull();
    expect(screen.queryByTestId('player-speed')).toBeNull();
  });

  it('falls behind the edge after a pause: «К эфиру» takes it back to the edge and plays', async () => {
    renderInRouter(<Player src={LIVE} title="Экран Кино" live onClose={() => undefined} />);
    await waitFor(() => expect(engine.opts).not.toBeNull());
    await tick(30, 60, new Date(2026, 10, 21, 12, 4, 6));
    const indicator = screen.getByTestId('player-live');
    expect([indicator.textContent, indicator.dataset.behind]).toEqual(['К эфиру', 'true']);
    act(() => video().pause());
    fireEvent.click(indicator);
    expect(media.time).toBe(60);
    expect(media.paused).toBe(false);
  });

  it('does not seek by keys: → and ← leave the picture where it is', async () => {
    renderInRouter(<Player src={LIVE} title="Экран Кино" live onClose={() => undefined} />);
    await waitFor(() => expect(engine.opts).not.toBeNull());
    await tick(30, 31, new Date());
    fireEvent.keyDown(screen.getByTestId('player'), { key: 'ArrowRight', code: 'ArrowRight' });
    fireEvent.keyDown(screen.getByTestId('player'), { key: 'ArrowLeft', code: 'ArrowLeft' });
    expect(media.time).toBe(30);
  });
});
