// @vitest-environment jsdom
// The player's progress reports: every 15 s while playing, on pause and at the end, by beacon
// when the page goes away, and once more when the player closes.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { reportsSettled } from './pending-reports.ts';
import { attachProgressReporter as attach } from './progress-reporter.ts';

// Every reporter a test attaches is detached after it, so its page listeners do not hear the next test.
const attached: (() => void)[] = [];
const attachProgressReporter = (...args: Parameters<typeof attach>) => {
  const detach = attach(...args);
  let done = false;
  const once = () => {
    if (!done) detach();
    done = true;
  };
  attached.push(once);
  return once;
};

const URL_ = '/api/v1/profile/progress?apikey=ekran-web-public-key';

function fakeVideo(duration: number) {
  const video = document.createElement('video');
  let time = 0;
  Object.defineProperty(video, 'duration', { get: () => duration });
  Object.defineProperty(video, 'currentTime', { get: () => time, set: (v: number) => void (time = v) });
  return { video, at: (t: number) => void (time = t) };
}

/** jsdom's Blob has no text(): read it as a browser would. */
const readText = (blob: Blob) =>
  new Promise<string>((resolve) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.readAsText(blob);
  });

let fetchMock: ReturnType<typeof vi.fn>;
let beacon: ReturnType<typeof vi.fn>;
beforeEach(() => {
  // The reporter's interval and clock are fake; FileReader (reading a beacon) keeps real timeouts.
  vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
  vi.setSystemTime(new Date('2026-11-21T12:00:00Z'));
  fetchMock = vi.fn(async () => new Response('{}'));
  beacon = vi.fn(() => true);
  vi.stubGlobal('fetch', fetchMock);
  Object.defineProperty(navigator, 'sendBeacon', { value: beacon, configurable: true });
});
afterEach(() => {
  for (const detach of attached.splice(0)) detach();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const sent = () => fetchMock.mock.calls.map(([url, init]) => ({ url, method: (init as RequestInit).method, body: JSON.parse(String((init as RequestInit).body)) }));

describe('attachProgressReporter', () => {
  it('reports every 15 s while playing and on pause, with the episode and the time taken', () => {
    const { video, at } = fakeVideo(2700);
    const detach = attachProgressReporter(video, { url: URL_, uid: 'title-1', episodeId: 'ep-2' });
    at(100);
    video.dispatchEvent(new Event('playing'));
    expect(fetchMock).not.toHaveBeenCalled();
    at(115);
    vi.advanceTimersByTime(15_000);
    at(130);
    vi.advanceTimersByTime(15_000);
    at(131.5);
    video.dispatchEvent(new Event('pause'));
    // Paused: no more timer reports.
    vi.advanceTimersByTime(60_000);
    expect(sent()).toEqual([
      { url: URL_, method: 'PUT', body: { uid: 'title-1', episode_id: 'ep-2', position: 115, duration: 2700, reported_at: '2026-11-21T12:00:15.000Z' } },
      { url: URL_, method: 'PUT', body: { uid: 'title-1', episode_id: 'ep-2', position: 130, duration: 2700, reported_at: '2026-11-21T12:00:30.000Z' } },
      { url: URL_, method: 'PUT', body: { uid: 'title-1', episode_id: 'ep-2', position: 131.5, duration: 2700, reported_at: '2026-11-21T12:00:30.000Z' } },
    ]);
    expect((fetchMock.mock.calls[0]![1] as RequestInit).keepalive).toBe(true);
    detach();
  });

  it('reports the end of a film (no episode)', () => {
    const { video, at } = fakeVideo(6000);
    attachProgressReporter(video, { url: URL_, uid: 'film-1', episodeId: null });
    at(6000);
    video.dispatchEvent(new Event('ended'));
    expect(sent()).toEqual([{ url: URL_, method: 'PUT', body: { uid: 'film-1', position: 6000, duration: 6000, reported_at: '2026-11-21T12:00:00.000Z' } }]);
  });

  it('sends a beacon when the page goes away, and reports once more, awaitably, when the player closes', async () => {
    const { video, at } = fakeVideo(6000);
    const detach = attachProgressReporter(video, { url: URL_, uid: 'film-1', episodeId: null });
    at(754);
    window.dispatchEvent(new Event('pagehide'));
    expect(beacon).toHaveBeenCalledTimes(1);
    const [url, blob] = beacon.mock.calls[0] as [string, Blob];
    expect(url).toBe(URL_);
    expect(blob.type).toBe('application/json');
    expect(JSON.parse(await readText(blob))).toMatchObject({ uid: 'film-1', position: 754, duration: 6000 });
    at(760);
    detach();
    // Closing the player on a page that stays: a request the page waits for before loading its data again.
    expect(beacon).toHaveBeenCalledTimes(1);
    expect(sent()).toEqual([{ url: URL_, method: 'PUT', body: { uid: 'film-1', position: 760, duration: 6000, reported_at: '2026-11-21T12:00:00.000Z' } }]);
    await reportsSettled();
    // Detached: its listeners are gone.
    window.dispatchEvent(new Event('pagehide'));
    video.dispatchEvent(new Event('pause'));
    expect(beacon).toHaveBeenCalledTimes(1);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('says nothing before the metadata is known or before anything was watched', () => {
    const unknown = fakeVideo(NaN);
    attachProgressReporter(unknown.video, { url: URL_, uid: 'film-1', episodeId: null });
    unknown.at(10);
    unknown.video.dispatchEvent(new Event('pause'));
    const fresh = fakeVideo(6000);
    attachProgressReporter(fresh.video, { url: URL_, uid: 'film-1', episodeId: null });
    fresh.video.dispatchEvent(new Event('pause'));
    window.dispatchEvent(new Event('pagehide'));
    expect(fetchMock).not.toHaveBeenCalled();
    expect(beacon).not.toHaveBeenCalled();
  });

  it('reports a watch into the end credits as complete (issue 5: it leaves continue watching)', () => {
    const { video, at } = fakeVideo(2700);
    attachProgressReporter(video, { url: URL_, uid: 'title-1', episodeId: 'ep-2' }, undefined, { finishedFrom: () => 2580 });
    at(2500);
    video.dispatchEvent(new Event('pause'));
    at(2590);
    video.dispatchEvent(new Event('pause'));
    expect(sent().map((r) => r.body.position)).toEqual([2500, 2700]);
  });
});
