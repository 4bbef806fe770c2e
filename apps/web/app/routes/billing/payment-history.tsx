import { PaymentHistoryQuerySchema, type PaymentHistoryItem } from '@ekran/contracts';
import { formatPrice } from '@ekran/core';
import { useState } from 'react';
import { useTranslation } from '../../lib/use-translation.ts';
import { Link, useFetcher } from 'react-router';
import { Breadcrumbs } from '../../components/shell/breadcrumbs.tsx';
import { formatDateTime } from '../../components/devices/format.ts';
import { declineReason as declineReasonKey, maskCard } from '../../lib/billing-view.ts';
import { tFor } from '../../lib/i18n.ts';
import { visitorContext } from '../../lib/session.server.ts';
import { requireRegistered } from '../account/account.server.ts';
import '../../styles/account.css';
import '../../styles/billing.css';
import type { Route } from './+types/payment-history';

export const PAGE_SIZE = 20;

/**
 * /payment_history (spec platform §2 Account): every charge and refund of the account, newest first (the API's
 * order), a portion of PAGE_SIZE at a time (platform §4 Lists: skip advances by the page size, capped at
 * items_total). Only for registered visitors; a virtual one goes to /auth and comes back.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { auth, api } = context.get(visitorContext);
  requireRegistered(auth, request);
  const url = new URL(request.url);
  // A malformed skip starts at the top rather than failing the page.
  const skip = PaymentHistoryQuerySchema.shape.skip.safeParse(url.searchParams.get('skip') ?? 0).data ?? 0;
  const { data } = await api.paymentHistory({ skip, limit: PAGE_SIZE });
  return { items: data.items, total: data.items_total, skip };
}

export function meta() {
  return [{ title: `${tFor('ru')('billing.history.title')} — ${tFor('ru')('brand')}` }, { name: 'robots', content: 'noindex' }];
}

export default function PaymentHistory({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const more = useFetcher<typeof loader>();
  // The portions «Показать ещё» brought, kept until the page itself reloads (state adjusted while rendering, as
  // React advises, instead of an effect that copies fetcher data).
  const [pages, setPages] = useState<{ base: typeof loaderData; list: (typeof loaderData)[] }>({ base: loaderData, list: [] });
  const [seen, setSeen] = useState(more.data);
  if (pages.base !== loaderData) setPages({ base: loaderData, list: [] });
  if (more.data !== seen) {
    setSeen(more.data);
    if (more.data) setPages((p) => ({ ...p, list: [...p.list, more.data!] }));
  }
  const items: PaymentHistoryItem[] = [];
  for (const item of [loaderData, ...pages.list].flatMap((p) => p.items)) if (!items.some((x) => x.id === item.id)) items.push(item);
  const last = pages.list.at(-1) ?? loaderData;
  const end = last.skip + last.items.length;
  const total = last.total;
  const hasMore = end < total;

  return (
    <div className="page history" data-testid="payment-history">
      <Breadcrumbs items={[{ title: t('account.title'), url: '/account' }, { title: t('billing.history.title') }]} />
      <h1 className="history__title">{t('billing.history.title')}</h1>
      {items.length === 0 ? (
        <div className="billing-empty">
          <p>{t('billing.history.empty')}</p>
          <Link to="/tariffs" className="btn btn--primary">
            {t('account.subscriptions.toTariffs')}
          </Link>
        </div>
      ) : (
        <ul className="history__list">
          {items.map((item) => (
            <HistoryRow key={item.id} item={item} />
          ))}
        </ul>
      )}
      {hasMore ? (
        <div className="history__more">
          <Link
            to={`?skip=${end}`}
            className="btn btn--ghost"
            preventScrollReset
            onClick={(e) => {
              e.preventDefault();
              void more.load(`/payment_history?skip=${end}`);
            }}
            aria-busy={more.state !== 'idle'}
            data-testid="history-more"
          >
            {more.state !== 'idle' ? t('billing.loading') : t('billing.history.more')}
          </Link>
        </div>
      ) : null}
    </div>
  );
}

export function HistoryRow({ item }: { item: PaymentHistoryItem }) {
  const { t, i18n } = useTranslation();
  const refund = item.kind === 'refund';
  const declined = item.status === 'declined';
  const amount = `${refund ? '−' : ''}${formatPrice(Math.abs(item.amount), item.currency)}`;
  const card = maskCard(item.card_number);
  return (
    <li className={`history__row${declined ? ' history__row--declined' : ''}`} data-testid="history-row">
      <div className="history__main">
        <p className="history__desc">{item.description}</p>
        <p className="history__meta">
          <time dateTime={item.created_at}>{formatDateTime(item.created_at, i18n.language)}</time>
          {card ? <span className="nowrap"> · {card}</span> : null}
        </p>
        {declined && item.reason ? <p className="history__reason">{t(`billing.decline.${declineReasonKey(item.reason)}`)}</p> : null}
      </div>
      <div className="history__side">
        <p className={`history__amount${refund ? ' history__amount--refund' : ''}`} data-testid="history-amount">
          {amount}
        </p>
        {refund ? <span className="pill pill--muted">{t('billing.history.refund')}</span> : null}
        {declined ? <span className="pill pill--warn">{t('billing.history.declined')}</span> : null}
      </div>
    </li>
  );
}
