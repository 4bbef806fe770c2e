// @vitest-environment jsdom
// The player's behaviour around the media: promo slots before the film, skip marks, the next
// episode countdown, the keyboard, and a stream the server refuses. The media engine (hls.js) is replaced by a
// fake; the browser journeys (e2e/player.e2e.ts) play real media.
import type { PlaybackCheck } from '@ekran/contracts';
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderInRouter } from '../../test/render.tsx';
import type { EngineEvents, EngineOptions } from './engine.ts';

const engines: { src: string; opts: EngineOptions; on: EngineEvents; destroy: ReturnType<typeof vi.fn>; setLevel: ReturnType<typeof vi.fn> }[] = [];
vi.mock('./engine.ts', () => ({
  createEngine: vi.fn(async (_video: HTMLVideoElement, opts: EngineOptions, on: EngineEvents) => {
    // Like hls.js detaching the media: no source, no duration, time 0.
    const destroy = vi.fn(() => {
      media.duration = NaN;
      media.time = 0;
    });
    const engine = { src: opts.src, opts, on, destroy, setLevel: vi.fn() };
    engines.push(engine);
    on.status('ready');
    return { kind: 'hls', hls: null, setLevel: engine.setLevel, setAudioTrack: vi.fn(), setSubtitleTrack: vi.fn(), destroy: engine.destroy };
  }),
}));
const { default: Player } = await import('./player.tsx');

const UID = '0b7c2f7e-8f7a-4c7e-9d3a-2b1f0c9d8e7a';
const MAIN = '/api/media/s/1900000000/st-1/SIG/aurora/master.m3u8';
const check = (over: Partial<PlaybackCheck> = {}): PlaybackCheck => ({
  playlists: [{ url: MAIN, type: 'hls', expires_at: '2030-01-01T00:00:00.000Z', duration_seconds: 100, thumbnails_url: null }],
  upgrade_options: [],
  reason: 'ok',
  stream: null,
  markers: null,
  prerolls: [],
  postrolls: [],
  next: null,
  ...over,
});

