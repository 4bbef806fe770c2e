import { formatDuration } from '@ekran/core';
import type { TFunction } from 'i18next';
import { Link } from 'react-router';
import { imageUrl } from '../../lib/images.ts';
import type { PersonalCardView, ResumeView } from '../../lib/lists-view.ts';
import './lists.css';

/** The line under a title to continue: the episode, and how much is left of it. */
export function resumeLine(resume: ResumeView, t: TFunction): string {
  const parts: string[] = [];
  if (resume.season !== null && resume.episode !== null) parts.push(t('lists.resume.episode', { season: resume.season, episode: resume.episode }));
  if (!resume.next && resume.duration > 0 && !resume.finished) {
    parts.push(t('lists.resume.left', { time: formatDuration(Math.max(1, Math.ceil((resume.duration - resume.position) / 60))) }));
  }
  return parts.join(' · ');
}

/** The address that opens a title and resumes it where the profile stopped (the title page reads ?resume). */
export const resumeHref = (alias: string) => `/watch/${alias}?resume=1`;

/**
 * A wide card of continue watching: the art with a progress bar, the title, the episode and the
 * time left; a click opens the title page, which resumes playback from the saved position.
 */
export function ProgressCard({ item, t, priority = false }: { item: PersonalCardView & { resume: ResumeView }; t: TFunction; priority?: boolean }) {
  const line = resumeLine(item.resume, t);
  return (
    <Link to={resumeHref(item.alias)} className="pcard" data-testid="progress-card" prefetch="intent">
      <span className="pcard__art">
        <img
          src={imageUrl(item.art, 640)}
          srcSet={`${imageUrl(item.art, 320)} 320w, ${imageUrl(item.art, 640)} 640w`}
          sizes="(max-width: 567px) 72vw, 320px"
          alt=""
          width={320}
          height={180}
          loading={priority ? 'eager' : 'lazy'}
          decoding="async"
        />
        <span className="pcard__play" aria-hidden="true">
          <svg viewBox="0 0 24 24">
            <path d="M8 5v14l11-7z" fill="currentColor" />
          </svg>
        </span>
        <span className="pcard__bar" aria-hidden="true">
          <span style={{ width: `${item.resume.percent}%` }} />
        </span>
      </span>
      <span className="pcard__title">{item.title}</span>
      {line ? <span className="pcard__meta">{line}</span> : null}
      <span className="sr-only">{t('lists.resume.watched', { percent: item.resume.percent })}</span>
    </Link>
  );
}
