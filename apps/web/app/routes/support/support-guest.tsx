import { Breadcrumbs } from '../../components/shell/breadcrumbs.tsx';
import { ReplyForm, Thread } from '../../components/support/ticket-form.tsx';
import { isNothingThere } from '../../lib/api.server.ts';
import { tFor } from '../../lib/i18n.ts';
import { notFound } from '../../lib/not-found.ts';
import { safeRedirect } from '../../lib/safe-redirect.ts';
import { visitorContext } from '../../lib/session.server.ts';
import { useTranslation } from '../../lib/use-translation.ts';
import type { Route } from './+types/support-guest';
import { ticketErrorsOf, ticketForm } from './support.server.ts';
import '../../styles/support.css';

const TOKEN = /^[0-9a-f-]{36}\.[A-Za-z0-9_-]{43}$/;

/**
 * /support/ticket/{token}: a guest's ticket through the private link of the letter (no account, no sign-in): the
 * thread and a reply. Never indexed, never cached.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  if (!TOKEN.test(params.guestToken)) throw notFound();
  const { api } = context.get(visitorContext);
  try {
    return { ticket: await api.supportGuestTicket(params.guestToken), token: params.guestToken };
  } catch (err) {
    if (isNothingThere(err)) throw notFound();
    throw err;
  }
}

export async function action({ request, params, context }: Route.ActionArgs) {
  if (!TOKEN.test(params.guestToken)) throw notFound();
  const { api } = context.get(visitorContext);
  const form = await request.formData();
  const checked = ticketForm(form, { withTopic: false, needsEmail: false });
  if (!checked.ok) return checked;
  try {
    await api.supportGuestReply(params.guestToken, checked.form);
  } catch (err) {
    if (isNothingThere(err) && !(err as { body?: { code?: string } }).body?.code?.startsWith('SUPPORT_')) throw notFound();
    return { ok: false as const, errors: ticketErrorsOf(err), values: { topic: '', message: String(form.get('message') ?? ''), email: '' } };
  }
  throw safeRedirect(`/support/ticket/${params.guestToken}`, 303);
}

export function meta({ data }: Route.MetaArgs) {
  const t = tFor('ru');
  return [{ title: data ? `${t('support.tickets.guestTitle', { number: data.ticket.number })} — ${t('brand')}` : t('support.title') }, { name: 'robots', content: 'noindex, nofollow' }];
}

export function headers() {
  return { 'cache-control': 'private, no-store', 'referrer-policy': 'no-referrer' };
}

export default function SupportGuest({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { ticket, token } = loaderData;
  return (
    <div className="page support support--thread">
      <Breadcrumbs items={[{ title: t('support.title'), url: '/support' }, { title: t('support.tickets.guestTitle', { number: ticket.number }) }]} />
      <h1>{t('support.tickets.guestTitle', { number: ticket.number })}</h1>
      <p className="support__lead">
        {t(`support.topics.${ticket.topic}`)} · <span className={`support-status support-status--${ticket.status}`}>{t(`support.status.${ticket.status}`)}</span>
      </p>
      <p className="field__hint">{t('support.tickets.guestLead')}</p>
      <Thread ticket={ticket} imageUrl={(id) => `/support/ticket/${token}/images/${id}`} />
      {ticket.status === 'closed' ? <p className="field__hint">{t('support.tickets.closedNote')}</p> : null}
      <ReplyForm errors={actionData && !actionData.ok ? actionData.errors : undefined} message={actionData && !actionData.ok ? actionData.values.message : undefined} />
    </div>
  );
}