// jsdom has no media: a video's time, duration and play state are set by the tests.
let media: { time: number; duration: number; paused: boolean; muted: boolean; volume: number };
beforeEach(() => {
  engines.length = 0;
  localStorage.clear();
  media = { time: 0, duration: 100, paused: true, muted: false, volume: 1 };
  const proto = HTMLMediaElement.prototype;
  Object.defineProperty(proto, 'currentTime', { configurable: true, get: () => media.time, set: (v: number) => void (media.time = v) });
  Object.defineProperty(proto, 'duration', { configurable: true, get: () => media.duration });
  Object.defineProperty(proto, 'paused', { configurable: true, get: () => media.paused });
  Object.defineProperty(proto, 'muted', {
    configurable: true,
    get: () => media.muted,
    set(this: HTMLMediaElement, v: boolean) {
      media.muted = v;
      this.dispatchEvent(new Event('volumechange'));
    },
  });
  Object.defineProperty(proto, 'volume', { configurable: true, get: () => media.volume, set: (v: number) => void (media.volume = v) });
  proto.play = vi.fn(async function (this: HTMLMediaElement) {
    media.paused = false;
    this.dispatchEvent(new Event('play'));
  });
  proto.pause = vi.fn(function (this: HTMLMediaElement) {
    media.paused = true;
    this.dispatchEvent(new Event('pause'));
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const video = () => screen.getByTestId<HTMLVideoElement>('player-video');
const at = (seconds: number) =>
  act(() => {
    media.time = seconds;
    video().dispatchEvent(new Event('timeupdate'));
  });

describe('Player', () => {
  it('plays a preroll with «Промо» and «Пропустить через N», then the film from the resume point', async () => {
    const preroll = { uid: 'p1', position: 'preroll' as const, title: 'Промо', url: '/api/media/s/1/st-1/S/teaser/master.m3u8', duration_seconds: 20, skip_after_seconds: 5, link: '/watch/aurora' };
    renderInRouter(<Player src={MAIN} title="Аврора" check={check({ prerolls: [preroll] })} startAt={42} onClose={() => undefined} />);
    await waitFor(() => expect(engines).toHaveLength(1));
    expect(engines[0]).toMatchObject({ src: preroll.url, opts: { startAt: 0, menus: false } });
    expect(await screen.findByText('Промо')).toBeTruthy();
    expect(screen.getByText('Пропустить через 5')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Подробнее' }).getAttribute('href')).toBe('/watch/aurora');
    expect(screen.queryByTestId('player-seek')).toBeNull(); // no seeking in a promo
    // Keys that move in the film do nothing in a promo.
    at(1);
    fireEvent.keyDown(screen.getByTestId('player'), { key: 'ArrowRight', code: 'ArrowRight' });
    expect(media.time).toBe(1);
    at(3.2);
    expect(screen.getByText('Пропустить через 2')).toBeTruthy();
    at(5);
    fireEvent.click(screen.getByTestId('player-skip-slot'));
    await waitFor(() => expect(engines).toHaveLength(2));
    expect(engines[0]!.destroy).toHaveBeenCalled();
    expect(engines[1]).toMatchObject({ src: MAIN, opts: { startAt: 42, menus: true } });
    expect(screen.getByTestId('player').getAttribute('data-phase')).toBe('main');
  });

  it('offers «Пропустить заставку» within the intro and jumps to its end', async () => {
    renderInRouter(<Player src={MAIN} title="Аврора" check={check({ markers: { intro_start: 5, intro_end: 30, credits_start: null } })} onClose={() => undefined} />);
    await waitFor(() => expect(engines).toHaveLength(1));
    at(2);
    expect(screen.queryByTestId('player-skip-intro')).toBeNull();
    at(10);
    fireEvent.click(screen.getByTestId('player-skip-intro'));
    expect(media.time).toBe(30);
    at(30);
    expect(screen.queryByTestId('player-skip-intro')).toBeNull();
  });

  it('counts down «Следующая серия» from the credits and goes on once; cancelling keeps watching the credits', async () => {
    const next = { uid: 'ep-2', title: 'Вода', season: 1, episode: 2 };
    const onNext = vi.fn();
    const view = renderInRouter(<Player src={MAIN} title="Серия 1" check={check({ next, markers: { intro_start: null, intro_end: null, credits_start: 80 } })} onClose={() => undefined} onNext={onNext} />);
    await waitFor(() => expect(engines).toHaveLength(1));
    await act(async () => void (await video().play()));
    at(79);
    expect(screen.queryByTestId('player-next')).toBeNull();
    at(81.5);
    expect(screen.getByTestId('player-next').textContent).toContain('Через 9 с');
    expect(screen.getByTestId('player-next').textContent).toContain('Вода');
    // With a next episode the credits show the card, not «Пропустить титры».
    expect(screen.queryByTestId('player-skip-credits')).toBeNull();
    at(90);
    expect(onNext).toHaveBeenCalledTimes(1);
    expect(onNext).toHaveBeenCalledWith(next);
    act(() => void video().dispatchEvent(new Event('ended')));
    expect(onNext).toHaveBeenCalledTimes(1);
    view.unmount();
    media.duration = 100;

    const onNextAgain = vi.fn();
    const onEnded = vi.fn();
    renderInRouter(<Player src={MAIN} title="Серия 1" check={check({ next, markers: { intro_start: null, intro_end: null, credits_start: 80 } })} onClose={() => undefined} onNext={onNextAgain} onEnded={onEnded} />);
    await waitFor(() => expect(engines).toHaveLength(2));
    await act(async () => void (await video().play()));
    at(82);
    fireEvent.click(screen.getByTestId('player-next-cancel'));
    expect(screen.queryByTestId('player-next')).toBeNull();
    expect(screen.getByTestId('player-skip-credits')).toBeTruthy();
    at(95);
    act(() => void video().dispatchEvent(new Event('ended')));
    expect(onNextAgain).not.toHaveBeenCalled();
    expect(onEnded).toHaveBeenCalledTimes(1);
  });

  it('answers the keyboard: → and ← move 10 s, M mutes, Esc closes; keys in a text field are not its', async () => {
    const onClose = vi.fn();
    renderInRouter(
      <>
        <input aria-label="Поиск" />
        <Player src={MAIN} title="Аврора" check={check()} onClose={onClose} />
      </>,
    );
    await waitFor(() => expect(engines).toHaveLength(1));
    at(50);
    fireEvent.keyDown(screen.getByTestId('player'), { key: 'ArrowRight', code: 'ArrowRight' });
    expect(media.time).toBe(60);
    fireEvent.keyDown(screen.getByTestId('player'), { key: 'ArrowLeft', code: 'ArrowLeft' });
    expect(media.time).toBe(50);
    fireEvent.keyDown(screen.getByTestId('player'), { key: 'ь', code: 'KeyM' });
    expect(media.muted).toBe(true);
    expect(screen.getByTestId('player-announcer').textContent).toBe('Звук выключен');
    expect(JSON.parse(localStorage.getItem('ekran.player.v1')!)).toMatchObject({ muted: true });
    fireEvent.keyDown(screen.getByLabelText('Поиск'), { key: 'ArrowRight', code: 'ArrowRight' });
    expect(media.time).toBe(50);
    const seek = screen.getByTestId('player-seek');
    expect(seek.getAttribute('aria-valuetext')).toBe('0:50 из 1:40');
    fireEvent.keyDown(screen.getByTestId('player'), { key: 'Escape', code: 'Escape' });
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('stops and hands over when the server refuses the stream (410 STREAM_STOPPED)', async () => {
    const fetchMock = vi.fn(async (url: string) =>
      url.endsWith('/heartbeat')
        ? new Response(JSON.stringify({ status: 410, code: 'STREAM_STOPPED', message: 'Stopped on another device' }), { status: 410 })
        : new Response(null, { status: 204 }),
    );
    vi.stubGlobal('fetch', fetchMock);
    const onStreamRefused = vi.fn();
    const stream = { id: 'st-1', heartbeat_url: '/api/v1/streams/st-1/heartbeat', stop_url: '/api/v1/streams/st-1', heartbeat_interval_seconds: 30 };
    renderInRouter(<Player src={MAIN} title="Аврора" uid={UID} check={check({ stream })} onClose={() => undefined} onStreamRefused={onStreamRefused} />);
    await waitFor(() => expect(onStreamRefused).toHaveBeenCalledWith({ status: 410, code: 'STREAM_STOPPED', message: 'Stopped on another device', stream_limit: null }));
    expect(fetchMock.mock.calls[0]![0]).toBe('/resources/stream/st-1/heartbeat');
    expect(HTMLMediaElement.prototype.pause).toHaveBeenCalled();
    await waitFor(() => expect(engines[0]!.destroy).toHaveBeenCalled());
  });

  it('offline: a note while the buffer plays on, the message over the picture once it stalls, gone when back online', async () => {
    renderInRouter(<Player src={MAIN} title="Аврора" check={check()} onClose={() => undefined} />);
    await waitFor(() => expect(engines).toHaveLength(1));
    await act(async () => void (await video().play()));
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    act(() => void window.dispatchEvent(new Event('offline')));
    expect(screen.getByTestId('player-offline').className).toBe('player__toast');
    expect(screen.getByTestId('player-offline').textContent).toContain('Нет подключения к интернету');
    act(() => void video().dispatchEvent(new Event('waiting')));
    expect(screen.getByTestId('player-offline').className).toContain('player__overlay--message');
    onLine.mockReturnValue(true);
    act(() => void window.dispatchEvent(new Event('online')));
    expect(screen.queryByTestId('player-offline')).toBeNull();
    onLine.mockRestore();
  });

  it('reports the last position when the player closes, before the media is torn down; into the credits as finished', async () => {
    const fetchMock = vi.fn(async (_url: string, _init?: RequestInit) => new Response('{}'));
    vi.stubGlobal('fetch', fetchMock);
    Object.defineProperty(navigator, 'sendBeacon', { value: undefined, configurable: true });
    const progress = { url: '/api/v1/profile/progress?apikey=k', uid: 'title-1', episodeId: 'ep-1' };
    const view = renderInRouter(<Player src={MAIN} title="Серия 1" check={check({ markers: { intro_start: null, intro_end: null, credits_start: 90 } })} progress={progress} onClose={() => undefined} />);
    await waitFor(() => expect(engines).toHaveLength(1));
    at(92);
    view.unmount();
    const puts = fetchMock.mock.calls.filter(([url]) => String(url).startsWith('/api/v1/profile/progress'));
    expect(puts).toHaveLength(1);
    expect(JSON.parse(String(puts[0]![1]!.body))).toMatchObject({ uid: 'title-1', episode_id: 'ep-1', position: 100, duration: 100 });
    expect(engines[0]!.destroy).toHaveBeenCalled();
  });

  it('a click on a promo with a link closes the player and opens the link', async () => {
    const preroll = { uid: 'p1', position: 'preroll' as const, title: 'Промо', url: '/api/media/s/1/st-1/S/teaser/master.m3u8', duration_seconds: 20, skip_after_seconds: null, link: '/' };
    const onClose = vi.fn();
    renderInRouter(<Player src={MAIN} title="Аврора" check={check({ prerolls: [preroll] })} onClose={onClose} />);
    await waitFor(() => expect(engines).toHaveLength(1));
    expect(screen.queryByText(/Пропустить/)).toBeNull(); // not skippable
    fireEvent.pointerUp(document.querySelector('.player__surface')!, { pointerType: 'mouse', button: 0 });
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});

