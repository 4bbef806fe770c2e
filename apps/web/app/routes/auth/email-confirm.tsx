import { isEmail } from '@ekran/core';
import { useTranslation } from '../../lib/use-translation.ts';
import { data, Form, Link, useNavigation } from 'react-router';
import { z } from 'zod';
import { AuthCard, Field, FormError } from '../../components/auth/auth-card.tsx';
import { ApiCallError } from '../../lib/api.server.ts';
import { parseFormData } from '../../lib/form.server.ts';
import { safeRedirect } from '../../lib/safe-redirect.ts';
import { visitorContext } from '../../lib/session.server.ts';
import type { Route } from './+types/email-confirm';
import { authErrors, refusalStatus, type AuthFormErrors } from './auth.server.ts';
import { authMeta } from './auth-meta.ts';

/** The address and code of a confirmation link, when they have the right shape. */
function linkOf(url: URL): { email: string; code: string } | null {
  const email = (url.searchParams.get('email') ?? '').trim().toLowerCase();
  const code = (url.searchParams.get('code') ?? '').trim();
  return isEmail(email) && /^\d{6}$/.test(code) ? { email, code } : null;
}

/**
 * /email-confirm and /email_confirm (spec platform §2 Confirmation): the link of a confirmation letter. The page
 * asks for one press before it confirms, so mail scanners that open links do not use the code up; no
 * sign-in is needed. A link that worked leads to /confirmed; one that does not offers a new letter.
 */
export function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const link = linkOf(url);
  if (link) return { state: 'ready' as const, email: link.email };
  const email = (url.searchParams.get('email') ?? '').trim().toLowerCase();
  return { state: 'failed' as const, email: isEmail(email) ? email : '' };
}

type ActionData = { state: 'failed' | 'resent'; email: string; errors: AuthFormErrors };

/** «Send a new letter», on the page of a link that did not work. The address is checked after the parse, as its refusal shows it again. */
const ResendForm = z.object({ intent: z.literal('resend'), email: z.string().trim().toLowerCase().default('') });

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const { api } = context.get(visitorContext);
  // Any other post is the press that confirms the link (its address and code are in the URL).
  const resend = parseFormData(form, ResendForm);
  if (resend.success) {
    const { email } = resend.data;
    if (!isEmail(email)) return data<ActionData>({ state: 'failed', email, errors: { email: 'emailInvalid' } }, { status: refusalStatus(400) });
    try {
      await api.emailResendLink(email);
      return data<ActionData>({ state: 'resent', email, errors: {} });
    } catch (err) {
      return data<ActionData>({ state: 'failed', email, errors: authErrors(err) }, { status: refusalStatus(err instanceof ApiCallError ? err.status : 500) });
    }
  }
  const link = linkOf(new URL(request.url));
  if (!link) return data<ActionData>({ state: 'failed', email: '', errors: {} }, { status: refusalStatus(400) });
  try {
    await api.emailConfirmLink(link.email, link.code);
    // The outcome is the confirmation page's (spec platform §2 Static /confirmed): what happened and what next.
    return safeRedirect('/confirmed?what=email', 303);
  } catch (err) {
    const errors = authErrors(err);
    // A wrong, used or expired code is what this page explains; anything else shows as the form's error.
    const known = errors.code !== undefined;
    return data<ActionData>({ state: 'failed', email: link.email, errors: known ? {} : errors }, { status: refusalStatus(err instanceof ApiCallError ? err.status : 400) });
  }
}

export const meta = authMeta;

export default function EmailConfirm({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const busy = useNavigation().state === 'submitting';
  // The generated action type is a union with the empty answers of other intents; this reads its one shape.
  const result = actionData;
  const state = result?.state ?? loaderData.state;
  const email = result?.email || loaderData.email;

  if (state === 'resent') {
    return (
      <AuthCard title={t('emailConfirm.resentTitle')} lead={t('emailConfirm.resentLead', { email })}>
        <Link className="btn btn--ghost btn--lg auth__wide" to="/">
          {t('emailConfirm.toHome')}
        </Link>
      </AuthCard>
    );
  }
  if (state === 'failed') {
    return (
      <AuthCard title={t('emailConfirm.failedTitle')} lead={t('emailConfirm.failedLead')}>
        <Form method="post" className="auth__form" noValidate>
          <FormError error={result?.errors.form} />
          <Field name="email" type="email" autoComplete="email" inputMode="email" required label={t('auth.email')} defaultValue={email} error={result?.errors.email} />
          <button type="submit" name="intent" value="resend" className="btn btn--primary btn--lg" disabled={busy} data-testid="email-confirm-resend">
            {t('emailConfirm.resend')}
          </button>
        </Form>
      </AuthCard>
    );
  }
  return (
    <AuthCard title={t('emailConfirm.title')} lead={t('emailConfirm.lead')}>
      <p className="auth__typed">
        <span data-testid="auth-typed">{email}</span>
      </p>
      <Form method="post" className="auth__form">
        <FormError error={result?.errors.form} />
        <button type="submit" name="intent" value="confirm" className="btn btn--primary btn--lg" disabled={busy} data-testid="email-confirm-submit">
          {t('emailConfirm.submit')}
        </button>
      </Form>
    </AuthCard>
  );
}
