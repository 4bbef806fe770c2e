import type { OutboxMessage } from '@ekran/contracts';
import { formatPhone } from '@ekran/core';
import { useTranslation } from '../../lib/use-translation.ts';
import { Form, Link } from 'react-router';
import { ApiCallError } from '../../lib/api.server.ts';
import { devToolsAllowed, env } from '../../lib/env.server.ts';
import { tFor } from '../../lib/i18n.ts';
import { visitorContext } from '../../lib/session.server.ts';
import type { Route } from './+types/outbox';
import outboxCss from './outbox.css?url';
import { notFound } from '../../lib/not-found.ts';

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: outboxCss }];

/**
 * /dev/outbox: the letters and SMS the local outbox holds instead of sending them, newest first, with their
 * codes. It exists only while the API's outbox delivery is on (MAIL_DELIVERY or SMS_DELIVERY = outbox), which a
 * production API refuses; otherwise the API has no outbox and this is the not-found screen. A production build
 * serves it only on a loopback origin (`npm start`, the browser tests): a site the public reaches never has it,
 * whatever the API behind it says.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  if (!devToolsAllowed(env)) throw notFound();
  const to = (new URL(request.url).searchParams.get('to') ?? '').trim().slice(0, 254);
  try {
    const { items } = await context.get(visitorContext).api.outbox({ recipient: to || undefined, limit: 50 });
    return { to, items };
  } catch (err) {
    if (err instanceof ApiCallError && err.status === 404) throw notFound();
    throw err;
  }
}

export function meta() {
  return [{ title: tFor('ru')('outbox.metaTitle') }, { name: 'robots', content: 'noindex' }];
}

/** The first six-digit code of a message (every code the service sends is six digits). */
const codeOf = (body: string) => body.match(/\b\d{6}\b/)?.[0] ?? null;

/** The body with its links clickable; a link to this site opens on the origin in use, whatever WEB_ORIGIN says. */
function Body({ text }: { text: string }) {
  const parts = text.split(/(https?:\/\/\S+)/g);
  return (
    <p className="outbox__body">
      {parts.map((part, i) => {
        if (i % 2 === 0) return part;
        const url = new URL(part);
        return (
          <a key={i} href={`${url.pathname}${url.search}`}>
            {part}
          </a>
        );
      })}
    </p>
  );
}

const TIME = new Intl.DateTimeFormat('ru-RU', { dateStyle: 'short', timeStyle: 'medium', timeZone: 'Europe/Moscow' });

function Message({ message }: { message: OutboxMessage }) {
  const { t } = useTranslation();
  const code = codeOf(message.body);
  const isSms = message.channel === 'sms';
  return (
    <li className="outbox__item" data-testid="outbox-item">
      <div className="outbox__meta">
        <span className={`outbox__channel outbox__channel--${message.channel}`}>{t(isSms ? 'outbox.sms' : 'outbox.email')}</span>
        <Link className="outbox__to" to={`?to=${encodeURIComponent(message.recipient)}`} data-testid="outbox-recipient">
          {isSms ? formatPhone(message.recipient) : message.recipient}
        </Link>
        <time dateTime={message.created_at}>{TIME.format(new Date(message.created_at))} {t('outbox.msk')}</time>
      </div>
      {message.subject ? <h2 className="outbox__subject">{message.subject}</h2> : null}
      {code ? (
        <p className="outbox__code">
          {t('outbox.code')} <strong data-testid="outbox-code">{code}</strong>
        </p>
      ) : null}
      <Body text={message.body} />
    </li>
  );
}

export default function Outbox({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { to, items } = loaderData;
  return (
    <div className="page outbox">
      <div className="page__head">
        <h1>{t('outbox.title')}</h1>
      </div>
      <p className="outbox__lead">{t('outbox.lead')}</p>
      <Form method="get" className="outbox__filter" role="search">
        <label htmlFor="outbox-to">{t('outbox.recipient')}</label>
        <div className="outbox__filter-row">
          <input id="outbox-to" name="to" type="search" defaultValue={to} placeholder={t('outbox.recipientPlaceholder')} autoComplete="off" />
          <button type="submit" className="btn btn--primary">
            {t('outbox.show')}
          </button>
          {to ? (
            <Link className="btn btn--ghost" to="/dev/outbox">
              {t('outbox.all')}
            </Link>
          ) : null}
        </div>
      </Form>
      {items.length ? (
        <ol className="outbox__list" reversed>
          {items.map((m) => (
            <Message key={m.id} message={m} />
          ))}
        </ol>
      ) : (
        <p className="outbox__empty" data-testid="outbox-empty">
          {to ? t('outbox.emptyFor', { to }) : t('outbox.empty')}
        </p>
      )}
    </div>
  );
}
