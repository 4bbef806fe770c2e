import { useTranslation } from '../../lib/use-translation.ts';
import { data, Form, Link, useNavigation } from 'react-router';
import { AuthCard } from '../../components/auth/auth-card.tsx';
import { ApiCallError } from '../../lib/api.server.ts';
import { tFor } from '../../lib/i18n.ts';
import { visitorContext } from '../../lib/session.server.ts';
import type { Route } from './+types/pin-remove';

const TOKEN = /^[A-Za-z0-9_-]{16,128}$/;

/** Whether the link's token still works; a malformed one does not, without asking the API. */
async function check(api: { pinResetVerify: (token: string) => Promise<null> }, token: string | null): Promise<boolean> {
  if (!token || !TOKEN.test(token)) return false;
  try {
    await api.pinResetVerify(token);
    return true;
  } catch (err) {
    if (err instanceof ApiCallError && err.status < 500) return false;
    throw err;
  }
}

/** /pin_remove?token=…: the forgotten-PIN link asks «Удалить PIN-код?» and removes it on confirm (single use). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get('token');
  return { state: (await check(context.get(visitorContext).api, token)) ? ('ask' as const) : ('invalid' as const) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const token = new URL(request.url).searchParams.get('token');
  if (!token || !TOKEN.test(token)) return data({ state: 'invalid' as const }, { status: 400 });
  try {
    await context.get(visitorContext).api.pinReset(token);
    return { state: 'done' as const };
  } catch (err) {
    if (err instanceof ApiCallError && err.status < 500) return data({ state: 'invalid' as const }, { status: 400 });
    throw err;
  }
}

export function meta() {
  const t = tFor('ru');
  return [{ title: t('pinRemove.metaTitle') }, { name: 'robots', content: 'noindex' }];
}

export default function PinRemove({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const busy = useNavigation().state === 'submitting';
  const state = actionData?.state ?? loaderData.state;
  if (state === 'done') {
    return (
      <AuthCard title={t('pinRemove.doneTitle')} lead={t('pinRemove.doneLead')}>
        <Link className="btn btn--primary btn--lg auth__wide" to="/">
          {t('pinRemove.toHome')}
        </Link>
      </AuthCard>
    );
  }
  if (state === 'invalid') {
    return (
      <AuthCard title={t('pinRemove.invalidTitle')} lead={t('pinRemove.invalidLead')}>
        <Link className="btn btn--primary btn--lg auth__wide" to="/">
          {t('pinRemove.toHome')}
        </Link>
      </AuthCard>
    );
  }
  return (
    <AuthCard title={t('pinRemove.title')} lead={t('pinRemove.lead')}>
      <Form method="post" className="auth__form">
        <button type="submit" className="btn btn--primary btn--lg" disabled={busy} data-testid="pin-remove-confirm">
          {t('pinRemove.confirm')}
        </button>
        <Link className="btn btn--ghost btn--lg" to="/">
          {t('pinRemove.cancel')}
        </Link>
      </Form>
    </AuthCard>
  );
}
