import { useTranslation } from '../../lib/use-translation.ts';
import { Link, useLocation } from 'react-router';
import { useProfiles } from '../../components/profiles/profiles-context.tsx';

/** Addresses of a title (its page, sub-pages, the old /movie/ links and recordings): "this title" rather than "this page". */
const TITLE_PATH = /^\/(?:watch|movie|archive\/watch)\//;

/**
 * The not-found answer in a child profile (spec platform §4 kids scope: the server finds no title outside the
 * profile's scope). It says why in a child's words and offers the way on: the kids home, and another profile
 * («Кто смотрит?», where an adult profile asks its PIN). The status stays 404.
 */
export function KidsNotAvailable() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const profiles = useProfiles();
  const isTitle = TITLE_PATH.test(pathname);
  return (
    <section className="kids-unavailable" data-testid="kids-not-available">
      <title>{t('kidsUnavailable.metaTitle')}</title>
      <meta name="robots" content="noindex" />
      <svg className="kids-unavailable__art" viewBox="0 0 160 160" aria-hidden="true" focusable="false">
        <circle cx="80" cy="80" r="72" fill="#2e2679" />
        <path d="M40 64 a40 40 0 0 1 80 0 v8 h-80z" fill="#5fd3ff" />
        <rect x="36" y="68" width="88" height="58" rx="22" fill="#ffc83d" />
        <circle cx="62" cy="94" r="8" fill="#1d1650" />
        <circle cx="98" cy="94" r="8" fill="#1d1650" />
        <path d="M64 108 q16 12 32 0" stroke="#1d1650" strokeWidth="5" strokeLinecap="round" fill="none" />
        <circle cx="124" cy="40" r="10" fill="#ff7ab8" />
        <circle cx="34" cy="34" r="6" fill="#ff7ab8" />
      </svg>
      <h1>{t('kidsUnavailable.title')}</h1>
      <p className="kids-unavailable__text">{t(isTitle ? 'kidsUnavailable.titleText' : 'kidsUnavailable.pageText')}</p>
      <div className="kids-unavailable__actions">
        <Link className="btn btn--primary btn--lg" to="/kids">
          {t('kidsUnavailable.toKids')}
        </Link>
        {profiles ? (
          <button type="button" className="btn btn--ghost btn--lg" onClick={() => profiles.open({ kind: 'who-watch' })}>
            {t('kidsUnavailable.switchProfile')}
          </button>
        ) : null}
      </div>
    </section>
  );
}
