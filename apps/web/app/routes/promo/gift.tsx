import { useTranslation } from '../../lib/use-translation.ts';
import { Link } from 'react-router';
import { Breadcrumbs } from '../../components/shell/breadcrumbs.tsx';
import { CodeForm } from '../../components/promo/code-form.tsx';
import { tFor } from '../../lib/i18n.ts';
import { visitorContext } from '../../lib/session.server.ts';
import type { Route } from './+types/gift';
import { codeFormAction } from './promo.server.ts';
import './promo.css';

/**
 * spec platform §2 Landings /pages/gift: what a gift certificate is and how to use it; a signed-in viewer enters
 * the certificate's code here (the same check and activation as /code), a visitor is offered the sign-in first.
 * On the certificate host (GIFT_HOST) this is the home page.
 */
export function loader({ context }: Route.LoaderArgs) {
  const { auth } = context.get(visitorContext);
  return { registered: !!auth && !auth.virtual };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { api, auth } = context.get(visitorContext);
  return codeFormAction(request, api, auth, { premium: false, back: '/pages/gift' });
}

export function meta() {
  return [{ title: tFor('ru')('promo.gift.metaTitle') }, { name: 'description', content: tFor('ru')('promo.gift.lead') }];
}

export default function GiftLanding({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <div className="page promo promo--gift" data-testid="gift-page">
      <Breadcrumbs items={[{ title: t('promo.gift.title') }]} />
      <h1 className="promo__title">{t('promo.gift.title')}</h1>
      <p className="promo__lead">{t('promo.gift.lead')}</p>
      <h2>{t('promo.gift.howTitle')}</h2>
      <ol className="promo__steps">
        <li>{t('promo.gift.how1')}</li>
        <li>{t('promo.gift.how2')}</li>
        <li>{t('promo.gift.how3')}</li>
      </ol>
      <h2>{t('promo.gift.enterTitle')}</h2>
      {loaderData.registered ? (
        <CodeForm answer={actionData} label={t('promo.gift.label')} action="/pages/gift" />
      ) : (
        <Link to={`/auth?back=${encodeURIComponent('/pages/gift')}`} className="btn btn--primary">
          {t('promo.gift.signIn')}
        </Link>
      )}
      <p className="promo__terms">
        <Link to="/legal/terms_of_promocode">{t('promo.code.terms')}</Link>
      </p>
    </div>
  );
}
