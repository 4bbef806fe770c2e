import { useTranslation } from '../../lib/use-translation.ts';
import { data, Form, Link, useNavigation } from 'react-router';
import { z } from 'zod';
import { AuthCard, Field, FormError } from '../../components/auth/auth-card.tsx';
import { readTextForm } from '../../lib/form.server.ts';
import { visitorContext } from '../../lib/session.server.ts';
import type { Route } from './+types/confirm';
import { authErrors, backOf, refusalStatus, type AuthFormErrors } from './auth.server.ts';
import { authMeta } from './auth-meta.ts';
import { safeRedirect } from '../../lib/safe-redirect.ts';

export function loader({ request, context }: Route.LoaderArgs) {
  const { auth } = context.get(visitorContext);
  if (!auth || auth.virtual || !auth.email) throw safeRedirect('/signup');
  return { email: auth.email, back: backOf(request) };
}

/** The code as typed (a missing one reads as empty; the API judges it); any intent but resend confirms it. */
const ConfirmForm = z.object({ intent: z.enum(['confirm', 'resend']).catch('confirm'), code: z.string().trim().default('') });

/** Email double opt-in: the code from the letter, or a new letter. */
export async function action({ request, context }: Route.ActionArgs) {
  const form = readTextForm(await request.formData(), ConfirmForm);
  const { api } = context.get(visitorContext);
  try {
    if (form.intent === 'resend') {
      await api.emailResend();
      return { resent: true, errors: {} as AuthFormErrors };
    }
    await api.emailConfirm(form.code);
    return safeRedirect(backOf(request));
  } catch (err) {
    return data({ resent: false, errors: authErrors(err) }, { status: refusalStatus(400) });
  }
}

export const meta = authMeta;

export default function Confirm({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const busy = useNavigation().state === 'submitting';
  return (
    <AuthCard title={t('auth.confirmTitle')} lead={t('auth.confirmLead', { email: loaderData.email })}>
      <Form method="post" className="auth__form" noValidate>
        <FormError error={actionData?.errors.form} />
        <Field name="code" inputMode="numeric" autoComplete="one-time-code" pattern="\d{6}" maxLength={6} required label={t('auth.code')} error={actionData?.errors.code} />
        <button type="submit" name="intent" value="confirm" className="btn btn--primary btn--lg" disabled={busy} data-testid="confirm-submit">
          {t('auth.confirm')}
        </button>
      </Form>
      <Form method="post" className="auth__secondary">
        {actionData?.resent ? <p role="status">{t('auth.resent')}</p> : null}
        <button type="submit" name="intent" value="resend" className="btn btn--ghost" disabled={busy}>
          {t('auth.resend')}
        </button>
        <Link to={loaderData.back}>{t('auth.later')}</Link>
      </Form>
    </AuthCard>
  );
}
