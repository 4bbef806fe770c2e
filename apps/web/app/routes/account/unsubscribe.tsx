import { ErrorCode, type NotifySubscription } from '@ekran/contracts';
import { useTranslation } from '../../lib/use-translation.ts';
import { data, Form, Link, useNavigation } from 'react-router';
import { z } from 'zod';
import { AuthCard } from '../../components/auth/auth-card.tsx';
import { ApiCallError, type Api } from '../../lib/api.server.ts';
import { parseForm } from '../../lib/form.server.ts';
import { tFor } from '../../lib/i18n.ts';
import { visitorContext } from '../../lib/session.server.ts';
import type { Route } from './+types/unsubscribe';

// /auth/unsubscribe/{account_id}?sig=… (spec platform §2): the one-click unsubscribe link of every marketing
// letter. It works without signing in (the signature is the proof) and offers to subscribe again.

/** The signed link's email subscription, or null when the link is forged or broken (or the account is gone). */
async function subscriptionOf(api: Api, accountId: string, sig: string): Promise<NotifySubscription | null> {
  try {
    return await api.unsubscribeStatus(accountId, sig);
  } catch (err) {
    if (err instanceof ApiCallError && err.status < 500) return null;
    throw err;
  }
}

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const sig = new URL(request.url).searchParams.get('sig') ?? '';
  const subscription = await subscriptionOf(context.get(visitorContext).api, params.accountId, sig);
  if (!subscription) throw data({ invalid: true }, { status: 403 });
  return { subscription, sig, changed: false };
}

/** The page's button posts both fields; a mail client's one-click POST has neither (its signature is in the link). */
const UnsubscribeForm = z.object({ sig: z.string().optional(), subscribed: z.string().optional().transform((v) => v === 'true') });

/** Unsubscribes (also a bare POST: RFC 8058 one-click from the mail client), or subscribes again. */
export async function action({ request, params, context }: Route.ActionArgs) {
  const parsed = await parseForm(request, UnsubscribeForm);
  if (!parsed.success) throw data({ invalid: true }, { status: 403 });
  const sig = parsed.data.sig ?? new URL(request.url).searchParams.get('sig') ?? '';
  try {
    const subscription = await context.get(visitorContext).api.setUnsubscribed(params.accountId, sig, parsed.data.subscribed);
    return { subscription, changed: true };
  } catch (err) {
    if (err instanceof ApiCallError && (err.body?.code === ErrorCode.InvalidSignature || err.status === 400 || err.status === 404)) throw data({ invalid: true }, { status: 403 });
    throw err;
  }
}

export function meta() {
  const t = tFor('ru');
  return [{ title: `${t('account.unsubscribe.title')} — ${t('brand')}` }, { name: 'robots', content: 'noindex' }];
}

export default function Unsubscribe({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const busy = useNavigation().state === 'submitting';
  const subscription = actionData?.subscription ?? loaderData.subscription;
  const isOn = subscription.status !== 'off';
  const email = subscription.destination ?? '';
  return (
    <AuthCard
      title={isOn ? t('account.unsubscribe.onTitle') : t('account.unsubscribe.offTitle')}
      lead={isOn ? t('account.unsubscribe.onLead', { email }) : t('account.unsubscribe.offLead', { email })}
    >
      {actionData?.changed && isOn ? (
        <p className="account__status" role="status">
          {t('account.unsubscribe.resubscribed')}
        </p>
      ) : null}
      <Form method="post" className="auth__form">
        <input type="hidden" name="sig" value={loaderData.sig} />
        <input type="hidden" name="subscribed" value={isOn ? 'false' : 'true'} />
        <button type="submit" className={`btn btn--lg ${isOn ? 'btn--primary' : 'btn--ghost'}`} disabled={busy} data-testid="unsubscribe-toggle">
          {isOn ? t('account.unsubscribe.unsubscribe') : t('account.unsubscribe.resubscribe')}
        </button>
      </Form>
      <p className="auth__switch">
        <Link to="/">{t('account.unsubscribe.toHome')}</Link>
      </p>
    </AuthCard>
  );
}

export function ErrorBoundary() {
  const { t } = useTranslation();
  return (
    <AuthCard title={t('account.unsubscribe.invalidTitle')} lead={t('account.unsubscribe.invalidLead')}>
      <Link to="/" className="btn btn--primary btn--lg auth__wide">
        {t('account.unsubscribe.toHome')}
      </Link>
    </AuthCard>
  );
}
