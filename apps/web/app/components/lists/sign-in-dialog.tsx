import { useTranslation } from '../../lib/use-translation.ts';
import { Link, useLocation } from 'react-router';
import { Modal } from '../ui/modal.tsx';

/** Why the visitor is asked to sign in: favorites (the spec's "no-auth favorites" popup), favorite channels or a rating. */
export type SignInReason = 'favorites' | 'channels' | 'rating';

/** The address /auth comes back to after signing in: this page (routes/auth `back`, spec platform §5). */
export function signInHref(pathname: string, search: string): string {
  return `/auth?back=${encodeURIComponent(`${pathname}${search}`)}`;
}

/**
 * The no-auth favorites popup (spec platform §2): an anonymous visitor cannot keep favorites or ratings. It
 * says why and leads to sign-in or sign-up, which brings the visitor back to this page.
 */
export function SignInDialog({ reason, onClose }: { reason: SignInReason; onClose: () => void }) {
  const { t } = useTranslation();
  const location = useLocation();
  return (
    <Modal onClose={onClose} size="sm" title={t(`lists.signIn.${reason}.title`)} lead={t(`lists.signIn.${reason}.lead`)} testId="no-auth-favorites" focus="dialog">
      <div className="modal__actions modal__actions--stack">
        <Link className="btn btn--primary btn--lg" to={signInHref(location.pathname, location.search)} data-testid="sign-in-link">
          {t('lists.signIn.action')}
        </Link>
        <button type="button" className="btn btn--ghost btn--lg" onClick={onClose}>
          {t('lists.signIn.later')}
        </button>
      </div>
    </Modal>
  );
}
