import type { OperatorSubscription } from '@ekran/contracts';
import { formatPhone } from '@ekran/core';
import { useTranslation } from '../../lib/use-translation.ts';
import { data, Form, Link, useNavigation } from 'react-router';
import { OperatorLowBalanceBanner } from '../../components/operator/operator-popups.tsx';
import { ApiCallError } from '../../lib/api.server.ts';
import { tFor } from '../../lib/i18n.ts';
import { visitorContext } from '../../lib/session.server.ts';
import type { Route } from './+types/megafon-connect';
import { connectFailureOf, mlkEntry, type ConnectFailure } from './operator.server.ts';
import '../pages/pages.css';

/**
 * spec platform §2 /megafon_connect: what the operator offer is and the connect button. A visitor without the
 * operator number signs up first (/signup/mf); a customer sees the subscription the operator reports.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { auth, api } = context.get(visitorContext);
  const entry = await mlkEntry(request, api);
  if (entry) throw entry;
  const signedIn = Boolean(auth && !auth.virtual && auth.phone);
  let subscription: OperatorSubscription | null = null;
  if (signedIn) {
    try {
      subscription = await api.operatorSubscription();
    } catch (err) {
      if (!(err instanceof ApiCallError && err.status === 404)) throw err;
    }
  }
  return { signedIn, phone: auth?.phone ? formatPhone(auth.phone) : null, subscription };
}

export async function action({ context }: Route.ActionArgs) {
  const { api } = context.get(visitorContext);
  try {
    return { subscription: await api.operatorConnect(), failure: null };
  } catch (err) {
    const failure: ConnectFailure = connectFailureOf(err);
    return data({ subscription: null, failure }, { status: failure === 'signIn' ? 401 : 409 });
  }
}

export function meta() {
  const t = tFor('ru');
  return [{ title: t('operator.connectMetaTitle') }, { name: 'description', content: t('operator.connectMetaDescription') }];
}

export default function MegafonConnect({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const busy = useNavigation().state === 'submitting';
  const subscription = actionData?.subscription ?? loaderData.subscription;
  const active = subscription?.status === 'active';
  return (
    <div className="page partner-page" data-testid="megafon-connect">
      <h1>{t('operator.connectTitle')}</h1>
      <p className="partner-page__lead">{t('operator.connectLead')}</p>
      <ul className="partner-page__steps">
        <li>{t('operator.connectPoint1')}</li>
        <li>{t('operator.connectPoint2')}</li>
        <li>{t('operator.connectPoint3')}</li>
      </ul>
      {subscription ? <OperatorLowBalanceBanner balance={subscription.balance_state} /> : null}
      {actionData?.failure ? (
        <div className="form-error" role="alert">
          <p>{t(`operator.connectErrors.${actionData.failure}`)}</p>
        </div>
      ) : null}
      {!loaderData.signedIn ? (
        <Link className="btn btn--primary btn--lg" to="/signup/mf" data-testid="operator-signup">
          {t('operator.connectSignUp')}
        </Link>
      ) : active ? (
        <p role="status" data-testid="operator-active">
          {t('operator.connectActive', { phone: formatPhone(subscription.msisdn), date: new Date(subscription.expires_at).toLocaleDateString('ru-RU') })}
        </p>
      ) : subscription?.status === 'suspended' ? (
        <p role="status" data-testid="operator-suspended">{t('operator.noMoneyText')}</p>
      ) : (
        <Form method="post">
          <p>{t('operator.connectFor', { phone: loaderData.phone })}</p>
          <button type="submit" className="btn btn--primary btn--lg" disabled={busy} data-testid="operator-connect">
            {t('operator.connectButton')}
          </button>
        </Form>
      )}
    </div>
  );
}
