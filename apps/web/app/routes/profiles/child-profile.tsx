import { useEffect, useRef } from 'react';
import { useTranslation } from '../../lib/use-translation.ts';
import { Link } from 'react-router';
import { AuthCard } from '../../components/auth/auth-card.tsx';
import { useProfiles } from '../../components/profiles/profiles-context.tsx';
import { tFor } from '../../lib/i18n.ts';
import { visitorContext } from '../../lib/session.server.ts';
import type { Route } from './+types/child-profile';
import { safeRedirect } from '../../lib/safe-redirect.ts';

/** /child_profile: the deeplink of spec platform §2 that runs the child profile switch of §4. */
export function loader({ context }: Route.LoaderArgs) {
  const { auth } = context.get(visitorContext);
  // A virtual visitor has no profiles to switch: sign in first, then come back here.
  if (!auth || auth.virtual) throw safeRedirect(`/auth?back=${encodeURIComponent('/child_profile')}`);
  return null;
}

export function meta() {
  const t = tFor('ru');
  return [{ title: `${t('profiles.childPage.title')} — ${t('brand')}` }, { name: 'robots', content: 'noindex' }];
}

export default function ChildProfile() {
  const { t } = useTranslation();
  const ui = useProfiles();
  const started = useRef(false);
  // Opening the link is the viewer's request to switch: run it once when the page is in the browser.
  useEffect(() => {
    if (!ui || started.current) return;
    started.current = true;
    ui.switchTo(null);
  }, [ui]);
  return (
    <AuthCard title={t('profiles.childPage.title')} lead={t('profiles.childPage.lead')}>
      <p className="auth__lead" role="status">
        {ui?.selectBusy ? t('profiles.childPage.switching') : null}
      </p>
      <button type="button" className="btn btn--primary btn--lg auth__wide" onClick={() => ui?.switchTo(null)} disabled={!ui || ui.selectBusy}>
        {t('profiles.childPage.open')}
      </button>
      <p className="auth__switch">
        <Link to="/">{t('pinRemove.toHome')}</Link>
      </p>
    </AuthCard>
  );
}
