import { isEmail } from '@ekran/core';
import { useTranslation } from '../../lib/use-translation.ts';
import { Form, useNavigation } from 'react-router';
import { z } from 'zod';
import { AuthCard, Field, FormError } from '../../components/auth/auth-card.tsx';
import { readTextForm } from '../../lib/form.server.ts';
import { visitorContext } from '../../lib/session.server.ts';
import type { Route } from './+types/password-code';
import { formFailure } from './auth.server.ts';
import { authMeta } from './auth-meta.ts';
import { safeRedirect } from '../../lib/safe-redirect.ts';

function emailOf(request: Request): string {
  const email = new URL(request.url).searchParams.get('email') ?? '';
  if (!isEmail(email)) throw safeRedirect('/password/recovery');
  return email;
}

export function loader({ request }: Route.LoaderArgs) {
  return { email: emailOf(request) };
}

/** The fields as typed; a missing one reads as empty, and the API judges both (its refusal names the field). */
const ResetForm = z.object({ code: z.string().trim().default(''), password: z.string().default('') });

/** The recovery code and a new password; every session of the account ends. */
export async function action({ request, context }: Route.ActionArgs) {
  const email = emailOf(request);
  const form = readTextForm(await request.formData(), ResetForm);
  try {
    await context.get(visitorContext).api.passwordReset({ email, ...form });
    return safeRedirect('/password/success');
  } catch (err) {
    return formFailure(err, {});
  }
}

export const meta = authMeta;

export default function PasswordCode({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const busy = useNavigation().state === 'submitting';
  return (
    <AuthCard title={t('auth.codeTitle')} lead={t('auth.codeLead', { email: loaderData.email })}>
      <Form method="post" className="auth__form" noValidate>
        <FormError error={actionData?.errors.form} />
        <Field name="code" inputMode="numeric" autoComplete="one-time-code" pattern="\d{6}" maxLength={6} required label={t('auth.code')} error={actionData?.errors.code} />
        <Field name="password" type="password" autoComplete="new-password" required minLength={8} label={t('auth.newPassword')} hint={t('auth.passwordHint')} error={actionData?.errors.password} />
        <button type="submit" className="btn btn--primary btn--lg" disabled={busy} data-testid="reset-submit">
          {t('auth.savePassword')}
        </button>
      </Form>
    </AuthCard>
  );
}
