// @vitest-environment jsdom
// A channel's day — the programme on air marked, recordings on offer linked, titles of ours linked.
import { act, cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { programme } from '../../test/tv.ts';
import { renderInRouter } from '../../test/render.tsx';
import { ProgrammeList } from './programme-list.tsx';

afterEach(cleanup);

const CLOCK = Date.parse('2026-11-21T12:00:00Z');
const yesterdays = programme('r1', 'Вчерашний фильм', '2026-11-20T18:00:00Z', '2026-11-20T20:00:00Z', {
  is_recorded: true, is_catchup_available: true, expired_at: '2026-12-04T20:00:00.000Z', title_link: { alias: 'lyod', _cls: 'Product.Movie' }, category: 'Фильм',
});
const news = programme('n1', 'Новости', '2026-11-21T09:00:00Z', '2026-11-21T09:30:00Z', { category: 'Новости' });
const onAir = programme('l1', 'Фильм дня', '2026-11-21T11:00:00Z', '2026-11-21T13:00:00Z', { is_live: true, is_recorded: true, expired_at: '2026-12-05T13:00:00.000Z' });
const evening = programme('e1', 'Вечер', '2026-11-21T13:00:00Z', '2026-11-21T15:00:00Z');

describe('a day of a channel’s guide', () => {
  it('marks the programme on air with its progress, links offered recordings and our titles, times in the viewer’s tz', async () => {
    renderInRouter(<ProgrammeList programmes={[yesterdays, news, onAir, evening]} clock={CLOCK} scrollKey="2026-11-21" showExpiry label="Передачи" />);
    await act(async () => undefined);
    const rows = await screen.findAllByTestId('tv-programme');
    expect(rows.map((r) => r.querySelector('time')?.textContent)).toEqual(['21:00', '12:00', '14:00', '16:00']);
    const live = rows.filter((r) => r.getAttribute('aria-current') === 'time');
    expect(live.map((r) => r.dataset.programme)).toEqual(['l1']);
    expect(live[0]!.textContent).toContain('В эфире');
    expect(live[0]!.querySelector('[role="progressbar"]')?.getAttribute('aria-valuenow')).toBe('50');
    // Only the ended, offered recording is a link to its page, with the time it is still offered.
    const links = screen.getAllByTestId('tv-recording-link');
    expect(links.map((a) => a.getAttribute('href'))).toEqual(['/archive/watch/r1']);
    expect(links[0]!.getAttribute('aria-label')).toBe('Смотреть запись «Вчерашний фильм»');
    expect(rows[0]!.querySelector('[data-testid="tv-expiry"]')?.textContent).toBe('Доступно ещёЕщё 13 дней');
    expect(rows[0]!.querySelector('.tv-programme__title a')?.getAttribute('href')).toBe('/watch/lyod');
    expect(rows[0]!.className).toContain('tv-programme--ended');
    expect(rows[3]!.className).toBe('tv-programme');
  });

  it('says when a day has no programmes', async () => {
    renderInRouter(<ProgrammeList programmes={[]} clock={CLOCK} scrollKey="x" label="Передачи" />);
    expect((await screen.findByTestId('tv-programmes-empty')).textContent).toBe('Программы на этот день пока нет.');
  });
});
