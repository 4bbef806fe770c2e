import type { Title, TitleState } from '@ekran/contracts';
import { formatPlayerTime } from '@ekran/core';
import { useEffect, useRef } from 'react';
import { useTranslation } from '../../lib/use-translation.ts';
import { useSearchParams } from 'react-router';
import type { ResumeView } from '../../lib/lists-view.ts';
import { toResumeView } from '../../lib/lists-view.ts';
import './lists.css';

/** What the player reports progress for: the title and, for a series, the episode. */
export interface ProgressTarget {
  uid: string;
  episodeId: string | null;
}

/**
 * The progress target of a playable item of a title page: the film itself, an episode (the main button of a
 * series plays its first episode), or nothing for trailers and extras.
 */
export function progressTargetFor(title: Pick<Title, 'uid' | '_cls' | 'items'>, playedUid: string): ProgressTarget | null {
  const episodes = title.items.flatMap((s) => s.episodes.map((e) => e.ekran_id));
  if (playedUid === title.uid) {
    if (title._cls !== 'Product.Series') return { uid: title.uid, episodeId: null };
    return episodes[0] ? { uid: title.uid, episodeId: episodes[0] } : null;
  }
  return episodes.includes(playedUid) ? { uid: title.uid, episodeId: playedUid } : null;
}

/** The title's resume point as a view, or null when there is nothing to continue. */
export const resumeOf = (state: TitleState | null | undefined): ResumeView | null => (state?.resume ? toResumeView(state.resume) : null);

/** «Продолжить с 12:34» (or the next episode of a series), with how far the viewer got. */
export function ResumeButton({ resume, onResume }: { resume: ResumeView; onResume: () => void }) {
  const { t } = useTranslation();
  const episode = resume.season !== null && resume.episode !== null ? t('lists.resume.episode', { season: resume.season, episode: resume.episode }) : null;
  return (
    <div className="resume">
      <button type="button" className="btn btn--primary btn--lg" data-testid="resume-button" onClick={onResume}>
        <svg viewBox="0 0 24 24" aria-hidden="true" className="btn__icon">
          <path d="M8 5v14l11-7z" fill="currentColor" />
        </svg>
        {resume.next ? t('lists.resume.next') : t('lists.resume.from', { time: formatPlayerTime(resume.position) })}
      </button>
      {!resume.next ? (
        <span className="resume__bar" aria-hidden="true">
          <span style={{ width: `${resume.percent}%` }} />
        </span>
      ) : null}
      {episode ? <span className="resume__meta">{episode}</span> : null}
    </div>
  );
}

/** A thin bar under an episode the profile has watched. */
export function EpisodeProgress({ state, episodeId }: { state: TitleState | null | undefined; episodeId: string }) {
  const { t } = useTranslation();
  const p = state?.episodes.find((e) => e.episode_id === episodeId);
  if (!p || p.percent === 0) return null;
  const percent = p.is_finished ? 100 : p.percent;
  return (
    <span className="episode__progress" role="img" aria-label={t('lists.resume.watched', { percent })}>
      <span style={{ width: `${percent}%` }} />
    </span>
  );
}

/**
 * ?resume=1 (a continue-watching card) resumes at once when the page can: the viewer's click led here, so
 * the player may start. The parameter leaves the address bar afterwards, so a reload does not start it again
 * (without a navigation: that would reload the page's data and restart the player).
 */
export function useResumeFromUrl(resume: ResumeView | null, canPlay: boolean, onResume: () => void) {
  const [params] = useSearchParams();
  const done = useRef(false);
  const wanted = params.get('resume') === '1';
  useEffect(() => {
    if (!wanted || done.current) return;
    done.current = true;
    if (resume && canPlay) onResume();
    const url = new URL(window.location.href);
    url.searchParams.delete('resume');
    window.history.replaceState(window.history.state, '', `${url.pathname}${url.search}${url.hash}`);
  }, [wanted, resume, canPlay, onResume]);
}
