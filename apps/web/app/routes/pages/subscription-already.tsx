import { formatPhone } from '@ekran/core';
import { useTranslation } from '../../lib/use-translation.ts';
import { Link } from 'react-router';
import { Breadcrumbs } from '../../components/shell/breadcrumbs.tsx';
import { env } from '../../lib/env.server.ts';
import { tFor } from '../../lib/i18n.ts';
import { visitorContext } from '../../lib/session.server.ts';
import type { Route } from './+types/subscription-already';
import './pages.css';

/** Partners whose customers watch with a subscription bought there (spec platform §2 Partners), by name. */
const PARTNER_NAMES: Readonly<Record<string, string>> = {
  domru: 'Дом.ру',
  ok: 'Одноклассники',
  kartina: 'Kartina.TV',
  beeline: 'Билайн',
  wink: 'Wink',
  kion: 'KION',
  okko: 'Okko',
  ttk: 'ТТК',
  megafon: 'МегаФон',
  samsung: 'Samsung',
};

/** Expiry dates as the viewer's clock in Moscow reads them («до 12 марта 2027 г.»). */
const dateFormat = new Intl.DateTimeFormat('ru-RU', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'Europe/Moscow' });

/**
 * /pages/subscription/already (spec platform §2 Subscription, §4 Playback gating step 2): the viewer's
 * subscription was bought through a partner (auth data externals) and plays where it was bought, not here.
 * The page names those subscriptions, says where to watch, and how to reach support.
 */
export function loader({ context }: Route.LoaderArgs) {
  const { auth } = context.get(visitorContext);
  const externals = (auth?.externals ?? []).map((e) => ({
    name: PARTNER_NAMES[e.name] ?? e.name,
    until: e.expires_at ? dateFormat.format(new Date(e.expires_at)) : null,
  }));
  return { externals, support: { email: env.SUPPORT_EMAIL, phone: env.SUPPORT_PHONE } };
}

export function meta() {
  return [{ title: tFor('ru')('subscriptionAlready.metaTitle') }, { name: 'robots', content: 'noindex' }];
}

export default function SubscriptionAlready({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { externals, support } = loaderData;
  return (
    <div className="page already" data-testid="subscription-already">
      <Breadcrumbs items={[{ title: t('subscriptionAlready.title') }]} />
      <h1 className="already__title">{t('subscriptionAlready.title')}</h1>
      {externals.length > 0 ? (
        <>
          <p className="already__lead">{t('subscriptionAlready.lead', { count: externals.length })}</p>
          <ul className="already__list">
            {externals.map((e) => (
              <li key={e.name} className="already__item">
                <span className="already__partner">{e.name}</span>
                {e.until ? <span className="already__until">{t('subscriptionAlready.until', { date: e.until })}</span> : null}
              </li>
            ))}
          </ul>
          <h2 className="already__subtitle">{t('subscriptionAlready.whereTitle')}</h2>
          <p>{t('subscriptionAlready.where')}</p>
        </>
      ) : (
        <p className="already__lead">{t('subscriptionAlready.none')}</p>
      )}
      <h2 className="already__subtitle">{t('subscriptionAlready.supportTitle')}</h2>
      <p>
        {t('subscriptionAlready.support')}{' '}
        <a href={`mailto:${support.email}`}>{support.email}</a>
        {', '}
        <a href={`tel:${support.phone.replace(/^8/, '+7')}`}>{formatPhone(support.phone)}</a>
      </p>
      <p className="already__actions">
        <Link to="/" className="btn btn--ghost">
          {t('subscriptionAlready.home')}
        </Link>
      </p>
    </div>
  );
}
