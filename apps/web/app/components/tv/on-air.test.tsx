// @vitest-environment jsdom
// issue 7 tvstream: the programme on air under the player moves on when it ends (item 2).
import { act, cleanup, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderInRouter } from '../../test/render.tsx';
import { OnAir, useOnAir } from './on-air.tsx';

const channel = { id: 'c1', alias: 'ekran-kino', title: 'Экран Кино', logo: '/l.svg', is_free: false, for_kids: false, rating_age: '16+' };
const programme = (id: string, title: string, starts: string, ends: string) => ({
  id, title, sub_title: null, starts_at: starts, ends_at: ends, start_ts: Date.parse(starts) / 1000, end_ts: Date.parse(ends) / 1000, rating_age: '16+', poster: null, title_alias: null, expired_at: null,
});
const evening = programme('p1', 'Вечерний фильм', '2026-11-21T11:30:00.000Z', '2026-11-21T12:00:30.000Z');
const night = programme('p2', 'Ночной фильм', '2026-11-21T12:00:30.000Z', '2026-11-21T13:30:00.000Z');
const late = programme('p3', 'Поздний фильм', '2026-11-21T13:30:00.000Z', '2026-11-21T15:00:00.000Z');

function Page() {
  const onAir = useOnAir('ekran-kino', { channel, now: evening, next: night, server_time: '2026-11-21T12:00:00.000Z' });
  return <OnAir now={onAir.now} next={onAir.next} />;
}

let fetchMock: ReturnType<typeof vi.fn>;
beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(Date.parse('2026-11-21T12:00:00Z'));
  fetchMock = vi.fn();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('the programme on air', () => {
  it('shows the programme on air with its times (Moscow) and the next one; at its end asks again and moves on', async () => {
    fetchMock.mockResolvedValue(new Response(JSON.stringify({ channel, now: night, next: late, server_time: '2026-11-21T12:00:31.000Z' }), { status: 200 }));
    renderInRouter(<Page />);
    await act(async () => vi.advanceTimersByTimeAsync(0));
    expect(screen.getByTestId('tv-onair-now').textContent).toBe('В эфире14:30 – 15:00Вечерний фильм16+');
    expect(screen.getByTestId('tv-onair-next').textContent).toBe('Далее в 15:00Ночной фильм');
    await act(async () => vi.advanceTimersByTimeAsync(30_000));
    expect(fetchMock).not.toHaveBeenCalled();
    // Half a minute and a second later the evening film has ended.
    await act(async () => vi.advanceTimersByTimeAsync(1_100));
    expect(fetchMock).toHaveBeenCalledWith('/resources/tv-now/ekran-kino', expect.anything());
    expect(screen.getByTestId('tv-onair-now').textContent).toContain('Ночной фильм');
    expect(screen.getByTestId('tv-onair-next').textContent).toBe('Далее в 16:30Поздний фильм');
  });

  it('keeps what it shows when the answer fails, and asks again a minute later', async () => {
    fetchMock.mockResolvedValueOnce(new Response('null', { status: 502 }));
    fetchMock.mockResolvedValueOnce(new Response(JSON.stringify({ channel, now: night, next: null, server_time: '2026-11-21T12:01:32.000Z' }), { status: 200 }));
    renderInRouter(<Page />);
    await act(async () => vi.advanceTimersByTimeAsync(0));
    await act(async () => vi.advanceTimersByTimeAsync(31_100));
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(screen.getByTestId('tv-onair-now').textContent).toContain('Вечерний фильм');
    await act(async () => vi.advanceTimersByTimeAsync(60_000));
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(screen.getByTestId('tv-onair-now').textContent).toContain('Ночной фильм');
    expect(screen.queryByTestId('tv-onair-next')).toBeNull();
  });
});
