import type { TvChannel, TvSelection } from '@ekran/contracts';
import { useEffect, useRef } from 'react';
import { useTranslation } from '../../lib/use-translation.ts';
import { Link } from 'react-router';
import { daysFrom, shortDayOfDate, weekdayOfDate } from './tv-format.ts';

/** A TV page's address with its category (?category=) and, where one is chosen, its day (?date=). */
export function tvHref(path: string, params: { category?: string | null; date?: string | null } = {}): string {
  const search = new URLSearchParams();
  if (params.category) search.set('category', params.category);
  if (params.date) search.set('date', params.date);
  const query = search.toString();
  return query ? `${path}?${query}` : path;
}

/** Keeps the chosen item of a horizontal strip in view (centred), without moving the page. */
function useCentred<T extends HTMLElement>(key: string) {
  const ref = useRef<T>(null);
  useEffect(() => {
    const strip = ref.current;
    const current = strip?.querySelector<HTMLElement>('[aria-current="page"]');
    if (!strip || !current) return;
    // Already in view (the browser's initial scroll target, see tv.css, or a short strip): left where it is, so
    // the links never move under a pointer about to click one.
    const left = current.offsetLeft - strip.offsetLeft - strip.scrollLeft;
    if (left >= 0 && left + current.offsetWidth <= strip.clientWidth) return;
    strip.scrollLeft = current.offsetLeft - strip.offsetLeft - (strip.clientWidth - current.offsetWidth) / 2;
  }, [key]);
  return ref;
}

/**
 * The days of the guide (two weeks back … a week ahead, as the API offers them): «Вчера», «Сегодня», «Завтра», else
 * the weekday, with the date; the chosen one marked and kept in view.
 */
export function DayStrip({ dates, current, today, hrefOf }: { dates: readonly string[]; current: string; today: string; hrefOf: (day: string) => string }) {
  const { t } = useTranslation();
  const ref = useCentred<HTMLUListElement>(current);
  const name = (day: string) => {
    const offset = daysFrom(today, day);
    if (offset === 0) return t('tv.today');
    if (offset === -1) return t('tv.yesterday');
    if (offset === 1) return t('tv.tomorrow');
    return weekdayOfDate(day);
  };
  return (
    <nav className="tv-daystrip" aria-label={t('tv.days')} data-testid="tv-days">
      <ul ref={ref}>
        {dates.map((day) => (
          <li key={day}>
            <Link to={hrefOf(day)} aria-current={day === current ? 'page' : undefined} data-day={day} className={daysFrom(today, day) < 0 ? 'tv-daystrip__past' : undefined}>
              <span className="tv-daystrip__name">{name(day)}</span>
              <span className="tv-daystrip__date">{shortDayOfDate(day)}</span>
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** «Все» and the TV categories (tv_selection) as links with ?category=, the chosen one marked and kept in view. */
export function CategoryChips({ selections, current, hrefOf }: { selections: readonly TvSelection[]; current: string | null; hrefOf: (category: string | null) => string }) {
  const { t } = useTranslation();
  const ref = useCentred<HTMLElement>(current ?? '');
  return (
    <nav ref={ref} className="chips tv-chips" aria-label={t('tv.categories')} data-testid="tv-categories">
      <Link className="chip" to={hrefOf(null)} aria-current={current === null ? 'page' : undefined} preventScrollReset>
        {t('tv.all')}
      </Link>
      {selections.map((s) => (
        <Link key={s.alias} className="chip" to={hrefOf(s.alias)} aria-current={current === s.alias ? 'page' : undefined} data-category={s.alias} preventScrollReset>
          {s.title}
        </Link>
      ))}
    </nav>
  );
}

/** The channel page's strip of channels (the category's, when one travels with the page), the current one marked. */
export function ChannelStrip({ channels, current, hrefOf }: { channels: readonly Pick<TvChannel, 'alias' | 'title' | 'logo' | 'number'>[]; current: string; hrefOf: (alias: string) => string }) {
  const { t } = useTranslation();
  const ref = useCentred<HTMLUListElement>(current);
  return (
    <nav className="tv-channelstrip" aria-label={t('tv.channels')} data-testid="tv-channel-strip">
      <ul ref={ref}>
        {channels.map((c) => (
          <li key={c.alias}>
            <Link to={hrefOf(c.alias)} aria-current={c.alias === current ? 'page' : undefined} data-channel={c.alias}>
              <img src={c.logo} alt="" width={44} height={44} loading="lazy" />
              <span>{c.title}</span>
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
