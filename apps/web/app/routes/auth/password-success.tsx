import { useTranslation } from '../../lib/use-translation.ts';
import { Link } from 'react-router';
import { AuthCard } from '../../components/auth/auth-card.tsx';
import { authMeta } from './auth-meta.ts';

export const meta = authMeta;

export default function PasswordSuccess() {
  const { t } = useTranslation();
  return (
    <AuthCard title={t('auth.successTitle')} lead={t('auth.successLead')}>
      <Link className="btn btn--primary btn--lg auth__wide" to="/auth">
        {t('auth.toSignInNow')}
      </Link>
    </AuthCard>
  );
}
