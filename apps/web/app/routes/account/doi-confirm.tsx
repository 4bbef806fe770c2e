import { ErrorCode } from '@ekran/contracts';
import { useTranslation } from '../../lib/use-translation.ts';
import { Form, useNavigation } from 'react-router';
import { AuthCard } from '../../components/auth/auth-card.tsx';
import { ApiCallError } from '../../lib/api.server.ts';
import { tFor } from '../../lib/i18n.ts';
import { safeRedirect } from '../../lib/safe-redirect.ts';
import { visitorContext } from '../../lib/session.server.ts';
import type { Route } from './+types/doi-confirm';

// spec platform §6 Double_Opt_In: the email subscription becomes active only here, from the letter's link.
// The link opens a page with a button rather than confirming on GET: mail scanners fetch links in letters,
// and only the reader's own click is consent.

// The outcome is the confirmation pages' (spec platform §2 Static /confirmed, /denied): what happened and what next.
const CONFIRMED = '/confirmed?what=doi';
const DENIED = '/denied?what=doi&reason=invalid';

export function loader({ request }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get('token') ?? '';
  if (token.length < 20 || token.length > 200) throw safeRedirect(DENIED, 302);
  return { token };
}

export async function action({ request, context }: Route.ActionArgs) {
  const token = String((await request.formData()).get('token') ?? '');
  try {
    await context.get(visitorContext).api.confirmDoi(token);
    return safeRedirect(CONFIRMED, 303);
  } catch (err) {
    if (err instanceof ApiCallError && (err.body?.code === ErrorCode.InvalidToken || err.status === 400)) return safeRedirect(DENIED, 303);
    throw err;
  }
}

export function meta() {
  const t = tFor('ru');
  return [{ title: `${t('account.doi.confirmTitle')} — ${t('brand')}` }, { name: 'robots', content: 'noindex' }];
}

export default function DoiConfirm({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const busy = useNavigation().state === 'submitting';
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
