import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { AuthCard } from '../../components/auth/auth-card.tsx';
import { tFor } from '../../lib/i18n.ts';

export function meta() {
  return [{ title: tFor('ru')('meta.authTitle') }, { name: 'robots', content: 'noindex' }];
}

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
