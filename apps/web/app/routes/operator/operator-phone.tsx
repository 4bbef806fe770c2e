import { useTranslation } from '../../lib/use-translation.ts';
import { Form, Link, useNavigation } from 'react-router';
import { AuthCard, Field, FormError } from '../../components/auth/auth-card.tsx';
import { visitorContext } from '../../lib/session.server.ts';
import { authMeta } from '../auth/auth-meta.ts';
import type { Route } from './+types/operator-phone';
import { CONNECT_PATH, type OperatorFlowId } from './operator-flows.ts';
import { mlkEntry, phoneStepAction, phoneStepLoader } from './operator.server.ts';
import { SignupConsentNote } from '../../components/legal/consent-note.tsx';

/** The flow from the path (one module serves /signup/mf, /signin/mf and /signin/megafon). */
function flowOf(request: Request): OperatorFlowId {
  const path = new URL(request.url).pathname.replace(/\/+$/, '');
  if (path === '/signup/mf') return 'signup-mf';
  if (path === '/signin/megafon') return 'signin-megafon';
  return 'signin-mf';
}

/**
 * spec platform §2 Operator partner: /signup/mf, /signin/mf, /signin/megafon — the operator number, prefilled
 * from the msisdn cookie. The operator app's entry (?app=mlk, platform §6) lands here too.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { auth, api } = context.get(visitorContext);
  const entry = await mlkEntry(request, api);
  if (entry) throw entry;
  return phoneStepLoader(request, auth, flowOf(request));
}

export async function action({ request, context }: Route.ActionArgs) {
  return phoneStepAction(await request.formData(), context.get(visitorContext).api, flowOf(request));
}

export const meta = authMeta;

export default function OperatorPhone({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const busy = useNavigation().state === 'submitting';
  const result = actionData;
  const signup = loaderData.kind === 'signup';
  return (
    <AuthCard title={t(signup ? 'operator.signupTitle' : 'operator.signinTitle')} lead={t('operator.phoneLead')}>
      <Form method="post" className="auth__form" noValidate>
        <FormError error={result?.errors.form} title={t('auth.signInErrorTitle')} />
        <Field
          name="msisdn"
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          required
          label={t('operator.phone')}
          hint={t('operator.phoneHint')}
          defaultValue={result?.msisdn ?? loaderData.msisdn}
          error={result?.errors.login}
        />
        <button type="submit" className="btn btn--primary btn--lg" disabled={busy} data-testid="operator-phone-submit">
          {t('operator.getCode')}
        </button>
        <SignupConsentNote />
      </Form>
      <p className="auth__switch">
        <Link to={CONNECT_PATH}>{t('operator.aboutOffer')}</Link>
      </p>
      <p className="auth__switch">
        <Link to="/auth">{t('operator.otherWays')}</Link>
      </p>
    </AuthCard>
  );
}
