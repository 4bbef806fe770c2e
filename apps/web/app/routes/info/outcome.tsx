import { Link } from 'react-router';
import { Prose } from '../../components/legal/legal-parts.tsx';
import { tFor } from '../../lib/i18n.ts';
import { originOf, seoMeta } from '../../lib/seo.ts';
import { visitorContext } from '../../lib/session.server.ts';
import { useTranslation } from '../../lib/use-translation.ts';
import type { Route } from './+types/outcome';
import { loadPage } from './info.server.ts';
import '../../styles/legal.css';

/** What a confirmation link was for; anything else reads as the general outcome. */
export const OUTCOME_WHATS = ['email', 'doi', 'unsubscribe'] as const;
/** Why a link was refused, when the flow knows. */
export const OUTCOME_REASONS = ['expired', 'invalid', 'used'] as const;
type What = (typeof OUTCOME_WHATS)[number] | 'generic';
type Reason = (typeof OUTCOME_REASONS)[number];

const pick = <T extends string>(value: string | null, allowed: readonly T[]): T | null => (allowed as readonly string[]).includes(value ?? '') ? (value as T) : null;

/**
 * spec platform §2 Static, /confirmed and /denied: where a confirmation link ends — email confirmation, double opt-in
 * of the newsletter, unsubscribe (?what=email|doi|unsubscribe; /denied also ?reason=expired|invalid|used). The
 * headline says what happened, the editors' text from the API what to do next. Not a page for search engines.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const kind = url.pathname.replace(/\/+$/, '') === '/denied' ? ('denied' as const) : ('confirmed' as const);
  const what: What = pick(url.searchParams.get('what'), OUTCOME_WHATS) ?? 'generic';
  const reason: Reason | null = kind === 'denied' ? pick(url.searchParams.get('reason'), OUTCOME_REASONS) : null;
  const page = await loadPage(context.get(visitorContext).api, kind);
  return { kind, what, reason, page };
}

export function meta({ data: loaderData, matches }: Route.MetaArgs) {
  const t = tFor('ru');
  if (!loaderData) return [{ title: t('meta.defaultTitle') }];
  const { kind, what, page } = loaderData;
  return seoMeta(originOf(matches), {
    title: `${t(`legal.outcome.${kind}.${what}.title`)} — Экран`,
    description: page.description,
    path: `/${kind}`,
    noindex: true,
  });
}

export default function Outcome({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { kind, what, reason, page } = loaderData;
  const denied = kind === 'denied';
  return (
    <div className={`page legal outcome outcome--${kind}`} data-testid={`outcome-${kind}`}>
      <div className="outcome__card">
        <span className="outcome__mark" aria-hidden="true">
          {denied ? '!' : '✓'}
        </span>
        <h1 className="outcome__title">{t(`legal.outcome.${kind}.${what}.title`)}</h1>
        <p className="outcome__lead">
          {t(`legal.outcome.${kind}.${what}.lead`)}
          {reason ? ` ${t(`legal.outcome.reason.${reason}`)}` : ''}
        </p>
        <p className="outcome__actions">
          <Link to="/" className="btn btn--primary btn--lg">
            {t('legal.outcome.toHome')}
          </Link>
          {denied && what === 'email' ? (
            <Link to="/auth" className="btn btn--ghost btn--lg">
              {t('legal.outcome.toAuth')}
            </Link>
          ) : (
            <Link to="/account/notifications" className="btn btn--ghost btn--lg">
              {t('legal.outcome.toNotifications')}
            </Link>
          )}
        </p>
      </div>
      <Prose html={page.html} testId="page-text" />
    </div>
  );
}
