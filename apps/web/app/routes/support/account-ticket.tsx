import { Link } from 'react-router';
import { ReplyForm, Thread } from '../../components/support/ticket-form.tsx';
import { isNothingThere } from '../../lib/api.server.ts';
import { tFor } from '../../lib/i18n.ts';
import { notFound } from '../../lib/not-found.ts';
import { safeRedirect } from '../../lib/safe-redirect.ts';
import { visitorContext } from '../../lib/session.server.ts';
import { useTranslation } from '../../lib/use-translation.ts';
import { requireRegistered } from '../account/account.server.ts';
import type { Route } from './+types/account-ticket';
import { ticketErrorsOf, ticketForm } from './support.server.ts';
import '../../styles/account.css';
import '../../styles/support.css';

const UUID = /^[0-9a-f-]{36}$/;

/** /account/support/{ticketId}: a ticket of the account, its thread (opening it reads support's answers) and a reply. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { auth, api } = context.get(visitorContext);
  requireRegistered(auth, request);
  if (!UUID.test(params.ticketId)) throw notFound();
  try {
    return { ticket: await api.supportTicket(params.ticketId) };
  } catch (err) {
    // Another account's ticket, or none: the same not-found (a child profile is refused by the API: 403 → not here).
    if (isNothingThere(err) || (err as { status?: number }).status === 403) throw notFound();
    throw err;
  }
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const { auth, api } = context.get(visitorContext);
  requireRegistered(auth, request);
  if (!UUID.test(params.ticketId)) throw notFound();
  const form = await request.formData();
  const checked = ticketForm(form, { withTopic: false, needsEmail: false });
  if (!checked.ok) return checked;
  try {
    await api.supportReply(params.ticketId, checked.form);
  } catch (err) {
    return { ok: false as const, errors: ticketErrorsOf(err), values: { topic: '', message: String(form.get('message') ?? ''), email: '' } };
  }
  throw safeRedirect(`/account/support/${params.ticketId}`, 303);
}

export function meta({ data }: Route.MetaArgs) {
  const t = tFor('ru');
  return [{ title: data ? `${t('support.tickets.number', { number: data.ticket.number })} — ${t('brand')}` : t('support.title') }, { name: 'robots', content: 'noindex' }];
}

export function headers() {
  return { 'cache-control': 'private, no-store' };
}

export default function AccountTicket({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { ticket } = loaderData;
  return (
    <div className="account support--thread">
      <p>
        <Link to="/account/support" className="account__link">
          ← {t('support.tickets.back')}
        </Link>
      </p>
      <h1 className="account__title">{t('support.tickets.number', { number: ticket.number })}</h1>
      <p className="support__lead">
        {t(`support.topics.${ticket.topic}`)} · <span className={`support-status support-status--${ticket.status}`} data-testid="ticket-status">{t(`support.status.${ticket.status}`)}</span>
      </p>
      <Thread ticket={ticket} imageUrl={(id) => `/account/support/${ticket.id}/images/${id}`} />
      {ticket.status === 'closed' ? <p className="field__hint">{t('support.tickets.closedNote')}</p> : null}
      <ReplyForm errors={actionData && !actionData.ok ? actionData.errors : undefined} message={actionData && !actionData.ok ? actionData.values.message : undefined} />
    </div>
  );
}
