import { Link } from 'react-router';
import { Breadcrumbs } from '../../components/shell/breadcrumbs.tsx';
import { TicketForm } from '../../components/support/ticket-form.tsx';
import { tFor } from '../../lib/i18n.ts';
import { originOf, seoMeta } from '../../lib/seo.ts';
import { visitorContext } from '../../lib/session.server.ts';
import { useTranslation } from '../../lib/use-translation.ts';
import type { Route } from './+types/support-new';
import { openTicketAction, topicOf } from './support.server.ts';
import '../../styles/support.css';

/**
 * /support/new: a ticket to support. A signed-up holder's belongs to the account (the thread is at
 * /account/support/{id}); a visitor without an account gives an email and gets a private link there. A child profile
 * writes from an adult one (tickets are account matters, spec platform §6).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { auth } = context.get(visitorContext);
  return { askEmail: !auth || auth.virtual, kids: auth?.profile_for_child === true, topic: topicOf(new URL(request.url).searchParams.get('topic')) };
}

export async function action({ request, context }: Route.ActionArgs) {
  return openTicketAction(request, context.get(visitorContext));
}

export function meta({ matches }: Route.MetaArgs) {
  const t = tFor('ru');
  return seoMeta(originOf(matches), { title: t('support.form.metaTitle'), description: t('support.form.metaDescription'), path: '/support/new', noindex: true });
}

export default function SupportNew({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const failed = actionData && !actionData.ok ? actionData : undefined;
  return (
    <div className="page support support--form">
      <Breadcrumbs items={[{ title: t('support.title'), url: '/support' }, { title: t('support.form.title') }]} />
      <h1>{t('support.form.title')}</h1>
      {actionData?.ok ? (
        <p className="support-sent" role="status" data-testid="ticket-sent">
          {t('support.form.sentGuest', { number: actionData.number, email: actionData.email })}
        </p>
      ) : loaderData.kids ? (
        <p className="form-error" role="alert">
          {t('support.form.kidsBlocked')}
        </p>
      ) : (
        <>
          <p className="support__lead">{t('support.form.lead')}</p>
          <TicketForm askEmail={loaderData.askEmail} defaultTopic={loaderData.topic} errors={failed?.errors} values={failed?.values} />
          <p className="support-form__help">
            <Link to="/support">{t('support.contacts.helpLink')}</Link>
          </p>
        </>
      )}
    </div>
  );
}
