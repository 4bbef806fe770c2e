// @vitest-environment jsdom
// What is on air moves on when it ends (item 9): the channel page's day (GET /api/v1/tv/channels/{alias}
// through /resources/tv-schedule) and the cards' now/next (GET /api/v1/tv/on-air through /resources/tv-on-air).
import { TvScheduleSchema, type TvChannel, type TvSchedule } from '@ekran/contracts';
import { act, cleanup, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { channel, programme, schedule } from '../../test/tv.ts';
import { renderInRouter } from '../../test/render.tsx';
import { ChannelCard } from './channel-card.tsx';
import { OnAir, useOnAirChannels } from './on-air.tsx';
import { nextChangeOf } from './tv-format.ts';
import { useRefreshed, useServerClock } from './use-tv-live.ts';

// The API's clock when the page was made: 12:00 UTC, 15:00 in Moscow.
const SERVER = '2026-11-21T12:00:00.000Z';
const evening = programme('p1', 'Вечерний фильм', '2026-11-21T11:30:00Z', '2026-11-21T12:00:30Z', { is_live: true });
const night = programme('p2', 'Ночной фильм', '2026-11-21T12:00:30Z', '2026-11-21T13:30:00Z');
const late = programme('p3', 'Поздний фильм', '2026-11-21T13:30:00Z', '2026-11-21T15:00:00Z');
const kino = channel('ekran-kino', { title: 'Экран Кино', number: 1, now: evening, next: night });

function ChannelDay({ initial }: { initial: TvSchedule }) {
  const day = useRefreshed(initial, '/resources/tv-schedule/ekran-kino?date=2026-11-21', TvScheduleSchema, (s) => nextChangeOf([s.channel]));
  const clock = useServerClock(day.server_time);
  return <OnAir now={day.channel.now} next={day.channel.next} clock={clock} />;
}

function Cards({ channels }: { channels: TvChannel[] }) {
  const fresh = useOnAirChannels(channels, SERVER);
  const clock = useServerClock(SERVER);
  return (
    <ul>
      {fresh.map((c) => (
        <li key={c.alias}>
          <ChannelCard channel={c} clock={clock} />
        </li>
      ))}
    </ul>
  );
}

let fetchMock: ReturnType<typeof vi.fn>;
beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(Date.parse(SERVER));
  fetchMock = vi.fn();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('the channel page’s programme on air', () => {
  const initial = schedule(kino, '2026-11-21', [evening, night], SERVER);

  it('shows the programme on air (times in the viewer’s tz) and the next; at its end asks the day again and moves on', async () => {
    const later = schedule({ ...kino, now: { ...night, is_live: true }, next: late }, '2026-11-21', [evening, night, late], '2026-11-21T12:00:31.000Z');
    fetchMock.mockResolvedValue(Response.json(later));
    renderInRouter(<ChannelDay initial={initial} />);
    await act(async () => vi.advanceTimersByTimeAsync(0));
    expect(screen.getByTestId('tv-onair-now').textContent).toBe('В эфире14:30 – 15:00Вечерний фильм16+');
    expect(screen.getByTestId('tv-onair-next').textContent).toBe('Далее в 15:00Ночной фильм');
    await act(async () => vi.advanceTimersByTimeAsync(30_000));
    expect(fetchMock).not.toHaveBeenCalled();
    // Half a minute and a second later the evening film has ended.
    await act(async () => vi.advanceTimersByTimeAsync(1_100));
    expect(fetchMock).toHaveBeenCalledWith('/resources/tv-schedule/ekran-kino?date=2026-11-21', expect.anything());
    expect(screen.getByTestId('tv-onair-now').textContent).toContain('Ночной фильм');
    expect(screen.getByTestId('tv-onair-next').textContent).toBe('Далее в 16:30Поздний фильм');
  });

  it('keeps what it shows when the answer fails, and asks again a minute later', async () => {
    fetchMock.mockResolvedValueOnce(new Response('null', { status: 502 }));
    fetchMock.mockResolvedValueOnce(Response.json(schedule({ ...kino, now: night, next: null }, '2026-11-21', [night], '2026-11-21T12:01:32.000Z')));
    renderInRouter(<ChannelDay initial={initial} />);
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

describe('a channel card', () => {
  const film = programme('f1', 'Фильм дня', '2026-11-21T11:30:00Z', '2026-11-21T12:30:00Z', { is_live: true });
  const news = programme('n1', 'Новости', '2026-11-21T12:30:00Z', '2026-11-21T12:45:00Z');
  const card = (alias: string) => screen.getAllByTestId('tv-card').find((c) => c.dataset.channel === alias)!;
  const progressOf = (alias: string) => card(alias).querySelector('[role="progressbar"]')?.getAttribute('aria-valuenow') ?? null;

  it('shows its number, title (a link to its page), «Бесплатно», the programme on air with its progress and times, and what is next', async () => {
    renderInRouter(<Cards channels={[channel('priroda', { title: 'Планета и природа', number: 6, is_free: true, now: film, next: news })]} />);
    await act(async () => vi.advanceTimersByTimeAsync(0));
    const c = card('priroda');
    expect(c.querySelector('h3 a')?.getAttribute('href')).toBe('/channel/priroda');
    expect(c.querySelector('h3')?.textContent).toBe('Планета и природа');
    expect(c.textContent).toContain('Канал 6');
    expect(c.textContent).toContain('Бесплатно');
    expect(c.querySelector('[data-testid="tv-card-now"]')?.textContent).toBe('В эфире Фильм дня14:30 – 15:30');
    expect(progressOf('priroda')).toBe('50');
    expect(c.querySelector('[data-testid="tv-card-next"]')?.textContent).toBe('Далее в 15:30 Новости');
    // A paid channel says nothing of price.
    renderInRouter(<Cards channels={[channel('ekran-kino', { title: 'Экран Кино', now: film })]} />);
    await act(async () => vi.advanceTimersByTimeAsync(0));
    expect(card('ekran-kino').textContent).not.toContain('Бесплатно');
  });

  it('moves its progress on with the clock, then the next programme on air, and asks every channel’s now and next again', async () => {
    const short = programme('s1', 'Короткий фильм', '2026-11-21T11:52:00Z', '2026-11-21T12:08:00Z', { is_live: true });
    const bulletin = programme('b1', 'Новости', '2026-11-21T12:08:00Z', '2026-11-21T12:45:00Z');
    const after = programme('a1', 'После новостей', '2026-11-21T12:45:00Z', '2026-11-21T14:00:00Z');
    fetchMock.mockResolvedValue(Response.json({ items: [{ channel: 'priroda', now: { ...bulletin, is_live: true }, next: after }], server_time: '2026-11-21T12:08:01.000Z' }));
    renderInRouter(<Cards channels={[channel('priroda', { now: short, next: bulletin })]} />);
    await act(async () => vi.advanceTimersByTimeAsync(0));
    expect(progressOf('priroda')).toBe('50');
    await act(async () => vi.advanceTimersByTimeAsync(4 * 60_000));
    expect(progressOf('priroda')).toBe('75');
    expect(fetchMock).not.toHaveBeenCalled();
    // 12:08: the film has ended; a second later the cards ask again (the page's clock already shows the news on air).
    await act(async () => vi.advanceTimersByTimeAsync(4 * 60_000 + 1_000));
    expect(fetchMock).toHaveBeenCalledWith('/resources/tv-on-air', expect.anything());
    expect(card('priroda').querySelector('[data-testid="tv-card-now"]')?.textContent).toContain('Новости');
    expect(card('priroda').querySelector('[data-testid="tv-card-next"]')?.textContent).toBe('Далее в 15:45 После новостей');
  });

  it('says the guide is coming when nothing is known', async () => {
    renderInRouter(<Cards channels={[channel('multlandia')]} />);
    await act(async () => vi.advanceTimersByTimeAsync(0));
    expect(card('multlandia').textContent).toContain('Программа передач скоро появится.');
    expect(card('multlandia').querySelector('[role="progressbar"]')).toBeNull();
  });
});
