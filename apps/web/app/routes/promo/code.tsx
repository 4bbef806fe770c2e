import { useTranslation } from '../../lib/use-translation.ts';
import { Link } from 'react-router';
import { Breadcrumbs } from '../../components/shell/breadcrumbs.tsx';
import { CodeForm } from '../../components/promo/code-form.tsx';
import { tFor } from '../../lib/i18n.ts';
import { visitorContext } from '../../lib/session.server.ts';
import type { Route } from './+types/code';
import { codeFormAction, requireRegistered } from './promo.server.ts';
import './promo.css';

/** /premium_code is this page for premium campaigns (its own heading); /code for every campaign. */
const isPremium = (request: Request) => new URL(request.url).pathname.startsWith('/premium_code');

/**
 * spec platform §2 /code and /premium_code: enter a code, see what it gives, activate it. Registered viewers only.
 * /code?code=… (a promo landing's button) fills the code in, and survives the sign-in.
 */
export function loader({ request, context }: Route.LoaderArgs) {
  const premium = isPremium(request);
  const url = new URL(request.url);
  const code = url.searchParams.get('code')?.trim().slice(0, 64) || null;
  const base = premium ? '/premium_code' : '/code';
  requireRegistered(context.get(visitorContext).auth, code ? `${base}?code=${encodeURIComponent(code)}` : base);
  return { premium, code };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { api, auth } = context.get(visitorContext);
  const premium = isPremium(request);
  return codeFormAction(request, api, auth, { premium, back: premium ? '/premium_code' : '/code' });
}

export function meta() {
  return [{ title: tFor('ru')('promo.code.metaTitle') }, { name: 'robots', content: 'noindex' }];
}

export default function CodePage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const title = loaderData.premium ? t('promo.code.premiumTitle') : t('promo.code.title');
  return (
    <div className="page promo" data-testid={loaderData.premium ? 'premium-code-page' : 'code-page'}>
      <Breadcrumbs items={[{ title }]} />
      <h1 className="promo__title">{title}</h1>
      <p className="promo__lead">{loaderData.premium ? t('promo.code.premiumLead') : t('promo.code.lead')}</p>
      <CodeForm answer={actionData} label={t('promo.code.label')} initialCode={loaderData.code} />
      <p className="promo__terms">
        <Link to="/legal/terms_of_promocode">{t('promo.code.terms')}</Link>
      </p>
    </div>
  );
}
