import { useTranslation } from '../../lib/use-translation.ts';
import { Form, useNavigation } from 'react-router';
import { AuthCard, FormError } from '../../components/auth/auth-card.tsx';
import { SuggestingField } from '../../components/auth/email-field.tsx';
import { visitorContext } from '../../lib/session.server.ts';
import type { Route } from './+types/password-recovery';
import { formFailure } from './auth.server.ts';
import { authMeta } from './auth-meta.ts';
import { safeRedirect } from '../../lib/safe-redirect.ts';

/** Password recovery: a code to the account's address (the page does not tell whether it exists). */
export async function action({ request, context }: Route.ActionArgs) {
  const email = String((await request.formData()).get('email') ?? '').trim();
  try {
    await context.get(visitorContext).api.passwordRecovery(email);
    return safeRedirect(`/password/code?email=${encodeURIComponent(email.toLowerCase())}`);
  } catch (err) {
    return formFailure(err, { email });
  }
}

export const meta = authMeta;

export default function PasswordRecovery({ actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const busy = useNavigation().state === 'submitting';
  return (
    <AuthCard title={t('auth.recoveryTitle')} lead={t('auth.recoveryLead')}>
      <Form method="post" className="auth__form" noValidate>
        <FormError error={actionData?.errors.form} />
        <SuggestingField name="email" type="email" autoComplete="email" inputMode="email" required label={t('auth.email')} defaultValue={actionData?.email} error={actionData?.errors.email} />
        <button type="submit" className="btn btn--primary btn--lg" disabled={busy} data-testid="recovery-submit">
          {t('auth.sendCode')}
        </button>
      </Form>
    </AuthCard>
  );
}
