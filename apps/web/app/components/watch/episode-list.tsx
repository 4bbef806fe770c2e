import { formatDuration, watchPath } from '@ekran/core';
import type { Title, TitleState } from '@ekran/contracts';
import { useTranslation } from '../../lib/use-translation.ts';
import { Link } from 'react-router';
import { resumeOf } from '../lists/title-personal.tsx';
import { Poster } from '../ui/poster.tsx';
import './episode-list.css';

type Season = Title['items'][number];
type Episode = Season['episodes'][number];

/** What pressing an episode plays: its id, the player's heading and, for the episode to resume, where. */
export interface EpisodePlay {
  uid: string;
  title: string;
  startAt?: number;
}

/**
 * The season shown on the title page: the one asked for in ?season=N, else the season of the episode to resume,
 * else the first. Null when the title has no seasons.
 */
export function currentSeason(title: Title, asked: string | null, state: TitleState | null | undefined): Season | null {
  const wanted = asked !== null && /^\d{1,3}$/.test(asked) ? Number(asked) : null;
  const byNumber = (n: number | null) => (n === null ? undefined : title.items.find((s) => s.number === n && s.episodes.length > 0));
  return byNumber(wanted) ?? byNumber(resumeOf(state)?.season ?? null) ?? title.items.find((s) => s.episodes.length > 0) ?? null;
}

/**
 * The seasons as tabs that are links (they work without JavaScript and each season has its address): on the
 * title page ?season=N, on a season page its own /season-N. One season shows at a time.
 */
export function SeasonSwitcher({ title, current, hrefOf }: { title: Title; current: number; hrefOf: (season: number) => string }) {
  const { t } = useTranslation();
  const seasons = title.items.filter((s) => s.episodes.length > 0);
  if (seasons.length < 2) return null;
  return (
    <nav className="season-switcher season-nav" aria-label={t('titlePages.seasonNav')} data-testid="season-switcher">
      <ul>
        {seasons.map((s) => (
          <li key={s.number}>
            <Link to={hrefOf(s.number)} aria-current={s.number === current ? 'page' : undefined} preventScrollReset replace>
              {t('watch.season', { number: s.number })}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/**
 * A season's episodes as rows a viewer recognises: a still with the running time and how much of it the profile
 * has watched, the number and name, the description, the «Бесплатно» badge of preview episodes (spec platform
 * §3 is_preview) and the episode to resume marked. The whole row is one link: to the episode on its season page
 * (without JavaScript, or opened in a new tab); a plain click plays it here.
 */
export function EpisodeList({ title, season, state, onPlay, testId = 'episode-list' }: { title: Title; season: Season; state: TitleState | null | undefined; onPlay: (item: EpisodePlay) => void; testId?: string }) {
  const { t } = useTranslation();
  const resume = resumeOf(state);
  return (
    <ol className="episode-list" data-testid={testId}>
      {season.episodes.map((e, index) => {
        const isResume = resume?.episodeId === e.ekran_id;
        const item: EpisodePlay = {
          uid: e.ekran_id,
          title: `${title.title}. ${t('watch.season', { number: season.number })}, ${t('watch.episode', { number: e.number })}`,
          ...(isResume && resume && !resume.next ? { startAt: resume.position } : {}),
        };
        return (
          <li key={e.ekran_id} id={`episode-${e.number}`} className={isResume ? 'episode-row episode-row--resume' : 'episode-row'} data-testid="episode-row">
            <a
              className="episode-row__link"
              href={`${watchPath(title.alias, { kind: 'season', number: season.number })}#episode-${e.number}`}
              aria-label={`${t('titlePages.playEpisode', { number: e.number })}: ${e.title}`}
              onClick={(event) => {
                // A new tab or window (modifier keys, middle button) gets the episode's page; a click plays here.
                if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
                event.preventDefault();
                onPlay(item);
              }}
            >
              <span className="episode-row__still">
                <Poster image={e.still} orientation="horizontal" width={256} sizes="(max-width: 567px) 136px, 256px" priority={index < 2} />
                <span className="episode-row__play" aria-hidden="true">
                  <svg viewBox="0 0 24 24">
                    <path d="M8 5v14l11-7z" fill="currentColor" />
                  </svg>
                </span>
                <span className="episode-row__duration">{formatDuration(e.duration_minutes)}</span>
                <EpisodeWatched state={state} episode={e} />
              </span>
              <span className="episode-row__body">
                <span className="episode-row__head">
                  <span className="episode-row__num">{t('watch.episode', { number: e.number })}</span>
                  {e.is_preview ? <span className="badge badge--free">{t('watch.preview')}</span> : null}
                  {isResume ? <span className="episode-row__resume">{t('titlePages.resumeHere')}</span> : null}
                </span>
                <span className="episode-row__title">{e.title}</span>
                {e.description ? <span className="episode-row__text">{e.description}</span> : null}
              </span>
            </a>
          </li>
        );
      })}
    </ol>
  );
}

/** How much of the episode the profile has watched, as a bar along the still's bottom edge. */
function EpisodeWatched({ state, episode }: { state: TitleState | null | undefined; episode: Episode }) {
  const { t } = useTranslation();
  const p = state?.episodes.find((e) => e.episode_id === episode.ekran_id);
  if (!p || (p.percent === 0 && !p.is_finished)) return null;
  const percent = p.is_finished ? 100 : Math.max(2, Math.min(100, p.percent));
  return (
    <span className="episode-row__progress" role="img" aria-label={t('lists.resume.watched', { percent })} data-testid="episode-progress">
      {/* The bar is the value of a <progress>: styled in episode-list.css, nothing inline. */}
      <progress max={100} value={percent} />
    </span>
  );
}
