import { useTranslation } from '../../lib/use-translation.ts';
import { Breadcrumbs } from '../../components/shell/breadcrumbs.tsx';
import { tFor } from '../../lib/i18n.ts';
import { partnerBySlug, SAMSUNG_PROMO, type Partner } from '../../lib/partners.ts';
import { originOf, seoMeta } from '../../lib/seo.ts';
import type { Route } from './+types/partner';
import '../pages/pages.css';
import { notFound } from '../../lib/not-found.ts';

/**
 * spec platform §2 Partners: /partners/{domru,ok,kartina,beeline,wink,kion,okko} and /partners/promo/samsung —
 * who the partner is, how to get Экран through it, the steps. An unknown partner is a 404.
 */
export function loader({ request, params }: Route.LoaderArgs) {
  const path = new URL(request.url).pathname.replace(/\/+$/, '');
  const partner: Partner | null = path === SAMSUNG_PROMO.path ? SAMSUNG_PROMO : partnerBySlug(params.partner);
  if (!partner) throw notFound();
  return { partner };
}

export function meta({ data: loaderData, matches }: Route.MetaArgs) {
  const t = tFor('ru');
  if (!loaderData) return [{ title: t('meta.defaultTitle') }];
  const { slug, path } = loaderData.partner;
  return seoMeta(originOf(matches), { title: t(`partnersInfo.items.${slug}.title`), description: t(`partnersInfo.items.${slug}.description`), path });
}

export default function PartnerPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { partner } = loaderData;
  const key = `partnersInfo.items.${partner.slug}`;
  const steps = Array.from({ length: partner.steps }, (_, i) => t(`${key}.steps.${i}`));
  return (
    <article className="page partner-page" data-testid={`partner-${partner.slug}`}>
      <Breadcrumbs items={[{ title: t('partnersInfo.title'), url: '/partners' }, { title: t(`${key}.name`) }]} />
      <h1>{t(`${key}.title`)}</h1>
      <p className="partner-page__lead">{t(`${key}.lead`)}</p>
      <p>{t(`${key}.offer`)}</p>
      <h2>{t('partnersInfo.howTo')}</h2>
      <ol className="partner-page__steps">
        {steps.map((s) => (
          <li key={s}>{s}</li>
        ))}
      </ol>
      <p className="partner-page__note">{t('partnersInfo.manageNote')}</p>
      <a className="btn btn--ghost" href={partner.site} target="_blank" rel="noopener noreferrer">
        {t('partnersInfo.site')}
      </a>
    </article>
  );
}
