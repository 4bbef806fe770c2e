import type { SupportTicketList } from '@ekran/contracts';
import { Link } from 'react-router';
import { useTranslation } from '../../lib/use-translation.ts';
import { TicketForm, ticketTime, type TicketErrors } from './ticket-form.tsx';
import '../../styles/support.css';


/**
 * The account's tickets in /account/support: number, subject, status and the unread mark of support's answers, then
 * the form of a new one (posted to the account's own action, which opens it and shows its thread, or answers the
 * form's errors here).
 */
export function SupportTickets({ tickets, failed }: { tickets: SupportTicketList; failed?: { errors: TicketErrors; values: { topic: string; message: string; email: string } } }) {
  const { t } = useTranslation();
  return (
    <div className="support-tickets">
      <h3 className="support-tickets__title">
        {t('support.tickets.title')}
        {tickets.unread_total > 0 ? (
          <span className="support-badge" data-testid="tickets-unread">
            {t('support.tickets.unreadCount', { count: tickets.unread_total })}
          </span>
        ) : null}
      </h3>
      {tickets.items.length ? (
        <ul className="support-tickets__list" data-testid="tickets-list">
          {tickets.items.map((ticket) => (
            <li key={ticket.id} className={ticket.unread ? 'is-unread' : undefined}>
              <Link to={`/account/support/${ticket.id}`} className="support-tickets__link">
                <span className="support-tickets__subject">
                  {ticket.unread ? <span className="support-dot" aria-label={t('support.tickets.unread')} role="img" /> : null}
                  {t('support.tickets.number', { number: ticket.number })}: {ticket.subject}
                </span>
                <span className="support-tickets__meta">
                  <span className={`support-status support-status--${ticket.status}`}>{t(`support.status.${ticket.status}`)}</span>
                  {ticket.unread ? <strong className="support-tickets__new">{t('support.tickets.unread')}</strong> : null}
                  <span>{t('support.tickets.updated', { date: ticketTime.format(new Date(ticket.last_message_at)) })}</span>
                </span>
              </Link>
            </li>
          ))}
        </ul>
      ) : (
        <p className="account__hint">{t('support.tickets.empty')}</p>
      )}
      <details className="support-tickets__new-form" open={tickets.items.length === 0 || failed !== undefined}>
        <summary className="btn btn--ghost">{t('support.tickets.new')}</summary>
        <TicketForm intent="ticket" errors={failed?.errors} values={failed?.values} askEmail={false} />
      </details>
    </div>
  );
}
