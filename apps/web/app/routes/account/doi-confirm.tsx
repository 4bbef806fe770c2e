import { ErrorCode } from '@ekran/contracts';
import { useTranslation } from '../../lib/use-translation.ts';
import { data, Form, Link, useNavigation } from 'react-router';
import { AuthCard } from '../../components/auth/auth-card.tsx';
import { ApiCallError } from '../../lib/api.server.ts';
import { tFor } from '../../lib/i18n.ts';
import { visitorContext } from '../../lib/session.server.ts';
import type { Route } from './+types/doi-confirm';

// spec platform §6 Double_Opt_In: the email subscription becomes active only here, from the letter's link.
// The link opens a page with a button rather than confirming on GET: mail scanners fetch links in letters,
// and only the reader's own click is consent.

export function loader({ request }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get('token') ?? '';
  return { token, valid: token.length >= 20 && token.length <= 200 };
}

export async function action({ request, context }: Route.ActionArgs) {
  const token = String((await request.formData()).get('token') ?? '');
  try {
    const subscription = await context.get(visitorContext).api.confirmDoi(token);
    return { confirmed: true, email: subscription.destination };
  } catch (err) {
    if (err instanceof ApiCallError && (err.body?.code === ErrorCode.InvalidToken || err.status === 400)) return data({ confirmed: false, email: null }, { status: 400 });
    throw err;
  }
}

export function meta() {
  const t = tFor('ru');
  return [{ title: `${t('account.doi.title')} — ${t('brand')}` }, { name: 'robots', content: 'noindex' }];
}

export default function DoiConfirm({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const busy = useNavigation().state === 'submitting';
  if (actionData?.confirmed) {
    return (
      <AuthCard title={t('account.doi.title')} lead={t('account.doi.lead', { email: actionData.email })}>
        <Link to="/" className="btn btn--primary btn--lg auth__wide">
          {t('account.doi.toHome')}
        </Link>
      </AuthCard>
    );
  }
  if (!loaderData.valid || actionData?.confirmed === false) {
    return (
      <AuthCard title={t('account.doi.failedTitle')} lead={t('account.doi.failedLead')}>
        <Link to="/account/notifications" className="btn btn--primary btn--lg auth__wide">
          {t('account.doi.toNotifications')}
        </Link>
      </AuthCard>
    );
  }
  return (
    <AuthCard title={t('account.doi.confirmTitle')} lead={t('account.doi.confirmLead')}>
      <Form method="post">
        <input type="hidden" name="token" value={loaderData.token} />
        <button type="submit" className="btn btn--primary btn--lg auth__wide" disabled={busy} data-testid="doi-confirm">
          {t('account.doi.confirm')}
        </button>
      </Form>
    </AuthCard>
  );
}
