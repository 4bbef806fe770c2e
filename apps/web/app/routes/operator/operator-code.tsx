import { useTranslation } from '../../lib/use-translation.ts';
import { Form, Link, useNavigation } from 'react-router';
import { AuthCard, Field, FormError } from '../../components/auth/auth-card.tsx';
import { visitorContext } from '../../lib/session.server.ts';
import { authMeta } from '../auth/auth-meta.ts';
import type { Route } from './+types/operator-code';
import { OPERATOR_FLOWS, type OperatorFlowId } from './operator-flows.ts';
import { codeStepAction, codeStepLoader } from './operator.server.ts';

/** The flow from the path (one module serves /signup/mf/code, /signin/mf/code and /signin/megafon/code). */
function flowOf(request: Request): OperatorFlowId {
  const path = new URL(request.url).pathname.replace(/\/+$/, '');
  if (path.startsWith('/signup/mf')) return 'signup-mf';
  if (path.startsWith('/signin/megafon')) return 'signin-megafon';
  return 'signin-mf';
}

/** spec platform §2 Operator partner: the code step of the operator sign-up and sign-in. */
export function loader({ request, context }: Route.LoaderArgs) {
  return codeStepLoader(request, context.get(visitorContext).auth, flowOf(request));
}

export async function action({ request, context }: Route.ActionArgs) {
  return codeStepAction(request, await request.formData(), context.get(visitorContext).api, flowOf(request));
}

export const meta = authMeta;

export default function OperatorCode({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const busy = useNavigation().state === 'submitting';
  const result = actionData;
  return (
    <AuthCard title={t('operator.codeTitle')} lead={t('operator.codeLead', { phone: loaderData.msisdn })}>
      <p className="auth__typed">
        <span data-testid="operator-msisdn">{loaderData.msisdn}</span>
        <Link to={OPERATOR_FLOWS[loaderData.flow].base}>{t('authFlow.change')}</Link>
      </p>
      <Form method="post" className="auth__form" noValidate>
        <FormError error={result?.errors.form} title={t('auth.signInErrorTitle')} />
        <Field name="code" type="text" inputMode="numeric" autoComplete="one-time-code" pattern="\d{6}" maxLength={6} required autoFocus label={t('operator.code')} error={result?.errors.code} />
        <button type="submit" className="btn btn--primary btn--lg" disabled={busy} data-testid="operator-code-submit">
          {t(loaderData.kind === 'signup' ? 'operator.signupSubmit' : 'operator.signinSubmit')}
        </button>
      </Form>
      <Form method="post" className="auth__form">
        <button type="submit" name="intent" value="resend" className="btn btn--ghost" disabled={busy}>
          {t('operator.resend')}
        </button>
        {result?.resent ? <p role="status">{t('operator.resent')}</p> : null}
      </Form>
    </AuthCard>
  );
}
