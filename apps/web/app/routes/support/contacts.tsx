import { formatPhone } from '@ekran/core';
import { Link } from 'react-router';
import { Breadcrumbs } from '../../components/shell/breadcrumbs.tsx';
import { TicketForm } from '../../components/support/ticket-form.tsx';
import { env } from '../../lib/env.server.ts';
import { tFor } from '../../lib/i18n.ts';
import { breadcrumbListLd, originOf, seoMeta } from '../../lib/seo.ts';
import { visitorContext } from '../../lib/session.server.ts';
import { useTranslation } from '../../lib/use-translation.ts';
import type { Route } from './+types/contacts';
import { openTicketAction } from './support.server.ts';
import '../../styles/support.css';

/** The addresses of the press office and of partnerships (the support ones come from the settings). */
const PRESS_EMAIL = 'press@ekran.ru';
const PARTNERS_EMAIL = 'partners@ekran.ru';

/**
 * /contacts (spec platform §2 Static): support's email and phone and hours, the press and partner addresses, and a
 * form that opens a support ticket (a visitor without an account gives an email).
 */
export async function loader({ context }: Route.LoaderArgs) {
  const { auth } = context.get(visitorContext);
  return {
    support: { email: env.SUPPORT_EMAIL, phone: env.SUPPORT_PHONE },
    press: PRESS_EMAIL,
    partners: PARTNERS_EMAIL,
    askEmail: !auth || auth.virtual,
    kids: auth?.profile_for_child === true,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  return openTicketAction(request, context.get(visitorContext));
}

export function meta({ matches }: Route.MetaArgs) {
  const t = tFor('ru');
  const origin = originOf(matches);
  return seoMeta(origin, {
    title: t('support.contacts.metaTitle'),
    description: t('support.contacts.metaDescription'),
    path: '/contacts',
    jsonLd: [breadcrumbListLd(origin, [{ title: 'Главная', url: '/' }, { title: t('support.contacts.title') }], '/contacts')],
  });
}

export default function Contacts({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { support } = loaderData;
  const failed = actionData && !actionData.ok ? actionData : undefined;
  return (
    <div className="page support support--contacts">
      <Breadcrumbs items={[{ title: t('support.contacts.title') }]} />
      <h1>{t('support.contacts.title')}</h1>
      <p className="support__lead">{t('support.contacts.lead')}</p>
      <div className="support-contacts">
        <section className="support-contacts__card" aria-labelledby="contacts-support">
          <h2 id="contacts-support">{t('support.contacts.supportTitle')}</h2>
          <dl>
            <dt>{t('support.contacts.email')}</dt>
            <dd>
              <a href={`mailto:${support.email}`}>{support.email}</a>
            </dd>
            <dt>{t('support.contacts.phone')}</dt>
            <dd>
              <a href={`tel:${support.phone.replace(/^8/, '+7')}`}>{formatPhone(support.phone)}</a>
              {/^(\+?7|8)800/.test(support.phone) ? <span className="support-contacts__note">{t('support.contacts.phoneNote')}</span> : null}
            </dd>
            <dt>{t('support.contacts.hours')}</dt>
            <dd>{t('support.contacts.hoursValue')}</dd>
          </dl>
        </section>
        <section className="support-contacts__card" aria-labelledby="contacts-other">
          <h2 id="contacts-other" className="sr-only">
            {t('support.contacts.press')}, {t('support.contacts.partners')}
          </h2>
          <dl>
            <dt>{t('support.contacts.press')}</dt>
            <dd>
              <a href={`mailto:${loaderData.press}`}>{loaderData.press}</a>
            </dd>
            <dt>{t('support.contacts.partners')}</dt>
            <dd>
              <a href={`mailto:${loaderData.partners}`}>{loaderData.partners}</a>
            </dd>
          </dl>
          <p>
            <Link to="/support">{t('support.contacts.helpLink')}</Link>
          </p>
        </section>
      </div>
      <section className="support__block" aria-labelledby="contacts-form">
        <h2 id="contacts-form">{t('support.contacts.formTitle')}</h2>
        {actionData?.ok ? (
          <p className="support-sent" role="status" data-testid="ticket-sent">
            {t('support.form.sentGuest', { number: actionData.number, email: actionData.email })}
          </p>
        ) : loaderData.kids ? (
          <p className="form-error" role="alert">
            {t('support.form.kidsBlocked')}
          </p>
        ) : (
          <TicketForm askEmail={loaderData.askEmail} errors={failed?.errors} values={failed?.values} />
        )}
      </section>
    </div>
  );
}
